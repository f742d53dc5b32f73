"""One scripted evening at the real desk window, in a child process (issue 13's soak test).

Run by tests/soak/test_soak.py as ``python tests/soak/evening.py RULES ACTIONS FOLDER``;
prints one JSON object on stdout. It makes a demo campaign in FOLDER, opens the
real MainWindow over it (desk.ui.app.build_window) and plays from the keyboard
with QTest key events: orders typed and saved with Ctrl+Enter (overruled with a
reason when the rules refuse them), in-bound events (Ctrl+E), Ctrl+Z and
Ctrl+Shift+Z, bounds closed (Ctrl+Shift+B) and reopened (Ctrl+Shift+R), earlier
bounds looked at (Alt+Left, Alt+Right, Alt+Home), order sheets printed (Ctrl+P)
into FOLDER. ACTIONS counts key events. Being its own process, an abort here
(Fatal Python error) fails the test instead of killing pytest.

The JSON: actions, seconds, rss_kib at warm-up and end, every Qt warning, and
every difference between :mod:`ledger` (what was entered) and the file.
"""

from __future__ import annotations

import faulthandler
import gc
import json
import random
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from board_steps import BoardSteps
from harness import Opened, load_dialogs, record_qt_warnings, rss_kib
from ledger import Ledger, baseline, compare
from PySide6.QtCore import QObject
from PySide6.QtCore import Qt as _Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QProgressDialog
from scripted_dialogs import scripted

from desk.ui.main_window import MainWindow

K = _Qt.Key
NONE, CTRL, ALT = (_Qt.KeyboardModifier.NoModifier, _Qt.KeyboardModifier.ControlModifier,
                   _Qt.KeyboardModifier.AltModifier)
CTRL_SHIFT = CTRL | _Qt.KeyboardModifier.ShiftModifier
# An in-bound event each system records with no data asked (the scripted dialog gives these).
EVENTS = {"belle-alliance": ("became-LD", {"charging": False}),
          "battles-of-waterloo": ("activation-failed", {}),
          "la-bataille": ("disordered", {})}
WORDS = ("advance", "hold", "the", "ridge", "march", "on", "church", "wood", "farm", "support",
         "left", "right", "road")


class Evening:
    """The umpire at the keyboard; every key event counts as one action."""

    def __init__(self, window: MainWindow, rules: str, folder: Path, seed: int) -> None:
        self.window, self.ops, self.dialogs = window, window.ops, scripted(window)
        self.rules, self.folder = rules, folder
        self.rng = random.Random(seed)
        self.keys = 0
        self.counts: dict[str, int] = {}
        self.problems: list[str] = []
        self.ledger: Ledger = baseline(self.ops.store, battle_id=self.ops.battle_id,
                                       bound=self.ops.context.current_bound)
        self.opened = Opened()
        # PySide6's stub asks for the slot's name as bytes, but its binding takes only a
        # str ("called with wrong argument values" for b"open", 6.11): typed as it runs.
        set_url_handler = cast(Callable[[str, QObject, str], None],
                               QDesktopServices.setUrlHandler)
        set_url_handler("file", self.opened, "open")
        self.extra = BoardSteps(self)

    # --- keys -------------------------------------------------------------------------------
    def active(self) -> None:
        # Offscreen Qt has no window manager to give the focus back to the window when
        # a progress dialog (closing a bound, writing a PDF) closes; a person's has.
        if QApplication.activeWindow() is not self.window:
            self.window.activateWindow()
            QTest.qWaitForWindowActive(self.window)

    def press(self, key: Any, modifier: Any = NONE) -> None:
        self.active()
        widget = QApplication.focusWidget() or self.window
        QTest.keyClick(widget, key, modifier)
        self.keys += 1

    def type(self, text: str) -> None:
        self.active()
        widget = QApplication.focusWidget() or self.window
        QTest.keyClicks(widget, text)
        self.keys += len(text)

    def wait(self, done: Any, what: str, timeout: float = 60.0) -> bool:
        end = time.monotonic() + timeout
        while not done():
            if time.monotonic() > end:
                self.problems.append(f"timed out waiting for {what}")
                return False
            QTest.qWait(5)
        return True

    def to_table(self) -> None:
        self.active()
        self.window.table.setFocus()  # where a person clicks before the next shortcut

    def to_current_bound(self) -> None:
        if self.window.shown_bound != self.ops.context.current_bound:
            self.to_table()
            self.press(K.Key_Home, ALT)

    # --- what the umpire does ---------------------------------------------------------------
    def order(self) -> None:
        self.to_current_bound()
        self.to_table()
        if self.rng.random() < 0.6:
            self.press(K.Key_J, CTRL)  # the next unit without an order
        else:  # or change one further down the table
            for _ in range(self.rng.randint(1, 4)):
                self.press(K.Key_Down)
        self.press(K.Key_F2)
        self.press(K.Key_A, CTRL)  # whatever the form shows is replaced
        words = " ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(2, 6)))
        self.type(f"{self.keys}: {words.capitalize()}.")
        if self.rng.random() < 0.5:  # Tab to the first field, a step down its list
            self.press(K.Key_Tab)
            self.press(K.Key_Down)
        form, unit = self.window.form, self.window.unit_id
        if unit is None:
            self.problems.append("the table lost its selection: no unit to write an order for")
            return
        entry = (form.verbatim(), dict(form.fields()),
                 "overruled" if form.has_errors() else "accepted")
        before = self.ops.undo_stack.index()
        self.press(K.Key_Return, CTRL)
        if self.ops.undo_stack.index() != before + 1:
            self.problems.append(f"Ctrl+Enter saved nothing for unit {unit} ({entry[0]!r})")
            return
        self.ledger.saved(unit, entry)

    def event(self) -> None:
        self.to_current_bound()
        self.to_table()
        self.press(K.Key_Down)
        code, data = EVENTS[self.rules]
        box = self.window.unit_panel.event_box
        box.setFocus()
        self.press(K.Key_Home)
        for _ in range(box.count()):
            if box.currentData() == code:
                break
            self.press(K.Key_Down)
        self.dialogs.event_values = dict(data)
        refused = len(self.dialogs.errors)
        before = self.ops.undo_stack.index()
        self.press(K.Key_E, CTRL)
        if len(self.dialogs.errors) > refused:
            self.count("event refused (shown in one dialog)")
        elif self.ops.undo_stack.index() == before + 1 and self.window.unit_id is not None:
            self.ledger.recorded(self.window.unit_id)
        else:
            self.problems.append(f"Ctrl+E recorded nothing for unit {self.window.unit_id}")

    def undo(self) -> None:
        self.to_table()
        expected = self.ledger.undo()
        index = self.ops.undo_stack.index()
        self.press(K.Key_Z, CTRL)
        if (self.ops.undo_stack.index() == index - 1) != expected:
            self.problems.append(f"Ctrl+Z: the stack went {index} → {self.ops.undo_stack.index()}")

    def redo(self) -> None:
        self.to_table()
        expected = self.ledger.redo()
        index = self.ops.undo_stack.index()
        self.press(K.Key_Z, CTRL_SHIFT)
        if (self.ops.undo_stack.index() == index + 1) != expected:
            self.problems.append(f"Ctrl+Shift+Z: the stack went {index} → "
                                 f"{self.ops.undo_stack.index()}")

    def busy(self) -> bool:
        """A progress dialog (a close, a PDF) still stands in front of the window."""
        return any(d.isVisible() for d in self.window.findChildren(QProgressDialog))

    def close_bound(self) -> None:
        self.to_current_bound()
        self.to_table()
        bound = self.ops.context.current_bound
        self.press(K.Key_B, CTRL_SHIFT)
        if self.wait(lambda: self.ops.context.current_bound == bound + 1
                     and not self.busy(), f"bound {bound} to close"):
            self.ledger.closed()

    def reopen_bound(self) -> None:
        bound = self.ops.context.current_bound
        if bound <= 1:
            return
        self.to_table()
        self.press(K.Key_R, CTRL_SHIFT)
        if self.ops.context.current_bound != bound - 1:
            self.problems.append(f"Ctrl+Shift+R did not reopen bound {bound - 1}")
            return
        self.ledger.reopened()

    def look_back(self) -> None:
        self.to_table()
        current = self.ops.context.current_bound
        steps = min(self.rng.randint(1, 3), current - 1)
        for _ in range(steps):
            self.press(K.Key_Left, ALT)
            for _ in range(self.rng.randint(0, 3)):  # read a few of that bound's orders
                self.to_table()
                self.press(K.Key_Down)
        self.to_table()
        self.press(K.Key_Right, ALT)
        shown = min(current - steps + 1, current)
        if self.window.shown_bound != shown:
            self.problems.append(f"looking back from {current}: showed "
                                 f"{self.window.shown_bound}, expected {shown}")
        self.press(K.Key_Home, ALT)
        if self.window.shown_bound != current:
            self.problems.append(f"Alt+Home showed bound {self.window.shown_bound}")

    def print_sheets(self) -> None:
        self.to_table()
        # The Print dialog answered as the umpire's Enter would, into a folder of its own,
        # opened when written (the viewer is the soak's URL handler).
        target = self.folder / f"sheets-{self.keys}"
        self.dialogs.print_with = {"folder": target, "open_folder": True}
        self.press(K.Key_P, CTRL)
        if self.wait(lambda: target in self.opened.paths, f"{target.name} to be written"):
            pdfs = sorted(target.glob("*.pdf"))
            if not pdfs or any(p.read_bytes()[:5] != b"%PDF-" for p in pdfs):
                self.problems.append(f"{target.name} holds no PDF, or one that is not")
            shutil.rmtree(target)  # the soak measures the desk, not a folder filling up

    def resize(self) -> None:
        self.window.resize(1100 + self.rng.randint(0, 400), 700 + self.rng.randint(0, 200))
        QTest.qWait(1)
        self.keys += 1

    # --- the evening ------------------------------------------------------------------------
    def count(self, name: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1

    def do(self, name: str) -> None:
        """One step by name: the evening's own, or one at this wave's controls (the board,
        the LIM cup, the courier ledger: tests/soak/board_steps.py)."""
        (getattr(self, name, None) or getattr(self.extra, name))()
        self.count(name)

    TOUR = ("order", "order", "event", "undo", "redo", "order", "board", "lim_cup", "courier",
            "undo", "redo", "close_bound", "look_back", "order", "reopen_bound", "undo", "order",
            "board", "lim_cup", "close_bound", "print_sheets", "resize")

    def tour(self) -> None:
        """Every kind of step once, whatever the dice say later: the short form covers all."""
        for name in self.TOUR:
            self.do(name)

    def step(self) -> None:
        choices: list[tuple[str, float]] = [
            ("order", 30), ("undo", 5), ("redo", 4), ("event", 4), ("look_back", 3),
            ("resize", 2), ("close_bound", 1.5), ("reopen_bound", 0.4), ("print_sheets", 0.3),
            ("board", 3), ("lim_cup", 3), ("courier", 1.5)]
        name = self.rng.choices([c for c, _ in choices], [w for _, w in choices])[0]
        self.do(name)


def main(rules: str, actions: int, folder: Path) -> dict[str, Any]:
    faulthandler.enable()  # an abort still says where, on stderr, for the test to show
    warnings = record_qt_warnings()
    app = QApplication([sys.argv[0]])
    from desk.services.campaign.scenarios import create_demo_campaign
    from desk.store import open_campaign
    from desk.ui.app import build_window

    path = folder / f"{rules}.desk"
    create_demo_campaign(target=path, rules_system=rules)
    store = open_campaign(path)
    dialogs = load_dialogs()
    dialogs.reason = "Umpire's ruling at the table"
    window = build_window(store=store, dialogs=dialogs, backup_dir=folder / "backups")
    window.show()
    window.activateWindow()
    QTest.qWaitForWindowActive(window)
    evening = Evening(window, rules, folder, seed=sum(map(ord, rules)) + actions)
    started = time.monotonic()
    warm_at, warm_rss = max(actions // 5, 300), 0
    evening.tour()
    while evening.keys < actions:
        evening.step()
        if not warm_rss and evening.keys >= warm_at:
            gc.collect()
            warm_rss = rss_kib()
    app.processEvents()
    gc.collect()
    result = {
        "rules": rules, "actions": evening.keys, "seconds": round(time.monotonic() - started, 1),
        "rss_warm_kib": warm_rss, "rss_end_kib": rss_kib(),
        "bounds": evening.ops.context.current_bound, "steps": evening.counts,
        "skipped": evening.extra.skipped, "controls": evening.extra.done,
        "warnings": warnings, "problems": evening.problems,
        "errors_shown": [str(e) for e in dialogs.errors],
        "differences": compare(evening.ledger, store, battle_id=evening.ops.battle_id),
    }
    window.close()
    store.close()
    return result


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]))))
