"""Calibration mode on the board: the umpire clicks two points (a scale) or three hex centres.

While the mode runs, a bar above the map says what to click next, with a
button to type the points instead (for keyboard users) and one to cancel;
Escape cancels too. Each click on the map is shown as a numbered mark that
keeps its size at any zoom (and, for a scale, a line between the two
points). A click is taken by the mode, not by the board: it neither pans the
map nor writes an order's destination. When enough points are clicked, or
the umpire asks to type them, :attr:`CalibrationMode.complete` carries the
points to the controller, which opens the dialog prefilled with them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QLineF, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from desk.ui.board.panel import BoardPanel
from desk.ui.palette import DeskPalette

Point = tuple[float, float]


class PointMark(QGraphicsEllipseItem):
    """A clicked point: a ring with its number, the same size on screen at any zoom."""

    def __init__(self, number: int, point: Point, palette: DeskPalette) -> None:
        super().__init__(QRectF(-9, -9, 18, 18))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        # The warnings' amber: neither side's colour, and it stands out on the map.
        self.setPen(QPen(palette.color("warning"), 3))
        self.setBrush(palette.brush("base"))
        self.setZValue(10)
        self.setPos(*point)
        self.number = QGraphicsSimpleTextItem(str(number), self)
        font = QFont()
        font.setPixelSize(12)
        font.setBold(True)
        self.number.setFont(font)
        self.number.setBrush(palette.brush("text"))
        box = self.number.boundingRect()
        self.number.setPos(-box.width() / 2, -box.height() / 2)


class CalibrationMode(QObject):
    """Collects ``needed`` clicked points on the board's map (see the module text)."""

    complete = Signal(list)  # the points clicked so far: [(x, y), ...]
    cancelled = Signal()

    def __init__(self, panel: BoardPanel, *, needed: int, prompts: list[str],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.needed = needed
        self.prompts = prompts  # what to click next, one line per point
        self.points: list[Point] = []
        self.marks: list[QGraphicsItem] = []
        self.active = False
        self.bar = QFrame(panel)
        self.bar.setObjectName("calibration_bar")
        self.bar.setFrameShape(QFrame.Shape.StyledPanel)
        self.prompt = QLabel(self.bar)
        self.prompt.setObjectName("calibration_prompt")
        self.prompt.setWordWrap(True)
        self.type_button = QPushButton(self.tr("&Type the points…"), self.bar)
        self.type_button.setObjectName("calibration_type")
        self.cancel_button = QPushButton(self.tr("Cancel (Esc)"), self.bar)
        self.cancel_button.setObjectName("calibration_cancel")
        for widget, name, description in (
            (self.type_button, self.tr("Type the points"),
             self.tr("Type the points' x and y in the image's pixels instead of clicking")),
            (self.cancel_button, self.tr("Cancel calibration"),
             self.tr("Leave calibration; nothing is stored")),
        ):
            widget.setAccessibleName(name)
            widget.setAccessibleDescription(description)
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(8, 5, 8, 5)
        row.addWidget(self.prompt, 1)
        row.addWidget(self.type_button)
        row.addWidget(self.cancel_button)
        self.bar.hide()
        layout = panel.layout()
        if isinstance(layout, QVBoxLayout):  # just above the map
            layout.insertWidget(1, self.bar)
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), panel)
        self.escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.escape.setEnabled(False)
        self.escape.activated.connect(self.cancel)
        self.type_button.clicked.connect(lambda: self.complete.emit(list(self.points)))
        self.cancel_button.clicked.connect(self.cancel)

    def start(self) -> None:
        """Begin: clicks on the map become points until ``needed`` are in."""
        self.clear()
        self.active = True
        view = self.panel.view
        view.setDragMode(QGraphicsView.DragMode.NoDrag)
        view.viewport().setCursor(Qt.CursorShape.CrossCursor)
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)  # Escape on the map, when no shortcut took it
        self.escape.setEnabled(True)
        self.bar.show()
        self._prompt()
        view.setFocus(Qt.FocusReason.OtherFocusReason)

    def stop(self) -> None:
        """End the mode: the marks go, the map pans again."""
        if not self.active:
            return
        self.active = False
        view = self.panel.view
        view.viewport().removeEventFilter(self)
        view.removeEventFilter(self)
        view.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        view.viewport().unsetCursor()
        self.escape.setEnabled(False)
        self.bar.hide()
        self.clear()

    def cancel(self) -> None:
        """Escape or the Cancel button: nothing is stored."""
        if self.active:
            self.stop()
            self.cancelled.emit()

    def clear(self) -> None:
        """Forget the points and take their marks off the map."""
        scene = self.panel.scene
        for item in self.marks:
            if item.scene() is scene:
                scene.removeItem(item)
        self.marks = []
        self.points = []

    def add_point(self, x: float, y: float) -> None:
        """One more point (a click, or a test); the last one completes the mode."""
        if not self.active or len(self.points) >= self.needed:
            return
        self.points.append((x, y))
        mark = PointMark(len(self.points), (x, y), self.panel.scene.palette_)
        self.panel.scene.addItem(mark)
        self.marks.append(mark)
        if len(self.points) == 2 and self.needed == 2:  # the measured distance, as a line
            pen = QPen(self.panel.scene.palette_.color("warning"), 2)
            pen.setCosmetic(True)
            pen.setStyle(Qt.PenStyle.DashLine)
            line = QGraphicsLineItem(QLineF(QPointF(*self.points[0]), QPointF(*self.points[1])))
            line.setPen(pen)
            line.setZValue(9)
            self.panel.scene.addItem(line)
            self.marks.append(line)
        self._prompt()
        if len(self.points) == self.needed:
            self.complete.emit(list(self.points))

    def _prompt(self) -> None:
        done = len(self.points)
        if done < self.needed:
            text = self.tr("Point {n} of {total}: {what}").format(
                n=done + 1, total=self.needed, what=self.prompts[done])
        else:
            text = self.tr("All {total} points clicked.").format(total=self.needed)
        self.prompt.setText(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.panel.view:
            if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                    and event.key() == Qt.Key.Key_Escape:
                self.cancel()
                return True
            return False
        if event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent) \
                and event.button() == Qt.MouseButton.LeftButton:
            point = self.panel.view.mapToScene(event.position().toPoint())
            if self.panel.scene.sceneRect().contains(point):
                self.add_point(round(point.x(), 1), round(point.y(), 1))
            return True  # taken by the mode: no pan, no destination, no unit picked up
        # The release, double click or drag of a click the mode took is taken too.
        return isinstance(event, QMouseEvent) and (
            event.button() == Qt.MouseButton.LeftButton
            or bool(event.buttons() & Qt.MouseButton.LeftButton))
