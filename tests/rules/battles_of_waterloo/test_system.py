"""The Battles of Waterloo rules system as the services see it: fields, check, state, chart."""

from __future__ import annotations

from typing import Any

import pytest

from desk.rules import get_system
from desk.rules.base import RulesDataError, RulesSystem, Severity, UnitInfo
from desk.rules.battles_of_waterloo import BattlesOfWaterloo, system
from desk.rules.battles_of_waterloo.data import load_table
from desk.rules.records import fields_record, situation_record, state_record

LINE = UnitInfo(id=1, name="1/2e Léger", arm="infantry", unit_type="light-infantry",
                side="French", command="II Corps", strength=6)
CD_II = {"phase": "operations", "lim_kind": "cd", "lim_command": "II Corps"}


@pytest.fixture(scope="module")
def bow() -> BattlesOfWaterloo:
    return system({})


def _check(bow: BattlesOfWaterloo, fields: dict[str, Any], situation: dict[str, Any],
           state: dict[str, Any] | None = None) -> list[tuple[str, str, Severity]]:
    st = state if state is not None else bow.initial_state(unit=LINE)
    found = bow.check(unit=LINE, state=state_record(st), fields=fields_record(fields),
                      situation=situation_record(situation))
    return [(f.code, f.clause, f.severity) for f in found]


def test_registry_returns_the_system() -> None:
    found: RulesSystem = get_system("battles-of-waterloo", {})
    assert (found.id, found.name) == ("battles-of-waterloo", "Battles of Waterloo")


def test_bow_2_allowed_movement_passes(bow: BattlesOfWaterloo) -> None:
    assert _check(bow, {"movement": "tactical"}, CD_II) == []


def test_bow_2_unrestricted_strategic_refused_citing_the_row(bow: BattlesOfWaterloo) -> None:
    found = bow.check(unit=LINE, state=bow.initial_state(unit=LINE),
                      fields={"movement": "unrestricted-strategic"},
                      situation=situation_record(CD_II))
    assert [(f.code, f.clause) for f in found] == [("BOW_MOVEMENT_NOT_ALLOWED", "BOW-2")]
    assert "tactical" in found[0].message and found[0].message.endswith("(BOW-2).")


def test_bow_1_no_rally_under_the_strategic_lim(bow: BattlesOfWaterloo) -> None:
    situation = {"phase": "operations", "lim_kind": "strategic", "lim_side": "French"}
    assert _check(bow, {"movement": "unrestricted-strategic", "rally": True}, situation) == [
        ("BOW_NO_RALLY", "BOW-1", Severity.ERROR)]


def test_bow_10_warns_to_end_closer_to_the_leader(bow: BattlesOfWaterloo) -> None:
    situation = {"phase": "out-of-command", "within_detachment_range": False}
    state = {**bow.initial_state(unit=LINE), "in_command": False}
    assert _check(bow, {"movement": "restricted-reduced"}, situation, state) == [
        ("BOW_CLOSER_TO_LEADER", "BOW-10", Severity.WARNING)]


def test_bow_f2_restricted_strategic_warns_roads_only(bow: BattlesOfWaterloo) -> None:
    assert _check(bow, {"movement": "restricted-strategic"}, CD_II) == [
        ("BOW_ROADS_ONLY", "BOW-F2", Severity.WARNING)]


def test_bow_f3_idle_state_refuses_a_move_but_not_standing(bow: BattlesOfWaterloo) -> None:
    state = {**bow.initial_state(unit=LINE), "idle": True}
    assert _check(bow, {"movement": "tactical"}, CD_II, state) == [
        ("BOW_IDLE", "BOW-F3", Severity.ERROR)]
    assert _check(bow, {"movement": "none"}, CD_II, state) == []


def test_bow_9_state_out_of_command_is_read(bow: BattlesOfWaterloo) -> None:
    state = {**bow.initial_state(unit=LINE), "in_command": False}
    assert _check(bow, {"movement": "tactical"}, CD_II, state)[0][:2] == (
        "BOW_COMMAND_STATUS", "BOW-2")


def test_bow_1_unknown_movement_is_one_finding(bow: BattlesOfWaterloo) -> None:
    assert _check(bow, {"movement": "teleport"}, CD_II)[0][:2] == ("BOW_UNKNOWN_MOVEMENT", "BOW-1")


def test_complete_fills_no_movement_and_no_rally(bow: BattlesOfWaterloo) -> None:
    done = bow.complete({"destination": "Plancenoit", "movement": "Tactical"})
    assert done.fields["movement"] == "tactical" and done.fields["rally"] is False
    assert done.defaulted == frozenset({"rally"})
    assert bow.complete({}).defaulted == frozenset({"movement", "rally"})
    assert bow.summarize(done.fields) == "Tactical → Plancenoit"


def test_initial_state_has_the_shared_keys(bow: BattlesOfWaterloo) -> None:
    state = bow.initial_state(unit=LINE)
    assert state == {"formation": "normal", "disorder": "none", "strength": 6,
                     "in_command": True, "idle": False}
    with pytest.raises(RulesDataError, match="not a Battles of Waterloo formation"):
        bow.initial_state(unit=LINE, formation="square")


def test_bow_f3_events_then_advance_ends_idleness(bow: BattlesOfWaterloo) -> None:
    state = bow.initial_state(unit=LINE)
    failed = bow.apply_event(unit=LINE, state=state, event="activation-failed", data={}, bound=3)
    assert failed.state["idle"] is True and "BOW-F3" in failed.journal
    assert any("BOW-F3" in line for line in bow.describe_state(state=failed.state, bound=3))
    nxt = bow.advance(unit=LINE, state=failed.state, fields=None,
                      events=[{"event": "command-status", "data": {"in_command": False}}], bound=3)
    assert nxt.state["idle"] is False and nxt.state["in_command"] is False
    assert any("no longer idle" in line for line in nxt.journal)


def test_unknown_event_is_a_warning_not_a_crash(bow: BattlesOfWaterloo) -> None:
    out = bow.apply_event(unit=LINE, state={}, event="volley", data={}, bound=1)
    assert out.findings and out.findings[0].severity is Severity.WARNING


def test_chart_is_built_from_the_evaluators_data(bow: BattlesOfWaterloo) -> None:
    chart = bow.chart()
    table = chart.tables[0]
    assert [r[0] for r in table.rows] == [f"BOW-{n}" for n in range(1, 11)]
    assert table.rows[9][5] == bow.table.labels[bow.table.rows[9].movement[0]]
    assert [n for n, _ in chart.notes] == ["BOW-11", "BOW-12", "BOW-F1", "BOW-F2", "BOW-F3",
                                           "BOW-F4"]
    assert chart.house_rules == ()


def test_house_rule_multiplier_reaches_the_chart() -> None:
    chart = system({"multiplier.tactical": 1.5}).chart()
    assert chart.house_rules and "1.5" in chart.house_rules[0]
    allowance = next(t for t in chart.tables if "allowance" in t.title)
    assert ("Tactical", "× 1.5 (house rule)", "anywhere") in allowance.rows


@pytest.mark.parametrize("overrides", [
    {"rows": 3}, {"multiplier.teleport": 2}, {"multiplier": {"tactical": -1}},
    {"multiplier.tactical": "fast"},
])
def test_bad_house_rules_raise_rules_data_error(overrides: dict[str, Any]) -> None:
    with pytest.raises(RulesDataError):
        system(overrides)


def test_malformed_data_file_is_one_clear_error(tmp_path: Any) -> None:
    bad = tmp_path / "bow.toml"
    bad.write_text("[meta]\nid = 'x'\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match="malformed"):
        load_table(path=bad)
