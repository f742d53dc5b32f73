"""Belle Alliance orders and data: complete() (BA-1, BA-2), vocabulary (BA-F1, BA-F4),
house rules, the chart, and the registry's view of the system."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk.resources import rules_text_path
from desk.rules import get_system
from desk.rules.base import RulesDataError, UnitInfo
from desk.rules.belle_alliance import BelleAlliance, system
from desk.rules.records import fields_record

INFANTRY = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                    side="French", command="VI Corps", strength=24)


@pytest.fixture(scope="module")
def ba() -> BelleAlliance:
    return system({})


def test_ba1_no_rate_means_normal_and_is_marked_defaulted(ba: BelleAlliance) -> None:
    done = ba.complete({"rate": "", "destination": "Plancenoit"})
    assert done.fields["rate"] == "normal"
    assert done.defaulted == {"rate", "direction"}  # direction: forward unless written
    spec = next(f for f in ba.order_fields() if f.name == "rate")
    assert (spec.default, spec.default_label, spec.clause) == ("normal", "normal", "BA-1")


def test_ba1_a_given_rate_is_kept(ba: BelleAlliance) -> None:
    done = ba.complete({"rate": "Fast", "segment": "second"})
    assert done.fields["rate"] == "fast" and "rate" not in done.defaulted


@pytest.mark.parametrize(("fields", "far"), [
    pytest.param({}, True, id="BA-2-no-criteria"),
    pytest.param({"destination": "the mill"}, False, id="BA-2-position"),
    pytest.param({"segment": "first half"}, False, id="BA-2-segment"),
    pytest.param({"destination": "the mill", "segment": "first"}, False, id="BA-2-both"),
])
def test_ba2_no_position_nor_segment_means_as_far_as_possible(
    ba: BelleAlliance, fields: dict[str, str], far: bool
) -> None:
    done = ba.complete(fields_record(fields))
    assert done.fields["as_far_as_possible"] is far
    assert ("destination" in done.defaulted) is far
    assert ("as far as possible" in ba.summarize(fields_record(fields))) is far


def test_order_fields_in_form_order(ba: BelleAlliance) -> None:
    names = [f.name for f in ba.order_fields()]
    assert names[:3] == ["rate", "destination", "segment"]
    assert {"formation", "fire", "attack", "direction", "terrain", "crossing"} <= set(names)


@pytest.mark.parametrize(("arm", "has_square"), [
    pytest.param("infantry", True, id="BA-F4-infantry"),
    pytest.param("cavalry", False, id="BA-F4-cavalry"),
])
def test_baf4_formations_by_arm(ba: BelleAlliance, arm: str, has_square: bool) -> None:
    assert ("square" in ba.formations(arm)) is has_square
    assert ba.formations("navy") == ()


def test_baf1_sd_is_read_as_ld(ba: BelleAlliance) -> None:
    lines = ba.describe_state(state={"formation": "line", "disorder": "SD"}, bound=1)
    assert "disorder LD" in lines


def test_initial_state_uses_the_arm_formation(ba: BelleAlliance) -> None:
    st = ba.initial_state(unit=INFANTRY)
    assert (st["formation"], st["disorder"], st["strength"]) == ("column-of-attack", "none", 24)
    assert ba.initial_state(unit=INFANTRY, formation="square")["formation"] == "square"


def test_registry_returns_this_system() -> None:
    rules = get_system("belle-alliance", {})
    assert (rules.id, rules.name) == ("belle-alliance", "Belle Alliance")


def test_ba14_house_rule_is_said_in_the_finding() -> None:
    rules = system({"charge": {"cooldown_bounds": 3}})
    found = rules.check(unit=INFANTRY, state={"formation": "line", "last_charge_bound": 5},
                        fields=rules.complete({"rate": "charge"}).fields, situation={"bound": 8})
    assert [f.message for f in found] == [
        "Charged in bound 5: may charge again from bound 9 (house rule) (BA-14)"]
    assert found[0].house_rule is True


@pytest.mark.parametrize(("rules", "words"), [
    pytest.param({"charge.cool_bounds": 3}, "no such setting", id="unknown-key"),
    pytest.param({"charge": {"cooldown_bounds": "four"}}, "must be like", id="wrong-type"),
    pytest.param({"rate.fast_multiplier": -2}, "negative", id="BA-7-negative"),
    pytest.param({"rates_cm.infantry.line.moon": 5}, "no such setting", id="BA-F4-terrain"),
])
def test_bad_house_rules_raise_one_plain_message(rules: dict[str, object], words: str) -> None:
    with pytest.raises(RulesDataError, match=words):
        system(rules)


def test_ba3_rate_table_cell_may_be_overridden_to_none() -> None:
    rules = system({"rates_cm.infantry.column-of-attack.fields": "none"})
    found = rules.check(unit=INFANTRY, state={"formation": "column-of-attack"},
                        fields=rules.complete({"attack": True}).fields,
                        situation={"bound": 1, "terrain": "fields"})
    assert [(f.code, f.house_rule) for f in found] == [("BA_NO_RATE_ATTACK", True)]


def test_chart_is_built_from_the_checks_numbers() -> None:
    chart = system({"rate.fast_stop_distance_cm": 60, "charge.cooldown_bounds": 2}).chart()
    notes = dict(chart.notes)
    assert "60 cm" in notes["BA-9"] and "n + 3" in notes["BA-14"]
    assert chart.house_rules == ("charge.cooldown_bounds: 4 → 2 (house rule)",
                                 "rate.fast_stop_distance_cm: 90 → 60 (house rule)")
    rates = next(t for t in chart.tables if t.title.startswith("Rates of march"))
    row = next(r for r in rates.rows if r[:2] == ("infantry", "line"))
    assert row[2] == "30" and "—" in row  # open 30 cm; woods has no rate


def test_chart_cites_every_ba_clause_of_rules_md(ba: BelleAlliance) -> None:
    import re

    text = Path(rules_text_path()).read_text(encoding="utf-8")
    ids = set(re.findall(r"\b(BA-F?\d+)\b", text))
    assert {clause for clause, _ in ba.chart().notes} == ids
