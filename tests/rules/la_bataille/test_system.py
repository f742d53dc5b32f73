"""La Bataille as a whole: the RulesSystem face, house rules, events, advance, chart, robustness."""

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desk.rules import get_system, la_bataille
from desk.rules.base import FieldKind, RulesDataError, RulesSystem, UnitInfo
from desk.rules.records import fields_record, situation_record, state_record

LB = la_bataille.system({})
ROOT = Path(__file__).resolve().parents[3]
CLAUSES = [f"LB-{n}" for n in range(1, 15)] + [f"LB-F{n}" for n in range(1, 6)]


def unit(arm: str = "infantry", strength: int = 8, **attrs: Any) -> UnitInfo:
    base = {"movement_allowance": 6, "morale": 35, "melee": 12, "fire": 9}
    return UnitInfo(id=6, name="4e Ligne", arm=arm, unit_type="line-infantry", side="French",
                    command="IV Corps", strength=strength, attrs={**base, **attrs})


def test_registry_returns_la_bataille_with_its_ids() -> None:
    system: RulesSystem = get_system("la-bataille", {})
    assert (system.id, system.name) == ("la-bataille", "La Bataille")


def test_order_fields_in_form_order() -> None:
    names = [f.name for f in LB.order_fields()]
    assert names == ["formation", "road_march", "limber", "destination", "from_hex", "to_hex",
                     "path_hexes", "fire", "melee",
                     "first_action_is_formation_change", "hold"]
    formation = LB.order_fields()[0]
    assert formation.kind is FieldKind.CHOICE and "road-march" not in formation.choices


def test_complete_fills_defaults_and_says_which() -> None:
    done = LB.complete({"formation": "line", "fire": True})
    assert done.fields["road_march"] is False and done.fields["limber"] == ""
    assert "formation" not in done.defaulted and "road_march" in done.defaulted


def test_summary_shows_the_change_cost() -> None:
    assert LB.summarize({}) == "keep formation"
    assert LB.summarize({"formation": "line", "destination": "La Haye", "fire": True}) == (
        "form line (inf 1 MP, cav 3 MP); to La Haye; fire")
    assert "½ MP per road hex" in LB.summarize({"road_march": True})


@pytest.mark.parametrize(
    ("key", "value"),
    [("road_march.mp_per_hex_typo", 1.0), ("road_march.mp_per_hex", "one"),
     ("road_march.increments_per_hex", 0), ("road_march.may_fire", 1)],
    ids=["unknown-key", "wrong-type", "zero-divisor", "number-for-flag"],
)
def test_house_rules_refuse_bad_overrides_with_a_sentence(key: str, value: Any) -> None:
    with pytest.raises(RulesDataError, match=re.escape(key.split("_typo")[0])):
        la_bataille.system({key: value})


def test_house_rules_reach_findings_and_the_chart() -> None:
    house = la_bataille.system({"road_march.increments_per_hex": 3})
    assert house.road_hexes(7).value == 3 and house.road_hexes(7).house_rule
    found = house.check(unit=unit(strength=7, smallest_organisation=True),
                        state={"formation": "column"}, fields={"road_march": True},
                        situation={"terrain": "clear", "road": True})
    assert any(f.code == "LB_ROAD_MARCH_HEXES" and f.house_rule for f in found)
    assert house.chart().house_rules == ("road_march.increments_per_hex = 3 (house rule)",)


def test_chart_is_built_from_the_same_data() -> None:
    chart = LB.chart()
    titles = " ".join(t.title for t in chart.tables)
    for word in ("Formations", "Changing formation", "Carre", "Road march", "General order",
                 "11–66"):
        assert word in titles
    road = next(t for t in chart.tables if t.title.startswith("Road march"))
    assert road.rows[2] == ("9–12", "3")
    assert {clause for clause, _ in chart.notes} >= {f"LB-{n}" for n in range(1, 15)}
    slower = la_bataille.system({"change_mp.cavalry": 4}).chart()
    changes = next(t for t in slower.tables if t.title.startswith("Changing"))
    assert ("cavalry", "any change", "4", "LB-F3") in changes.rows


def test_describe_state_lines_cite_their_clauses() -> None:
    lines = LB.describe_state(state={"formation": "road-march", "strength": 11}, bound=3)
    assert "11 increments: 3 road hexes (LB-9)" in lines[1]
    assert any("LB-3" in line for line in LB.describe_state(state={"formation": "carre"},
                                                            bound=1))


def test_events_morale_check_uses_the_scale() -> None:
    u = unit(morale=46)
    passed = LB.apply_event(unit=u, state={"formation": "column"}, event="morale-check",
                            data={"roll": 51}, bound=2)
    assert "passes" in passed.journal
    failed = LB.apply_event(unit=u, state={"formation": "road-march"}, event="morale-check",
                            data={"roll": 66}, bound=2)
    assert "fails" in failed.journal and "LB-12" in failed.journal
    bad = LB.apply_event(unit=u, state={}, event="morale-check", data={"roll": 47}, bound=2)
    assert bad.findings and bad.findings[0].code == "LB_ROLL_NOT_ON_SCALE"


def test_events_rout_and_rally_restore_the_combat_formation() -> None:
    u = unit()
    state = LB.initial_state(unit=u, formation="line")
    routed = LB.apply_event(unit=u, state=state, event="routed", data={}, bound=2).state
    assert (routed["formation"], routed["disorder"]) == ("routed", "routed")
    rallied = LB.apply_event(unit=u, state=routed, event="rallied", data={}, bound=3).state
    assert (rallied["formation"], rallied["disorder"]) == ("line", "good-order")


def test_unknown_event_is_refused_not_raised() -> None:
    outcome = LB.apply_event(unit=unit(), state={"formation": "column"}, event="teleported",
                             data={}, bound=1)
    assert outcome.state["formation"] == "column" and outcome.findings


def test_advance_applies_the_order_then_the_events() -> None:
    u = unit("artillery")
    nxt = LB.advance(unit=u, state=LB.initial_state(unit=u), fields={"limber": "unlimber"},
                     events=[{"event": "increments-lost", "data": {"increments": 2}}], bound=1)
    assert nxt.state["formation"] == "unlimbered" and nxt.state["strength"] == 6
    assert any("LB-14" in line for line in nxt.journal)
    kept = LB.advance(unit=u, state=nxt.state, fields=None, events=[], bound=2)
    assert kept.state == nxt.state


def test_every_clause_is_cited_by_code_and_by_a_test() -> None:
    code = " ".join(p.read_text() for p in (ROOT / "desk" / "rules" / "la_bataille").glob("*.py"))
    here = Path(__file__).parent
    tests = " ".join(p.read_text() for p in here.glob("test_*.py"))
    for clause in CLAUSES:
        assert re.search(rf"{clause}\b", code), f"{clause} not cited in the code"
        assert re.search(rf"(?i){clause.replace('-', '[-_]')}\b", tests), f"{clause} untested"


values = st.one_of(st.none(), st.booleans(), st.integers(-100, 100), st.floats(allow_nan=True),
                   st.text(max_size=12), st.sampled_from(["column", "line", "carre", "woods",
                                                          "road", "village", "road-march",
                                                          "general-order", "limber", "routed",
                                                          "disordered", "unlimbered"]))
keys = st.sampled_from(["formation", "disorder", "strength", "terrain", "road", "road_march",
                        "limber", "fire", "melee", "destination", "move_mp", "hexes",
                        "road_hexes", "movement_allowance", "broken_down", "assaulting_carre",
                        "in_carre", "hexsides", "stacked_increments", "destination_terrain",
                        "first_action_is_formation_change", "combat_formation", "bound"])
mappings = st.dictionaries(keys, values, max_size=10)
arms = st.sampled_from(["infantry", "cavalry", "artillery", "staff", ""])


@settings(max_examples=300, deadline=None)
@given(arm=arms, state=mappings, fields=mappings, situation=mappings,
       attrs=st.dictionaries(st.sampled_from(["morale", "melee", "fire", "movement_allowance",
                                              "smallest_organisation"]), values, max_size=5),
       strength=st.integers(-5, 60))
def test_check_and_advance_never_raise(arm: str, state: dict[str, Any], fields: dict[str, Any],
                                       situation: dict[str, Any], attrs: dict[str, Any],
                                       strength: int) -> None:
    u = UnitInfo(id=7, name="x", arm=arm, unit_type="", side="", command="", strength=strength,
                 attrs=attrs)
    findings = LB.check(unit=u, state=state_record(state), fields=fields_record(fields),
                        situation=situation_record(situation))
    assert all(f.message.endswith(")") or f.message.endswith(").") for f in findings)
    LB.advance(unit=u, state=state_record(state), fields=fields_record(fields),
               events=[{"event": "disordered"}],
               bound=1)
    LB.summarize(fields_record(fields))
    LB.describe_state(state=state_record(state), bound=1)
