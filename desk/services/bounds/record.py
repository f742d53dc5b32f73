"""The bound's record: after a close, what every unit did, read from what the close wrote.

Issue 30: "one page of what every unit did: order applied or continued, moves
recorded, events, state before → after; the umpire's copy of the bound". Read
only, and never a second close: the order applied is the bound's executed order;
what a unit without one did is the close's own journal line ("continues its
bound 2 order: …", "moved under LIM 1: …"); the moves are the bound's position
rows; the events its event lines; the states the ``unit_state`` rows of bound
*n* and *n + 1*, told in the rules' words (``describe_state``). An open bound has
no record yet: one sentence says so.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from desk.i18n import N_, _, term
from desk.rules.base import StateRecord
from desk.rules.records import fields_record
from desk.services.bounds.close import CLOSE
from desk.services.bounds.close_lines import NO_ORDER
from desk.services.bounds.no_order import EXECUTED
from desk.services.bounds.views import BoundRecord, UnitBoundRecord
from desk.services.common import (
    campaign_units,
    get_battle,
    get_bound,
    get_campaign,
    rules_of,
    state_of,
)
from desk.services.errors import ServiceError
from desk.services.journal_text import shown
from desk.services.oob.names import campaign_names
from desk.services.positions.views import where_words
from desk.store.tables.bounds import Journal, Order, UnitState
from desk.store.tables.positions import Position

# Where a recorded position came from (desk.store.tables.positions.POSITION_SOURCES), as shown.
_SOURCES = (N_("scenario"), N_("order"), N_("move"), N_("umpire"))


class RecordRefused(ServiceError):
    """A bound that has no record (still open): nothing to show."""


def bound_record(*, session: Session, battle_id: int, bound: int) -> BoundRecord:
    """What every unit that took part in closed bound ``bound`` did (see the module text)."""
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    row = get_bound(session, battle_id, bound)
    if row.status != "closed":
        raise RecordRefused(_("bound {bound} is still open: its record is written when it "
                              "closes").format(bound=bound))
    following = get_bound(session, battle_id, bound + 1)
    names = campaign_names(session, campaign.id or 0)
    units = campaign_units(session, campaign.id or 0, bound_id=row.id)
    orders = {o.unit_id: o for o in session.exec(
        select(Order).where(Order.bound_id == row.id, col(Order.status).in_(EXECUTED)))}
    before = {s.unit_id: state_of(s) for s in session.exec(
        select(UnitState).where(UnitState.bound_id == row.id))}
    after = {s.unit_id: state_of(s) for s in session.exec(
        select(UnitState).where(UnitState.bound_id == following.id))}
    closing: dict[int | None, list[str]] = {}
    events: dict[int, list[str]] = {}
    for line in session.exec(select(Journal).where(Journal.bound_id == row.id)
                             .order_by(col(Journal.id))):
        if line.kind == CLOSE:
            closing.setdefault(line.unit_id, []).append(line.message)
        elif line.kind == "event" and line.unit_id is not None:
            events.setdefault(line.unit_id, []).append(_by(shown(line.message), line.umpire,
                                                           _("{text} (recorded by {umpire})")))
    moves: dict[int, list[str]] = {}
    for place in session.exec(select(Position).where(Position.bound_id == row.id)
                              .order_by(col(Position.id))):
        moves.setdefault(place.unit_id, []).append(
            f"{where_words(place.hex, place.x, place.y)} ({term(place.source)})")

    def told(state: StateRecord | None, number: int) -> str:
        if state is None:
            return "—"
        words = list(system.describe_state(state=state, bound=number))
        if state.get("strength"):  # what a loss changed, when the rules' words leave it out
            words.append(_("strength {n}").format(n=state["strength"]))
        return ", ".join(words)

    records: list[UnitBoundRecord] = []
    for unit, side, command in units:
        uid = unit.id or 0
        lines = closing.get(uid, [])
        order = orders.get(uid)
        did, rest = _what_it_did(order, lines, summary=system.summarize(
            fields_record(order.completed), arm=unit.arm) if order is not None else "")
        if order is not None:  # issue 33: who entered the order applied
            did = _by(did, order.umpire, _("{text} (entered by {umpire})"))
        records.append(UnitBoundRecord(
            unit_id=uid, unit=names.unit(uid, unit.name), side=side,
            command=names.command(unit.command_id, command), did=did,
            moves=tuple(moves.get(uid, ())), events=tuple(events.get(uid, ())),
            before=told(before.get(uid), bound), after=told(after.get(uid), bound + 1),
            journal=tuple(shown(text) for text in rest)))
    return BoundRecord(campaign=campaign.name, battle=battle.name, battle_id=battle_id,
                       bound=bound, game_time=row.game_time, units=tuple(records),
                       notes=tuple(shown(text) for text in closing.get(None, [])))


def _by(text: str, umpire: str, words: str) -> str:
    """``text`` with the umpire who wrote it, in ``words``; as it was where the campaign
    names no umpire (its rows carry "")."""
    return words.format(text=text, umpire=umpire) if umpire else text


def _what_it_did(order: Order | None, lines: list[str], *,
                 summary: str) -> tuple[str, list[str]]:
    """Its executed order, else the close's no-order line; and the close's other lines."""
    if order is not None:
        text = (_("order applied, overruling the rules: {summary}") if order.status == "overruled"
                else _("order applied: {summary}")).format(summary=summary or "—")
        return text, lines
    for index, line in enumerate(lines):
        found = NO_ORDER.match(line)
        if found is None:
            continue
        says = shown(found["says"])
        text = (_("no written order: {says}") if found["written"]
                else _("no order: {says}")).format(says=says)
        return text, lines[:index] + lines[index + 1:]
    return _("no order"), lines  # a reinforcement off the table holds, unnamed
