"""Which battle and bound a report is of, before it is written: the last one played.

Right after a close the open bound is new and empty: a bound report of it lists
every unit "without an order". What the umpire wants then is the bound just
played; after a new battle is begun, the losses of the battle just ended. The
window offers every battle and bound with these as the defaults (issue 30).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sqlmodel import Session

from desk.services.battles.roster import BattleView, battles


class Report(StrEnum):
    """The reports written for a chosen battle and bound."""

    BOUND = "report"  # the bound report: one bound's orders, findings and events
    LOSSES = "losses"  # the losses report: one battle's, by side, command and bound


@dataclass(frozen=True)
class ReportBattle:
    """A battle a report may be of, with the bounds it has."""

    id: int
    name: str
    ended: bool
    bounds: int  # bounds 1 … this exist (the last is the open one while it is played)
    played: int  # bounds closed: 0 while bound 1 is still being played


@dataclass(frozen=True)
class ReportChoice:
    """The battles on offer and what the window proposes."""

    battles: tuple[ReportBattle, ...]
    battle_id: int
    bound: int


def _battle(view: BattleView) -> ReportBattle:
    # An ended battle's last bound was opened and closed by the end itself: nothing in it.
    ended = view.status == "ended"
    bounds = view.current_bound - 1 if ended else view.current_bound
    return ReportBattle(id=view.id, name=view.name, ended=ended, bounds=max(1, bounds),
                        played=view.current_bound - 1)


def report_choice(*, session: Session, report: Report, battle_id: int,
                  shown_bound: int | None = None) -> ReportChoice:
    """The battles of the campaign and the default for ``report``: the battle shown, at the
    bound looked back at (``shown_bound``, when it is not the open one) or else the last
    bound closed; for the losses, the last battle with a bound played."""
    found = tuple(_battle(b) for b in battles(session=session))
    shown = next((b for b in found if b.id == battle_id), found[-1] if found else None)
    if shown is None:
        return ReportChoice(battles=(), battle_id=battle_id, bound=1)
    if report is Report.LOSSES:
        if shown.played == 0:  # just begun: the battle before it, if any was played
            earlier = [b for b in found if b.played and b.id != shown.id]
            shown = earlier[-1] if earlier else shown
        return ReportChoice(battles=found, battle_id=shown.id, bound=shown.bounds)
    if shown_bound is not None and 1 <= shown_bound <= shown.played:
        bound = shown_bound  # the umpire is looking back at it
    else:
        bound = shown.played or 1
    return ReportChoice(battles=found, battle_id=shown.id, bound=bound)
