"""The La Bataille quick-reference chart, built from the same data the checks read.

Every number on the chart comes from :class:`LBData` (house rules included), so
a printed chart can never disagree with the desk. The sentences are ours, not
the rules book's.
"""

from __future__ import annotations

from desk.i18n import _
from desk.rules.base import Chart, ChartTable
from desk.rules.la_bataille.compute import road_hexes
from desk.rules.la_bataille.data import Arm, Formation, LBData
from desk.rules.la_bataille.scale import Scale66, chance_to_pass, lowest_passing_roll
from desk.rules.la_bataille.working import fmt


def _arms(data: LBData, formation: str) -> str:
    return ", ".join(arm.value for arm in Arm if formation in data.formations(arm)) or "—"


def _formations(data: LBData) -> ChartTable:
    third = data.whole("carre.cavalry_melee_divisor")
    quarter = data.whole("road_march.melee_divisor")
    go_cav = data.whole("general_order.cavalry_melee_divisor")
    worse = data.whole("road_march.morale_steps")
    line_terrain = " or ".join(data.names("formations.line_terrain"))
    rows = (
        (Formation.COLUMN, "allowance", "printed", "printed", "printed"),
        (Formation.LINE, f"allowance; {line_terrain} terrain only (LB-F4)", "printed",
         "printed", "printed"),
        (Formation.CARRE, f"{fmt(data.number('carre.movement_value'))} MP, or all if it changes "
         "formation first; 1 hex clear→clear always (LB-3, LB-4)",
         f"1 battery at 1/{data.whole('carre.battery_fire_divisor')} (LB-5)",
         f"cavalry attacks it at 1/{third} (LB-2)", "printed"),
        (Formation.SKIRMISH, "allowance", "printed", "printed", "printed"),
        (Formation.GENERAL_ORDER, "taken in its terrain (LB-6)", "printed (LB-7)",
         f"cavalry 1/{go_cav}, others full (LB-7)", "no pre-melee check defending (LB-7)"),
        (Formation.ROAD_MARCH, f"{fmt(data.number('road_march.mp_per_hex'))} MP per road hex "
         "(LB-9)", "none (LB-11)" if not data.flag("road_march.may_fire") else "printed",
         f"1/{quarter} per hex (LB-11)", f"+ {worse} steps (LB-12)"),
        (Formation.ROUTED, "—", "—", "—", "must rally (LB-F2)"),
        (Formation.LIMBERED, "allowance", "none (LB-14)", "printed", "printed"),
        (Formation.UNLIMBERED, "cannot move (LB-14)", "printed", "printed", "printed"),
    )
    return ChartTable(
        _("Formations and their effects"),
        (_("Formation"), _("Arms"), _("Movement"), _("Fire"), _("Melee"), _("Morale")),
        tuple((f.value, _arms(data, f), *rest) for f, *rest in rows),
    )


def _changes(data: LBData) -> ChartTable:
    return ChartTable(
        _("Changing formation (MP)"),
        (_("Who"), _("Change"), _("MP"), _("Clause")),
        (
            ("infantry", "any change", str(data.change_cost("infantry")), "LB-F3"),
            ("cavalry", "any change", str(data.change_cost("cavalry")), "LB-F3"),
            ("artillery", "limber", str(data.whole("artillery.limber_mp")), "LB-14"),
            ("artillery", "unlimber", str(data.whole("artillery.unlimber_mp")), "LB-14"),
            ("any", "into or out of general order", str(data.whole("change_mp.general_order")),
             "LB-F3"),
            # No clause: holding its position is campaign data (hold.mp_spent).
            ("any", "hold position (no move; a change of formation costs its own MP)",
             fmt(data.number("hold.mp_spent")), "hold.mp_spent"),
        ),
    )


def _road_march(data: LBData) -> ChartTable:
    per_hex = data.whole("road_march.increments_per_hex")
    rows = []
    for first in range(1, per_hex * 4, per_hex):
        last = first + per_hex - 1
        rows.append((f"{first}–{last}", str(road_hexes(data, last).value)))
    built_up = " and ".join(data.names("road_march.built_up_on_road"))
    return ChartTable(
        _("Road march: road hexes occupied (LB-9)"), (_("Increments"), _("Road hexes")),
        tuple(rows),
        note=_("Broken down to battalions only (LB-10); {built_up} hexes on the road count as "
               "road (LB-13).").format(
                 built_up=built_up),
    )


def _general_order(data: LBData) -> ChartTable:
    rows = tuple(
        (terrain, str(data.stacking_limit(terrain) or "see the game's Movement Chart"))
        for terrain in data.names("general_order.terrain")
    )
    return ChartTable(_("General order: stacking per hex (LB-8)"),
                      (_("Terrain"), _("Increments")), rows,
                      note=_("Not while disordered or routed (LB-6)."))


def _carre_and_guns(data: LBData) -> ChartTable:
    return ChartTable(
        _("Carre and artillery"),
        (_("Rule"), _("Value"), _("Clause")),
        (
            ("cavalry assault on a carre", "from its hex, after defensive fire", "LB-1"),
            ("cavalry melee against a carre", f"1/{data.whole('carre.cavalry_melee_divisor')}",
             "LB-2"),
            ("carre movement", f"{fmt(data.number('carre.movement_value'))} MP unless it "
             "changes formation first", "LB-3"),
            ("carre, one hex clear → clear", "always allowed", "LB-4"),
            ("batteries firing from a carre", str(data.whole("carre.batteries_may_fire")),
             "LB-5"),
            ("their fire", f"1/{data.whole('carre.battery_fire_divisor')}, into "
             f"{data.whole('carre.battery_hexsides')} hexside", "LB-5"),
            ("limber / unlimber", f"{data.whole('artillery.limber_mp')} / "
             f"{data.whole('artillery.unlimber_mp')} MP", "LB-14"),
        ),
    )


def _morale(data: LBData) -> ChartTable:
    worse = data.whole("road_march.morale_steps")
    rows = []
    for reading in (16, 26, 36, 46, 56):
        morale = Scale66.of(reading)
        lowest = lowest_passing_roll(morale)
        marching = morale + worse
        rows.append((str(morale), str(lowest) if lowest else "none",
                     f"{chance_to_pass(morale)}/36", str(marching)))
    return ChartTable(
        _("Morale on the 11–66 scale (LB-F1, LB-F2)"),
        (_("Morale"), _("Lowest roll that passes"), _("Chance"),
         _("In road march (+ {worse})").format(
                                                            worse=worse)),
        tuple(rows), note=_("43 + 4 = 51: modifiers count along the 36 readings."),
    )


def _notes(data: LBData) -> tuple[tuple[str, str], ...]:
    return (
        ("LB-1", _("Cavalry assaults a carre only from the carre's hex, after its defensive "
                   "fire.")),
        ("LB-2", _("Cavalry melees a carre at 1/{divisor}.").format(
                     divisor=data.whole('carre.cavalry_melee_divisor'))),
        ("LB-3", _("A carre starts its movement with 1 MP unless it changes formation first.")),
        ("LB-4", _("A carre may always move one hex from clear to clear.")),
        ("LB-5", _("One battery fires from a carre, at one third, into one hexside.")),
        ("LB-6", _("Good-order combat formations in built-up hexes and woods are in general "
                   "order.")),
        ("LB-7", _("General order: printed fire; cavalry melee at one third; no pre-melee "
                   "check.")),
        ("LB-8", _("Stacking in general order follows the game's Movement Chart.")),
        ("LB-9", _("Road march costs {mp} MP per road hex; {increments} increments per road "
                   "hex.").format(
                     mp=fmt(data.number('road_march.mp_per_hex')),
                     increments=data.whole('road_march.increments_per_hex'))),
        ("LB-10", _("Only units broken down to battalions enter road march.")),
        ("LB-11", _("Road march: one quarter of the melee value per hex, no fire.")),
        ("LB-12", _("Road march worsens morale by 12 steps on the 11–66 scale.")),
        ("LB-13", _("Village and town hexes on the road count as road.")),
        ("LB-14", _("Guns limber to move and unlimber to fire, 2 MP either way.")),
        ("LB-F5", _("A turn is about {minutes} minutes, a hex about {metres} m.").format(
                      minutes=data.whole('scale.minutes_per_turn'),
                      metres=data.whole('scale.metres_per_hex'))),
    )


def build_chart(data: LBData) -> Chart:
    """The one-page quick reference: formations, changes, carre, general order, road march."""
    return Chart(
        system="la-bataille",
        title=_("La Bataille — quick reference"),
        tables=(_formations(data), _changes(data), _carre_and_guns(data), _road_march(data),
                _general_order(data), _morale(data)),
        notes=_notes(data),
        house_rules=data.house_rule_lines(),
    )
