"""The desk's keys, declared once: the Help ▸ Keys table and the README's table come from here.

:func:`markdown_table` renders the README's "At the table: the keys" table; a
test fails when the README and this list differ, and another when a row's
``actions`` no longer have the keys the row names.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk.ui.accessibility import HELP_DIALOGS, apply_accessibility


@dataclass(frozen=True)
class KeyRow:
    """One row: the keys as the umpire presses them, what they do, the actions bound to them."""

    keys: str
    what: str
    actions: tuple[str, ...] = ()  # window actions (objectName) whose shortcuts these are


KEYS: tuple[KeyRow, ...] = (
    KeyRow("Ctrl+J", "next unit without an order, cursor in its order form", ("next_missing",)),
    KeyRow("Tab, arrow keys",
           "through the form's fields and choices (defaults are marked \"default\")"),
    KeyRow("Ctrl+Enter", "save the order and go to the next unit without one; an order the "
           "rules refuse asks for your reason to overrule them", ("save_order",)),
    KeyRow("Ctrl+U, Ctrl+H", "set the fields to what the order as written asks for (the status "
           "line offers it; a hold, a halt, a charge or a square written at a field's default "
           "is set as you type); write and save a hold for the chosen unit",
           ("use_words", "hold_order")),
    KeyRow("Ctrl+F", "filter the order of battle and the order table (case and accents "
           "forgiven: \"bulow\" finds Bülow); Enter there goes to the first unit listed",
           ("filter",)),
    KeyRow("F2", "the cursor in the order text, scrolled into view", ("edit_order",)),
    KeyRow("Ctrl+M", "the order form's rarely used fields (segment, direction, terrain, "
           "obstacles, manoeuvres, units passed through): shown, the cursor in the first; "
           "again: folded"),
    KeyRow("Ctrl+Alt+R, Ctrl+Alt+J, Ctrl+Alt+Y", "the order table lists only the refused "
           "orders, only the drafts (again: every order); choose the state it lists",
           ("show_refused", "show_drafts", "show_state")),
    KeyRow("Ctrl+Shift+X", "the casualties grid: the bound's losses of a command, typed down a "
           "column, recorded at once (one undo)", ("casualties_grid",)),
    KeyRow("Ctrl+E", "record the in-bound event chosen in the unit panel", ("record_event",)),
    KeyRow("Ctrl+Z, Ctrl+Shift+Z", "undo, redo any order, event, LIM step or move on the map",
           ("undo", "redo")),
    KeyRow("Ctrl+Shift+B, Ctrl+Shift+R",
           "close the bound (with a summary first), reopen the last one",
           ("close_bound", "reopen_bound")),
    KeyRow("Ctrl+Alt+B", "the record of a closed bound: what every unit did, its moves and "
           "events, its state before → after", ("bound_record",)),
    KeyRow("Alt+Left, Alt+Right, Alt+Home",
           "look at an earlier bound (read-only), back to the current one",
           ("previous_bound", "next_bound", "current_bound")),
    KeyRow("Ctrl+Shift+L, Ctrl+L, Ctrl+Shift+G",
           "Battles of Waterloo: build the turn's LIM pool; go to the cup, where Enter records "
           "the chit chosen as pulled out (the cup hidden: its chits listed over the map); let "
           "the desk draw"),
    KeyRow("Ctrl+Shift+D, Ctrl+Shift+T",
           "Battles of Waterloo: record the activation roll typed, or let the desk roll"),
    KeyRow("Ctrl+Shift+M", "Battles of Waterloo: record the chosen unit's move under the "
           "current activation"),
    KeyRow("Ctrl+P, Ctrl+Shift+P, Ctrl+Alt+P",
           "print order sheets (one dialog: sides, commands, blank, filled or the umpire's "
           "copy; PDFs in a folder), the quick-reference chart, the bound report",
           ("print_sheets", "print_chart", "print_report")),
    KeyRow("Ctrl+Alt+L", "the battle's losses report: by side, command and bound, with a chart "
           "of each side's strength (PDF)", ("print_losses",)),
    KeyRow("Ctrl+Alt+I", "import filled PDF order forms: their orders become drafts to review",
           ("import_forms",)),
    KeyRow("Ctrl+Shift+C, Ctrl+Alt+N, Ctrl+Alt+E, Ctrl+Alt+D",
           "the campaign view (battles, each unit's strength across them), a new battle, end "
           "the battle (each unit's result reviewed first), what changed between two bounds",
           ("campaign_view", "new_battle", "end_battle", "bound_diff")),
    KeyRow("Ctrl+Alt+C", "the claims: claim the chosen unit's command or side, or the LIM cup; "
           "release; the chief takes one over with a reason", ("claims",)),
    KeyRow("Ctrl+Alt+G, Ctrl+Alt+H",
           "calibrate the map: click two points and give their distance, or click three hex "
           "centres and give their numbers; Esc cancels", ("calibrate_scale", "calibrate_hexes")),
    KeyRow("Ctrl+Alt+S, Ctrl+Alt+V",
           "tick the enemy units a side saw in the open bound; save a side's view of the map "
           "(or the umpire's) as a PDF or PNG", ("mark_seen", "save_map_view")),
    KeyRow("Ctrl+Alt+K", "the courier ledger: write a dispatch (Enter), follow each one's "
           "fate; again to hide it", ("courier_ledger",)),
    KeyRow("Ctrl+Alt+O, Ctrl+Alt+F, Ctrl+Alt+A",
           "hide or bring back the order of battle (with the LIM cup), the order form, the LIM "
           "activation; remembered for each rules system",
           ("show_oob_panel", "show_form_panel", "show_lim_panel")),
    KeyRow("F11, Ctrl+Alt+W", "the map alone in the window (again: the panels back as they "
           "were); the map in a window of its own, for a second screen (again: closed)",
           ("map_alone", "map_window")),
    KeyRow("N, P", "on the map: choose the next or previous unit and centre it (the form shows "
           "its order and state; F2 writes it); the arrow keys then move it (to the touching "
           "hex on a hex map; Shift for a finer step), Enter records the move, Escape puts it "
           "back"),
    KeyRow("[, ]", "on the map: turn the chosen unit anticlockwise or clockwise (15 degrees; a "
           "hex side on a hex map); Enter records the facing with the move, Escape turns it "
           "back"),
    KeyRow("Ctrl+Shift+A", "place the chosen unit on the map, or one of the units and leaders "
           "not on it yet, in the middle of the map's view (or drag a unit from the order of "
           "battle onto the map)", ("place_on_map",)),
    KeyRow("F1", "the rules' clause of the chosen finding (or search the clauses)",
           ("clause_browser",)),
    KeyRow("Ctrl+F1", "the table of keys (Help, Keys)", ("keys",)),
)

HEADER = ("keys", "what they do")


def markdown_table(rows: tuple[KeyRow, ...] = KEYS) -> str:
    """The README's table, one line a row, ending with a newline."""
    lines = [f"| {HEADER[0]} | {HEADER[1]} |", "|---|---|"]
    lines += [f"| {row.keys} | {row.what} |" for row in rows]
    return "\n".join(lines) + "\n"


def readme_table(readme: str) -> str:
    """The keys table as it stands in the README's text (from its header to its last row)."""
    lines = readme.splitlines()
    start = lines.index(f"| {HEADER[0]} | {HEADER[1]} |")
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return "\n".join(lines[start:end]) + "\n"


def shown_keys(keys: str) -> str:
    """A row's keys in the reader's language: Qt names the keys of a sequence itself
    ("Ctrl+Maj+Z", "Ctrl+Entrée" with Qt's French catalogue loaded); a part that is
    not a key sequence ("arrow keys") is translated as words."""
    parts = []
    for part in (p.strip() for p in keys.split(",")):
        if part == "arrow keys":
            parts.append(QCoreApplication.translate("Keys", "arrow keys"))
            continue
        sequence = QKeySequence(part, QKeySequence.SequenceFormat.PortableText)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        parts.append(native if sequence.count() and native else part)
    return ", ".join(parts)


class KeysDialog(QDialog):
    """Help ▸ Keys: the table of keys, from :data:`KEYS`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("keys_dialog")
        self.setWindowTitle(self.tr("Keys — Umpire's Desk"))
        self.table = QTableWidget(len(KEYS), 2, self)
        self.table.setObjectName("keys_table")
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What they do")])
        for row, key in enumerate(KEYS):
            self.table.setItem(row, 0, QTableWidgetItem(shown_keys(key.keys)))
            self.table.setItem(row, 1, QTableWidgetItem(
                QCoreApplication.translate("Keys", key.what)))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("keys_buttons")
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(720, 440)
        apply_accessibility(self, HELP_DIALOGS)

    def showEvent(self, event: QShowEvent) -> None:
        # Rows fit their wrapped text only once the columns have their shown widths.
        super().showEvent(event)
        self.table.resizeRowsToContents()

    def rows(self) -> list[tuple[str, str]]:
        """The table's text, row by row (for tests and screen readers alike)."""
        def text(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""
        return [(text(r, 0), text(r, 1)) for r in range(self.table.rowCount())]
