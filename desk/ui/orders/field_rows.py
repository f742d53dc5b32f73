"""The order form's field rows: the usual fields, the flags side by side, the rare ones folded.

A Belle Alliance order has thirteen fields; on a 1366×768 laptop the form showed
eight of them and a scroll bar. Most orders use four: the rate, the position, the
formation and a fire or an attack. So the flags (fire, attack …) share rows, as many
as their labels fit, and the fields the rules mark ``rare`` (the segment, the direction, the
terrain, obstacles, manoeuvres, units passed through) fold away behind one button,
"More fields", which Ctrl+M opens and closes from the keyboard (the cursor goes to
the first of them). A rare field holding a value is never hidden: loading an order
that uses one opens the fold, so nothing the order says is out of sight.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desk.rules.records import FieldSpec

MORE_KEY = "Ctrl+M"
FLAG_ROW_CHARS = 40  # the flags one row holds, by their labels' length (the field column's)


def _packed(boxes: Sequence[QCheckBox]) -> list[list[QCheckBox]]:
    """The check boxes in rows, as many to a row as their labels fit, in the rules' order."""
    rows: list[list[QCheckBox]] = []
    used = FLAG_ROW_CHARS
    for box in boxes:
        width = len(box.text()) + 4  # the box and the gap after it
        if used + width > FLAG_ROW_CHARS and (not rows or rows[-1]):
            rows.append([])
            used = 0
        rows[-1].append(box)
        used += width
    return rows


class FieldRows(QObject):
    """Lays ``editors`` out in ``form`` (see the module text) and folds the rare ones."""

    def __init__(self, form: QFormLayout, *, specs: Sequence[FieldSpec],
                 editors: Mapping[str, QWidget], labels: Mapping[str, QLabel],
                 owner: QWidget) -> None:
        super().__init__(owner)
        self._form = form
        self._rare_names = tuple(s.name for s in specs if s.rare)
        self._rows: list[QWidget] = []  # the rare rows' field widgets (a row's key in form)
        self.order: list[QWidget] = []  # the editors in the order the rows show them
        usual = [s for s in specs if not s.rare]
        rare = [s for s in specs if s.rare]
        self._lay(usual, editors, labels, owner, rows=None)
        self.more_button = QPushButton(owner)
        self.more_button.setObjectName("more_fields")
        self.more_button.setCheckable(True)
        self.more_button.setFlat(True)
        self.more_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Ctrl+M; Tab skips it
        self.more_button.setStyleSheet("text-align: left")
        self.more_button.toggled.connect(self._toggled)
        self._rare_count = len(rare)
        if rare:
            form.addRow(self.more_button)
            self._lay(rare, editors, labels, owner, rows=self._rows)
        else:
            self.more_button.hide()
        self._first_rare = editors[rare[0].name] if rare else None
        self.shortcut = QShortcut(QKeySequence(MORE_KEY), owner)
        self.shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.shortcut.activated.connect(self.toggle_from_keyboard)
        self._wanted = False  # the umpire opened the fold (it stays open from unit to unit)
        self._show(False)

    def _lay(self, specs: Sequence[FieldSpec], editors: Mapping[str, QWidget],
             labels: Mapping[str, QLabel], owner: QWidget, *, rows: list[QWidget] | None) -> None:
        """Each field a row, its flags (check boxes) gathered in rows where the first is."""
        flags = [s for s in specs if isinstance(editors[s.name], QCheckBox)]
        for spec in specs:
            editor = editors[spec.name]
            if isinstance(editor, QCheckBox):
                if spec is not flags[0]:
                    continue
                grid_widget = QWidget(owner)
                grid = QVBoxLayout(grid_widget)  # rows of their own widths, not a grid's columns
                grid.setContentsMargins(0, 0, 0, 0)
                for packed in _packed([cast(QCheckBox, editors[f.name]) for f in flags]):
                    line = QHBoxLayout()
                    for box in packed:
                        line.addWidget(box)
                        self.order.append(box)
                    line.addStretch(1)
                    grid.addLayout(line)
                self._form.addRow("", grid_widget)
                if rows is not None:
                    rows.append(grid_widget)
                continue
            self._form.addRow(labels[spec.name], editor)
            self.order.append(editor)
            if rows is not None:
                rows.append(editor)

    @property
    def rare_shown(self) -> bool:
        """True when the rare fields are in sight."""
        return self.more_button.isChecked()

    def show_for(self, fields: Mapping[str, object]) -> None:
        """A unit's order shown: the rare fields in sight if the umpire keeps them open, or
        if the order gives one of them."""
        self._show(self._wanted or any(fields.get(n) not in (None, "", False)
                                       for n in self._rare_names))

    def toggle_from_keyboard(self) -> None:
        """Ctrl+M: open the fold and put the cursor in its first field, or close it."""
        if not self._rare_count or not self.more_button.isEnabled():
            return
        opening = not self.rare_shown
        self._wanted = opening
        self._show(opening)
        if opening and self._first_rare is not None:
            self._first_rare.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _toggled(self, checked: bool) -> None:
        if self.more_button.signalsBlocked():
            return
        self._wanted = checked
        self._show(checked)

    def _show(self, shown: bool) -> None:
        was = self.more_button.blockSignals(True)
        self.more_button.setChecked(shown)
        self.more_button.blockSignals(was)
        for widget in self._rows:
            self._form.setRowVisible(widget, shown)
        arrow = "▾" if shown else "▸"
        text = (self.tr("{arrow} Fewer fields ({key})") if shown
                else self.tr("{arrow} More fields: {n} rarely used ({key})"))
        self.more_button.setText(text.format(arrow=arrow, n=self._rare_count,
                                             key=QKeySequence(MORE_KEY).toString(
                                                 QKeySequence.SequenceFormat.NativeText)))
