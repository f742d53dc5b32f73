"""The window's actions and menus: every action has a shortcut, listed in its menu and tooltip."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from desk.ui.orders.word_hint import HOLD_KEY, USE_WORDS_KEY
from desk.ui.palette import DeskPalette, SchemeChoice

if TYPE_CHECKING:
    from desk.ui.main_window import MainWindow

Shortcut = str | QKeySequence.StandardKey | None
translate = QCoreApplication.translate  # lupdate reads translate("Menus", "...") calls


def make_action(parent: QMainWindow, text: str, shortcut: Shortcut, tip: str,
                slot: Callable[[], object] | None = None, *, name: str = "") -> QAction:
    """An action whose tooltip ends with its shortcut, e.g. "Close the bound (Ctrl+Shift+B)"."""
    action = QAction(text, parent)
    keys = ""
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setToolTip(f"{tip} ({keys})" if keys else tip)
    action.setStatusTip(action.toolTip())
    action.setObjectName(name or text.replace("&", "").replace("…", "").strip().lower()
                         .replace(" ", "_"))
    if slot is not None:
        action.triggered.connect(lambda _checked=False: slot())
    parent.addAction(action)  # shortcuts work wherever the focus is in the window
    return action


@dataclass(frozen=True)
class Menus:
    """The window's actions by name, and the menu of recent campaigns (filled by the root)."""

    actions: dict[str, QAction]
    recent: QMenu
    language: QMenu  # filled by the root, which holds the settings


def install_menus(window: MainWindow) -> Menus:
    """Create the window's actions and menus, each calling the controller that does it."""
    w: QMainWindow = window
    stack = window.ops.undo_stack
    orders, bounds, files, oob = window.orders, window.bounds, window.files, window.oob_files
    a: dict[str, QAction] = {}

    def add(menu: QMenu, key: str, *args: Any) -> QAction:
        a[key] = make_action(w, *args, name=key)
        menu.addAction(a[key])
        return a[key]

    file_menu = w.menuBar().addMenu(translate("Menus", "&File"))
    add(file_menu, "new", translate("Menus", "&New campaign…"), "Ctrl+N",
        translate("Menus", "Make a new campaign from a scenario or empty"), files.new_campaign)
    add(file_menu, "open", translate("Menus", "&Open campaign…"), "Ctrl+O",
        translate("Menus", "Open another campaign file"), files.open_campaign)
    recent = file_menu.addMenu(translate("Menus", "Recent campaigns"))
    add(file_menu, "save_copy", translate("Menus", "Save a &copy as…"), "Ctrl+Shift+S",
        translate("Menus", "Write a copy of the campaign to a new file (to mail it)"),
        files.save_copy)
    file_menu.addSeparator()
    add(file_menu, "import_oob", translate("Menus", "&Import order of battle…"), "Ctrl+I",
        translate("Menus", "Import an order of battle (JSON) into a new campaign"), oob.import_oob)
    add(file_menu, "export_oob", translate("Menus", "&Export order of battle…"), "Ctrl+Shift+E",
        translate("Menus", "Export the order of battle as JSON"), oob.export_oob)
    add(file_menu, "add_units", translate("Menus", "&Add units from CSV…"), "Ctrl+Shift+U",
        translate("Menus",
                  "Add units from a spreadsheet (CSV) to this campaign, in the open bound"),
        oob.add_units_csv)
    add(file_menu, "export_units", translate("Menus", "Export units as CS&V…"), "Ctrl+Alt+U",
        translate("Menus", "Write every unit as a CSV row for a spreadsheet"), oob.export_units_csv)
    add(file_menu, "import_forms", translate("Menus", "Import &filled forms…"), "Ctrl+Alt+I",
        translate("Menus", "Read filled PDF order forms: their orders become drafts to review"),
        window.printing.import_forms)
    add(file_menu, "backups", translate("Menus", "&Backups…"), "Ctrl+Shift+K",
        translate("Menus", "Restore one of the campaign's backups (it is closed and opened again)"),
        files.show_backups)
    file_menu.addSeparator()
    add(file_menu, "quit", translate("Menus", "&Quit"), "Ctrl+Q",
        translate("Menus", "Close the desk"), w.close)

    edit_menu = w.menuBar().addMenu(translate("Menus", "&Edit"))
    undo = stack.createUndoAction(w, translate("Menus", "&Undo"))
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    redo = stack.createRedoAction(w, translate("Menus", "&Redo"))
    redo.setShortcut(QKeySequence("Ctrl+Shift+Z"))
    for key, action, tip in (
            ("undo", undo, translate("Menus", "Undo the last order or state edit (Ctrl+Z)")),
            ("redo", redo, translate("Menus", "Redo what was undone (Ctrl+Shift+Z)"))):
        action.setObjectName(key)
        action.setToolTip(tip)
        w.addAction(action)
        edit_menu.addAction(action)
        a[key] = action
    edit_menu.addSeparator()
    add(edit_menu, "filter", translate("Menus", "&Filter…"), "Ctrl+F",
        translate("Menus", "Filter the order of battle and the order table"), window.focus_filter)
    add(edit_menu, "save_order", translate("Menus", "&Save order and next"), "Ctrl+Return",
        translate("Menus", "Save the order on the form and go to the next unit without one"),
        orders.save_order)
    # Ctrl+Enter on the keypad too: both keys are "Enter" to the umpire.
    a["save_order"].setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
    add(edit_menu, "use_words", translate("Menus", "&Use the written words"), USE_WORDS_KEY,
        translate("Menus", "Set the fields to what the order as written asks for"),
        orders.use_words)
    add(edit_menu, "hold_order", translate("Menus", "&Hold"), HOLD_KEY,
        translate("Menus", "Write an order to hold where it stands for the chosen unit, and "
                  "save it"), orders.hold_order)
    add(edit_menu, "cancel_order", translate("Menus", "&Cancel order"), "Ctrl+Shift+Del",
        translate("Menus", "Cancel the unit's order in the open bound"), orders.cancel_order)
    add(edit_menu, "next_missing", translate("Menus", "&Next unit without order"), "Ctrl+J",
        translate("Menus", "Go to the next unit that has no order yet"), orders.next_without_order)
    add(edit_menu, "edit_order", translate("Menus", "Edit the &order"), "F2",
        translate("Menus", "Put the cursor in the order form"), window.focus_form)
    edit_menu.addSeparator()
    language = edit_menu.addMenu(translate("Menus", "&Language (from the next start)"))
    language.setObjectName("language_menu")

    unit_menu = w.menuBar().addMenu(translate("Menus", "&Unit"))
    add(unit_menu, "record_event", translate("Menus", "Record &event…"), "Ctrl+E",
        translate("Menus", "Record an in-bound event against the unit (chosen in the unit panel)"),
        orders.record_event)
    add(unit_menu, "place_on_map", translate("Menus", "&Place on map…"), "Ctrl+Shift+A",
        translate("Menus", "Put the chosen unit, or a unit or leader not on the map yet, in "
                  "the middle of the map; the arrow keys and Enter then move it"),
        lambda: window.board.placer.place_on_map())

    bound_menu = w.menuBar().addMenu(translate("Menus", "&Bound"))
    add(bound_menu, "close_bound", translate("Menus", "&Close bound…"), "Ctrl+Shift+B",
        translate("Menus", "Close the open bound and carry every unit's state into the next"),
        bounds.close_bound)
    add(bound_menu, "reopen_bound", translate("Menus", "&Reopen last bound…"), "Ctrl+Shift+R",
        translate("Menus", "Undo the last close exactly and open that bound again"),
        bounds.reopen_bound)
    add(bound_menu, "bound_record", translate("Menus", "Record of a closed &bound…"),
        "Ctrl+Alt+B", translate("Menus", "What every unit did in a closed bound: its order or "
                                "what it did without one, moves, events, state before → after"),
        bounds.show_record)
    add(bound_menu, "prepare_packets", translate("Menus", "Prepare &packets…"), "Ctrl+Alt+M",
        translate("Menus", "Write each side's or player's packet of the bound shown, with mail "
                  "drafts; the desk sends nothing"), window.packets.prepare_packets)
    add(bound_menu, "turn_in_board", translate("Menus", "&Turn-in board…"), "Ctrl+Alt+T",
        translate("Menus", "Which commands have returned orders, the deadline, reminders to "
                  "the late"), window.packets.turn_in_board)
    add(bound_menu, "casualties_grid", translate("Menus", "Casualties &grid…"), "Ctrl+Shift+X",
        translate("Menus", "Type a column of casualties and new states for a side or command, "
                  "recorded as one undo step"), bounds.casualties_grid)
    bound_menu.addSeparator()
    add(bound_menu, "previous_bound", translate("Menus", "Show &previous bound"), "Alt+Left",
        translate("Menus", "Show the bound before, read-only"), lambda: window.bound_bar.step(-1))
    add(bound_menu, "next_bound", translate("Menus", "Show &next bound"), "Alt+Right",
        translate("Menus", "Show the bound after"), lambda: window.bound_bar.step(1))
    add(bound_menu, "current_bound", translate("Menus", "Show the c&urrent bound"), "Alt+Home",
        translate("Menus", "Back to the bound being played"), window.show_current_bound)

    print_menu = w.menuBar().addMenu(translate("Menus", "&Print"))
    add(print_menu, "print_sheets", translate("Menus", "&Order sheets…"), "Ctrl+P",
        translate("Menus", "Print order sheets: sides, commands, blank or filled, the umpire's "
                  "copy (PDFs in a folder)"),
        window.printing.print_sheets)
    add(print_menu, "print_chart", translate("Menus", "Quick-reference &chart…"), "Ctrl+Shift+P",
        translate("Menus", "Print the rules' quick-reference chart (PDF)"),
        lambda: files.print_document("chart"))
    add(print_menu, "print_report", translate("Menus", "Bound &report…"), "Ctrl+Alt+P",
        translate("Menus", "Print the umpire's report of the shown bound (PDF)"),
        lambda: files.print_document("report"))
    add(print_menu, "print_losses", translate("Menus", "&Losses report…"), "Ctrl+Alt+L",
        translate("Menus", "Print the battle's losses by side, command and bound, with a chart "
                  "of each side's strength (PDF)"),
        lambda: files.print_document("losses"))

    campaign_menu = w.menuBar().addMenu(translate("Menus", "&Campaign"))
    add(campaign_menu, "campaign_view", translate("Menus", "Campaign &view…"), "Ctrl+Shift+C",
        translate("Menus", "The battles of the campaign and each unit's strength across them; "
                  "new battle, end battle"), window.battles.show_campaign)
    add(campaign_menu, "new_battle", translate("Menus", "&New battle…"), "Ctrl+Alt+N",
        translate("Menus", "Start a battle from the campaign order of battle"),
        window.battles.new_battle)
    add(campaign_menu, "end_battle", translate("Menus", "&End battle…"), "Ctrl+Alt+E",
        translate("Menus", "Close the open bound, review each unit's losses and recovery, end "
                  "the battle"), window.battles.end_battle)
    add(campaign_menu, "bound_diff", translate("Menus", "Bound &diff…"), "Ctrl+Alt+D",
        translate("Menus", "What changed for which unit between two bounds"),
        window.battles.show_diff)
    add(campaign_menu, "claims", translate("Menus", "C&laims…"), "Ctrl+Alt+C",
        translate("Menus", "The battle's claims: claim the chosen unit's command or side, or "
                  "the LIM cup; release one; the chief takes one over with a reason"),
        window.claims.show_claims)

    players_menu = w.menuBar().addMenu(translate("Menus", "P&layers"))
    players_menu.setObjectName("players_menu")
    add(players_menu, "players_pages", translate("Menus", "Players' &pages…"), "Ctrl+Shift+W",
        translate("Menus", "Serve each player's own page (situation, map, orders form) to "
                  "their browser; issue, reissue or revoke their links"),
        window.pages.show_pages)

    map_menu = w.menuBar().addMenu(translate("Menus", "M&ap"))
    map_menu.setObjectName("map_menu")
    add(map_menu, "calibrate_scale", translate("Menus", "Calibrate the &scale…"), "Ctrl+Alt+G",
        translate("Menus", "Click two points of the map and give the distance between them"),
        lambda: window.board_tools.calibrate_scale())
    add(map_menu, "calibrate_hexes", translate("Menus", "Calibrate the &hex grid…"),
        "Ctrl+Alt+H", translate("Menus", "Click three hex centres and give their numbers"),
        lambda: window.board_tools.calibrate_hexes())
    add(map_menu, "mark_seen", translate("Menus", "Mark enemy units s&een…"), "Ctrl+Alt+S",
        translate("Menus", "Tick the enemy units a side saw in the open bound (its map view "
                  "shows only those)"), lambda: window.board_tools.mark_seen())
    add(map_menu, "save_map_view", translate("Menus", "Save map &view…"), "Ctrl+Alt+V",
        translate("Menus", "Save a side's view of the map (or the umpire's) as a PDF or PNG"),
        lambda: window.board_tools.save_view())
    print_menu.addAction(a["save_map_view"])  # a side's map view is printed matter too

    view_menu = w.menuBar().addMenu(translate("Menus", "&View"))
    # The side panels, the map alone, the map's own window (desk.ui.panel_layout, issue 30).
    add(view_menu, "show_oob_panel", translate("Menus", "&Order of battle"), "Ctrl+Alt+O",
        translate("Menus", "Show or hide the order of battle (with the LIM cup), remembered for "
                  "the rules system"), lambda: window.panels.toggle("oob"))
    add(view_menu, "show_form_panel", translate("Menus", "Order &form"), "Ctrl+Alt+F",
        translate("Menus", "Show or hide the order form and the unit panel, remembered for the "
                  "rules system"), lambda: window.panels.toggle("form"))
    add(view_menu, "show_lim_panel", translate("Menus", "LIM &activation"), "Ctrl+Alt+A",
        translate("Menus", "Show or hide the LIM activation under the order table, remembered "
                  "for the rules system"), lambda: window.panels.toggle("lim"))
    add(view_menu, "map_alone", translate("Menus", "&Map alone"), "F11",
        translate("Menus", "The map with every side panel hidden; again, the panels back"),
        lambda: window.panels.toggle_map_alone())
    add(view_menu, "map_window", translate("Menus", "Map in its own &window"), "Ctrl+Alt+W",
        translate("Menus", "The map in a window of its own, for a second screen; again, closed"),
        lambda: window.panels.toggle_map_window())
    view_menu.addSeparator()
    filtering = window.filtering
    add(view_menu, "show_refused", translate("Menus", "Show &refused orders"), "Ctrl+Alt+R",
        translate("Menus", "List only the orders the rules refuse and no reason overrules; "
                  "again: all"), lambda: filtering.toggle_state("refused"))
    add(view_menu, "show_drafts", translate("Menus", "Show &drafts"), "Ctrl+Alt+J",
        translate("Menus", "List only the drafts, imported or half-typed, not saved as orders; "
                  "again: all"), lambda: filtering.toggle_state("draft"))
    add(view_menu, "show_state", translate("Menus", "Show orders by s&tate…"), "Ctrl+Alt+Y",
        translate("Menus", "Choose which rows the order table lists: no order, refused, "
                  "overruled, warnings, drafts, saved"), filtering.focus_state)
    view_menu.addSeparator()
    add(view_menu, "courier_ledger", translate("Menus", "Courier &ledger"), "Ctrl+Alt+K",
        translate("Menus", "Show or hide the courier ledger: write dispatches, follow their fate"),
        window.toggle_courier_ledger)
    install_scheme_menu(view_menu.addMenu(translate("Menus", "Colour &scheme")), window.palette_)

    help_menu = w.menuBar().addMenu(translate("Menus", "&Help"))
    add(help_menu, "clause_browser", translate("Menus", "Rules &clauses…"), "F1",
        translate("Menus", "Read a rules clause: the chosen finding's, or search them by id or "
                  "word"),
        window.help.show_clause)
    add(help_menu, "keys", translate("Menus", "&Keys…"), "Ctrl+F1",
        translate("Menus", "The table of the desk's keys"), window.help.show_keys)
    # About and the schemes are looked at once in a while: menu entries without keys,
    # kept out of ``actions`` (every action there has its shortcut).
    help_menu.addAction(make_action(
        w, translate("Menus", "&About Umpire's Desk…"), None,
        translate("Menus", "Versions, and where the campaign and the log files are"),
        window.help.show_about, name="about"))
    return Menus(actions=a, recent=recent, language=language)


def install_scheme_menu(menu: QMenu, palette: DeskPalette) -> None:
    """Three exclusive entries: follow the system, always light, always dark."""
    group = QActionGroup(menu)
    labels = {SchemeChoice.SYSTEM: translate("Menus", "Follow the &system"),
              SchemeChoice.LIGHT: translate("Menus", "&Light"),
              SchemeChoice.DARK: translate("Menus", "&Dark")}
    for choice, label in labels.items():
        action = QAction(label, menu)
        action.setObjectName(f"scheme_{choice.value}")
        action.setCheckable(True)
        action.setChecked(palette.choice is choice)
        action.setToolTip(translate("Menus", "Colour scheme: {choice}").format(
            choice=label.replace("&", "")))
        action.triggered.connect(lambda _checked=False, c=choice: palette.set_choice(c))
        group.addAction(action)
        menu.addAction(action)
