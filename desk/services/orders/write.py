"""Write, amend and cancel a unit's order for the open bound.

An order keeps the player's words (``verbatim``) and its structured fields; the
rules system's ``complete()`` fills the defaults (and says which), ``check()``
judges the completed order against the unit's state *now* (its state at the
start of the bound with the bound's events applied) and the situation. An
order with an error finding is refused unless the umpire gives a reason to
overrule it; that reason is kept on the order and in the journal.

Every write takes ``seen_version``, the version of the unit's order as the
caller saw it (None: no order), and refuses with ConcurrentChangeError when
another umpire changed it since: a guarded UPDATE on the order row, or the
unique (bound, unit) constraint for a first order (see :mod:`desk.services.versions`).
The returned view carries the new version, so the caller can chain writes.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session, col, select

from desk.rules.base import Finding, RulesSystem, Severity, SituationRecord, UnitInfo
from desk.rules.couriers import HELD_BY_COURIERS
from desk.rules.records import fields_record, situation_record
from desk.services.bounds.events import state_now
from desk.services.common import (
    add_journal,
    findings_of,
    get_battle,
    get_campaign,
    get_unit,
    open_bound,
    rules_of,
    unit_info_of,
)
from desk.services.dto import OrderView
from desk.services.errors import BoundClosedError, NotFound, OrderRefused
from desk.services.maps.distances import apply_measured, measured_situation, pass_names
from desk.services.orders.text import check_order_text
from desk.services.positions.record import hex_situation_for
from desk.services.positions.situation import keep_road_working
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim, inserted, refuse_unseen
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Unit
from desk.store.tables.terrain import TerrainFeature


def _view(order: Order, *, unit: str, bound: int, system: RulesSystem,
          arm: str = "") -> OrderView:
    return OrderView(
        id=order.id or 0, unit_id=order.unit_id, unit=unit, bound=bound,
        verbatim=order.verbatim, fields=dict(order.fields), completed=dict(order.completed),
        defaulted=tuple(order.defaulted), findings=findings_of(order.findings),
        status=order.status, override_reason=order.override_reason, source=order.source,
        summary=(system.summarize(fields_record(order.completed), arm=arm)
                 if order.status != "cancelled"
                 else "cancelled"),
        version=order.version_id or 0, umpire=order.umpire,
    )


def situation_for(session: Session, *, battle: Battle, bound: Bound, info: UnitInfo,
                  completed: Mapping[str, object], situation: Mapping[str, object] | None,
                  system: RulesSystem) -> SituationRecord:
    """The caller's situation plus what the desk knows (the caller's keys win).

    The bound; a crossing the order names, from the battle's terrain; the
    terrain and road of the unit's hex and its destination hex, and the hexes
    between (a hex off the map is refused, naming its field); and for Battles
    of Waterloo, what the LIM pool says about the unit's command.
    """
    result: SituationRecord = {}
    if system.has_lim_pool:
        # A written order is the turn's intent, checked against every row the unit may move
        # under this turn, never the LIM drawn last; the moves recorded under each
        # activation are checked against their own LIM (desk/services/lim/moves.py).
        result.update(intent_situation(session, battle=battle, info=info))
    hexes = hex_situation_for(session, battle_id=battle.id or 0, unit_id=info.id,
                              fields=completed)
    result.update(hexes)
    result.update(situation_record(situation or {}))
    result.pop("measured", None)  # rebuilt below: a typed value drops its working
    measured = measured_situation(session=session, battle_id=battle.id or 0, unit_id=info.id,
                                  bound=bound.number, system=system,
                                  pass_through=pass_names(completed))
    apply_measured(result, measured, typed=situation or {})
    keep_road_working(result, hexes, typed=situation or {})  # La Bataille's road (LB-9)
    result.setdefault("bound", bound.number)
    name = completed.get("crossing")
    if isinstance(name, str) and name and "crossing" not in result:
        feature = session.exec(select(TerrainFeature).where(
            TerrainFeature.battle_id == battle.id, TerrainFeature.name == name)).first()
        if feature is not None:
            waterway = (session.get(TerrainFeature, feature.crosses_id)
                        if feature.crosses_id else None)
            result["crossing"] = {
                "name": feature.name, "kind": feature.kind, "width_cm": feature.width_cm,
                "waterway_width_cm": waterway.width_cm if waterway else None,
            }
    return result


def intent_situation(session: Session, *, battle: Battle, info: UnitInfo) -> SituationRecord:
    """The situation of a written order in a LIM-pool game: intent, with its command's
    eligibility for the pool (BOW-2 or BOW-4)."""
    from desk.store.tables.oob import Command, Side

    command = session.exec(select(Command).join(Side, col(Command.side_id) == Side.id).where(
        Side.campaign_id == battle.campaign_id, Command.name == info.command)).first()
    return {"intent": True, "lim_eligible": command.lim_eligible if command else True}


def _judge(
    session: Session, *, system: RulesSystem, battle: Battle, bound: Bound, unit: Unit,
    info: UnitInfo, order: Order, situation: Mapping[str, object] | None, override_reason: str,
) -> None:
    """Complete and check ``order`` in place; refuse it (raise) unless overruled."""
    check_order_text(unit=unit.name, fields=order.fields, verbatim=order.verbatim,
                     override_reason=override_reason, specs=system.order_fields())
    completed = system.complete(fields_record(order.fields))
    order.completed = dict(completed.fields)
    order.defaulted = sorted(completed.defaulted)
    state = state_now(session, system=system, info=info, bound=bound)
    findings: list[Finding] = system.check(
        unit=info, state=state, fields=completed.fields,
        situation=situation_for(session, battle=battle, bound=bound, info=info,
                                completed=completed.fields, situation=situation,
                                system=system),
    )
    # The words written against the fields ("'charge' written, rate is normal"): a warning.
    findings += system.word_findings(verbatim=order.verbatim, fields=completed.fields)
    # A draft the couriers held back (over its leader's dispatch limit, or refused) keeps its
    # finding when saved as an order: a plain save would skip the courier and its limit, so
    # only the umpire's reason lets it through, journalled like any overrule.
    if order.status == "draft":
        findings += [f for f in findings_of(order.findings) if f.code in HELD_BY_COURIERS]
    order.findings = [f.to_dict() for f in findings]
    errors = [f for f in findings if f.severity is Severity.ERROR]
    reason = override_reason.strip()
    if errors and not reason:
        raise OrderRefused(unit=unit.name, findings=findings)
    order.status = "overruled" if errors else "accepted"
    order.override_reason = reason if errors else ""
    if errors:
        add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=unit.id,
                    kind="override", reason=reason, clause=", ".join(f.clause for f in errors),
                    message=f"Umpire overruled the rules for {unit.name}'s order: "
                    + "; ".join(f.message for f in errors))


def write_order(
    *, session: Session, battle_id: int, unit_id: int, fields: Mapping[str, object],
    verbatim: str = "", override_reason: str = "", situation: Mapping[str, object] | None = None,
    source: str = "desk", seen_version: int | None,
) -> OrderView:
    """A unit's order for the open bound (replacing a cancelled one); refused on error findings.

    ``seen_version``: the version of the unit's order the caller saw (None: it saw none).
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    unit = get_unit(session, unit_id)
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=unit_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    order = session.exec(select(Order).where(Order.bound_id == bound.id,
                                             Order.unit_id == unit_id)).first()
    what = f"{unit.name}'s order"
    refuse_unseen(order, seen=seen_version, what=what)
    if order is not None and order.status != "cancelled":
        return amend_order(session=session, order_id=order.id or 0, fields=fields,
                           verbatim=verbatim, override_reason=override_reason,
                           situation=situation, seen_version=seen_version)
    if order is None:
        order = Order(bound_id=bound.id or 0, unit_id=unit_id)
    else:
        claim(session, Order, row_id=order.id or 0, seen=seen_version, what=what)
    with session.no_autoflush:  # one UPDATE per write: the version rises by exactly one
        order.fields, order.verbatim, order.source = dict(fields), verbatim, source
        _judge(session, system=system, battle=battle, bound=bound, unit=unit,
               info=unit_info_of(session, unit), order=order, situation=situation,
               override_reason=override_reason)
    session.add(order)
    with inserted(what):  # two desks writing a unit's first order: the second is refused
        session.flush()
    summary = system.summarize(fields_record(order.completed), arm=unit.arm)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit_id, kind="order",
                message=f"Order for {unit.name}: {summary}"
                + (f" (defaults: {', '.join(order.defaulted)})" if order.defaulted else ""))
    return _view(order, unit=unit.name, bound=bound.number, system=system, arm=unit.arm)


def _order_in_open_bound(session: Session, order_id: int) -> tuple[Order, Battle, Bound, Unit]:
    order = session.get(Order, order_id)
    if order is None:
        raise NotFound(f"there is no order number {order_id}")
    bound = session.get(Bound, order.bound_id)
    assert bound is not None  # the foreign key guarantees it
    if bound.status != "open":
        raise BoundClosedError(f"bound {bound.number} is closed: its orders are read-only")
    # Amending and cancelling both come through here: one place for another umpire's claim.
    refuse_if_claimed(session=session, battle_id=bound.battle_id, unit_id=order.unit_id)
    return order, get_battle(session, bound.battle_id), bound, get_unit(session, order.unit_id)


def amend_order(
    *, session: Session, order_id: int, fields: Mapping[str, object] | None = None,
    verbatim: str | None = None, override_reason: str = "",
    situation: Mapping[str, object] | None = None, seen_version: int | None,
) -> OrderView:
    """Change an order of the open bound; it is completed and checked again.

    ``seen_version``: the order's version as the caller saw it.
    """
    order, battle, bound, unit = _order_in_open_bound(session, order_id)
    claim(session, Order, row_id=order_id, seen=seen_version, what=f"{unit.name}'s order")
    system = rules_of(get_campaign(session, battle.campaign_id))
    with session.no_autoflush:  # one UPDATE per write: the version rises by exactly one
        if fields is not None:
            order.fields = dict(fields)
        if verbatim is not None:
            order.verbatim = verbatim
        _judge(session, system=system, battle=battle, bound=bound, unit=unit,
               info=unit_info_of(session, unit), order=order, situation=situation,
               override_reason=override_reason)
    session.add(order)
    session.flush()
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=unit.id,
                kind="order", message=f"Order for {unit.name} amended: "
                f"{system.summarize(fields_record(order.completed))}")
    return _view(order, unit=unit.name, bound=bound.number, system=system, arm=unit.arm)


def cancel_order(*, session: Session, order_id: int, reason: str = "",
                 seen_version: int | None) -> OrderView:
    """Cancel an order of the open bound: at the close the campaign's no-order setting applies.

    ``seen_version``: the order's version as the caller saw it.
    """
    order, battle, bound, unit = _order_in_open_bound(session, order_id)
    claim(session, Order, row_id=order_id, seen=seen_version, what=f"{unit.name}'s order")
    system = rules_of(get_campaign(session, battle.campaign_id))
    order.status = "cancelled"
    session.add(order)
    session.flush()
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=unit.id,
                kind="order", message=f"Order for {unit.name} cancelled.", reason=reason)
    return _view(order, unit=unit.name, bound=bound.number, system=system, arm=unit.arm)


def get_order(*, session: Session, order_id: int) -> OrderView:
    """One order, in any bound."""
    order = session.get(Order, order_id)
    if order is None:
        raise NotFound(f"there is no order number {order_id}")
    bound = session.get(Bound, order.bound_id)
    unit = get_unit(session, order.unit_id)
    battle = get_battle(session, bound.battle_id if bound else 0)
    system = rules_of(get_campaign(session, battle.campaign_id))
    return _view(order, unit=unit.name, bound=bound.number if bound else 0, system=system,
                 arm=unit.arm)
