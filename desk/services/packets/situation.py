"""The one-page situation report of a packet, in the players' words (issue 22).

Built only from what the side may know: its own units (state, strength, losses in the
last bound), and of the enemy only the units the umpire marked seen (where and how
strong they looked then, rounded). Unseen enemy units are never named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import unit_records
from desk.services.condition.reinforcements import hidden_units
from desk.services.dto import UnitStateView
from desk.services.knowledge.views import SideBelief
from desk.services.maps.seen import last_seen
from desk.services.maps.viewmodel import rounded_strength
from desk.services.printing import vocabulary
from desk.services.printing.viewmodels import Paper
from desk.services.queries import unit_states
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Side, Unit


@dataclass(frozen=True)
class OwnUnit:
    """One of the side's units as the report lists it."""

    name: str
    command: str
    formation: str  # in the players' words
    strength: int
    lost: int  # strength lost in the last bound (0 in the first)
    # With information travelling (issue 31), what the headquarters has heard: "" (the
    # setting off: the truth), else the news of the unit in the players' words ("now",
    # "bound 2": where it was then, "no news").
    news: str = ""


@dataclass(frozen=True)
class EnemySeen:
    """An enemy unit the side saw: when last, and how strong it looked then."""

    name: str
    seen_bound: int
    about: str


@dataclass(frozen=True)
class SituationModel:
    """A side's (or command's) situation at the start of a bound."""

    campaign: str
    battle: str
    side: str
    command: str | None
    player: str | None
    bound: int
    game_time: str
    commitment: str
    own: tuple[OwnUnit, ...]
    enemy: tuple[EnemySeen, ...]
    dispatches: int
    deadline: str = ""
    paper: Paper = Paper.A4


def situation_model(session: Session, *, campaign: Campaign, battle: Battle, bound: Bound,
                    side: Side, commands: frozenset[int] | None,
                    belief: SideBelief | None, commitment: str,
                    player: str | None = None, command: str | None = None,
                    dispatches: int = 0, deadline: str = "",
                    paper: Paper = Paper.A4,
                    states: Mapping[int, UnitStateView] | None = None) -> SituationModel:
    """The report of ``side`` (only ``commands`` when given) at ``bound``; ``belief``: what
    its headquarters know, with information travelling (None: the truth); ``states``: the
    side's states at ``bound`` where the caller read them already (its order sheet's)."""
    battle_id, number = battle.id or 0, bound.number
    heard = belief.units if belief is not None else None
    hidden = hidden_units(session=session, battle_id=battle_id, bound=number)
    # The side's units only, as plain records: a 500-unit side's page reads no other side's.
    now = states if states is not None else unit_states(
        session=session, battle_id=battle_id, bound=number, side_id=side.id)
    before = unit_states(session=session, battle_id=battle_id, bound=number - 1,
                         side_id=side.id) if number > 1 else {}
    own = []
    for unit, _side, command_name in unit_records(session, campaign.id or 0, attrs=False,
                                                  bound_id=bound.id, side_id=side.id):
        uid = unit.id
        if uid in hidden or (commands is not None and unit.command_id not in commands):
            continue
        state = now.get(uid)
        strength = state.strength if state is not None else unit.strength
        earlier = before.get(uid)
        lost = max(0, earlier.strength - strength) if earlier is not None else 0
        news = heard.get(uid) if heard is not None else None
        if news is not None and not news.own:  # as reported, or no news: never the truth
            own.append(OwnUnit(name=unit.name, command=command_name,
                               formation=vocabulary.word(news.formation)
                               if news.formation else "",
                               strength=unit.strength if news.strength is None
                               else news.strength, lost=0,
                               news=_("no news") if news.as_of is None
                               else _("bound {n}").format(n=news.as_of)))
            continue
        own.append(OwnUnit(name=unit.name, command=command_name,
                           formation=vocabulary.word(state.formation)
                           if state is not None and state.formation else "",
                           strength=strength, lost=lost,
                           news="" if heard is None else _("now")))
    # Information travelling, the enemy is what reached these headquarters, not the side.
    seen = dict(belief.enemies) if belief is not None else last_seen(
        session=session, side_id=side.id or 0, battle_id=battle_id, up_to=number)
    enemy = []
    if seen:
        units = {u.id: u for u in session.exec(select(Unit).where(col(Unit.id).in_(list(seen))))}
        cache: dict[int, dict[int, int]] = {}
        for uid, then in sorted(seen.items(), key=lambda pair: (-pair[1], pair[0])):
            if then not in cache:  # the seen units' states of that bound, not every unit's
                cache[then] = {k: v.strength for k, v in unit_states(
                    session=session, battle_id=battle_id, bound=then,
                    unit_ids=[u for u, b in seen.items() if b == then]).items()}
            row = units.get(uid)
            if row is None:
                continue
            enemy.append(EnemySeen(name=row.name, seen_bound=then,
                                   about=rounded_strength(cache[then].get(uid, row.strength))))
    return SituationModel(campaign=campaign.name, battle=battle.name, side=side.name,
                          command=command, player=player, bound=number,
                          game_time=bound.game_time, commitment=commitment, own=tuple(own),
                          enemy=tuple(enemy), dispatches=dispatches, deadline=deadline,
                          paper=paper)
