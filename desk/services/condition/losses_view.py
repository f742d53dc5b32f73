"""The losses report's frozen view model: what the renderer draws, no database in sight."""

from __future__ import annotations

from dataclasses import dataclass

from desk.services.printing.viewmodels import Paper


@dataclass(frozen=True)
class SideLosses:
    """One side: its strength on the table at each column, its losses in each bound."""

    side: str
    strength: tuple[int, ...]  # one per column of :attr:`LossesModel.columns`
    losses: tuple[int, ...]  # one per bound of :attr:`LossesModel.bounds`

    @property
    def total(self) -> int:
        """All its losses in the battle."""
        return sum(self.losses)


@dataclass(frozen=True)
class CommandLosses:
    """One command's losses in each bound: its own units' and those of every command under
    it."""

    side: str
    command: str
    losses: tuple[int, ...]
    depth: int = 0  # 0: a top command; its divisions 1, their brigades 2 …

    @property
    def total(self) -> int:
        """All its losses in the battle."""
        return sum(self.losses)


@dataclass(frozen=True)
class UnitEvent:
    """A unit that came on or went off the table: arrived, destroyed, captured, left."""

    bound: int
    side: str
    unit: str
    what: str


@dataclass(frozen=True)
class LossesModel:
    """Everything the losses report prints, from what the players may not see too."""

    campaign_name: str
    battle: str
    rules_name: str
    casualty_unit: str  # figures, increments, SP
    bounds: tuple[int, ...]  # the bounds played (the open one last)
    columns: tuple[str, ...]  # strength columns: start of each bound, then "now"
    sides: tuple[SideLosses, ...]
    commands: tuple[CommandLosses, ...]
    events: tuple[UnitEvent, ...]
    paper: Paper = Paper.A4
