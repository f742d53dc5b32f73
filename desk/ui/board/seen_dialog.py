"""Mark enemy units seen: one side's sightings of the open bound, as a list of checkboxes.

"Seen by" chooses the side; the list holds the other sides' units and leaders
placed on the map, ticked where the umpire already marked them seen this bound; the
filter box narrows the list by any part of a unit's name or command. "Which unit"
may name the one of the side's units that saw what is ticked now (with information
travelling its headquarters knows at once, the rest of the chain by report); left at
"the whole side", every headquarters knows at once. Ticks
are kept per side while the dialog is open, so several sides can be done at
once; :meth:`SeenDialog.changes` gives only what the umpire ticked or
unticked, for :func:`desk.services.maps.sightings.change_seen` to write.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desk.services.maps.sightings import SeenChange, SeenChoices
from desk.ui.widgets import FittingCombo

UNIT_ROLE = Qt.ItemDataRole.UserRole


class SeenDialog(QDialog):
    """Which enemy units a side saw in the open bound (see the module text)."""

    def __init__(self, choices: SeenChoices, *, side_id: int | None = None,
                 focus_unit: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seen_dialog")
        self.setWindowTitle(self.tr("Mark enemy units seen, bound {n}").format(n=choices.bound))
        self.choices = choices
        self.names = dict(choices.sides)
        self.ticks: dict[int, set[str]] = {s: set(choices.seen.get(s, ())) for s in self.names}
        self.side = FittingCombo()
        self.side.setObjectName("seen_side")
        for sid, name in choices.sides:
            self.side.addItem(name, sid)
        self.side.setAccessibleName(self.tr("Seen by"))
        self.side.setAccessibleDescription(self.tr("The side whose sightings are marked"))
        self.observer = FittingCombo()
        self.observer.setObjectName("seen_observer")
        self.observer.setAccessibleName(self.tr("Which unit saw them"))
        self.observer.setAccessibleDescription(self.tr(
            "The side's unit that saw the units ticked now; its headquarters knows at once"))
        self.filter = QLineEdit()
        self.filter.setObjectName("seen_filter")
        self.filter.setClearButtonEnabled(True)
        self.filter.setPlaceholderText(self.tr("Part of a unit's name or command"))
        self.filter.setAccessibleName(self.tr("Filter the enemy units"))
        self.filter.setAccessibleDescription(self.tr("Show only the units whose name or "
                                                     "command holds this text"))
        self.units = QListWidget()
        self.units.setObjectName("seen_units")
        self.units.setAccessibleName(self.tr("Enemy units on the map"))
        self.units.setAccessibleDescription(self.tr(
            "Tick each enemy unit the side saw in this bound; Space ticks or unticks"))
        self.count = QLabel()
        self.count.setObjectName("seen_count")
        self.tick_all = QPushButton(self.tr("Tick &all shown"))
        self.untick_all = QPushButton(self.tr("&Untick all shown"))
        note = QLabel(self.tr("A side's map view shows an enemy unit only where it was marked "
                              "seen, as it stood then."))
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Seen &by"), self.side)
        form.addRow(self.tr("&Which unit"), self.observer)
        form.addRow(self.tr("&Filter"), self.filter)
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self.count, 1)
        buttons_row.addWidget(self.tick_all)
        buttons_row.addWidget(self.untick_all)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.setObjectName("seen_buttons")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.units, 1)
        layout.addLayout(buttons_row)
        layout.addWidget(buttons)
        self.resize(520, 560)

        self._shown_side: int | None = None
        focus_side = next((u.side_id for u in choices.units if u.key == focus_unit), None)
        if side_id is None and focus_side is not None:  # the first side that is not its own
            side_id = next((s for s, _n in choices.sides if s != focus_side), None)
        self.side.setCurrentIndex(max(0, self.side.findData(side_id)))
        self._fill()
        if focus_unit is not None:
            self.focus(focus_unit)
        self.side.currentIndexChanged.connect(lambda _index: self._fill())
        self.filter.textChanged.connect(lambda _text: self._apply_filter())
        self.units.itemChanged.connect(self._ticked)
        self.tick_all.clicked.connect(lambda: self._tick_shown(True))
        self.untick_all.clicked.connect(lambda: self._tick_shown(False))
        self.units.setFocus()

    def side_id(self) -> int:
        """The side chosen in "Seen by"."""
        return int(self.side.currentData())

    def observer_id(self) -> int | None:
        """The unit chosen in "Which unit" (None: the whole side saw)."""
        data = self.observer.currentData()
        return None if data is None else int(data)

    def _fill_observers(self, side: int) -> None:
        self.observer.clear()
        self.observer.addItem(self.tr("The whole side"), None)
        for unit in self.choices.observers(side):
            self.observer.addItem(f"{unit.name} · {unit.path}" if unit.path else unit.name,
                                  int(unit.key.partition(":")[2]))

    def _fill(self) -> None:
        side = self.side_id()
        if side != self._shown_side:
            self._fill_observers(side)
        self._shown_side = side
        self.units.blockSignals(True)
        self.units.clear()
        for unit in self.choices.enemies(side):
            text = f"{unit.name} — {self.names.get(unit.side_id, '')}"
            if unit.path:
                text += f" · {unit.path}"
            item = QListWidgetItem(text)
            item.setData(UNIT_ROLE, unit.key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if unit.key in self.ticks[side]
                               else Qt.CheckState.Unchecked)
            self.units.addItem(item)
        self.units.blockSignals(False)
        self._apply_filter()

    def _apply_filter(self) -> None:
        words = self.filter.text().strip().casefold()
        for row in range(self.units.count()):
            item = self.units.item(row)
            item.setHidden(bool(words) and words not in item.text().casefold())
        self._count()

    def _ticked(self, item: QListWidgetItem) -> None:
        side, unit = self.side_id(), str(item.data(UNIT_ROLE))
        if item.checkState() == Qt.CheckState.Checked:
            self.ticks[side].add(unit)
        else:
            self.ticks[side].discard(unit)
        self._count()

    def _tick_shown(self, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for row in range(self.units.count()):
            item = self.units.item(row)
            if not item.isHidden():
                item.setCheckState(state)  # itemChanged keeps self.ticks

    def _count(self) -> None:
        shown = sum(not self.units.item(r).isHidden() for r in range(self.units.count()))
        self.count.setText(self.tr("{ticked} seen of {n} enemy units ({shown} listed)").format(
            ticked=len(self.ticks[self.side_id()]), n=self.units.count(), shown=shown))

    def set_seen(self, key: str, seen: bool) -> None:
        """Tick or untick one unit ("unit:12") or leader ("leader:3") for the chosen side
        (as a click on its box does)."""
        for row in range(self.units.count()):
            item = self.units.item(row)
            if item.data(UNIT_ROLE) == key:
                item.setCheckState(Qt.CheckState.Checked if seen else Qt.CheckState.Unchecked)

    def focus(self, key: str) -> None:
        """Make ``key``'s row the current one (a marker chosen on the board)."""
        for row in range(self.units.count()):
            if self.units.item(row).data(UNIT_ROLE) == key:
                self.units.setCurrentRow(row)

    def changes(self) -> list[SeenChange]:
        """Only what the umpire ticked or unticked, side by side; the side shown last has
        its ticks made by the unit chosen in "Which unit" (a leader is seen by the side)."""
        found: list[SeenChange] = []
        observer = self.observer_id()
        for side, now in self.ticks.items():
            before = self.choices.seen.get(side, frozenset())
            by = (observer,) if observer is not None and side == self._shown_side else ()
            found += [SeenChange(side_id=side, key=k, seen=True,
                                 by=by if k.startswith("unit:") else ())
                      for k in sorted(now - before)]
            found += [SeenChange(side_id=side, key=k, seen=False) for k in sorted(before - now)]
        return found
