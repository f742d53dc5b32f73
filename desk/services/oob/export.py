"""Order of battle out as JSON (docs/oob-format.md), the inverse of the import.

Formation and disorder are each unit's state in the battle's current bound, so
an exported campaign imported again starts where this one stands.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from desk.services.common import campaign_units, get_battle, get_campaign, rules_of, state_of
from desk.services.oob.names import command_paths, shortest_reference
from desk.services.oob.parse import FORMAT_ID, FORMAT_VERSION
from desk.services.positions.queries import hex_map_of, positions_at
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.oob import Command, Leader, Side, Unit
from desk.store.tables.terrain import TerrainFeature


def export_oob_json(*, session: Session, battle_id: int) -> dict[str, Any]:
    """The campaign's OOB with each unit's formation and disorder in the open bound."""
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    bound = session.exec(select(Bound).where(Bound.battle_id == battle_id,
                                             Bound.number == battle.current_bound)).one()
    states = {s.unit_id: state_of(s) for s in session.exec(
        select(UnitState).where(UnitState.bound_id == bound.id)).all()}
    units = campaign_units(session, campaign.id or 0)
    sides = session.exec(select(Side).where(Side.campaign_id == campaign.id)
                         .order_by(col(Side.id))).all()
    side_ids = [s.id for s in sides]
    commands = session.exec(select(Command).where(col(Command.side_id).in_(side_ids))
                            .order_by(col(Command.sort_key), col(Command.id))).all()
    # soutien and mother unit: the bare name, or the " / " path where the side repeats it.
    paths = command_paths((c.id or 0, c.parent_id, c.name) for c in commands)
    full = {u.id: (*paths.get(u.command_id, ()), u.name) for u, _, _ in units}
    of_side = {sid: [full[u.id] for u, _, _ in units if u.side_id == sid] for sid in side_ids}
    names = {u.id: shortest_reference(full[u.id], of_side[u.side_id]) for u, _, _ in units}
    leaders = session.exec(select(Leader).where(col(Leader.side_id).in_(side_ids))
                           .order_by(col(Leader.id))).all()
    leader_names = {ldr.id: ldr.name for ldr in leaders}

    placed = positions_at(session=session, battle_id=battle_id)
    hexmap = hex_map_of(session=session, battle_id=battle_id)

    def unit_entry(u: Unit) -> dict[str, Any]:
        state = states.get(u.id or 0, {})
        where = placed.get(u.id or 0)
        hex_entry = {"hex": where.hex} if where is not None and where.hex else {}
        return {"name": u.name, "arm": u.arm, "type": u.unit_type, "strength": u.strength,
                "strength_unit": u.strength_unit, "formation": state.get("formation") or None,
                "disorder": state.get("disorder") or None, "imperial_guard": u.imperial_guard,
                "soutien": names.get(u.soutien_id), "mother_unit": names.get(u.mother_unit_id),
                "attrs": dict(u.attrs), **hex_entry}

    def command_entry(c: Command) -> dict[str, Any]:
        return {"name": c.name, "level": c.level, "leader": leader_names.get(c.leader_id),
                "lim_eligible": c.lim_eligible, "imperial_guard": c.imperial_guard,
                "commands": [command_entry(s) for s in commands if s.parent_id == c.id],
                "units": [unit_entry(u) for u, _, _ in units if u.command_id == c.id]}

    features = session.exec(select(TerrainFeature).where(TerrainFeature.battle_id == battle_id)
                            .order_by(col(TerrainFeature.id))).all()
    feature_names = {f.id: f.name for f in features}
    battle_entry: dict[str, Any] = {
        "name": battle.name, "date": battle.date, "start_time": battle.start_time,
        "minutes_per_bound": battle.minutes_per_bound, "seed": battle.seed}
    if rules_of(campaign).has_lim_pool:
        from desk.services.lim.draws import extra_lims_of

        battle_entry["lims"] = list(extra_lims_of(session=session, battle_id=battle_id))
    grid_entry = {"hex_grid": hexmap.to_dict()} if hexmap is not None else {}
    return {
        **grid_entry,
        "format": FORMAT_ID, "version": FORMAT_VERSION,
        "campaign": {"name": campaign.name, "rules_system": campaign.rules_system,
                     "house_rules": dict(campaign.house_rules)},
        "battle": battle_entry,
        "sides": [{"name": s.name,
                   "leaders": [{"name": ldr.name, "rank": ldr.rank, "rating": ldr.rating,
                                "command_range": ldr.command_range}
                               for ldr in leaders if ldr.side_id == s.id],
                   "commands": [command_entry(c) for c in commands
                                if c.side_id == s.id and c.parent_id is None]}
                  for s in sides],
        "terrain": [{"name": f.name, "kind": f.kind, "width_cm": f.width_cm,
                     "crosses": feature_names.get(f.crosses_id), "data": dict(f.data)}
                    for f in features],
    }
