"""The overrule reason box (issue 30): an empty reason cannot be given, and the box says a
reason is needed, instead of closing as if cancelled and leaving the order unsaved."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desk.rules.base import Finding, Severity
from desk.ui.dialogs import Dialogs, ReasonDialog

OK = QDialogButtonBox.StandardButton.Ok


def test_ok_waits_for_a_reason_and_the_box_says_why(qtbot: QtBot) -> None:
    dialog = ReasonDialog(None, title="Overrule the rules?", question="Why?")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.guard.settled)
    assert not dialog.buttons.button(OK).isEnabled()
    assert dialog.needed.isVisible() and "reason is needed" in dialog.needed.text()
    qtbot.keyClicks(dialog.reason, "   ")
    assert not dialog.buttons.button(OK).isEnabled()
    qtbot.keyClicks(dialog.reason, "the bridge was repaired overnight")
    assert dialog.buttons.button(OK).isEnabled() and not dialog.needed.isVisible()


def test_the_reason_typed_is_the_one_kept(qtbot: QtBot) -> None:
    finding = Finding(code="BA_X", severity=Severity.ERROR, clause="BA-8", message="No.")

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, ReasonDialog)
        qtbot.waitUntil(box.guard.settled)  # keys in its first moment are typed-ahead ones
        qtbot.keyClicks(box.reason, "  umpire's call  ")
        box.buttons.button(OK).click()

    QTimer.singleShot(0, answer)
    assert Dialogs().ask_override_reason(unit="1/5e Ligne", findings=[finding]) == \
        "umpire's call"


def test_keys_typed_ahead_of_the_box_are_not_its_reason(qtbot: QtBot) -> None:
    """Ctrl+Enter, then the next order typed at once: the rules refuse the first, and the
    keys already on their way reach the box as it shows. They must not become the
    overrule reason kept in the journal, nor an Enter that accepts it; what the umpire
    types once the box has shown is the reason."""
    dialog = ReasonDialog(None, title="Overrule the rules?", question="Why?")
    qtbot.addWidget(dialog)
    for key, text in [(Qt.Key.Key_H, "h"), (Qt.Key.Key_O, "o"), (Qt.Key.Key_Return, "\r")]:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):  # on their way
            QCoreApplication.postEvent(dialog.reason, QKeyEvent(
                kind, key, Qt.KeyboardModifier.NoModifier, text))
    dialog.show()
    QCoreApplication.processEvents()
    assert dialog.reason.text() == "" and dialog.isVisible()  # nothing typed, not accepted
    assert dialog.guard.dropped == 3
    qtbot.waitUntil(dialog.guard.settled)
    qtbot.keyClicks(dialog.reason, "umpire's call")
    assert dialog.reason.text() == "umpire's call"
