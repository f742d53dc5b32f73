"""Belle Alliance computations: rate of march with its working, fast stop, melee zone.

Worked example (the default data file): infantry in column of march on open
ground at the fast rate, crossing a hedge —
``30 normal (open) × 2 fast − 5 hedge = 55 cm`` (BA-6, BA-7, BA-5, BA-19).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from desk.rules.belle_alliance.data import BAData, Disorder, Formation, Rate


@dataclass(frozen=True)
class RateOfMarch:
    """A rate of march in cm (None: no rate of march there, BA-3) and how it was reached."""

    cm: float | None
    working: str
    rate: Rate  # the rate actually used (a charge on unchargeable ground is normal, BA-11)
    clauses: tuple[str, ...]
    house_rule: bool = False


def fmt(number: float) -> str:
    """A distance or factor as the umpire writes it: 30, 12.5."""
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


def _terrain_label(terrains: Sequence[str]) -> str:
    return ", ".join(terrains)


def rate_of_march(
    data: BAData,
    *,
    arm: str,
    unit_type: str,
    formation: Formation,
    rate: Rate,
    terrain: Sequence[str],
    disorder: Disorder = Disorder.NONE,
    obstacles: Sequence[str] = (),
    manoeuvres: Sequence[str] = (),
    change_of_formation: bool = False,
) -> RateOfMarch:
    """The rate of march in cm for one bound, with its working.

    ``terrain`` lists every terrain type the unit has figures in; the slowest
    applies while any figure is there (BA-6). Unknown obstacle or manoeuvre
    names raise ValueError (the checks report them before calling this).
    """
    if rate is Rate.HALT:  # no clause: campaign data "halt.moves_cm"
        return RateOfMarch(cm=data.halt_moves_cm,
                           working=f"halt: {fmt(data.halt_moves_cm)} cm", rate=rate,
                           clauses=("halt.moves_cm",), house_rule=data.house("halt"))
    terrains = tuple(terrain) or (next(iter(data.terrain)),)
    unknown = [t for t in terrains if t not in data.terrain]
    if unknown:
        raise ValueError(f"unknown terrain type {unknown[0]!r}")
    used = [f"rates_cm.{unit_type}", f"rates_cm.{arm}"]
    clauses = ["BA-6"]
    row = data.rate_row(arm=arm, unit_type=unit_type, formation=formation)
    label = data.formations[formation].label
    cells = [row.get(t) if row is not None else None for t in terrains]
    if row is None or any(cell is None for cell in cells):
        where = _terrain_label([t for t, c in zip(terrains, cells, strict=True) if c is None])
        return RateOfMarch(
            cm=None,
            working=f"{label} has no rate of march in {where or 'any terrain'}",
            rate=rate,
            clauses=("BA-3",),
            house_rule=data.house(*used),
        )
    normal = min(c for c in cells if c is not None)
    slowest = terrains[cells.index(normal)]
    used_rate = rate
    if rate is Rate.CHARGE:
        charge_cm = data.charge_rate_cm.get(arm)
        stops = [t for t in terrains if not data.terrain[t].chargeable]
        used.append(f"charge.rate_cm.{arm}")
        if charge_cm is None or stops:
            used_rate = Rate.NORMAL
            clauses.append("BA-11" if stops else "BA-1")
            why = f"charge stops in {_terrain_label(stops)}" if stops else f"{arm} cannot charge"
            parts = [f"{fmt(normal)} normal ({slowest}; {why})"]
            value = normal
        else:
            parts = [f"{fmt(charge_cm)} charge ({slowest})"]
            value = charge_cm
    else:
        parts = [f"{fmt(normal)} normal ({slowest})"]
        value = normal
    if used_rate is Rate.FAST:
        value *= data.fast_multiplier
        parts.append(f"× {fmt(data.fast_multiplier)} fast")
        used.append("rate.fast_multiplier")
        clauses.append("BA-7")
    factor = data.rate_factor.get(disorder, 1.0)
    if factor != 1.0:
        value *= factor
        parts.append(f"× {fmt(factor)} {disorder.value}")
        used.append(f"disorder.rate_factor.{disorder.value}")
        clauses.append("BA-12" if disorder is Disorder.LD else "BA-5")
    cuts: list[tuple[str, float, str]] = []
    if change_of_formation:
        cuts.append(("change of formation", data.reductions_cm["change_of_formation"],
                     "reductions_cm.change_of_formation"))
    for name in manoeuvres:
        if name not in data.reductions_cm:
            raise ValueError(f"unknown manoeuvre {name!r}")
        cuts.append((name, data.reductions_cm[name], f"reductions_cm.{name}"))
    for name in obstacles:
        if name not in data.obstacles_cm:
            raise ValueError(f"unknown obstacle {name!r}")
        cuts.append((name, data.obstacles_cm[name], f"obstacles_cm.{name}"))
        if "BA-19" not in clauses:
            clauses.append("BA-19")
    for name, cm, key in cuts:
        value -= cm
        parts.append(f"− {fmt(cm)} {name.replace('_', ' ')}")
        used.append(key)
    if cuts and "BA-5" not in clauses:
        clauses.append("BA-5")
    # A rate is never negative: reductions may only stop the unit.
    value = max(0.0, value)
    return RateOfMarch(
        cm=value,
        working=" ".join(parts) + f" = {fmt(value)} cm",
        rate=used_rate,
        clauses=tuple(clauses),
        house_rule=data.house(*used),
    )


def fast_stops(
    data: BAData, *, distance_cm: float, formation: Formation | None, disorder: Disorder | None
) -> bool:
    """Whether opponents at ``distance_cm`` end a fast march (BA-9).

    Only closed formations count (skirmish lines are disregarded, BA-8), and
    not when they are MD or FD. "Within 90 cm" includes 90 cm itself.
    """
    if formation is not None and not data.formations[formation].closed:
        return False
    if disorder in (Disorder.MD, Disorder.FD):
        return False
    return distance_cm <= data.fast_stop_distance_cm


def melee_zone(data: BAData, *, formation: Formation) -> tuple[float, float]:
    """The melee zone (width, depth) in cm: the frontage by 5 cm in front (BA-F3)."""
    return data.formations[formation].frontage_cm, data.zone_depth_cm


def charge_again_from(data: BAData, *, last_charge_bound: int) -> int:
    """First bound a unit that charged in ``last_charge_bound`` may charge again (BA-14).

    "4 bounds must pass": charged in bound 5, bounds 6–9 pass, charges from 10.
    """
    return last_charge_bound + data.cooldown_bounds + 1
