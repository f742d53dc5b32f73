"""The calibration dialogs: the clicked points' x and y (editable), and what they measure.

:class:`ScaleDialog` takes two points and the known distance between them in
one of the services' units (cm or inches on the table; metres, yards or
paces on a map); :class:`HexDialog` takes three hex centres and each one's
printed number. Both come prefilled by the clicks on the board and can be
filled from the keyboard alone. They check nothing themselves: the services
refuse a degenerate calibration (two identical points, a zero distance, a hex
the grid lacks) in one sentence, and nothing is stored.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from desk.services.maps.calibration import DISTANCE_UNITS
from desk.ui.widgets import FittingCombo

Point = tuple[float, float]


def _coordinate(limit: int, value: float, name: str, description: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0.0, float(max(1, limit)))
    box.setDecimals(1)
    box.setValue(value)
    box.setAccessibleName(name)
    box.setAccessibleDescription(description)
    return box


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel, dialog)
    buttons.setObjectName("calibration_buttons")
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class ScaleDialog(QDialog):
    """Two points of the image and the distance between them."""

    def __init__(self, points: Sequence[Point], *, width: int, height: int, unit: str = "cm",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scale_dialog")
        self.setWindowTitle(self.tr("Calibrate the map's scale"))
        given = list(points) + [(0.0, 0.0)] * (2 - len(points))
        intro = QLabel(self.tr("Two points of the map, in the image's pixels, and the distance "
                               "between them on the table or on the ground."))
        intro.setWordWrap(True)
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("x")), 0, 1)
        grid.addWidget(QLabel(self.tr("y")), 0, 2)
        self.coordinates: list[tuple[QDoubleSpinBox, QDoubleSpinBox]] = []
        for index, (x, y) in enumerate(given[:2], start=1):
            label = QLabel(self.tr("Point &{n}").format(n=index))
            xs = _coordinate(width, x, self.tr("Point {n}, x").format(n=index),
                             self.tr("Pixels from the image's left edge"))
            ys = _coordinate(height, y, self.tr("Point {n}, y").format(n=index),
                             self.tr("Pixels from the image's top edge"))
            label.setBuddy(xs)
            grid.addWidget(label, index, 0)
            grid.addWidget(xs, index, 1)
            grid.addWidget(ys, index, 2)
            self.coordinates.append((xs, ys))
            xs.valueChanged.connect(self._show_pixels)
            ys.valueChanged.connect(self._show_pixels)
        self.pixels = QLabel()
        self.pixels.setObjectName("scale_pixels")
        grid.addWidget(self.pixels, 3, 1, 1, 2)
        self.distance = QDoubleSpinBox()
        self.distance.setObjectName("scale_distance")
        self.distance.setRange(0.0, 1_000_000.0)
        self.distance.setDecimals(2)
        self.distance.setAccessibleName(self.tr("Distance between the points"))
        self.distance.setAccessibleDescription(self.tr("The known distance, in the unit chosen"))
        self.unit = FittingCombo()
        self.unit.setObjectName("scale_unit")
        names = {"cm": self.tr("cm (on the table)"), "in": self.tr("inches (on the table)"),
                 "m": self.tr("metres (on the ground)"), "yards": self.tr("yards (on the ground)"),
                 "paces": self.tr("paces (on the ground)")}
        for code in DISTANCE_UNITS:
            self.unit.addItem(names.get(code, code), code)
        self.unit.setCurrentIndex(max(0, self.unit.findData(unit)))
        self.unit.setAccessibleName(self.tr("Unit of the distance"))
        self.unit.setAccessibleDescription(self.tr(
            "cm or inches measure the table; metres, yards or paces the ground of a map"))
        distance_label = QLabel(self.tr("&Distance"))
        distance_label.setBuddy(self.distance)
        grid.addWidget(distance_label, 4, 0)
        grid.addWidget(self.distance, 4, 1)
        grid.addWidget(self.unit, 4, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(_buttons(self))
        self._show_pixels()
        (self.distance if points else self.coordinates[0][0]).setFocus()
        self.setMinimumWidth(440)

    def _show_pixels(self) -> None:
        (x1, y1), (x2, y2) = self.points()
        self.pixels.setText(self.tr("{n:.0f} pixels apart").format(
            n=math.hypot(x2 - x1, y2 - y1)))

    def points(self) -> tuple[Point, Point]:
        """The two points as typed or clicked."""
        (a, b), (c, d) = self.coordinates
        return (a.value(), b.value()), (c.value(), d.value())

    def set_values(self, *, distance: float, unit: str) -> None:
        """Fill the distance and choose the unit (for tests and a second try alike)."""
        self.distance.setValue(distance)
        self.unit.setCurrentIndex(max(0, self.unit.findData(unit)))

    def chosen_unit(self) -> str:
        """The unit's code, as the services know it ("cm", "yards", …)."""
        return str(self.unit.currentData())


class HexDialog(QDialog):
    """Three hex centres of the image and each one's number on the hex map."""

    def __init__(self, centres: Sequence[tuple[float, float, str]], *, width: int, height: int,
                 example: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hex_dialog")
        self.setWindowTitle(self.tr("Calibrate the hex grid"))
        given = list(centres) + [(0.0, 0.0, "")] * (3 - len(centres))
        text = self.tr("Three hex centres that make a triangle, in the image's pixels, and "
                       "the number printed in each hex.")
        if example:
            text += " " + self.tr("Hex numbers look like {example}.").format(example=example)
        intro = QLabel(text)
        intro.setWordWrap(True)
        grid = QGridLayout()
        for column, title in enumerate((self.tr("x"), self.tr("y"), self.tr("Hex")), start=1):
            grid.addWidget(QLabel(title), 0, column)
        self.rows: list[tuple[QDoubleSpinBox, QDoubleSpinBox, QLineEdit]] = []
        for index, (x, y, number) in enumerate(given[:3], start=1):
            label = QLabel(self.tr("Centre &{n}").format(n=index))
            xs = _coordinate(width, x, self.tr("Centre {n}, x").format(n=index),
                             self.tr("Pixels from the image's left edge"))
            ys = _coordinate(height, y, self.tr("Centre {n}, y").format(n=index),
                             self.tr("Pixels from the image's top edge"))
            hex_edit = QLineEdit(number)
            hex_edit.setObjectName(f"hex_number_{index}")
            hex_edit.setMaxLength(8)
            hex_edit.setMaximumWidth(hex_edit.fontMetrics().horizontalAdvance("00000000") + 16)
            hex_edit.setPlaceholderText(example)
            hex_edit.setAccessibleName(self.tr("Centre {n}, hex number").format(n=index))
            hex_edit.setAccessibleDescription(self.tr("The number printed in that hex"))
            label.setBuddy(hex_edit if (x or y) else xs)
            grid.addWidget(label, index, 0)
            grid.addWidget(xs, index, 1)
            grid.addWidget(ys, index, 2)
            grid.addWidget(hex_edit, index, 3)
            self.rows.append((xs, ys, hex_edit))
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(_buttons(self))
        # Typed without clicks: from the first x; clicked: at the first number to type.
        first_empty = next((r[2] for r in self.rows if not r[2].text()), self.rows[0][2])
        (first_empty if centres else self.rows[0][0]).setFocus()
        self.setMinimumWidth(460)

    def centres(self) -> list[tuple[float, float, str]]:
        """The three centres as ``(x, y, hex number)``."""
        return [(xs.value(), ys.value(), edit.text().strip()) for xs, ys, edit in self.rows]

    def set_numbers(self, numbers: Sequence[str]) -> None:
        """Type the hex numbers (for tests, and to keep them on a second try)."""
        for (_xs, _ys, edit), number in zip(self.rows, numbers, strict=False):
            edit.setText(number)
