"""Belle Alliance order checks, one group per clause, on both sides of each threshold.

Expected numbers are written out here from RULES.md (4 bounds, × 2, 90 cm ...),
not read from the data file, so a slip in the TOML fails these tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from desk.rules.base import Finding, Severity, UnitInfo
from desk.rules.belle_alliance import BelleAlliance, system
from desk.rules.records import fields_record, situation_record, state_record


@pytest.fixture(scope="module")
def ba() -> BelleAlliance:
    return system({})


def unit(arm: str = "infantry", unit_type: str = "line-infantry") -> UnitInfo:
    return UnitInfo(id=1, name="1/5e Ligne", arm=arm, unit_type=unit_type, side="French",
                    command="VI Corps", strength=24)


def state(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"formation": "column-of-attack", "disorder": "none", "strength": 24}
    return {**base, **changes}


def run(ba: BelleAlliance, fields: dict[str, Any], *, who: UnitInfo | None = None,
        situation: dict[str, Any] | None = None, **st: Any) -> list[Finding]:
    completed = ba.complete(fields_record(fields)).fields
    return ba.check(unit=who or unit(), state=state_record(state(**st)), fields=completed,
                    situation=situation_record({"bound": 10, "terrain": "open",
                                                **(situation or {})}))


def codes(found: list[Finding]) -> set[str]:
    return {f.code for f in found}


@pytest.mark.parametrize(("bound", "refused"), [
    pytest.param(9, True, id="BA-14-n+4-refused"),
    pytest.param(10, False, id="BA-14-n+5-allowed"),
])
def test_ba14_charge_again_only_from_n_plus_5(ba: BelleAlliance, bound: int, refused: bool) -> None:
    found = run(ba, {"rate": "charge"}, situation={"bound": bound}, last_charge_bound=5)
    assert ("BA_CHARGE_COOLDOWN" in codes(found)) is refused
    if refused:
        cooldown = next(f for f in found if f.code == "BA_CHARGE_COOLDOWN")
        assert cooldown.severity is Severity.ERROR and cooldown.clause == "BA-14"
        assert cooldown.message == "Charged in bound 5: may charge again from bound 10 (BA-14)"


def test_ba14_cooldown_only_concerns_a_charge(ba: BelleAlliance) -> None:
    assert "BA_CHARGE_COOLDOWN" not in codes(run(ba, {"rate": "normal"}, last_charge_bound=9))


@pytest.mark.parametrize(("bound", "warned"), [
    pytest.param(6, True, id="BA-13-next-bound"),
    pytest.param(7, False, id="BA-13-bound-after-next"),
    pytest.param(5, False, id="BA-13-not-the-charge-bound"),
])
def test_ba13_melee_penalty_in_the_bound_after_a_charge(
    ba: BelleAlliance, bound: int, warned: bool
) -> None:
    found = run(ba, {"attack": True}, situation={"bound": bound}, last_charge_bound=5,
                melee_penalty_bound=6)
    hits = [f for f in found if f.code == "BA_MELEE_PENALTY"]
    assert bool(hits) is warned
    assert all(f.severity is Severity.WARNING and f.message.endswith("(BA-13)") for f in hits)


@pytest.mark.parametrize(("disorder", "refused"), [
    pytest.param("LD", True, id="BA-12-LD"),
    pytest.param("SD", True, id="BA-12-BA-F1-SD-is-LD"),
    pytest.param("none", False, id="BA-12-steady"),
])
def test_ba12_ld_may_not_charge(ba: BelleAlliance, disorder: str, refused: bool) -> None:
    found = run(ba, {"rate": "charge"}, disorder=disorder)
    assert ("BA_CHARGE_DISORDER" in codes(found)) is refused


@pytest.mark.parametrize(("disorder", "fields", "refused"), [
    pytest.param("MD", {"fire": True}, True, id="BA-F2-MD-fire"),
    pytest.param("FD", {"attack": True}, True, id="BA-F2-FD-attack"),
    pytest.param("MD", {"rate": "charge"}, True, id="BA-F2-MD-charge-is-an-attack"),
    pytest.param("LD", {"fire": True}, False, id="BA-F2-LD-may-fire"),
    pytest.param("MD", {}, False, id="BA-F2-MD-may-move"),
])
def test_baf2_md_fd_neither_fire_nor_attack(
    ba: BelleAlliance, disorder: str, fields: dict[str, Any], refused: bool
) -> None:
    found = run(ba, fields, disorder=disorder)
    assert ("BA_DISORDER_NO_FIRE_ATTACK" in codes(found)) is refused


@pytest.mark.parametrize(("formation", "refused"), [
    pytest.param("column-of-march", False, id="BA-8-column-of-march"),
    pytest.param("line", True, id="BA-8-line"),
    pytest.param("skirmish-line", True, id="BA-8-skirmish-line-keeps-own-rate"),
])
def test_ba8_fast_only_in_column_of_march(ba: BelleAlliance, formation: str, refused: bool) -> None:
    found = run(ba, {"rate": "fast"}, formation=formation)
    assert ("BA_FAST_FORMATION" in codes(found)) is refused


def test_ba8_ba1_line_into_column_of_march_and_fast_is_pointed_out(ba: BelleAlliance) -> None:
    """After the change it is a column of march, so BA_FAST_FORMATION does not refuse it; but
    it began the bound in line, and BA-1 fixes the rate for the bound: a BA-8 finding saying
    both, a warning by default, an error under the house rule (issue 27)."""
    order = {"rate": "fast", "formation": "column-of-march"}
    found = run(ba, order, formation="line")
    assert "BA_FAST_FORMATION" not in codes(found)
    (said,) = [f for f in found if f.code == "BA_FAST_AFTER_CHANGE"]
    assert (said.severity, said.clause) == (Severity.WARNING, "BA-8")
    assert said.message == ("From line into column of march and fast in one bound: the fast "
                            "rate is for a column of march only (BA-8), and the rate is fixed "
                            "for the whole bound (BA-1)")
    strict = system({"rate.fast_after_change": "error"})
    (refused,) = [f for f in run(strict, order, formation="line")
                  if f.code == "BA_FAST_AFTER_CHANGE"]
    assert refused.severity is Severity.ERROR and refused.house_rule
    assert refused.message.endswith("(BA-1) (house rule)")
    # Already a column of march, or no change with the fast rate: nothing to say.
    assert "BA_FAST_AFTER_CHANGE" not in codes(run(ba, order, formation="column-of-march"))
    assert "BA_FAST_AFTER_CHANGE" not in codes(run(ba, {**order, "rate": "normal"},
                                                    formation="line"))
    # The chart says what the check does.
    (note,) = [text for clause, text in strict.chart().notes if clause == "BA-8"]
    assert note.endswith("Ordered into it and fast in one bound: refused (BA-1).")
    (note,) = [text for clause, text in ba.chart().notes if clause == "BA-8"]
    assert note.endswith("Ordered into it and fast in one bound: a warning (BA-1).")


def test_the_fast_after_change_house_rule_is_a_warning_or_an_error() -> None:
    from desk.rules.base import RulesDataError

    with pytest.raises(RulesDataError, match="must be \"warning\" or \"error\""):
        system({"rate.fast_after_change": "sometimes"})


@pytest.mark.parametrize(("fields", "refused"), [
    pytest.param({"fire": True}, True, id="BA-10-fast-fire"),
    pytest.param({"attack": True}, True, id="BA-10-fast-attack"),
    pytest.param({}, False, id="BA-10-fast-only"),
])
def test_ba10_fast_may_not_fire_or_attack(
    ba: BelleAlliance, fields: dict[str, Any], refused: bool
) -> None:
    found = run(ba, {"rate": "fast", **fields}, formation="column-of-march")
    assert ("BA_FAST_FIRE_ATTACK" in codes(found)) is refused


@pytest.mark.parametrize(("distance", "warned"), [
    pytest.param(89, True, id="BA-9-89cm"),
    pytest.param(90, True, id="BA-9-90cm-is-within"),
    pytest.param(91, False, id="BA-9-91cm"),
])
def test_ba9_fast_near_closed_opponents_warns(
    ba: BelleAlliance, distance: float, warned: bool
) -> None:
    found = run(ba, {"rate": "fast"}, formation="column-of-march",
                situation={"nearest_closed_opponent_cm": distance})
    assert ("BA_FAST_NEAR_OPPONENT" in codes(found)) is warned


@pytest.mark.parametrize(("who", "formation", "direction", "refused"), [
    pytest.param(unit(), "line", "backward", True, id="BA-4-line-backward"),
    pytest.param(unit(), "line", "sideways", True, id="BA-4-line-sideways"),
    pytest.param(unit(), "skirmish-line", "sideways", False, id="BA-4-skirmish-sideways"),
    pytest.param(unit(), "skirmish-line", "backward", False, id="BA-4-skirmish-backward"),
    pytest.param(unit("artillery", "foot-artillery"), "unlimbered", "backward", False,
                 id="BA-4-unlimbered-backward"),
    pytest.param(unit("artillery", "foot-artillery"), "unlimbered", "sideways", True,
                 id="BA-4-unlimbered-not-sideways"),
    pytest.param(unit("staff", "staff"), "line", "sideways", False, id="BA-4-staff-sideways"),
])
def test_ba4_backwards_and_sideways(
    ba: BelleAlliance, who: UnitInfo, formation: str, direction: str, refused: bool
) -> None:
    found = run(ba, {"direction": direction}, who=who, formation=formation)
    assert ("BA_DIRECTION" in codes(found)) is refused


def test_ba4_forced_action_may_move_backwards(ba: BelleAlliance) -> None:
    found = run(ba, {"direction": "backward"}, formation="line",
                situation={"forced_action": True})
    assert "BA_DIRECTION" not in codes(found)


@pytest.mark.parametrize(("formation", "terrain", "refused"), [
    pytest.param("line", "woods", True, id="BA-3-line-in-woods"),
    pytest.param("line", "open", False, id="BA-3-line-in-open"),
    pytest.param("at-rest", "woods", True, id="BA-3-at-rest-judged-as-line"),
    pytest.param("skirmish-line", "woods", False, id="BA-3-skirmish-in-woods"),
])
def test_ba3_no_attack_in_a_formation_with_no_rate(
    ba: BelleAlliance, formation: str, terrain: str, refused: bool
) -> None:
    found = run(ba, {"attack": True}, formation=formation, situation={"terrain": terrain})
    assert ("BA_NO_RATE_ATTACK" in codes(found)) is refused


def test_ba3_may_change_into_it_but_is_told_it_will_not_move(ba: BelleAlliance) -> None:
    found = run(ba, {"formation": "line"}, situation={"terrain": "woods"})
    assert not [f for f in found if f.severity is Severity.ERROR]
    assert "BA_NO_RATE_MOVE" in codes(found)


@pytest.mark.parametrize(("terrain", "warned"), [
    pytest.param("woods", True, id="BA-11-woods"),
    pytest.param("open", False, id="BA-11-open"),
])
def test_ba11_charge_into_unchargeable_terrain_warns(
    ba: BelleAlliance, terrain: str, warned: bool
) -> None:
    found = run(ba, {"rate": "charge"}, formation="skirmish-line", situation={"terrain": terrain})
    assert ("BA_CHARGE_TERRAIN" in codes(found)) is warned


@pytest.mark.parametrize(("rate", "refused"), [
    pytest.param("gallop", True, id="BA-1-unknown-rate"),
    pytest.param("Normal", False, id="BA-1-any-case"),
])
def test_ba1_rate_must_be_one_of_three(ba: BelleAlliance, rate: str, refused: bool) -> None:
    assert ("BA_RATE_UNKNOWN" in codes(run(ba, {"rate": rate}))) is refused


@pytest.mark.parametrize(("arm", "kind", "formation"), [
    ("artillery", "horse-artillery", "limbered"), ("staff", "staff", "at-rest")])
def test_guns_and_staff_never_charge_citing_the_data_key_not_BA_1(
        ba: BelleAlliance, arm: str, kind: str, formation: str) -> None:
    """BA-1 names the three rates, not who may charge: the "none" rate at the charge is the
    ruleset's data (charge.rate_cm), and the refusal cites that key (issue 27)."""
    found = run(ba, {"rate": "charge"}, who=unit(arm, kind), formation=formation)
    (refused,) = [f for f in found if f.code == "BA_CHARGE_ARM"]
    assert refused.clause == f"data: charge.rate_cm.{arm}"
    assert refused.message == f"{arm.capitalize()} never charges (data: charge.rate_cm.{arm})"
    rows = [r for t in ba.chart().tables for r in t.rows if r[0] == "charge"]
    assert rows == [("charge", "infantry 40 cm, cavalry 80 cm; never: artillery, staff",
                     "BA-1; data: charge.rate_cm")]


def test_baf4_formation_must_belong_to_the_arm(ba: BelleAlliance) -> None:
    found = run(ba, {"formation": "square"}, who=unit("cavalry", "lancers"), formation="line")
    assert "BA_FORMATION_ARM" in codes(found)


def test_a_steady_order_has_no_findings(ba: BelleAlliance) -> None:
    assert run(ba, {"destination": "the mill"}) == []


def test_every_message_ends_with_its_clause(ba: BelleAlliance) -> None:
    found = run(ba, {"rate": "fast", "fire": True, "direction": "sideways"}, formation="line",
                disorder="MD", situation={"nearest_closed_opponent_cm": 50})
    assert len(found) >= 4
    assert all(f.message.endswith(f"({f.clause})") for f in found)


@pytest.mark.parametrize(("who", "changes", "clause"), [
    pytest.param(unit("cavalry", "lancers"), {"formation": "line"}, None, id="steady"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "last_charge_bound": 7},
                 "BA-14", id="BA-14-cooldown"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "last_charge_bound": 5},
                 None, id="BA-14-cooldown-over"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "disorder": "LD"},
                 "BA-12", id="BA-12-LD"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "disorder": "SD"},
                 "BA-12", id="BA-12-BA-F1-SD"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "disorder": "MD"},
                 "BA-F2", id="BA-F2-MD"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "disorder": "FD"},
                 "BA-F2", id="BA-F2-FD"),
    pytest.param(unit("cavalry", "lancers"), {"formation": "line", "terrain": "woods"},
                 "BA-3", id="BA-3-no-rate-in-woods"),
    pytest.param(unit("artillery", "horse-artillery"), {"formation": "limbered"},
                 "data: charge.rate_cm.artillery", id="data-artillery"),
])
def test_charge_refusals_are_the_checks_own_errors_on_a_charge(
        ba: BelleAlliance, who: UnitInfo, changes: dict[str, Any], clause: str | None) -> None:
    """What the unit panel asks before "May charge." (issue 27) is the check's refusal of a
    charge order, condition by condition: BA-14, BA-12, BA-F2, BA-3 and the data's arms."""
    now = state(**changes)
    refusals = ba.charge_refusals(unit=who, state=state_record(now), bound=10)
    errors = [f for f in run(ba, {"rate": "charge"}, who=who, situation={"terrain": ()},
                             **changes) if f.severity is Severity.ERROR]
    assert list(refusals) == errors
    assert {f.clause for f in refusals} == ({clause} if clause else set())
