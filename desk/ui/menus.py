"""The window's actions and menus: every action has a shortcut, listed in its menu and tooltip."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from desk.ui.palette import DeskPalette, SchemeChoice

if TYPE_CHECKING:
    from desk.ui.main_window import MainWindow

Shortcut = str | QKeySequence.StandardKey | None


def make_action(parent: QMainWindow, text: str, shortcut: Shortcut, tip: str,
                slot: Callable[[], Any] | None = None, *, name: str = "") -> QAction:
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

    file_menu = w.menuBar().addMenu("&File")
    add(file_menu, "new", "&New campaign…", "Ctrl+N",
        "Make a new campaign from a scenario or empty", files.new_campaign)
    add(file_menu, "open", "&Open campaign…", "Ctrl+O",
        "Open another campaign file", files.open_campaign)
    recent = file_menu.addMenu("Recent campaigns")
    add(file_menu, "save_copy", "Save a &copy as…", "Ctrl+Shift+S",
        "Write a copy of the campaign to a new file (to mail it)", files.save_copy)
    file_menu.addSeparator()
    add(file_menu, "import_oob", "&Import order of battle…", "Ctrl+I",
        "Import an order of battle (JSON) into a new campaign", oob.import_oob)
    add(file_menu, "export_oob", "&Export order of battle…", "Ctrl+Shift+E",
        "Export the order of battle as JSON", oob.export_oob)
    add(file_menu, "add_units", "&Add units from CSV…", "Ctrl+Shift+U",
        "Add units from a spreadsheet (CSV) to this campaign, in the open bound",
        oob.add_units_csv)
    add(file_menu, "export_units", "Export units as CS&V…", "Ctrl+Alt+U",
        "Write every unit as a CSV row for a spreadsheet", oob.export_units_csv)
    add(file_menu, "backups", "&Backups…", "Ctrl+Shift+K",
        "Restore one of the campaign's backups (it is closed and opened again)",
        files.show_backups)
    file_menu.addSeparator()
    add(file_menu, "quit", "&Quit", "Ctrl+Q", "Close the desk", w.close)

    edit_menu = w.menuBar().addMenu("&Edit")
    undo = stack.createUndoAction(w, "&Undo")
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    redo = stack.createRedoAction(w, "&Redo")
    redo.setShortcut(QKeySequence("Ctrl+Shift+Z"))
    for key, action, tip in (("undo", undo, "Undo the last order or state edit (Ctrl+Z)"),
                             ("redo", redo, "Redo what was undone (Ctrl+Shift+Z)")):
        action.setObjectName(key)
        action.setToolTip(tip)
        w.addAction(action)
        edit_menu.addAction(action)
        a[key] = action
    edit_menu.addSeparator()
    add(edit_menu, "filter", "&Filter…", "Ctrl+F",
        "Filter the order of battle and the order table", window.focus_filter)
    add(edit_menu, "save_order", "&Save order and next", "Ctrl+Return",
        "Save the order on the form and go to the next unit without one", orders.save_order)
    # Ctrl+Enter on the keypad too: both keys are "Enter" to the umpire.
    a["save_order"].setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
    add(edit_menu, "cancel_order", "&Cancel order", "Ctrl+Shift+Del",
        "Cancel the unit's order in the open bound", orders.cancel_order)
    add(edit_menu, "next_missing", "&Next unit without order", "Ctrl+J",
        "Go to the next unit that has no order yet", orders.next_without_order)
    add(edit_menu, "edit_order", "Edit the &order", "F2",
        "Put the cursor in the order form", window.focus_form)

    unit_menu = w.menuBar().addMenu("&Unit")
    add(unit_menu, "record_event", "Record &event…", "Ctrl+E",
        "Record an in-bound event against the unit (chosen in the unit panel)",
        orders.record_event)

    bound_menu = w.menuBar().addMenu("&Bound")
    add(bound_menu, "close_bound", "&Close bound…", "Ctrl+Shift+B",
        "Close the open bound and carry every unit's state into the next", bounds.close_bound)
    add(bound_menu, "reopen_bound", "&Reopen last bound…", "Ctrl+Shift+R",
        "Undo the last close exactly and open that bound again", bounds.reopen_bound)
    bound_menu.addSeparator()
    add(bound_menu, "previous_bound", "Show &previous bound", "Alt+Left",
        "Show the bound before, read-only", lambda: window.bound_bar.step(-1))
    add(bound_menu, "next_bound", "Show &next bound", "Alt+Right",
        "Show the bound after", lambda: window.bound_bar.step(1))
    add(bound_menu, "current_bound", "Show the c&urrent bound", "Alt+Home",
        "Back to the bound being played", window.show_current_bound)

    print_menu = w.menuBar().addMenu("&Print")
    add(print_menu, "print_sheets", "&Order sheets…", "Ctrl+P",
        "Print the players' order sheets (PDF)", lambda: files.print_document("sheets"))
    add(print_menu, "print_chart", "Quick-reference &chart…", "Ctrl+Shift+P",
        "Print the rules' quick-reference chart (PDF)", lambda: files.print_document("chart"))
    add(print_menu, "print_report", "Bound &report…", "Ctrl+Alt+P",
        "Print the umpire's report of the shown bound (PDF)",
        lambda: files.print_document("report"))

    view_menu = w.menuBar().addMenu(w.tr("&View"))
    install_scheme_menu(view_menu.addMenu(w.tr("Colour &scheme")), window.palette_)

    help_menu = w.menuBar().addMenu(w.tr("&Help"))
    add(help_menu, "clause_browser", w.tr("Rules &clauses…"), "F1",
        w.tr("Read a rules clause: the chosen finding's, or search them by id or word"),
        window.help.show_clause)
    add(help_menu, "keys", w.tr("&Keys…"), "Ctrl+F1", w.tr("The table of the desk's keys"),
        window.help.show_keys)
    # About and the schemes are looked at once in a while: menu entries without keys,
    # kept out of ``actions`` (every action there has its shortcut).
    help_menu.addAction(make_action(
        w, w.tr("&About Umpire's Desk…"), None,
        w.tr("Versions, and where the campaign and the log files are"), window.help.show_about,
        name="about"))
    return Menus(actions=a, recent=recent)


def install_scheme_menu(menu: QMenu, palette: DeskPalette) -> None:
    """Three exclusive entries: follow the system, always light, always dark."""
    group = QActionGroup(menu)
    labels = {SchemeChoice.SYSTEM: menu.tr("Follow the &system"),
              SchemeChoice.LIGHT: menu.tr("&Light"), SchemeChoice.DARK: menu.tr("&Dark")}
    for choice, label in labels.items():
        action = QAction(label, menu)
        action.setObjectName(f"scheme_{choice.value}")
        action.setCheckable(True)
        action.setChecked(palette.choice is choice)
        action.setToolTip(menu.tr("Colour scheme: {choice}").format(choice=label.replace("&", "")))
        action.triggered.connect(lambda _checked=False, c=choice: palette.set_choice(c))
        group.addAction(action)
        menu.addAction(action)
