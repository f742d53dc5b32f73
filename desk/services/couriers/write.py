"""Writing a dispatch: chain of command, limit, delay, and its loss and capture rolls.

Every roll comes from the bound's own seed (desk/services/rolls.py) under the
purposes ``dispatch:<seq>:loss`` and ``dispatch:<seq>:capture``, so the ledger's
rolls can be recomputed by anyone holding the seed. A dispatch to the
writer's own units within reach is received at once: it becomes their order in
the open bound. Each refusal is one sentence and changes nothing.

Over the leader's limit of dispatches a bound, a dispatch is refused unless the
umpire gives his ``reason``: then it is written, the reason kept on it and in the
journal as an override. A draft order a filled sheet left waiting for that
unit because its dispatch was over the limit is withdrawn when the dispatch goes
(the dispatch takes its fields when given none): the order goes once, by courier.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, col, select

from desk.i18n import _, term
from desk.rules.condition import PRESENT
from desk.rules.couriers import (
    DISPATCH_OVER_LIMIT,
    LIMIT_CLAUSE,
    REACH_DISTANCE,
    CourierRules,
    Point,
    PointsByX,
    delay_for,
    percent_hit,
    route_length,
)
from desk.rules.lengths import Cm
from desk.services.common import add_journal, get_battle, open_bound
from desk.services.condition.strengths import strengths_now
from desk.services.couriers.chain import Chain, ChainUnit, Places, chain_of
from desk.services.couriers.deliver import deliver
from desk.services.couriers.settings import (
    CourierRefused,
    DispatchLimitReached,
    HeadquartersUnplaced,
    rules_for,
)
from desk.services.couriers.views import DispatchView, dispatch_views
from desk.services.rolls import rng_for
from desk.services.versions import inserted
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command, Leader, Side, Unit


def loss_purpose(seq: int) -> str:
    """The purpose of the loss roll of the bound's ``seq``-th dispatch."""
    return f"dispatch:{seq}:loss"


def capture_purpose(seq: int) -> str:
    """The purpose of the capture roll of the bound's ``seq``-th dispatch."""
    return f"dispatch:{seq}:capture"


def _writer_command(chain: Chain, leader: Leader, target: int) -> Command:
    """The writer's command that ``target`` (a command id) lies under, else refuse."""
    led = [c for c in chain.commands.values() if c.leader_id == leader.id]
    if not led:
        raise CourierRefused(_('{leader} commands nothing: he cannot write orders.')
                             .format(leader=leader.name))
    for command in led:
        if chain.path_below(command.id or 0, target) is not None:
            return command
    raise CourierRefused(_("the recipient is not under {leader}'s command: a dispatch goes down his"
                           ' own chain of command.')
                         .format(leader=leader.name))


def _route(chain: Chain, places: Places, writer: Command, via: list[int],
           unit: ChainUnit | None, command: Command | None) -> list[Point | None]:
    points = [places.of_command(chain, writer.id or 0)]
    points += [places.of_command(chain, c) for c in via]
    points.append(places.of_unit(unit.id or 0) if unit is not None
                  else places.of_command(chain, command.id or 0 if command else 0))
    return points


def _enemies(session: Session, places: Places, side_id: int) -> tuple[list[int], PointsByX]:
    """Each placed enemy unit's side id, and their points sorted for the nearest-to-route
    question: read once per side for ``places`` (a close's reports ride past the same
    enemy, sixty times over)."""
    found = places.enemies.get(side_id)
    if found is not None:
        return found
    sides = {uid: side for uid, side in session.exec(
        select(Unit.id, Unit.side_id).where(Unit.side_id != side_id))}
    owners: list[int] = []
    points: list[Point] = []
    for uid in places.placed:
        point = places.of_unit(uid) if uid in sides else None
        if point is not None:
            owners.append(sides[uid])
            points.append(point)
    found = places.enemies[side_id] = (owners, PointsByX.of(points))
    return found


def write_dispatch(
    *, session: Session, battle_id: int, writer_id: int, to_unit_id: int | None = None,
    to_command_id: int | None = None, text: str, fields: Mapping[str, object] | None = None,
    kind: str = "order", route: str = "direct", delay: int | None = None, seen_bound: int,
    reason: str = "",
) -> DispatchView:
    """Write a dispatch in the open bound ``seen_bound``; see the module text.

    ``delay`` is the umpire's delay in bounds (needed when the headquarters are
    not placed; never below the campaign's minimum). ``reason`` is the umpire's,
    overruling the leader's limit of dispatches a bound.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    if bound.number != seen_bound:
        raise CourierRefused(_('bound {seen_bound} is not the open bound (bound {number} is): '
                               'nothing written.')
                             .format(seen_bound=seen_bound, number=bound.number))
    leader = session.get(Leader, writer_id)
    if leader is None:
        raise CourierRefused(_('there is no leader number {writer_id}.')
                             .format(writer_id=writer_id))
    if (to_unit_id is None) == (to_command_id is None):
        raise CourierRefused(_('a dispatch goes to one unit or one command.'))
    if route not in ("direct", "chain"):
        raise CourierRefused(_("a dispatch's route is direct or chain, not {route!r}.")
                             .format(route=route))
    if not text.strip() and not fields:
        raise CourierRefused(_('a dispatch needs its text.'))
    chain = chain_of(session, side_id=leader.side_id)
    unit = chain.units.get(to_unit_id or 0) if to_unit_id is not None else None
    command = chain.commands.get(to_command_id or 0) if to_command_id is not None else None
    if unit is None and command is None:
        raise CourierRefused(_("the recipient is not of {leader}'s side: a dispatch goes down his "
                               'own chain of command.')
                             .format(leader=leader.name))
    target = unit.command_id if unit is not None else (command.id or 0 if command else 0)
    writer = _writer_command(chain, leader, target)
    if command is not None and command.id == writer.id:
        raise CourierRefused(_("{command} is {leader}'s own command: write to a subordinate command"
                               ' or unit.')
                             .format(command=command.name, leader=leader.name))
    _refuse_a_fallen_writer(session, battle_id=battle_id, chain=chain, leader=leader,
                            writer=writer)
    rules = rules_for(session, campaign_id=battle.campaign_id)
    written = int(session.exec(select(func.count()).select_from(Dispatch).where(
        Dispatch.bound_id == bound.id, Dispatch.writer_id == leader.id)).one())
    over_limit = written >= rules.limit_per_leader
    if over_limit and not reason.strip():
        raise DispatchLimitReached(
            _('{leader} has written {written} dispatches in bound {number}, the limit per '
              'leader: nothing written (give a reason to overrule it).')
            .format(leader=leader.name, written=written, number=bound.number),
            leader=leader.name, written=written, bound=bound.number)
    if delay is not None and delay < rules.min_delay_bounds:
        raise CourierRefused(_("a delay of {delay} bounds is below the campaign's minimum of "
                               '{min_delay_bounds}: nothing written.')
                             .format(delay=delay, min_delay_bounds=rules.min_delay_bounds))
    path = chain.path_below(writer.id or 0, target) or []
    via = (path if unit is not None else path[:-1]) if route == "chain" else []
    places = Places(session, battle_id=battle_id, bound=bound.number)
    points = _route(chain, places, writer, via, unit, command)
    placed = [p for p in points if p is not None]
    distance = route_length(placed) if len(placed) == len(points) else None
    at_once = _within_reach(rules, writer, unit, distance)
    if not at_once and distance is None and delay is None:
        if places.unscaled:
            raise HeadquartersUnplaced(_("the map has no scale in cm to measure the ride by: "
                                         "calibrate it (desk map-calibrate) or give the delay "
                                         "in bounds."))
        raise HeadquartersUnplaced(_('the headquarters on this route are not all placed: '
                                     'give the delay in bounds.'))
    seq = int(session.exec(select(func.coalesce(func.max(Dispatch.seq), 0))
                           .where(Dispatch.bound_id == bound.id)).one()) + 1
    held = _held_draft(session, bound=bound, unit_id=to_unit_id) if kind == "order" else None
    if held is not None and not fields:
        fields = held.fields
    row = Dispatch(battle_id=battle_id, bound_id=bound.id or 0, seq=seq,
                   writer_id=leader.id or 0, writer_command_id=writer.id or 0,
                   to_unit_id=to_unit_id, to_command_id=to_command_id,
                   game_time=bound.game_time, kind=kind, text=text.strip(),
                   fields=dict(fields or {}), route=route, via=via, distance=distance,
                   override_reason=reason.strip() if over_limit else "")
    if at_once:
        row.delay_bounds, row.due_bound = 0, bound.number
    else:
        row.delay_bounds = delay if delay is not None else delay_for(distance or Cm(0.0), rules)
        row.due_bound = bound.number + row.delay_bounds
        rolled = fate_of(session, seq=seq, rules=rules, seed=bound.seed, points=points,
                         places=places, side_id=leader.side_id)
        row.fate, row.rolls, row.captor_side_id = (rolled.fate, rolled.rolls,
                                                   rolled.captor_side_id)
    session.add(row)
    with inserted(f"{leader.name}'s dispatch"):
        session.flush()
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="dispatch",
                message=f"Dispatch {bound.number}.{seq} from {leader.name}: "
                f"{row.fate}, due at bound {row.due_bound}.")
    if over_limit:
        add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=to_unit_id,
                    kind="override", reason=reason.strip(), clause=LIMIT_CLAUSE,
                    message=f"Umpire overruled the limit per leader for dispatch "
                    f"{bound.number}.{seq}: {leader.name} had written {written} in bound "
                    f"{bound.number}, the limit is {rules.limit_per_leader}.")
    if held is not None:  # the sheet's order goes once: by this courier
        held.status = "cancelled"
        session.add(held)
        add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=to_unit_id,
                    kind="dispatch", message=f"The draft order from the filled sheet went as "
                    f"dispatch {bound.number}.{seq}; the draft is withdrawn.")
        session.flush()
    if at_once:
        deliver(session, dispatch=row, chain=chain, bound=bound, kind="dispatch")
    return dispatch_views(session, battle_id=battle_id, where=(Dispatch.id == row.id,))[0]


def _held_draft(session: Session, *, bound: Bound, unit_id: int | None) -> Order | None:
    """The unit's draft order of ``bound`` that a filled sheet left waiting because its
    dispatch was over the limit (None when it has none)."""
    if unit_id is None:
        return None
    order = session.exec(select(Order).where(Order.bound_id == bound.id,
                                             Order.unit_id == unit_id)).first()
    if order is None or order.status != "draft" or order.source != "form":
        return None
    return order if any(f.get("code") == DISPATCH_OVER_LIMIT for f in order.findings) else None


def _refuse_a_fallen_writer(session: Session, *, battle_id: int, chain: Chain, leader: Leader,
                            writer: Command) -> None:
    """A leader whose staff was destroyed or captured, or who fell and is not yet replaced,
    writes nothing (the losses events of issue 19 record it on his staff unit)."""
    staff = [u for u in chain.units_under(writer.id or 0)
             if u.arm == "staff" and u.command_id == writer.id]
    if not staff:
        return
    now = strengths_now(session=session, battle_id=battle_id)
    for unit in staff:
        state = now.get(unit.id or 0)
        if state is None:
            continue
        if state.status != PRESENT:
            raise CourierRefused(_("{leader} writes no dispatch: his staff ({unit}) is {status}."
                                   ).format(leader=leader.name, unit=unit.name,
                                            status=term(state.status)))
        if state.leader_lost:
            raise CourierRefused(_("{leader} writes no dispatch: he is lost and not yet replaced "
                                   "(data: leaders.lost_until_replaced).")
                                 .format(leader=leader.name))


def _within_reach(rules: CourierRules, writer: Command, unit: ChainUnit | None,
                  distance: float | None) -> bool:
    if rules.reach == REACH_DISTANCE:
        return distance is not None and distance <= rules.reach_distance
    return unit is not None and unit.command_id == writer.id


@dataclass(frozen=True)
class CourierFate:
    """What a dispatch's rolls made of it: its fate, the rolls, and the captor (if any)."""

    fate: str
    rolls: dict[str, object]
    captor_side_id: int | None = None


def fate_of(session: Session, *, seq: int, rules: CourierRules, seed: str,
            points: list[Point | None], places: Places, side_id: int) -> CourierFate:
    """The loss roll, then (when the route passes near the enemy) the capture roll: the
    fate of the bound's dispatch number ``seq``, rolled from the bound's ``seed`` by its
    number (recomputable)."""
    loss = rng_for(seed=seed, purpose=loss_purpose(seq)).die(100)
    rolls: dict[str, object] = {"seed_purpose": loss_purpose(seq), "loss": loss,
                                "loss_chance": rules.loss_chance}
    if percent_hit(loss, rules.loss_chance):
        return CourierFate(fate="lost", rolls=rolls)
    route = [p for p in points if p is not None]
    owners, points_by_x = _enemies(session, places, side_id)
    found = points_by_x.nearest(route)
    nearest, captor = (None, None) if found is None else (found[0], owners[found[1]])
    rolls["nearest_enemy"] = None if nearest is None else round(nearest, 2)
    if nearest is not None and nearest <= rules.capture_distance:
        capture = rng_for(seed=seed, purpose=capture_purpose(seq)).die(100)
        rolls.update(capture=capture, capture_chance=rules.capture_chance)
        if percent_hit(capture, rules.capture_chance):
            return CourierFate(fate="captured", rolls=rolls, captor_side_id=captor)
    return CourierFate(fate="in-transit", rolls=rolls)


def side_id_named(session: Session, *, campaign_id: int, name: str) -> int:
    """The id of the campaign's side called ``name``, else refuse."""
    side = session.exec(select(Side).where(Side.campaign_id == campaign_id,
                                           col(Side.name) == name)).first()
    if side is None:
        raise CourierRefused(_('this campaign has no side named {name!r}.').format(name=name))
    return side.id or 0
