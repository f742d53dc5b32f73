"""The umpire's report of a bound, as a view model: every order, findings, overrides, events
and, once the bound is closed, its record (what every unit did: :mod:`desk.services.bounds.record`).
Where the campaign names its umpires, each order and event carries who entered it (issue 33).

Read-only, returning :class:`desk.services.printing.viewmodels.ReportModel` for the
report renderer; for Battles of Waterloo it carries the turn's LIM record too. The
report is the umpire's: both sides' units are in it. Re-exported by
:mod:`desk.services.printing.views` with the sheets' other view models.
"""

from __future__ import annotations

from sqlmodel import Session, select

from desk.rules import SYSTEM_NAMES
from desk.rules.records import fields_record
from desk.services.bounds.no_order import plan_without_orders
from desk.services.bounds.record import bound_record
from desk.services.common import campaign_units, current_battle, findings_of, get_bound, rules_of
from desk.services.history import journal
from desk.services.journal_text import shown
from desk.services.lim.views import CupView
from desk.services.oob.names import campaign_names
from desk.services.printing.viewmodels import Paper, ReportEvent, ReportModel, ReportOrder
from desk.store.tables.bounds import Order


def bound_report_model(*, session: Session, bound: int | None = None,
                       paper: Paper = Paper.A4, battle: str | None = None) -> ReportModel:
    """The umpire's report of a bound (of the current battle when ``battle`` is None): every
    order, its findings and overrides, the events."""
    campaign, battle_row = current_battle(session, battle)
    system = rules_of(campaign)
    number = battle_row.current_bound if bound is None else bound
    bound_row = get_bound(session, battle_row.id or 0, number)
    units = campaign_units(session, campaign.id or 0, bound_id=bound_row.id)
    names = campaign_names(session, campaign.id or 0)
    orders = {o.unit_id: o for o in session.exec(
        select(Order).where(Order.bound_id == bound_row.id))}
    # The report names a defaulted field as the form does, not by its key.
    labels = {f.name: f.label.lower() for f in system.order_fields()}
    rows: list[ReportOrder] = []
    without: list[tuple[str, str]] = []
    for unit, side, command in units:
        order = orders.get(unit.id or 0)
        if order is None or order.status == "cancelled":
            without.append((side, names.unit(unit.id or 0, unit.name)))
            continue
        rows.append(ReportOrder(
            unit_id=unit.id or 0, unit_name=names.unit(unit.id or 0, unit.name), side=side,
            command=names.command(unit.command_id, command),
            summary=system.summarize(fields_record(order.completed), arm=unit.arm),
            verbatim=order.verbatim,
            status=order.status, defaulted=tuple(labels.get(n, n.replace("_", " "))
                                                 for n in order.defaulted),
            findings=findings_of(order.findings), override_reason=order.override_reason,
            source=order.source, umpire=order.umpire))
    sides = {u.id: side for u, side, _ in units}
    # What a unit without an order does, in the close's own words (a recorded LIM move is
    # what it did, a continued order is told by what is applied): never a guess here.
    unordered = [(u.id or 0, names.unit(u.id or 0, u.name)) for u, _s, _c in units
                 if (o := orders.get(u.id or 0)) is None or o.status == "cancelled"]
    steps = plan_without_orders(session=session, battle_id=battle_row.id or 0, bound=number,
                                policy=campaign.no_order, system=system, units=unordered)
    doing = tuple(sorted(((sides.get(uid, ""), steps[uid].says, name)
                          for uid, name in unordered), key=lambda t: (t[0], t[1])))
    events = tuple(ReportEvent(unit_name=names.unit(line.unit_id or 0, line.unit),
                               side=sides.get(line.unit_id, ""),
                               kind=line.kind, text=shown(line.message), umpire=line.umpire)
                   for line in journal(session=session, battle_id=battle_row.id or 0, bound=number)
                   if line.kind == "event")
    return ReportModel(
        campaign_name=campaign.name,
        rules_name=SYSTEM_NAMES.get(campaign.rules_system, campaign.rules_system),
        bound=number, game_time=bound_row.game_time, bound_status=bound_row.status,
        orders=tuple(rows), events=events, without_order=tuple(name for _, name in without),
        without_order_sides=tuple(sorted(without, key=lambda pair: pair[0])),
        without_order_steps=doing,
        battle=battle_row.name,
        paper=paper, lim=_lim_record(session, battle_row.id or 0, number)
        if system.has_lim_pool else None,
        record=bound_record(session=session, battle_id=battle_row.id or 0, bound=number)
        if bound_row.status == "closed" else None)


def _lim_record(session: Session, battle_id: int, number: int) -> CupView | None:
    """The turn's LIM record for the report (None: the bound has no pool)."""
    from desk.services.errors import NotFound
    from desk.services.lim.cup import cup

    try:
        return cup(session=session, battle_id=battle_id, bound=number)
    except NotFound:
        return None
