"""Order of battle in and out as JSON (docs/oob-format.md): a new campaign from a file.

``create_campaign_from_scenario`` is what ``desk demo`` and File > Import call.
The mapping is validated whole first (:mod:`desk.services.oob.parse`), then
written in the caller's transaction: one bad entry refuses the file and the
database is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import text as text_sql
from sqlmodel import Session

from desk.rules.base import RulesSystem, UnitInfo
from desk.rules.hexgrid import HexError, HexMap
from desk.services.common import (
    add_journal,
    game_time,
    rules_of,
    split_state,
)
from desk.services.dto import CampaignInfo
from desk.services.errors import ImportRefused
from desk.services.oob.json_input import load_json
from desk.services.oob.parse import (
    CommandSpec,
    ScenarioSpec,
    UnitSpec,
    command_units,
    parse_scenario,
)
from desk.services.positions.grid import starting_hex, store_hex_map
from desk.services.rolls import demo_bound_seed, new_bound_seed
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import BattleUnit, Command, Leader, Side, Unit
from desk.store.tables.positions import Position
from desk.store.tables.terrain import TerrainFeature


def vet_unit(system: RulesSystem, spec: UnitSpec, *, side: str, command: str) -> dict[str, Any]:
    """The unit's initial state from the rules, or ImportRefused naming its place."""
    info = UnitInfo(id=0, name=spec.name, arm=spec.arm, unit_type=spec.unit_type, side=side,
                    command=command, strength=spec.strength,
                    imperial_guard=spec.imperial_guard, attrs=spec.attrs)
    try:
        allowed = system.formations(spec.arm)
        if spec.formation is not None and spec.formation not in allowed:
            raise ImportRefused(
                place=spec.place,
                reason=f"formation {spec.formation!r} is not one of {system.name}'s formations "
                f"for {spec.arm} ({', '.join(allowed) or 'none'})",
            )
        state = dict(system.initial_state(unit=info, formation=spec.formation))
    except ImportRefused:
        raise
    except (ValueError, KeyError, TypeError) as exc:  # the rules' word on an unknown arm or type
        raise ImportRefused(place=spec.place, reason=str(exc) or repr(exc)) from exc
    if spec.disorder is not None:
        state["disorder"] = spec.disorder
    state.setdefault("strength", spec.strength)
    return state


def create_campaign_from_scenario(*, session: Session, data: Any,
                                  demo_seed: str | None = None) -> CampaignInfo:
    """A new campaign, its battle and bound 1 (open) from an OOB mapping; one transaction.

    Bound 1 draws a fresh 128-bit seed, never the scenario's ``battle.seed`` (a small
    number the players can read); ``demo_seed``, a demo's master seed, derives it
    instead, so a demo is the same every time (:func:`desk.services.rolls.demo_bound_seed`).
    """
    spec = parse_scenario(data)
    campaign = Campaign(name=spec.campaign["name"], rules_system=spec.campaign["rules_system"],
                        house_rules=spec.campaign["house_rules"])
    try:
        system = rules_of(campaign)
    except ValueError as exc:  # a malformed house rule
        raise ImportRefused(place="campaign.house_rules", reason=str(exc)) from exc
    # Keyed by the spec's identity: names repeat under different commands.
    states: dict[int, dict[str, Any]] = {}
    for side_spec in spec.sides:
        for command_name, unit_spec in command_units(side_spec.commands):
            states[id(unit_spec)] = vet_unit(system, unit_spec, side=side_spec.name,
                                             command=command_name)

    hexmap = starting_hexes(spec)  # checked whole before anything is written
    session.add(campaign)
    session.flush()
    b = spec.battle
    battle = Battle(campaign_id=campaign.id or 0, name=b["name"], date=b["date"],
                    start_time=b["start_time"], minutes_per_bound=b["minutes_per_bound"],
                    current_bound=1, seed=b["seed"])
    session.add(battle)
    session.flush()
    bound = Bound(battle_id=battle.id or 0, number=1,
                  game_time=game_time(battle.start_time, battle.minutes_per_bound, 1),
                  seed=(demo_bound_seed(demo_seed, battle=battle.name, bound=1)
                        if demo_seed else new_bound_seed()))
    session.add(bound)
    units_by_name: dict[int, tuple[Unit, UnitSpec]] = {}  # id(spec) → its row
    sort_key = 0
    for side_spec in spec.sides:
        side = Side(campaign_id=campaign.id or 0, name=side_spec.name)
        session.add(side)
        session.flush()
        leaders = {ldr["name"]: Leader(side_id=side.id or 0, **ldr) for ldr in side_spec.leaders}
        session.add_all(leaders.values())
        session.flush()

        for top in side_spec.commands:
            sort_key = _add_command(session, top, parent=None, side_id=side.id or 0,
                                    leaders=leaders, units=units_by_name, sort_key=sort_key)
    session.flush()
    for row, us in units_by_name.values():
        if us.soutien_of is not None:
            row.soutien_id = units_by_name[id(us.soutien_of)][0].id
        if us.mother_of is not None:
            row.mother_unit_id = units_by_name[id(us.mother_of)][0].id
        formation, disorder, strength, extra = split_state(states[id(us)])
        session.add(UnitState(bound_id=bound.id or 0, unit_id=row.id or 0, formation=formation,
                              disorder=disorder, strength=strength, data=extra))
        # It takes part in the first battle at its order-of-battle strength (services/battles).
        session.add(BattleUnit(battle_id=battle.id or 0, unit_id=row.id or 0,
                               start_strength=row.strength))
        if us.hex is not None:  # the scenario's starting hex, checked by starting_hexes
            session.add(Position(unit_id=row.id or 0, bound_id=bound.id or 0,
                                 hex=starting_hex(hexmap, us.hex, place=us.place),
                                 source="scenario"))
    if spec.hex_grid is not None:
        store_hex_map(session, battle_id=battle.id or 0, data=spec.hex_grid)
    _add_terrain(session, battle_id=battle.id or 0, terrain=spec.terrain)
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, kind="import",
                message=f"Campaign {campaign.name} created with {len(units_by_name)} units "
                f"({system.name}).")
    session.flush()
    if system.has_lim_pool:
        from desk.services.lim.draws import build_pool  # its pool for bound 1

        build_pool(session=session, battle_id=battle.id or 0, extra_lims=tuple(spec.lims),
                   seen_version=None)
    return CampaignInfo(id=campaign.id or 0, name=campaign.name,
                        rules_system=campaign.rules_system, battle_id=battle.id or 0,
                        battle=battle.name, sides=tuple(s.name for s in spec.sides),
                        units=len(units_by_name), current_bound=1, game_time=bound.game_time)


def starting_hexes(spec: ScenarioSpec) -> HexMap | None:
    """The scenario's hex map, with every unit's starting hex checked on it (ImportRefused)."""
    hexmap = None
    if spec.hex_grid is not None:
        try:
            hexmap = HexMap.from_dict(spec.hex_grid)
        except HexError as exc:
            raise ImportRefused(place="hex_grid", reason=str(exc)) from exc
    for side_spec in spec.sides:
        for _command, unit_spec in command_units(side_spec.commands):
            if unit_spec.hex is not None:
                starting_hex(hexmap, unit_spec.hex, place=unit_spec.place)
    return hexmap


def _add_command(session: Session, cs: CommandSpec, *, parent: int | None, side_id: int,
                 leaders: dict[str, Leader], units: dict[int, tuple[Unit, UnitSpec]],
                 sort_key: int) -> int:
    """Insert a command, its units and sub-commands in file order; return the last sort key."""
    sort_key += 1
    leader = leaders.get(cs.leader) if cs.leader else None
    command = Command(side_id=side_id, parent_id=parent, name=cs.name, level=cs.level,
                      leader_id=leader.id if leader else None, lim_eligible=cs.lim_eligible,
                      imperial_guard=cs.imperial_guard, sort_key=sort_key)
    session.add(command)
    session.flush()
    for us in cs.units:
        sort_key += 1
        unit = Unit(side_id=side_id, command_id=command.id or 0, name=us.name, arm=us.arm,
                    unit_type=us.unit_type, strength=us.strength,
                    strength_unit=us.strength_unit, imperial_guard=us.imperial_guard,
                    sort_key=sort_key, attrs=us.attrs)
        units[id(us)] = (unit, us)
        session.add(unit)
    for sub in cs.commands:
        sort_key = _add_command(session, sub, parent=command.id, side_id=side_id,
                                leaders=leaders, units=units, sort_key=sort_key)
    return sort_key


def _add_terrain(session: Session, *, battle_id: int, terrain: list[dict[str, Any]]) -> None:
    features: dict[str, TerrainFeature] = {}
    for t in terrain:
        feature = TerrainFeature(battle_id=battle_id, name=t["name"], kind=t["kind"],
                                 width_cm=t["width_cm"], data=t["data"])
        features[t["name"]] = feature
        session.add(feature)
    session.flush()
    for t in terrain:
        if t["crosses"]:
            features[t["name"]].crosses_id = features[t["crosses"]].id


def import_oob_json(*, session: Session, text: str) -> CampaignInfo:
    """A new campaign from the text of an OOB JSON file (bad JSON refused with its line,
    nesting too deep with its line and column, a number out of range with its path)."""
    return create_campaign_from_scenario(session=session, data=load_json(text))


def create_campaign_file(*, path: Path, data: Any = None, text: str | None = None,
                         backup_dir: Path | None = None, demo_seed: str | None = None,
                         then: Callable[[Session], object] | None = None) -> CampaignInfo:
    """A new campaign file from an order of battle: ``data`` (a scenario's mapping) or
    ``text`` (its JSON). A file that exists is refused; a failed import leaves nothing.
    ``demo_seed``: a demo's master seed (see :func:`create_campaign_from_scenario`);
    ``then``: more of the new campaign, in its transaction (a demo's map)."""
    from desk.store import new_campaign_file, open_campaign

    with (new_campaign_file(path),
          open_campaign(path, create=True, backup_dir=backup_dir) as store,
          store.session() as session):
        info = (import_oob_json(session=session, text=text) if text is not None else
                create_campaign_from_scenario(session=session, data=data, demo_seed=demo_seed))
        if then is not None:
            then(session)
        return info


def create_campaign_at(*, target: str, data: Any = None, text: str | None = None,
                       demo_seed: str | None = None,
                       then: Callable[[Session], object] | None = None) -> CampaignInfo:
    """A new campaign at a file path or database URL, from an order of battle (``data`` or
    its JSON ``text``): a file as :func:`create_campaign_file` makes it; on a PostgreSQL
    server, in an empty database (one that holds any table is refused, naming it). There
    the order of battle is read and checked before the database is touched, and should the
    import fail after the desk's tables were made, they are dropped again: a failure leaves
    the database as empty as it was. ``then``: more of the new campaign, in its transaction
    (a demo's map)."""
    from desk.store import open_campaign
    from desk.store.engine import parse_target
    from desk.store.tables import metadata

    if text is not None:
        data = load_json(text)
    parse_scenario(data)  # a refusal here leaves the file or the server untouched
    path = parse_target(target)[1]
    if path is not None:
        return create_campaign_file(path=path, data=data, demo_seed=demo_seed, then=then)
    store = open_campaign(target, create=True)
    try:
        with store.session() as session:
            info = create_campaign_from_scenario(session=session, data=data,
                                                 demo_seed=demo_seed)
            if then is not None:
                then(session)
        return info
    except BaseException:
        # The open refuses a database holding any table: these are the desk's, made by it.
        metadata.drop_all(store.engine)
        with store.engine.begin() as conn:
            conn.execute(text_sql("DROP TABLE IF EXISTS alembic_version"))
        raise
    finally:
        store.close()
