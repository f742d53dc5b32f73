"""The names a campaign knows, for the fields that hold them: features, units, commands, leaders.

A field whose values the scenario knows (a feature to cross, a unit passed
through, a leader lost) lists them as the umpire types (the window's completer).
:func:`scenario_names` reads them in four column queries, in the order of battle's
order (features as the scenario lists them), so the list reads as the umpire's
own papers do. The window reads it when a field first asks, not at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.rules.records import Names
from desk.store.tables.oob import Command, Leader, Side, Unit
from desk.store.tables.terrain import TerrainFeature


@dataclass(frozen=True)
class ScenarioNames:
    """The campaign's names by kind, each in the order the umpire's papers list them."""

    features: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()

    def of(self, kind: Names) -> tuple[str, ...]:
        """The names of one kind."""
        return {Names.FEATURES: self.features, Names.UNITS: self.units,
                Names.COMMANDS: self.commands, Names.LEADERS: self.leaders}[kind]


def _unique(names: list[str]) -> tuple[str, ...]:
    # Two units may share a name in different commands; the list shows it once.
    return tuple(dict.fromkeys(n for n in names if n))


def scenario_names(*, session: Session, campaign_id: int, battle_id: int) -> ScenarioNames:
    """The features of the battle and the units, commands and leaders of the campaign."""
    sides = sql_select(col(Side.id)).where(col(Side.campaign_id) == campaign_id)
    features = session.execute(sql_select(col(TerrainFeature.name))
                               .where(col(TerrainFeature.battle_id) == battle_id)
                               .order_by(col(TerrainFeature.id))).scalars().all()
    units = session.execute(sql_select(col(Unit.name)).where(col(Unit.side_id).in_(sides))
                            .order_by(col(Unit.side_id), col(Unit.sort_key), col(Unit.id))
                            ).scalars().all()
    commands = session.execute(sql_select(col(Command.name))
                               .where(col(Command.side_id).in_(sides))
                               .order_by(col(Command.side_id), col(Command.sort_key),
                                         col(Command.id))).scalars().all()
    leaders = session.execute(sql_select(col(Leader.name)).where(col(Leader.side_id).in_(sides))
                              .order_by(col(Leader.side_id), col(Leader.id))).scalars().all()
    return ScenarioNames(features=_unique(list(features)), units=_unique(list(units)),
                         commands=_unique(list(commands)), leaders=_unique(list(leaders)))
