"""The unit panel: a unit's state now, what changed since the bound before, and its history.

Formation, disorder and strength; the rules' own lines about the state; Belle
Alliance's charge cooldown ("charge available from bound 10" or "may charge")
and melee penalty; a crossing in progress (which feature, since which bound);
the bound's recorded events with a button to record another; the secret notes on the
unit that this umpire may read (issue 33: their own, or every umpire's for the chief),
with a button to keep another; and the unit's history across bounds with the journal,
changes highlighted.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desk import i18n
from desk.rules.base import RulesSystem
from desk.ui.oob.history_model import HistoryModel
from desk.ui.palette import DeskPalette
from desk.ui.widgets import compact_combo, fit_popup

if TYPE_CHECKING:  # the services behind it load when a unit is first shown
    from desk.services.screens.unit_panel import UnitPanelData

_STATE_KEYS = ("formation", "disorder", "strength")
# The grid's row titles, translated when shown (the language is known only then).
_STATE_TITLES = {
    "formation": lambda: QCoreApplication.translate("UnitPanel", "Formation"),
    "disorder": lambda: QCoreApplication.translate("UnitPanel", "Disorder"),
    "strength": lambda: QCoreApplication.translate("UnitPanel", "Strength"),
}
# Words that carry nothing beyond the grid's formation, disorder and strength.
_FILLER = frozenset({"disorder", "formation", "unknown", "artillery", "increments", "in", "a",
                     "hex", "not", "yet", "recorded", "bound"})


def _words(text: object) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", str(text).lower().replace("-", " ")))


def _filler() -> set[str]:
    """The filler words, in English and in the language in use (the rules' lines are)."""
    said = (i18n._("a hex not yet recorded"), i18n.ngettext("{n} increment", "{n} increments", 2),
            i18n._("{formation}, {disorder}, {strength}, in {where} (bound {bound})."),
            i18n.term("artillery"))
    return set(_FILLER).union(*(_words(re.sub(r"\{\w+\}", " ", s)) for s in said))


def repeats_grid(line: str, *, formation: object, disorder: object, place: object = "") -> bool:
    """Does the rules' line only restate the grid (e.g. "column of attack", "disorder none")
    and the panel's hex line (``place``: the hex's terrain, "with a road")?"""
    where = _words(place) | _words(i18n.term(place)) | ({"with", "road"} if place else set())
    grid = set().union(*(_words(w) | _words(i18n.term(w)) for w in (formation, disorder)))
    return _words(line) <= grid | _filler() | where


def _show(value: object) -> str:
    if value is None or value == "":
        return "—"
    return i18n.term(value)


class UnitPanel(QWidget):
    """Shows one unit in one bound; asks for an event with ``record_event_requested(kind)``
    and for a secret note with ``note_requested()``."""

    record_event_requested = Signal(str)
    note_requested = Signal()

    def __init__(self, system: RulesSystem, parent: QWidget | None = None, *,
                 palette: DeskPalette | None = None) -> None:
        super().__init__(parent)
        self.palette_ = palette or DeskPalette(parent=self)
        self.palette_.changed.connect(self._recolour)
        self.setObjectName("unit_panel")
        self.system = system
        self.data: UnitPanelData | None = None
        self.title = QLabel(self.tr("No unit chosen."))
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.state_label = QLabel("")
        self.state_label.setObjectName("unit_state")
        self.state_label.setTextFormat(Qt.TextFormat.RichText)
        self.state_label.setWordWrap(True)
        self.state_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.event_box = compact_combo()
        self.event_box.setObjectName("event_kind")
        for kind in system.event_kinds():
            label = i18n._(kind.label)
            self.event_box.addItem(f"{label} ({kind.clause})" if kind.clause else label,
                                   kind.code)
        fit_popup(self.event_box)
        self.event_button = QPushButton(self.tr("&Record event…"))
        self.event_button.setToolTip(self.tr("Record an in-bound event against this unit (Ctrl+E)"))
        self.event_button.clicked.connect(self.request_event)
        events_row = QHBoxLayout()
        events_row.addWidget(self.event_box, 1)
        events_row.addWidget(self.event_button)

        # Secret notes (issue 33): said plainly who reads them, so no umpire mistakes one
        # for a note the players or the other umpires will see.
        self.notes_title = QLabel("")
        self.notes_title.setObjectName("secret_notes_title")
        self.notes_title.setWordWrap(True)
        self.note_button = QPushButton(self.tr("Secret &note…"))
        self.note_button.setObjectName("secret_note_button")
        self.note_button.setToolTip(self.tr("Keep a note on this unit that only you and the "
                                            "chief umpire read; it is never printed"))
        self.note_button.clicked.connect(self.note_requested.emit)
        self.notes_writable = True  # False on a campaign opened read-only
        notes_row = QHBoxLayout()
        notes_row.addWidget(self.notes_title, 1)
        notes_row.addWidget(self.note_button, 0, Qt.AlignmentFlag.AlignTop)
        self.notes_label = QLabel("")
        self.notes_label.setObjectName("secret_notes")
        self.notes_label.setTextFormat(Qt.TextFormat.RichText)
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.history_model = HistoryModel(self, palette=self.palette_)
        self.history = QTableView()
        self.history.setObjectName("unit_history")
        self.history.setModel(self.history_model)
        self.history.verticalHeader().hide()
        self.history.setAlternatingRowColors(True)
        self.history.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.
                                                              ResizeToContents)
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.setWordWrap(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.state_label)
        layout.addLayout(events_row)
        layout.addLayout(notes_row)
        layout.addWidget(self.notes_label)
        layout.addWidget(QLabel(self.tr("History (changes highlighted):")))
        layout.addWidget(self.history, 1)
        self.setEnabled(False)

    def _recolour(self) -> None:
        if self.data is not None:
            self.state_label.setText(self.state_html(self.data))
        self.history.viewport().update()

    def request_event(self) -> None:
        """Ask the window to record the chosen event kind."""
        code = self.event_box.currentData()
        if code and self.data is not None:
            self.record_event_requested.emit(str(code))

    def show_unit(self, data: UnitPanelData | None, *, editable: bool = True) -> None:
        """Show a unit (None: nothing chosen)."""
        self.data = data
        self.setEnabled(data is not None)
        if data is None:
            self.title.setText(self.tr("No unit chosen."))
            self.state_label.setText("")
            self.history_model.set_history((), shown_bound=0)
            self.notes_title.setText("")
            self.notes_label.hide()
            return
        unit = data.unit
        self.title.setText(self.tr("<b>{unit}</b> · {side}, {command} · bound {bound}").format(
            unit=escape(unit.name), side=escape(unit.side), command=escape(unit.command),
            bound=data.bound))
        self.state_label.setText(self.state_html(data))
        self.event_box.setEnabled(editable)
        self.event_button.setEnabled(editable)
        self.show_notes(data)
        self.history_model.set_history(data.history, shown_bound=data.bound)
        self.history.scrollToBottom()

    def show_notes(self, data: UnitPanelData) -> None:
        """The secret notes on the unit this umpire reads, under a title saying who reads
        them; the chief's list names each note's author."""
        if data.chief:
            title = self.tr("Secret notes: each is seen only by its author and the chief "
                            "umpire (you); never printed.")
        else:
            title = self.tr("Secret notes: seen only by you and the chief umpire; never "
                            "printed.")
        self.notes_title.setText(title)
        self.note_button.setEnabled(self.notes_writable)
        self.notes_label.setText(self.notes_html(data))
        self.notes_label.setVisible(bool(data.notes))

    def notes_html(self, data: UnitPanelData) -> str:
        """Each note as a list item, its lines kept; the author's name where the chief
        reads another umpire's note."""
        items = []
        for note in data.notes:
            text = "<br>".join(escape(line) for line in note.text.splitlines())
            if data.chief and note.author and not note.own:
                text = self.tr("<b>{author}</b>: {text}").format(author=escape(note.author),
                                                                 text=text)
            items.append(f"<li>{text}</li>")
        return f"<ul>{''.join(items)}</ul>" if items else ""

    def state_lines(self, data: UnitPanelData) -> list[str]:
        """Lines that add to the grid above: cooldown, penalty, crossing, command, events.

        The rules' own lines are kept unless they only restate the grid's
        formation and disorder, or say what one of the panel's lines says
        (the same clause, or a crossing).
        """
        lines: list[str] = list(data.standing)  # morale and allowance, the rules' words
        where = data.position
        terrain = str(data.state.data.get("terrain") or "")
        if where is not None and where.hex:
            ground = (i18n.term(terrain) if terrain else "") + (
                self.tr(", road") if data.state.data.get("road") else "")
            lines.insert(0, self.tr("In hex {hex} ({ground}) since bound {n}.").format(
                hex=where.hex, ground=ground or "?", n=where.bound))
        # Only where the arm may charge at all: the rules' choices for it offer the charge.
        rates = self.system.order_choices(arm=data.unit.arm).get("rate", ("charge",))
        if self.system.has_charge_cooldown and "charge" in rates:
            if data.charge_from is not None and data.charge_from > data.bound:
                lines.append(self.tr("Charge available from bound {n} (BA-14).").format(
                    n=data.charge_from))
            if not data.charge_refusals:  # the rules' check refuses nothing: it may
                lines.append(self.tr("May charge."))
            shown_clauses = {c for line in lines for c in re.findall(r"\b[A-Z]{2,3}-F?\d+\b", line)}
            for refusal in data.charge_refusals:  # the check's own words, once per clause
                if refusal.clause not in shown_clauses:
                    shown_clauses.add(refusal.clause)
                    lines.append(refusal.message.rstrip(".") + ".")
            if data.state.data.get("melee_penalty_bound") == data.bound:
                lines.append(self.tr("Melee penalty this bound (BA-13)."))
        crossing_lines = len(lines)
        for crossing in data.crossings:
            lines.append(self.tr("Crossing {feature} in progress since bound {n}.").format(
                feature=crossing.feature, n=crossing.started_bound))
        now = data.state.data.get("crossing")
        if now and not data.crossings:
            name = now.get("feature") if isinstance(now, dict) else now
            lines.append(self.tr("Crossing {feature} begun this bound.").format(feature=name))
        cited = {c for line in lines for c in re.findall(r"\b[A-Z]{2,3}-F?\d+\b", line)}
        crossing_shown = len(lines) > crossing_lines  # in any language
        state = data.state
        # the rules' crossing line, in the language it was written in
        said = i18n._("crossing {feature} since bound {bound}").split("{")[0].strip().lower()
        own = [line for line in state.lines
               if not repeats_grid(line, formation=state.formation, disorder=state.disorder,
                                   place=terrain)
               and not cited & set(re.findall(r"\b[A-Z]{2,3}-F?\d+\b", line))
               and not (crossing_shown and line.lower().startswith(said))]
        lines = own + lines
        for event in data.events:
            lines.append(self.tr("Event this bound: {kind}.").format(
                kind=i18n.term(event.kind)))
        return list(dict.fromkeys(lines))

    def state_html(self, data: UnitPanelData) -> str:
        """The state as a small table; a changed value is highlighted with what it was."""
        before = {c.key: c.before for c in data.changes}
        state = data.state
        values = {"formation": state.formation, "disorder": state.disorder,
                  "strength": state.strength}
        cells = []
        for key in _STATE_KEYS:
            shown = escape(_show(values[key]))
            if key in before:
                colours = self.palette_.colours
                shown = (f"<span style='background:{colours.changed}; color:{colours.text}'>"
                         f"<b>{shown}</b></span> "
                         "<small>" + self.tr("(was {value})").format(
                             value=escape(_show(before[key]))) + "</small>")
            cells.append(f"<tr><td>{_STATE_TITLES[key]()}</td><td>{shown}</td></tr>")
        other = [c for c in data.changes if c.key not in _STATE_KEYS]
        changed = "".join(f"<li>{escape(c.key.replace('_', ' '))}: {escape(_show(c.before))} → "
                          f"{escape(_show(c.after))}</li>" for c in other)
        lines = "".join(f"<li>{escape(line)}</li>" for line in self.state_lines(data))
        return (f"<table cellspacing='4'>{''.join(cells)}</table><ul>{lines}</ul>"
                + ("<p>" + self.tr("Changed since bound {n}:").format(n=data.bound - 1)
                   + f"</p><ul>{changed}</ul>"
                   if changed else ""))
