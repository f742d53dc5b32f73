"""The one way the window runs a long use case: off the GUI thread, with progress, outcome back.

After Anki's ``CollectionOp``: the work runs in a worker thread (it must not
touch widgets), its result — or the exception that refused it — comes back to
the GUI thread through a queued signal, and only there do the callbacks run.
An optional progress dialog without a cancel button stands in front of the
window meanwhile: a bound close or a PDF is one piece of work that cannot stop
half-way.

>>> run_in_background(owner=window, work=lambda: render(model),       # doctest: +SKIP
...                   done=save, progress=Progress(parent=window, label="Writing…"))
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget


@dataclass(frozen=True)
class Progress:
    """A busy dialog shown while the work runs: its parent, its label and its title."""

    parent: QWidget
    label: str
    title: str = ""


class _Relay(QObject):
    """Carries the worker's outcome to the GUI thread (a queued connection)."""

    finished = Signal(object)


def run_in_background(*, owner: QObject, work: Callable[[], object],
                      done: Callable[[object], None],
                      progress: Progress | None = None) -> threading.Thread:
    """Run ``work`` in a worker thread; call ``done(result or exception)`` on the GUI thread.

    ``owner`` keeps the relay alive until the outcome has been delivered (a relay
    collected early would drop it). Returns the worker thread, already started.
    """
    dialog: QProgressDialog | None = None
    if progress is not None:
        dialog = QProgressDialog(progress.label, "", 0, 0, progress.parent)
        dialog.setCancelButton(None)  # one transaction or one document: no stopping half-way
        if progress.title:
            dialog.setWindowTitle(progress.title)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.show()
    relay = _Relay(owner)

    def deliver(outcome: object) -> None:
        if dialog is not None:
            dialog.close()
            dialog.deleteLater()
        relay.deleteLater()
        done(outcome)

    relay.finished.connect(deliver, Qt.ConnectionType.QueuedConnection)

    def worker() -> None:
        try:
            outcome: object = work()
        except Exception as exc:  # handed to the GUI thread, shown there in one dialog
            outcome = exc
        relay.finished.emit(outcome)

    thread = threading.Thread(target=worker, name="desk-background", daemon=True)
    thread.start()
    return thread
