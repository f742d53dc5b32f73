"""The umpire's answers to the window's questions, set by the test in advance.

:class:`ScriptedDialogs` is a real subclass of the desk's :class:`~desk.ui.dialogs.Dialogs`;
a module of its own (not the conftest) so that tests and the soak import it by name and
mypy knows its attributes; :func:`scripted` is a window's dialogs as that type.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from desk.rules.base import EventKind, Finding
from desk.services.printing.report_choice import Report, ReportChoice
from desk.services.screens.close_summary import CloseSummary
from desk.ui.dialogs import Dialogs, is_conflict
from desk.ui.main_window import MainWindow


class ScriptedDialogs(Dialogs):
    """The umpire's answers, set in advance; every question asked is recorded."""

    def __init__(self) -> None:
        super().__init__(None)
        self.reason: str | None = None
        self.confirm = True
        self.draw_anyway = True  # the answer to "units still to move: draw all the same?"
        self.replace_move = False  # the answer to "a move already recorded: replace it?"
        self.event_values: dict[str, Any] = {}
        self.asked: list[str] = []
        self.errors: list[BaseException] = []
        self.summaries: list[CloseSummary] = []
        self.reload = False  # the answer to "changed by another umpire: reload?"
        self.new_choice: Any = None  # a desk.ui.campaign.new_campaign.NewCampaign, or None (cancel)
        self.save_to: Path | None = None
        self.open_from: Path | None = None
        self.backup_index: int | None = None  # which backup to restore (None: cancel)
        self.restore = True  # the answer to "restore N unsaved orders?"
        # The Print dialog: its offer with these choices changed (None: cancel).
        self.print_with: dict[str, Any] | None = {}
        self.print_offers: list[Any] = []  # the PrintChoice each dialog offered first
        self.open_many: list[Path] = []  # the files chosen in a "choose files" dialog
        self.imported: list[Any] = []  # the FormImport results shown for review
        self.place_label: str | None = None  # Place on map: the entry chosen (None: cancel)
        # The report's battle and bound: None takes the offer; "cancel" cancels.
        self.report_pick: tuple[int, int] | str | None = None
        self.report_offers: list[ReportChoice] = []  # each offered
        self.words_choice: str | None = "fields"  # words and fields disagree: "words", "fields"
        self.note_text: str | None = None  # a secret note's text (None: cancel)

    def ask_override_reason(self, *, unit: str, findings: Sequence[Finding]) -> str | None:
        self.asked.append(f"reason:{unit}:" + ",".join(f.clause for f in findings))
        return self.reason

    def secret_note(self, *, unit: str) -> str | None:
        self.asked.append(f"note:{unit}")
        return self.note_text

    def idle_reason(self, *, command: str) -> str | None:
        self.asked.append(f"idle:{command}")
        return self.reason

    def confirm_draw_pending(self, *, lim: str, units: Sequence[str]) -> bool:
        self.asked.append(f"pending:{lim}:" + ",".join(units))
        return self.draw_anyway

    def confirm_replace_move(self, *, unit: str, refusal: str) -> bool:
        self.asked.append(f"replace:{unit}")
        return self.replace_move

    def confirm_close(self, summary: CloseSummary, *, unsaved: Sequence[str] = ()) -> bool:
        self.asked.append("close" + (":unsaved:" + ",".join(unsaved) if unsaved else ""))
        self.summaries.append(summary)
        return self.confirm

    def confirm_reopen(self, *, bound: int, work: str = "") -> bool:
        self.asked.append(f"reopen:{bound}")
        return self.confirm

    def event_data(self, kind: EventKind, *, unit: str) -> dict[str, Any] | None:
        self.asked.append(f"event:{kind.code}")
        return dict(self.event_values)

    def show_error(self, error: BaseException) -> bool:
        self.errors.append(error)
        return self.reload and is_conflict(error)

    def new_campaign(self) -> Any:
        self.asked.append("new")
        return self.new_choice

    def open_path(self, title: str, filters: str) -> Path | None:
        self.asked.append(f"open:{title}")
        return self.open_from

    def words_or_fields(self, *, unit: str, offer: str) -> str | None:
        self.asked.append(f"words:{unit}:{offer}")
        return self.words_choice

    def choose_report(self, choice: ReportChoice, *, report: Report) -> tuple[int, int] | None:
        self.report_offers.append(choice)
        self.asked.append(f"report:{report.value}:{choice.battle_id}:{choice.bound}")
        if self.report_pick == "cancel":
            return None
        if isinstance(self.report_pick, tuple):
            return self.report_pick
        return choice.battle_id, choice.bound

    def save_path(self, title: str, suggested: str, filters: str) -> Path | None:
        self.asked.append(f"save:{suggested}")
        return self.save_to

    def print_choice(self, *, tree: Any, labels: Any, choice: Any, current_bound: int,
                     open_bound: int | None) -> Any:
        from dataclasses import replace

        self.asked.append("print")
        self.print_offers.append(choice)
        return None if self.print_with is None else replace(choice, **self.print_with)

    def open_paths(self, title: str, filters: str) -> list[Path]:
        self.asked.append(f"open_many:{title}")
        return list(self.open_many)

    def show_imported(self, result: Any) -> None:
        self.asked.append(f"imported:{len(result.imported)}")
        self.imported.append(result)

    def choose_backup(self, backups: Sequence[Any]) -> Any:
        self.asked.append(f"backups:{len(backups)}")
        return None if self.backup_index is None else backups[self.backup_index]

    def choose_to_place(self, labels: Sequence[str]) -> int | None:
        self.asked.append(f"place:{len(labels)}")
        found = [i for i, label in enumerate(labels) if label == self.place_label]
        return found[0] if found else None

    def confirm_revoke(self, *, player: str) -> bool:
        self.asked.append(f"revoke:{player}")
        return self.confirm

    def confirm_restore(self, backup: Any) -> bool:
        self.asked.append("restore")
        return self.confirm

    def restore_drafts(self, units: Sequence[str]) -> bool:
        self.asked.append("drafts:" + ",".join(units))
        return self.restore


def scripted(window: MainWindow) -> ScriptedDialogs:
    """The window's dialogs: the scripted ones every test window is built with."""
    assert isinstance(window.dialogs, ScriptedDialogs), window.dialogs
    return window.dialogs
