"""Build the sheets' view models from the campaign database (order sheets, charts, report).

One use case per function, read-only, returning the frozen view models of
:mod:`desk.services.printing.viewmodels`; a renderer then makes the PDF. Fog of war is
enforced here: an order sheet's model is built from the chosen side's units
only, so nothing of the other side can reach the page. The bound's report lives in
:mod:`desk.services.printing.report_view` and is re-exported here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import replace

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules import SYSTEM_NAMES
from desk.rules.base import RulesSystem
from desk.services.common import (
    UnitRecord,
    current_battle,
    findings_of,
    get_bound,
    rules_of,
    unit_records,
)
from desk.services.condition.reinforcements import hidden_units
from desk.services.couriers import couriers_in_use, rules_for
from desk.services.dto import UnitStateView
from desk.services.errors import NotFound, ServiceError
from desk.services.oob.names import CampaignNames, NameLookupError, campaign_names, resolve
from desk.services.printing import vocabulary
from desk.services.printing.dispatch_notes import dispatch_notes, subordinates
from desk.services.printing.form_dispatch import sheet_writer
from desk.services.printing.formfields import FormBinding, binding_keywords
from desk.services.printing.sheet_fields import SheetFields
from desk.services.printing.viewmodels import (
    ChartModel,
    Paper,
    SheetMode,
    SheetModel,
    UnitBlock,
)
from desk.services.queries import unit_states
from desk.store.tables.bounds import Order
from desk.store.tables.campaign import Campaign
from desk.store.tables.oob import Command, Side


def campaign_key(campaign: Campaign) -> str:
    """A short key that tells one campaign file from another (their ids are both 1):
    printed into fillable sheets, compared when they are imported."""
    made = campaign.created_at.isoformat() if campaign.created_at else ""
    text = f"{campaign.name}|{campaign.rules_system}|{made}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _command_names(session: Session, side: Side, command: str | None,
                   names: CampaignNames) -> set[int] | None:
    """Ids of ``command`` (a name, or a " / " path where the name repeats) and every
    command under it; None when there is no filter."""
    if command is None:
        return None
    rows = session.exec(select(Command).where(Command.side_id == side.id)).all()
    try:
        root = resolve(command, {names.paths[c.id]: c.id for c in rows if c.id is not None},
                       what=f"{side.name} command")
    except NameLookupError as exc:
        if exc.candidates:
            raise NotFound(_("the {side_name}: {exc}").format(
                               side_name=side.name, exc=exc)) from None
        listed = ", ".join(sorted(names.command(c.id or 0, c.name) for c in rows))
        raise NotFound(_("the {side_name} have no command named {command} (they have: "
                         "{listed})").format(
                           side_name=side.name, command=repr(command), listed=listed)) from None
    chosen: set[int] = set()
    frontier = [root]
    while frontier:
        current = frontier.pop()
        chosen.add(current)
        frontier += [c.id for c in rows if c.parent_id == current and c.id is not None]
    return chosen


def order_sheet_model(*, session: Session, side: str, command: str | None = None,
                      bound: int | None = None, mode: SheetMode = SheetMode.BLANK,
                      fillable: bool = False, paper: Paper = Paper.A4,
                      battle: str | None = None, names: CampaignNames | None = None,
                      states: Mapping[int, UnitStateView] | None = None) -> SheetModel:
    """One side's order sheets for a bound (the current one when None) of a battle (the
    current one when None). ``names`` (the campaign's) and ``states`` (the side's at that
    bound, :func:`unit_states`) where the caller has read them already (a packet: its
    situation report reads the same)."""
    campaign, battle_row = current_battle(session, battle)
    system = rules_of(campaign)
    side_row = session.exec(select(Side).where(Side.campaign_id == campaign.id,
                                               Side.name == side)).first()
    if side_row is None:
        listed = ", ".join(s.name for s in session.exec(
            select(Side).where(Side.campaign_id == campaign.id)))
        raise NotFound(_("this campaign has no side named {side} (it has: {listed})").format(
                           side=repr(side), listed=listed))
    number = battle_row.current_bound if bound is None else bound
    bound_row = get_bound(session, battle_row.id or 0, number)
    if fillable and bound_row.status != "open":
        raise ServiceError(_("bound {number} is closed: a fillable sheet is only made for the "
                             "open bound").format(
                               number=number))
    names = names or campaign_names(session, campaign.id or 0)
    wanted = _command_names(session, side_row, command, names)
    # Reinforcements not yet on the table are on no sheet, their own side's neither.
    hidden = hidden_units(session=session, battle_id=battle_row.id or 0, bound=number)
    # The side's units only, as plain records (their attributes where the rules cite a
    # clause per unit): a 500-unit side's sheet reads no other side's 1,500.
    units = [(u, c) for u, _s, c in unit_records(
                 session, campaign.id or 0, bound_id=bound_row.id, side_id=side_row.id,
                 attrs=getattr(system, "field_clauses", None) is not None)
             if (wanted is None or u.command_id in wanted) and u.id not in hidden]
    if states is None:
        states = unit_states(session=session, battle_id=battle_row.id or 0, bound=number,
                             side_id=side_row.id)
    orders = {o.unit_id: o for o in session.exec(
        select(Order).where(Order.bound_id == bound_row.id))} if mode.with_orders else {}
    words = vocabulary.words()
    # A name the side repeats is shown with its command ("Md Foot Bty (3. Brigade)").
    cited = _field_clauses(session, system, side_row.name, units, states)
    sheet_fields = SheetFields(system, for_players=mode.for_players)
    blocks = tuple(_block(system, unit, names.command(unit.command_id, command_name),
                          states.get(unit.id or 0), orders.get(unit.id or 0), mode=mode,
                          bound=number, words=words, name=names.unit(unit.id or 0, unit.name),
                          sheet_fields=sheet_fields, clauses=cited.get(unit.id or 0, {}))
                   for unit, command_name in units)
    blocks = _by_courier(session, campaign_id=campaign.id or 0, battle_id=battle_row.id or 0,
                         side=side_row.name, command=command, blocks=blocks,
                         units={u.id or 0: u for u, _c in units})
    couriers = bool(command) and couriers_in_use(session, battle_id=battle_row.id or 0)
    form_keywords = ""
    if fillable:  # signed, so its fields cannot be renamed to another side's units
        binding = FormBinding.of(campaign_id=campaign.id or 0, bound=number,
                                 side=side_row.name, command=command,
                                 unit_ids=[b.unit_id for b in blocks], mode=mode.value)
        form_keywords = binding_keywords(binding, binding.sign(campaign.form_secret))
    received, captured = dispatch_notes(session, battle_id=battle_row.id or 0, side=side_row,
                                        bound=number, unit_ids={b.unit_id for b in blocks})
    return SheetModel(
        dispatches=received, intelligence=captured,
        dispatch_room=subordinates(session, side=side_row, command=command)
        if mode is not SheetMode.UMPIRE and couriers else (),
        campaign_id=campaign.id or 0, campaign_name=campaign.name,
        rules_name=SYSTEM_NAMES.get(campaign.rules_system, campaign.rules_system),
        side=side_row.name, bound=number, game_time=bound_row.game_time, units=blocks,
        command=command, battle=battle_row.name, paper=paper, mode=mode, fillable=fillable,
        campaign_key=campaign_key(campaign), form_keywords=form_keywords)


def _by_courier(session: Session, *, campaign_id: int, battle_id: int, side: str,
                command: str | None, blocks: tuple[UnitBlock, ...],
                units: Mapping[int, UnitRecord]) -> tuple[UnitBlock, ...]:
    """A commander's sheet, where the campaign uses couriers: each unit of a subordinate
    command says in one line that its order goes as his dispatch (as the import sends it,
    desk/services/printing/form_dispatch.py)."""
    writer = sheet_writer(session, campaign_id=campaign_id, side=side, command=command)
    if writer is None or not couriers_in_use(session, battle_id=battle_id):
        return blocks
    limit = rules_for(session, campaign_id=campaign_id).limit_per_leader
    note = _("By courier: an order here is {leader}'s dispatch (at most {n} a bound), "
             "in force when it arrives.").format(leader=writer.leader, n=limit)
    return tuple(replace(b, courier_note=note)
                 if units[b.unit_id].command_id != writer.command_id else b for b in blocks)


def _field_clauses(session: Session, system: RulesSystem, side: str,
                   units: list[tuple[UnitRecord, str]], states: Mapping[int, UnitStateView],
                   ) -> dict[int, Mapping[str, str]]:
    """Each unit's own clause per field, where the rules cite one per unit (Battles of
    Waterloo: the row it usually moves under, BOW-2 … BOW-12)."""
    clauses = getattr(system, "field_clauses", None)
    if clauses is None:
        return {}
    from desk.services.common import unit_info
    from desk.store.tables.oob import Command

    eligible = {c.id: c.lim_eligible for c in session.exec(select(Command))}
    return {unit.id or 0: clauses(
        unit=unit_info(unit, side=side, command=command),
        state=states[unit.id or 0].as_mapping() if unit.id in states else None,
        situation={"lim_eligible": eligible.get(unit.command_id, True)})
        for unit, command in units}


def _block(system: RulesSystem, unit: UnitRecord, command: str, view: UnitStateView | None,
           order: Order | None, *, mode: SheetMode, bound: int,
           words: Mapping[str, str], name: str, sheet_fields: SheetFields,
           clauses: Mapping[str, str] | None = None) -> UnitBlock:
    """One unit's block; a players' one holds nothing the umpire alone should see."""
    # A players' sheet says the strength unit in the players' language.
    strength_unit = _(unit.strength_unit) if mode.for_players else unit.strength_unit
    strength = f"{view.strength if view else unit.strength} {strength_unit}"
    lines = view.lines if view else ()
    fields, said = sheet_fields.of(arm=unit.arm, state=view.as_mapping() if view else None,
                                   bound=bound, clauses=clauses)
    if mode.for_players:
        lines = vocabulary.state_words(lines)
    # La Bataille's state already says its increments: not twice.
    shown = lines if strength in " ".join(lines) else (*lines, strength)
    base = UnitBlock(unit.id or 0, name, command, unit.arm, unit.unit_type, shown,
                     fields, said_in_words=said, words=words)
    if order is None or order.status == "cancelled":
        return base
    filled = replace(base, values=dict(order.completed), defaulted=frozenset(order.defaulted),
                     verbatim=order.verbatim)
    if mode.for_players:  # fog of the umpire's desk: no findings, status or reasons
        return filled
    return replace(filled, findings=findings_of(order.findings), status=order.status,
                   override_reason=order.override_reason)


def chart_model(*, session: Session | None = None, system_id: str | None = None,
                paper: Paper = Paper.A4) -> ChartModel:
    """A rules system's chart: the campaign's (house rules applied) or the plain one."""
    from desk.rules import get_system

    if session is not None:
        campaign, _battle = current_battle(session)
        if system_id is not None and system_id != campaign.rules_system:
            raise ServiceError(_("the campaign {campaign_name} plays {plays}, not {asked}").format(
                                   campaign_name=campaign.name,
                                   plays=SYSTEM_NAMES.get(campaign.rules_system),
                                   asked=SYSTEM_NAMES.get(system_id, system_id)))
        return ChartModel(rules_of(campaign).chart(), campaign_name=campaign.name, paper=paper)
    if system_id is None:
        raise ServiceError(_("say which rules system's chart to print"))
    return ChartModel(get_system(system_id, {}).chart(), paper=paper)
