"""The board panel: the map view, a bound slider, zoom, and the map's own buttons.

Keyboard: the view takes the focus (Tab), + and - zoom, 0 fits the map, the
arrow keys pan; N and P choose a unit, and then the arrows move it, Enter
records the move and Escape puts it back (:mod:`desk.ui.board.keys`); the
line under the map says which unit is chosen and where it stands. The
slider's arrows step through the bounds. With information travelling, Alt+L
leads to "Belief of" (a row under the buttons), the headquarters whose belief is
drawn over the truth (:mod:`desk.ui.board.belief`), and the line beside it says what
that belief gets wrong; the row is hidden otherwise. Every control has an accessible
name. The panel only shows and reports: the controller
(:mod:`desk.ui.board.controller`) reads and writes through the operations.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desk.ui.board.keys import MarkerKeys
from desk.ui.board.scene import BoardScene
from desk.ui.palette import DeskPalette
from desk.ui.widgets import FittingCombo


class BoardView(QGraphicsView):
    """The map at any zoom: the wheel or + and - zoom, 0 fits, drag the map to pan.

    A view showing the whole map keeps showing it as it grows or shrinks (a side panel
    hidden, the map alone, a second window made bigger); once zoomed, it keeps its zoom.
    """

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # Every marker is a plain item that restores nothing and needs no antialiasing margin.
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setObjectName("board_view")
        self.keys: MarkerKeys | None = None  # the unit keys (N, P, arrows, Enter, Escape)
        self.fitted = False  # the whole map shown (0, Whole map): kept so as the view resizes

    def zoom(self, factor: float) -> None:
        """Zoom by ``factor``, keeping between a whole map and 8 screen pixels an image pixel."""
        scale = self.transform().m11() * factor
        if 0.01 <= scale <= 8 or (factor > 1 and scale < 0.01) or (factor < 1 and scale > 8):
            self.scale(factor, factor)
            self.fitted = False
            self._zoomed()

    def fit(self) -> None:
        """The whole map in view."""
        scene = self.scene()
        if scene is not None and not scene.sceneRect().isEmpty():
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self.fitted = True
            self._zoomed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:  # fitted in a 140-pixel strip, the map stays a stamp when given room
            self.fit()

    def _zoomed(self) -> None:
        scene = self.scene()
        if isinstance(scene, BoardScene):
            scene.show_names(self.transform().m11())

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom(1.25 if event.angleDelta().y() > 0 else 0.8)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)
        elif key == Qt.Key.Key_Minus:
            self.zoom(0.8)
        elif key == Qt.Key.Key_0:
            self.fit()
        elif self.keys is None or not self.keys.handle(event):
            super().keyPressEvent(event)


class ChosenLine(QLabel):
    """The line under the map saying which unit is chosen; it tells each change (:attr:`said`)
    so the map's own window (:mod:`desk.ui.board.map_window`) says the same."""

    said = Signal(str)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.said.emit(text)


class BoardPanel(QWidget):
    """The map tab: a line saying what is shown, the buttons, the view and the bound slider."""

    bound_chosen = Signal(int)
    import_requested = Signal()

    def __init__(self, palette: DeskPalette | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = BoardScene(palette or DeskPalette(parent=self), self)
        self.view = BoardView(self.scene, self)
        self.keys = self.view.keys = MarkerKeys(self.view, self.scene)
        self.chosen_label = ChosenLine(self.tr("No unit chosen: N and P choose one."))
        self.chosen_label.setObjectName("board_chosen")
        # Two lines high whatever it says, so the keys' hint is never cut off at 1366 pixels
        # and the map keeps its height as the text changes; it never widens the window.
        self.chosen_label.setWordWrap(True)
        self.chosen_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                        QSizePolicy.Policy.Fixed)
        self.chosen_label.setFixedHeight(self.chosen_label.fontMetrics().lineSpacing() * 2 + 2)
        self.caption = QLabel(self.tr("No map yet: import an image of the ground."))
        self.caption.setObjectName("board_caption")
        self.caption.setWordWrap(True)
        self.import_button = QPushButton(self.tr("Import map…"))
        self.import_button.setObjectName("board_import")
        self.fit_button = QPushButton(self.tr("Whole map"))
        self.fit_button.setObjectName("board_fit")
        # Calibrate, mark seen, save a view: the window's Map menu actions, filled by it.
        self.tools_button = QToolButton()
        self.tools_button.setObjectName("board_tools")
        self.tools_button.setText(self.tr("Map tools"))
        self.tools_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.tools_button.setMenu(QMenu(self.tools_button))
        # Whose belief is drawn over the truth (information travelling: else hidden).
        self.belief_box = FittingCombo()
        self.belief_box.setObjectName("board_belief")
        # As wide as its longest name: in a row of its own, there is room (and the line beside
        # it gives way), and a name cut short would not say whose belief is drawn.
        self.belief_box.setSizeAdjustPolicy(FittingCombo.SizeAdjustPolicy.AdjustToContents)
        self.belief_label = QLabel(self.tr("Be&lief of:"))
        self.belief_label.setObjectName("board_belief_label")
        self.belief_label.setBuddy(self.belief_box)
        self.belief_line = QLabel()
        self.belief_line.setObjectName("board_belief_line")
        self.belief_line.setWordWrap(True)
        self.belief_line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        for belief_part in (self.belief_label, self.belief_box, self.belief_line):
            belief_part.setVisible(False)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("board_bound")
        self.slider.setMinimum(1)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.bound_label = QLabel()
        self.bound_label.setObjectName("board_bound_label")
        self.bound_label.setBuddy(self.slider)
        self.bound_label.setMinimumWidth(self.bound_label.fontMetrics().horizontalAdvance(
            self.tr("Bound {n}").format(n=999)) + 8)

        top = QHBoxLayout()
        top.addWidget(self.caption, 1)
        top.addWidget(self.fit_button)
        top.addWidget(self.import_button)
        top.addWidget(self.tools_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.bound_label)
        bottom.addWidget(self.slider, 1)
        # A row of its own, under the buttons: beside them it would squeeze the caption to
        # four lines at 1366 pixels; the count of what is believed wrongly sits beside it.
        belief = QHBoxLayout()
        belief.addWidget(self.belief_label)
        belief.addWidget(self.belief_box)
        belief.addWidget(self.belief_line, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(belief)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.chosen_label)
        layout.addLayout(bottom)

        for widget, name, description in (
            (self.view, self.tr("Map board"),
             self.tr("The battle's map with its units; + and - zoom, 0 shows the whole map, "
                     "drag a unit to move it in the open bound; N and P choose a unit, the "
                     "arrow keys move it, Enter records the move, Escape puts it back")),
            (self.chosen_label, self.tr("Unit chosen on the map"),
             self.tr("Which unit the arrow keys move, and where it stands")),
            (self.slider, self.tr("Bound on the map"),
             self.tr("Look at the units' positions in an earlier bound, with faint trails")),
            (self.import_button, self.tr("Import map"),
             self.tr("Store an image (PNG, JPEG or a PDF page) as the battle's map")),
            (self.fit_button, self.tr("Whole map"), self.tr("Show the whole map")),
            (self.tools_button, self.tr("Map tools"),
             self.tr("Calibrate the map, mark enemy units seen, save a side's view")),
            (self.belief_box, self.tr("Belief of"),
             self.tr("Draw what one headquarters believes over the truth: a dashed ghost "
                     "where it believes a unit stands elsewhere, a line to where it is")),
            (self.belief_line, self.tr("Belief shown"),
             self.tr("What the headquarters chosen believes wrongly, and of which units it "
                     "has no news")),
        ):
            widget.setAccessibleName(name)
            widget.setAccessibleDescription(description)
        self.slider.valueChanged.connect(self.bound_chosen.emit)
        self.import_button.clicked.connect(self.import_requested.emit)
        self.fit_button.clicked.connect(self.view.fit)

    def set_bounds(self, *, last: int, shown: int) -> None:
        """The slider runs from bound 1 to ``last`` and stands at ``shown`` (no signal)."""
        self.slider.blockSignals(True)
        self.slider.setMaximum(max(1, last))
        self.slider.setValue(shown)
        self.slider.blockSignals(False)
        self.bound_label.setText(self.tr("Bound {n}").format(n=shown))
