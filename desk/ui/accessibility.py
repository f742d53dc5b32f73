"""What a screen reader says for each control: one table, applied once the window is built.

Each entry names a widget by its attribute path from the window
("form.save_button") or, failing that, its object name, with the name a
screen reader speaks and a description of what it does. The field editors,
made from the rules' fields, name themselves in :mod:`desk.ui.orders.field_editors`.
Applying also stops tables and trees trapping Tab (arrows move inside them,
Tab moves on), so the keyboard can leave every view.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

CONTEXT = "Accessibility"

# (attribute path or object name, name, description)
MAIN_WINDOW: tuple[tuple[str, str, str], ...] = (
    ("filter_edit", "Filter", "Filter the order of battle and the order table by any text"),
    ("side_box", "Side", "Show the units of one side only, or of all sides"),
    ("tree", "Order of battle", "Sides, commands and units; choose a unit to edit its order"),
    ("state_box", "Show", "List the order table's rows of one state only: no order, refused, "
     "overruled, warnings, drafts, saved; or all"),
    ("table", "Order table", "One row per unit in the shown bound: its order as written, "
     "what is applied, its state to the close and its findings"),
    ("bound_bar.bound_box", "Bound shown", "Choose an earlier bound to look back, read-only"),
    ("bound_bar.close_button", "Close bound", "Close the open bound and carry every unit's "
     "state into the next"),
    ("bound_bar.reopen_button", "Reopen last bound", "Undo the last close and open that bound "
     "again"),
    ("form.verbatim_edit", "Order as written", "The order as the player wrote it"),
    ("form.findings_view", "Findings", "The rules' findings on the order, each with its "
     "clause; F1 or a double-click reads the clause"),
    ("form.save_button", "Save order", "Save the order and go to the next unit without one"),
    ("form.cancel_button", "Cancel order", "Cancel this unit's order"),
    ("unit_panel.event_box", "Event", "The kind of in-bound event to record"),
    ("unit_panel.event_button", "Record event", "Record the chosen event against this unit"),
    ("unit_panel.history", "Unit history", "The unit's state, order and journal at each bound; "
     "changed values highlighted"),
    ("unit_panel.state_label", "Unit state", "Formation, disorder and strength now, and what "
     "changed"),
    ("unit_panel.note_button", "Secret note", "Keep a note on this unit that only you and the "
     "chief umpire read"),
    ("unit_panel.notes_label", "Secret notes", "Your secret notes on this unit (the chief "
     "umpire's: every umpire's), never printed"),
    ("lim_panel.phase_box", "LIM phase", "The phase of the turn: Operations, No LIM or Out "
     "of Command"),
    ("lim_panel.build_button", "Build pool", "Put every LIM of the turn into the pool"),
    ("lim_panel.pool_list", "LIM pool", "The chits drawn, in order, then those still in the "
     "cup; Enter records the chosen one as pulled from the cup"),
    ("lim_panel.cup_button", "Pulled from cup", "Record the chit chosen in the cup as the one "
     "pulled out at the table"),
    ("lim_panel.first_button", "Initiative's choice", "Record the chit chosen in the cup as "
     "the initiative winner's first choice"),
    ("lim_panel.draw_button", "Desk draws", "Let the desk draw the next LIM from the pool"),
    ("lim_panel.option_box", "LIM option", "The option the drawn LIM's command takes"),
    ("lim_panel.option_button", "Take option", "Record the chosen option for the drawn LIM"),
    ("lim_panel.command_box", "Command", "The command whose activation roll is recorded"),
    ("lim_panel.roll_box", "Activation roll", "The d10 rolled for the command's activation"),
    ("lim_panel.roll_button", "Record roll", "Record the activation roll for the command"),
    ("lim_panel.desk_roll_button", "Desk rolls", "Let the desk roll the command's activation"),
    ("lim_panel.idle_button", "Idle command", "Record that the command stays idle, with a reason"),
    ("lim_panel.allowed", "Units under this activation", "The units the LIM drawn lets move, "
     "what the Movement and Command table allows each with its clause, and the moves recorded"),
    ("lim_panel.movement_box", "Movement type", "The movement type of the move to record"),
    ("lim_panel.hex_edit", "Destination hex", "The hex the unit moves to, in the scenario's "
     "numbering; Enter records the move"),
    ("lim_panel.move_button", "Record move", "Record the chosen unit's move under this "
     "activation"),
)

HELP_DIALOGS: tuple[tuple[str, str, str], ...] = (
    ("search", "Search clauses", "Search the rules' clauses by id or word"),
    ("list", "Clauses found", "The clauses that match the search; choose one to read it"),
    ("text", "Clause text", "The chosen clause in full"),
    ("table", "Keys", "The desk's keys and what they do"),
    ("label", "About", "Versions, and where the campaign and the log files are"),
)

INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView, QAbstractSpinBox,
               QPlainTextEdit, QTextEdit)


def _find(root: QObject, path: str) -> QWidget | None:
    target: object = root
    for part in path.split("."):
        target = getattr(target, part, None)
        if target is None:
            break
    if isinstance(target, QWidget):
        return target
    found = root.findChild(QWidget, path)
    return found if isinstance(found, QWidget) else None


def apply_accessibility(root: QWidget,
                        table: tuple[tuple[str, str, str], ...] = MAIN_WINDOW) -> int:
    """Name and describe the widgets of ``table`` under ``root``; return how many were named.

    Every item view under ``root`` stops taking Tab for itself (arrows move inside it).
    """
    named = 0
    for path, name, description in table:
        widget = _find(root, path)
        if widget is None:
            continue  # a panel this rules system does not have (the LIM pool)
        widget.setAccessibleName(QCoreApplication.translate(CONTEXT, name))
        widget.setAccessibleDescription(QCoreApplication.translate(CONTEXT, description))
        named += 1
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    return named


def is_internal(widget: QWidget) -> bool:
    """Parts Qt builds inside a control (a combo's popup, a spin box's line edit, a header):
    the control speaks for them."""
    if widget.objectName().startswith("qt_") or isinstance(widget, QHeaderView):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QComboBox, QAbstractSpinBox, QLineEdit)) \
                or type(parent).__name__ == "QComboBoxPrivateContainer":
            return True
        parent = parent.parentWidget()
    return False


def spoken_name(widget: QWidget) -> str:
    """The name given, or a button's own text (which Qt's accessibility speaks as its name)."""
    if widget.accessibleName():
        return widget.accessibleName()
    if isinstance(widget, QAbstractButton):
        return widget.text().replace("&", "").strip()
    return ""


def unnamed(root: QWidget) -> list[str]:
    """The interactive widgets shown under ``root`` that a screen reader could not name."""
    missing = []
    for widget in root.findChildren(QWidget):
        if (isinstance(widget, INTERACTIVE) and widget.isVisibleTo(root)
                and not is_internal(widget) and not spoken_name(widget)):
            label = widget.objectName() or getattr(widget, "text", lambda: "")()
            missing.append(f"{type(widget).__name__} {label!r}")
    return missing
