"""Belle Alliance crossings (BA-19 … BA-21) and passing through (BA-15 … BA-17)."""

from __future__ import annotations

from typing import Any

import pytest

from desk.rules.base import Finding, Severity, UnitInfo
from desk.rules.belle_alliance import BelleAlliance, system
from desk.rules.records import fields_record, situation_record, state_record

INFANTRY = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                    side="French", command="VI Corps", strength=24)


@pytest.fixture(scope="module")
def ba() -> BelleAlliance:
    return system({})


def run(ba: BelleAlliance, situation: dict[str, Any], *, formation: str = "column-of-attack",
        disorder: str = "none", fields: dict[str, Any] | None = None) -> list[Finding]:
    completed = ba.complete(fields_record(fields or {"destination": "the far bank"})).fields
    st = {"formation": formation, "disorder": disorder, "strength": 24}
    return ba.check(unit=INFANTRY, state=state_record(st), fields=completed,
                    situation=situation_record({"bound": 3, "terrain": "open", **situation}))


def codes(found: list[Finding]) -> set[str]:
    return {f.code for f in found}


@pytest.mark.parametrize(("width", "refused"), [
    pytest.param(5, False, id="BA-20-5cm-anywhere"),
    pytest.param(6, True, id="BA-20-6cm-bridge-or-ford-only"),
])
def test_ba20_wide_waterway_only_at_bridge_or_ford(
    ba: BelleAlliance, width: float, refused: bool
) -> None:
    found = run(ba, {"crossing": {"name": "Lasne brook", "kind": "waterway", "width_cm": width}})
    assert ("BA_WATERWAY_WIDE" in codes(found)) is refused
    if refused:
        hit = next(f for f in found if f.code == "BA_WATERWAY_WIDE")
        assert hit.severity is Severity.ERROR
        assert hit.message == ("Lasne brook is 6 cm wide, more than 5 cm: cross it only at a "
                               "bridge or a ford (BA-20)")


def test_ba20_narrow_waterway_is_crossed_as_an_obstacle(ba: BelleAlliance) -> None:
    rate = ba.rate_for(unit=INFANTRY, state={"formation": "column-of-attack", "strength": 24},
                       fields=ba.complete({}).fields,
                       situation={"crossing": {"kind": "waterway", "width_cm": 4}})
    assert rate is not None and rate.cm == 20  # 30 − 10 stream
    assert "BA-19" in rate.clauses


def test_ba20_unknown_feature_is_a_warning_not_a_refusal(ba: BelleAlliance) -> None:
    found = run(ba, {}, fields={"crossing": "Smohain brook"})
    assert [f.code for f in found] == ["BA_CROSSING_UNKNOWN"]
    assert found[0].severity is Severity.WARNING


@pytest.mark.parametrize(("formation", "refused"), [
    pytest.param("column-of-march", False, id="BA-21-bridge-column-of-march"),
    pytest.param("column-of-attack", True, id="BA-21-bridge-column-of-attack"),
])
def test_ba21_bridge_only_in_column_of_march(
    ba: BelleAlliance, formation: str, refused: bool
) -> None:
    found = run(ba, {"crossing": {"name": "Plancenoit bridge", "kind": "bridge"}},
                formation=formation)
    assert ("BA_BRIDGE_FORMATION" in codes(found)) is refused


@pytest.mark.parametrize(("width", "refused"), [
    pytest.param(8, False, id="BA-21-ford-frontage-equal"),
    pytest.param(7.9, True, id="BA-21-ford-frontage-wider"),
])
def test_ba21_ford_when_frontage_fits(ba: BelleAlliance, width: float, refused: bool) -> None:
    # column of attack: 8 cm frontage in the data file
    found = run(ba, {"crossing": {"name": "Mill ford", "kind": "ford", "width_cm": width}})
    assert ("BA_FORD_FRONTAGE" in codes(found)) is refused


def test_ba21_bridge_counts_as_road(ba: BelleAlliance) -> None:
    rate = ba.rate_for(unit=INFANTRY, state={"formation": "column-of-march", "strength": 24},
                       fields=ba.complete({}).fields,
                       situation={"terrain": "road", "crossing": {"kind": "bridge"}})
    assert rate is not None and rate.cm == 40


def test_ba19_unknown_obstacle_asks_the_umpire(ba: BelleAlliance) -> None:
    found = run(ba, {"obstacles": ["abatis"]})
    assert codes(found) == {"BA_OBSTACLE_UNKNOWN"}


@pytest.mark.parametrize(("target", "disorder", "code"), [
    pytest.param({"name": "voltigeurs", "formation": "skirmish-line"}, "none", None,
                 id="BA-15-own-skirmish-line"),
    pytest.param({"name": "6e battery", "formation": "unlimbered"}, "MD", None,
                 id="BA-15-own-unlimbered-guns-by-MD"),
    pytest.param({"name": "2/5e", "formation": "line"}, "none", "BA_PASS_FORMATION",
                 id="BA-15-own-line"),
    pytest.param({"name": "6e battery", "formation": "unlimbered"}, "FD", "BA_PASS_FD",
                 id="BA-15-not-by-FD"),
])
def test_ba15_own_skirmishers_and_guns_may_be_passed(
    ba: BelleAlliance, target: dict[str, Any], disorder: str, code: str | None
) -> None:
    found = run(ba, {"pass_through": [target]}, disorder=disorder)
    errors = {f.code for f in found if f.severity is Severity.ERROR}
    assert errors == ({code} if code else set())


@pytest.mark.parametrize(("distance", "code", "severity"), [
    pytest.param(15, "BA_PASS_FD_SOUTIEN", Severity.WARNING, id="BA-16-soutien-15cm"),
    pytest.param(16, "BA_PASS_FD", Severity.ERROR, id="BA-16-soutien-16cm"),
])
def test_ba16_fd_through_a_skirmish_line_near_its_soutien(
    ba: BelleAlliance, distance: float, code: str, severity: Severity
) -> None:
    target = {"name": "voltigeurs", "formation": "skirmish-line", "soutien_distance_cm": distance}
    found = run(ba, {"pass_through": [target]}, disorder="FD")
    assert [(f.code, f.severity, f.clause) for f in found] == [(code, severity, "BA-16")]
    if code == "BA_PASS_FD_SOUTIEN":
        assert "no dice for spread of rout" in found[0].message


@pytest.mark.parametrize(("guns", "refused"), [
    pytest.param(False, True, id="BA-17-opponents"),
    pytest.param(True, False, id="BA-17-abandoned-guns"),
])
def test_ba17_never_through_opponents_but_their_abandoned_guns(
    ba: BelleAlliance, guns: bool, refused: bool
) -> None:
    target = {"name": "Prussian 15th", "side": "enemy", "formation": "unlimbered",
              "abandoned_guns": guns}
    assert ("BA_PASS_ENEMY" in codes(run(ba, {"pass_through": [target]}))) is refused
