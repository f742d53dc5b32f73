"""La Bataille's combat values with their working: melee, fire, morale, pre-melee check.

The printed value divided in turn by each thing that halves or thirds it ("12 melee
÷ 3 against a carre = 4 (LB-2)"), the morale value to beat on the 11–66 scale, and
whether a defender takes the pre-melee morale check. Re-exported by
:mod:`desk.rules.la_bataille.compute` with the movement computations.
"""

from __future__ import annotations

from fractions import Fraction

from desk.i18n import _
from desk.rules.base import UnitInfo
from desk.rules.la_bataille.data import Arm, Formation, LBData
from desk.rules.la_bataille.model import LBSituation, number
from desk.rules.la_bataille.scale import Scale66, ScaleError
from desk.rules.la_bataille.working import Computation, fmt


def _divided(base: float, what: str, steps: list[tuple[int, str, str]]) -> tuple[Fraction, str]:
    """Apply each (divisor, why, clause) in turn: "12 melee ÷ 3 against a carre = 4 (LB-2)"."""
    value = Fraction(base).limit_denominator(1000)
    words = [f"{fmt(base)} {what}"]
    clauses: list[str] = []
    for divisor, why, clause in steps:
        if divisor != 1:
            value /= divisor
            words.append(f"÷ {divisor} {why}")
        if clause not in clauses:
            clauses.append(clause)
    tail = f" ({', '.join(clauses)})" if clauses else ""
    return value, " ".join(words) + f" = {fmt(value)}{tail}"


def melee_value(
    data: LBData, *, unit: UnitInfo, formation: str, situation: LBSituation
) -> Computation[float | None]:
    """The unit's melee value in its formation and against its target (LB-2, LB-7, LB-11)."""
    printed = number(unit.attrs, "melee")
    if printed is None:
        return Computation(None, "melee value not given")
    steps: list[tuple[int, str, str]] = []
    keys: list[str] = []
    if formation == Formation.ROAD_MARCH:
        steps.append((data.whole("road_march.melee_divisor"), "per hex in road march", "LB-11"))
        keys.append("road_march.melee_divisor")
    if formation == Formation.GENERAL_ORDER:
        key = ("general_order.cavalry_melee_divisor" if unit.arm == Arm.CAVALRY
               else "general_order.other_melee_divisor")
        steps.append((data.whole(key), f"for {unit.arm} in general order", "LB-7"))
        keys.append(key)
    if unit.arm == Arm.CAVALRY and situation.assaulting_carre:
        steps.append((data.whole("carre.cavalry_melee_divisor"), "against a carre", "LB-2"))
        keys.append("carre.cavalry_melee_divisor")
    value, working = _divided(printed, "melee", steps)
    return Computation(float(value), working, data.house(*keys))


def fire_value(
    data: LBData, *, unit: UnitInfo, formation: str, situation: LBSituation
) -> Computation[float | None]:
    """The unit's fire value (LB-5, LB-7, LB-11, LB-14)."""
    printed = number(unit.attrs, "fire")
    if printed is None:
        return Computation(None, "fire value not given")
    if formation == Formation.ROAD_MARCH and not data.flag("road_march.may_fire"):
        return Computation(0.0, "no fire value in road march (LB-11)")
    if formation == Formation.LIMBERED:
        return Computation(0.0, "limbered guns do not fire (LB-14)")
    steps: list[tuple[int, str, str]] = []
    if unit.arm == Arm.ARTILLERY and situation.in_carre:
        steps.append((data.whole("carre.battery_fire_divisor"), "from a carre", "LB-5"))
    if formation == Formation.GENERAL_ORDER:
        steps.append((data.whole("general_order.fire_divisor"), "in general order", "LB-7"))
    value, working = _divided(printed, "fire", steps)
    return Computation(float(value), working,
                       data.house("carre.battery_fire_divisor", "general_order.fire_divisor"))


def morale_value(data: LBData, *, unit: UnitInfo, formation: str) -> Computation[Scale66 | None]:
    """The morale value to beat, worsened by 12 steps in road march (LB-12, LB-F1, LB-F2)."""
    raw = unit.attrs.get("morale")
    try:
        printed = Scale66.of(raw)
    except ScaleError:
        return Computation(None, "morale value not given on the 11–66 scale")
    if formation != Formation.ROAD_MARCH:
        return Computation(printed, f"morale {printed}")
    steps = data.whole("road_march.morale_steps")
    worse = printed + steps
    tail = ": no roll can pass it (LB-12, LB-F2)" if worse.steps >= 35 else " (LB-12)"
    return Computation(worse, f"morale {printed} + {steps} in road march = {worse}{tail}",
                       data.house("road_march.morale_steps"))


def morale_check_line(morale: Computation[Scale66 | None]) -> str:
    """"Morale 44: a check passes on 45 or more (LB-F1, LB-F2)": a roll higher passes."""
    value = morale.value
    said = morale.working[:1].upper() + morale.working[1:]
    if value is None:
        return _("{said} (LB-F1).").format(said=said)
    needed = value + 1
    if not needed.in_range:
        return _("{said}: no roll passes a check (LB-F2).").format(said=said)
    return _("{said}: a check passes on {roll} or more (LB-F1, LB-F2).").format(
        said=said, roll=needed)


def pre_melee_morale_check(data: LBData, *, formation: str) -> Computation[bool]:
    """Whether a defender takes a pre-melee morale check: none in general order (LB-7)."""
    if formation == Formation.GENERAL_ORDER:
        takes = data.flag("general_order.pre_melee_morale_check")
        return Computation(takes, "defending in general order: "
                           + ("takes" if takes else "no") + " pre-melee morale check (LB-7)",
                           data.house("general_order.pre_melee_morale_check"))
    return Computation(True, "takes the pre-melee morale check")
