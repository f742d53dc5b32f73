"""The soak's steps at this wave's controls: the map board, the LIM cup and the courier ledger.

Each step drives the real window as the umpire does and checks that it did
what it should; a step that pushes a command on the undo stack tells the
ledger (:meth:`ledger.Ledger.pushed`), so Ctrl+Z and Ctrl+Shift+Z stay counted:

- ``board``: Alt+M to the map tab, zoom with + - 0, the bound slider from the
  first bound to the open one, a marker dragged through the scene with the
  mouse (a new position recorded where it was let go), Alt+O back to the orders;
- ``lim_cup`` (Battles of Waterloo): the pool built (Ctrl+Shift+L), a chit pulled
  from the cup (Ctrl+L, the arrows, Enter) or drawn by the desk (Ctrl+Shift+G);
- ``courier``: Ctrl+Alt+K opens the ledger, a dispatch written (delayed 99 bounds,
  so none arrives as an order the ledger does not know of), Ctrl+Alt+K closes it.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from desk.services.positions.queries import position_of
from desk.ui.board.scene import UnitMarker

K = Qt.Key
NONE, CTRL, ALT = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ControlModifier,
                   Qt.KeyboardModifier.AltModifier)
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier
CTRL_ALT = CTRL | ALT
LEFT = Qt.MouseButton.LeftButton


class BoardSteps:
    """Steps at the board, the cup and the ledger, for one :class:`evening.Evening`."""

    def __init__(self, evening: Any) -> None:
        self.ev = evening
        self.window = evening.window
        self.dropped: list[tuple[str, float, float]] = []  # marker key ("unit:12"), x, y
        self.skipped: dict[str, int] = {}  # steps with nothing to do (none is a fault)
        self.done: dict[str, int] = {}  # what the steps did, for the report
        self.window.board.panel.scene.unit_dropped.connect(
            lambda key, x, y: self.dropped.append((key, x, y)))

    def did(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1

    def skip(self, why: str) -> None:
        self.skipped[why] = self.skipped.get(why, 0) + 1

    def _pushed(self, before: int, what: str) -> None:
        """Tell the ledger about a command the step pushed (none: nothing to tell)."""
        index = self.ev.ops.undo_stack.index()
        if index == before + 1:
            self.ev.ledger.pushed()
        elif index != before:
            self.ev.problems.append(f"{what}: the undo stack went {before} → {index}")

    # --- the map board ----------------------------------------------------------------------
    def board(self) -> None:
        ev, window = self.ev, self.window
        ev.to_current_bound()
        ev.to_table()
        ev.press(K.Key_M, ALT)
        if window.middle_tabs.currentWidget() is not window.board.panel:
            ev.problems.append("Alt+M did not show the map")
            window.middle_tabs.setCurrentWidget(window.board.panel)
        board, panel = window.board, window.board.panel
        if not ev.wait(lambda: board.loaded and board.data is not None, "the board to load"):
            return
        view = panel.view
        view.setFocus()  # where a person clicks before zooming with the keys
        for _ in range(ev.rng.randint(1, 4)):
            ev.press(ev.rng.choice((K.Key_Plus, K.Key_Minus, K.Key_Plus)))
            self.did("zoom")
        if ev.rng.random() < 0.5:
            ev.press(K.Key_0)  # the whole map
        slider, current = panel.slider, ev.ops.context.current_bound
        slider.setFocus()
        ev.press(K.Key_Home)
        if board.data is None or board.data.bound != 1 or (current > 1 and board.data.editable):
            ev.problems.append("the slider's Home did not show bound 1, read-only")
        for _ in range(min(current - 1, ev.rng.randint(0, 2))):
            ev.press(K.Key_Right)
        ev.press(K.Key_End)
        self.did("slider")
        if board.data is None or board.data.bound != current or not board.data.editable:
            ev.problems.append(f"the slider's End did not show the open bound {current}")
        else:
            view.setFocus()
            ev.press(K.Key_0)  # the whole map, so any marker can be reached
            self._drag()
        ev.press(K.Key_O, ALT)
        if window.middle_tabs.currentWidget() is window.board.panel:
            ev.problems.append("Alt+O did not show the orders again")
            window.middle_tabs.setCurrentIndex(0)

    def _drag(self) -> None:
        """Press on a marker, move the mouse through the scene, let go: a new position."""
        ev, panel = self.ev, self.window.board.panel
        view, scene = panel.view, panel.scene
        items = list(scene.markers.values())
        if not items:
            return
        item: UnitMarker | None = None
        start = QPoint()
        for candidate in ev.rng.sample(items, min(8, len(items))):
            start = view.mapFromScene(candidate.scenePos())
            hit = view.itemAt(start)
            hit = hit.parentItem() if hit is not None and hit.parentItem() else hit
            if isinstance(hit, UnitMarker) and view.viewport().rect().contains(start) \
                    and hit.marker.key.startswith("unit:"):  # a unit (not a leader) on top
                item = hit
                break
        if item is None:
            self.skip("board: no marker under the mouse")
            return
        rect = scene.sceneRect().adjusted(20, 20, -20, -20)
        target = item.scenePos()
        target.setX(min(max(target.x() + ev.rng.uniform(-60, 60), rect.left()), rect.right()))
        target.setY(min(max(target.y() + ev.rng.uniform(-60, 60), rect.top()), rect.bottom()))
        end = view.mapFromScene(target)
        if end == start:
            end = start + QPoint(3, 0)
        before, dropped = ev.ops.undo_stack.index(), len(self.dropped)
        viewport = view.viewport()
        ev.active()
        QTest.mousePress(viewport, LEFT, NONE, start)
        for step in range(1, 5):  # through the scene, as a hand moves
            QTest.mouseMove(viewport, start + (end - start) * (step / 4))
        QTest.mouseRelease(viewport, LEFT, NONE, end)
        ev.keys += 6
        if len(self.dropped) != dropped + 1:
            ev.problems.append(f"a drag from {start.toTuple()} to {end.toTuple()} dropped "
                               f"{len(self.dropped) - dropped} markers")
            return
        key, x, y = self.dropped[-1]
        uid = int(key.split(":", 1)[1])
        where = ev.ops.read(lambda s: position_of(session=s, battle_id=ev.ops.battle_id,
                                                  unit_id=uid))
        if where is None or where.x is None or where.y is None or \
                abs(where.x - x) > 0.5 or abs(where.y - y) > 0.5:  # kept to the whole pixel
            ev.problems.append(f"unit {uid} let go at ({x:.1f}, {y:.1f}) but recorded at "
                               f"{where!r}")
        self.did("drag")
        self._pushed(before, "a drag on the board")

    # --- the LIM cup (Battles of Waterloo) ----------------------------------------------------
    def lim_cup(self) -> None:
        ev, lim = self.ev, self.window.lim_panel
        if lim is None:
            self.skip("lim_cup: this rules system has no LIM pool")
            return
        ev.to_current_bound()
        ev.to_table()
        before = ev.ops.undo_stack.index()
        if lim.cup_button.isEnabled() and ev.rng.random() < 0.7:
            ev.press(K.Key_L, CTRL)
            if not lim.pool_list.hasFocus():
                ev.problems.append("Ctrl+L did not go to the cup")
                return
            for _ in range(ev.rng.randint(0, 3)):
                ev.press(K.Key_Down)
            if lim.chosen_chit() is None:
                self.skip("lim_cup: no chit to pull")
                ev.to_table()
                return
            ev.press(K.Key_Return)
            what, done = "Enter in the cup (a chit pulled)", "chit pulled"
        elif lim.draw_button.isEnabled():
            ev.press(K.Key_G, CTRL_SHIFT)
            what, done = "Ctrl+Shift+G (the desk draws)", "desk drew"
        elif lim.build_button.isEnabled():  # no pool yet this turn, or an empty cup
            ev.press(K.Key_L, CTRL_SHIFT)
            what, done = "Ctrl+Shift+L (build the pool)", "pool built"
        else:
            self.skip("lim_cup: nothing to draw")
            return
        # A button's shortcut clicks it a moment later (an animated click).
        end = time.monotonic() + 3
        while ev.ops.undo_stack.index() == before and time.monotonic() < end:
            QTest.qWait(5)
        self._pushed(before, what)
        if ev.ops.undo_stack.index() == before:
            ev.problems.append(f"{what} recorded nothing")
        self.did(done)
        ev.to_table()

    # --- the courier ledger -------------------------------------------------------------------
    def courier(self) -> None:
        ev, window = self.ev, self.window
        ev.to_current_bound()
        ev.to_table()
        ev.press(K.Key_K, CTRL_ALT)
        panel = window.courier_dock.widget()
        if not window.courier_dock.isVisible() or not panel.text_edit.hasFocus():
            ev.problems.append("Ctrl+Alt+K did not open the ledger at its text")
            return
        if panel.writer_box.count() and panel.recipient_box.count() \
                and panel.write_button.isEnabled():
            panel.writer_box.setFocus()
            for _ in range(ev.rng.randint(0, 2)):
                ev.press(K.Key_Down)
            panel.delay_spin.setFocus()
            for _ in range(10):  # 99 bounds: it never arrives during the evening
                ev.press(K.Key_PageUp)
            panel.text_edit.setFocus()
            rows, before = len(panel.model.rows()), ev.ops.undo_stack.index()
            ev.type(f"{ev.keys}: hold the ridge")
            ev.press(K.Key_Return)
            if len(panel.model.rows()) != rows + 1 or panel.text_edit.text():
                ev.problems.append("Enter in the ledger wrote no dispatch")
            self._pushed(before, "a dispatch written")
            self.did("dispatch")
        else:
            self.skip("courier: no writer or the bound is not open")
        ev.press(K.Key_K, CTRL_ALT)
        if window.courier_dock.isVisible():
            ev.problems.append("Ctrl+Alt+K did not close the ledger")
            window.courier_dock.hide()
