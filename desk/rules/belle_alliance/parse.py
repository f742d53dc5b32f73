"""Parsing ``belle-alliance.toml`` into :class:`BAData`, house rules applied.

The file is read and the campaign's overrides merged by :mod:`desk.rules.ruleset`
(unknown keys, a change of kind and negative numbers are refused there); this
module builds the typed tables and refuses a malformed file with one plain
sentence (:class:`~desk.rules.base.RulesDataError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from desk.rules.base import RulesDataError, Severity
from desk.rules.belle_alliance.data import (
    SYSTEM_ID,
    Arm,
    ArmInfo,
    BAData,
    Disorder,
    Formation,
    FormationInfo,
    Rate,
    RateRow,
    TerrainInfo,
)
from desk.rules.ruleset import checked_number, merge_house_rules, read_data_file

_E = TypeVar("_E", Formation, Disorder, Arm)
_NAME = "Belle Alliance"

# Tables whose cells may hold "none" (no rate) as well as a number.
_NONE_ALLOWED = ("rates_cm.", "charge.rate_cm.")


def load_data(house_rules: Mapping[str, object] | None = None) -> BAData:
    """Read the data file, merge ``house_rules`` and build the typed tables."""
    merged = merge_house_rules(read_data_file(SYSTEM_ID, name=_NAME), house_rules,
                               name=_NAME, none_allowed=_NONE_ALLOWED)
    return parse_tables(merged.data, merged.overridden)


def _get(data: Mapping[str, object], dotted: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, Mapping) or part not in node:
            raise RulesDataError(f"The Belle Alliance data file lacks {dotted!r}.")
        node = node[part]
    return node


def _num(data: Mapping[str, object], dotted: str) -> float:
    return checked_number(f"{_NAME} {dotted!r}", _get(data, dotted))


def _text(data: Mapping[str, object], dotted: str) -> str:
    value = _get(data, dotted)
    if not isinstance(value, str):
        raise RulesDataError(f"Belle Alliance {dotted!r} must be text.")
    return value


def _severity(data: Mapping[str, object], dotted: str) -> Severity:
    value = _text(data, dotted)
    try:
        return Severity(value)
    except ValueError as exc:
        raise RulesDataError(
            f"Belle Alliance {dotted!r} must be \"warning\" or \"error\", not {value!r}.") from exc


def _ids(data: Mapping[str, object], dotted: str, kind: type[_E]) -> frozenset[_E]:
    value = _get(data, dotted)
    try:
        return frozenset(kind(item) for item in value)
    except (TypeError, ValueError) as exc:
        raise RulesDataError(
            f"Belle Alliance {dotted!r} names an unknown {kind.__name__}."
        ) from exc


def _cm_table(data: Mapping[str, object], dotted: str) -> dict[str, float]:
    return {str(k): _num(data, f"{dotted}.{k}") for k in _get(data, dotted)}


def _cell(dotted: str, value: object) -> float | None:
    if value == "none":
        return None
    return checked_number(f"{_NAME} {dotted!r} (a number or 'none')", value)


def _parse_rates(data: Mapping[str, object], terrain: Mapping[str, TerrainInfo]) -> dict[
    str, dict[Formation, RateRow]
]:
    tables: dict[str, dict[Formation, RateRow]] = {}
    for key, table in _get(data, "rates_cm").items():
        rows: dict[Formation, RateRow] = {}
        for formation, row in table.items():
            where = f"rates_cm.{key}.{formation}"
            try:
                fid = Formation(formation)
            except ValueError as exc:
                raise RulesDataError(f"Belle Alliance {where!r} is not a formation.") from exc
            if set(row) != set(terrain):
                raise RulesDataError(f"Belle Alliance {where!r} must give every terrain type.")
            rows[fid] = {t: _cell(f"{where}.{t}", row[t]) for t in terrain}
        tables[str(key)] = rows
    return tables


def parse_tables(data: Mapping[str, object], overridden: Mapping[str, tuple[Any, Any]]) -> BAData:
    """Build :class:`BAData` from the merged data file; a malformed file raises RulesDataError."""
    try:
        return _parse(data, overridden)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, RulesDataError):
            raise
        raise RulesDataError(f"The Belle Alliance data file is malformed: {exc}") from exc


def _parse(data: Mapping[str, object], overridden: Mapping[str, tuple[Any, Any]]) -> BAData:
    if set(_get(data, "rate.ids")) != {r.value for r in Rate}:
        raise RulesDataError("Belle Alliance rate.ids must be normal, fast, charge and halt.")
    if set(_get(data, "disorder.ids")) != {d.value for d in Disorder}:
        raise RulesDataError("Belle Alliance disorder.ids must be none, LD, MD and FD.")
    if set(_get(data, "formations")) != {f.value for f in Formation}:
        raise RulesDataError("Belle Alliance formations must be those of docs/oob-format.md.")
    formations = {
        Formation(fid): FormationInfo(
            id=Formation(fid),
            label=str(info["label"]),
            frontage_cm=_num(data, f"formations.{fid}.frontage_cm"),
            closed=bool(info["closed"]),
            rate_as=Formation(info.get("rate_as", fid)),
        )
        for fid, info in _get(data, "formations").items()
    }
    arms = {
        Arm(aid): ArmInfo(
            id=Arm(aid),
            label=str(info["label"]),
            types=tuple(str(t) for t in info["types"]),
            formations=tuple(Formation(f) for f in info["formations"]),
            initial_formation=Formation(info["initial_formation"]),
        )
        for aid, info in _get(data, "arms").items()
    }
    terrain = {
        str(tid): TerrainInfo(
            id=str(tid), label=str(info["label"]), chargeable=bool(info["chargeable"])
        )
        for tid, info in _get(data, "terrain").items()
    }
    return BAData(
        raw=data,
        overridden=dict(overridden),
        default_rate=Rate(_text(data, "rate.default")),
        halt_moves_cm=_num(data, "halt.moves_cm"),
        fast_multiplier=_num(data, "rate.fast_multiplier"),
        fast_formations=_ids(data, "rate.fast_formations", Formation),
        fast_after_change=_severity(data, "rate.fast_after_change"),
        fast_stop_distance_cm=_num(data, "rate.fast_stop_distance_cm"),
        cooldown_bounds=int(_num(data, "charge.cooldown_bounds")),
        melee_penalty_bounds=int(_num(data, "charge.melee_penalty_bounds")),
        charge_rate_cm={
            str(k): _cell(f"charge.rate_cm.{k}", v) for k, v in _get(data, "charge.rate_cm").items()
        },
        aliases={str(k): Disorder(v) for k, v in _get(data, "disorder.aliases").items()},
        no_charge=_ids(data, "disorder.no_charge", Disorder),
        no_fire_or_attack=_ids(data, "disorder.no_fire_or_attack", Disorder),
        rate_factor={d: _num(data, f"disorder.rate_factor.{d.value}") for d in Disorder},
        backward_formations=_ids(data, "direction.backward_formations", Formation),
        backward_arms=_ids(data, "direction.backward_arms", Arm),
        sideways_formations=_ids(data, "direction.sideways_formations", Formation),
        sideways_arms=_ids(data, "direction.sideways_arms", Arm),
        passable_formations=_ids(data, "passing.passable_formations", Formation),
        barred_disorder=_ids(data, "passing.barred_disorder", Disorder),
        soutien_fd_distance_cm=_num(data, "passing.soutien_fd_distance_cm"),
        waterway_free_width_cm=_num(data, "crossing.waterway_free_width_cm"),
        bridge_formations=_ids(data, "crossing.bridge_formations", Formation),
        bridge_terrain=_text(data, "crossing.bridge_terrain"),
        ford_obstacle=_text(data, "crossing.ford_obstacle"),
        narrow_waterway_obstacle=_text(data, "crossing.narrow_waterway_obstacle"),
        zone_depth_cm=_num(data, "melee.zone_depth_cm"),
        reductions_cm=_cm_table(data, "reductions_cm"),
        obstacles_cm=_cm_table(data, "obstacles_cm"),
        formations=formations,
        arms=arms,
        terrain=terrain,
        rates_cm=_parse_rates(data, terrain),
    )
