"""Belle Alliance in-bound events (BA-1, BA-3, BA-9, BA-11, BA-12, BA-18, BA-20/21)
and advance()."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desk.rules.base import Severity, UnitInfo
from desk.rules.belle_alliance import BelleAlliance, system
from desk.rules.records import EventRecord, StateRecord, state_record

INFANTRY = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                    side="French", command="VI Corps", strength=24)


@pytest.fixture(scope="module")
def ba() -> BelleAlliance:
    return system({})


def start(ba: BelleAlliance, **changes: Any) -> StateRecord:
    return state_record({**ba.initial_state(unit=INFANTRY), **changes})


@pytest.mark.parametrize(("distance", "stopped"), [
    pytest.param(89, True, id="BA-9-89cm"),
    pytest.param(91, False, id="BA-9-91cm"),
])
def test_ba9_fast_unit_near_opponents_turns_normal(
    ba: BelleAlliance, distance: float, stopped: bool
) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba, formation="column-of-march"),
                         event="fast-stopped-90cm",
                         data={"distance_cm": distance, "opponent_formation": "line"}, bound=4)
    assert (out.state["rate_this_bound"] == "normal") is stopped
    if stopped:
        assert out.journal.endswith("(BA-9)") and out.state["fast_this_bound"] is True
    else:
        assert out.findings[0].code == "BA_FAST_GOES_ON"


def test_ba8_skirmish_line_opponents_are_disregarded(ba: BelleAlliance) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba), event="fast-stopped-90cm",
                         data={"distance_cm": 20, "opponent_formation": "skirmish-line"},
                         bound=4)
    assert out.state["rate_this_bound"] is None
    assert out.findings and out.findings[0].clause == "BA-9"


def test_ba11_charge_meets_unchargeable_terrain(ba: BelleAlliance) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba), event="charge-stopped-terrain",
                         data={"terrain": "woods"}, bound=4)
    assert out.state["rate_this_bound"] == "normal"
    assert out.state["charged_this_bound"] is True  # it charged for part of the bound
    assert "(BA-11)" in out.journal


def test_ba12_becoming_ld_in_a_charge_gives_normal_halved(ba: BelleAlliance) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba), event="became-LD",
                         data={"charging": True}, bound=4)
    assert (out.state["disorder"], out.state["rate_this_bound"]) == ("LD", "normal")
    assert "halved" in out.journal and out.journal.endswith("(BA-12)")
    rate = ba.rate_for(unit=INFANTRY, state=out.state, fields=ba.complete({}).fields,
                       situation={"terrain": "open"})
    assert rate is not None and rate.cm == 15  # 30 × 0.5


@pytest.mark.parametrize(("formation", "terrain", "disorder"), [
    pytest.param("line", "woods", "FD", id="BA-3-forced-in-line-in-woods"),
    pytest.param("line", "open", "none", id="BA-3-forced-in-line-in-open"),
    pytest.param("at-work", "village", "FD", id="BA-3-at-work-judged-as-line"),
])
def test_ba3_forced_move_with_no_rate_is_fd_at_once(
    ba: BelleAlliance, formation: str, terrain: str, disorder: str
) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba, formation=formation),
                         event="forced-move", data={"terrain": terrain}, bound=4)
    assert out.state["disorder"] == disorder


@pytest.mark.parametrize(("forced", "refused"), [
    pytest.param(False, True, id="BA-1-no-change-in-bound"),
    pytest.param(True, False, id="BA-1-forced-action"),
])
def test_ba1_rate_change_refused_unless_forced(
    ba: BelleAlliance, forced: bool, refused: bool
) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba), event="rate-changed",
                         data={"rate": "fast", "forced": forced}, bound=4)
    assert bool(out.findings) is refused
    assert (out.state["rate_this_bound"] is None) is refused
    if refused:
        assert out.findings[0].severity is Severity.ERROR and out.journal == ""


def test_ba18_passing_unit_is_moved_off_another_position(ba: BelleAlliance) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba), event="pass-through-adjusted",
                         data={"through": "voltigeurs", "position": "behind the hedge"}, bound=4)
    assert "placed at behind the hedge" in out.journal and out.journal.endswith("(BA-18)")


def test_ba20_crossing_lasts_across_bounds(ba: BelleAlliance) -> None:
    begun = ba.apply_event(unit=INFANTRY, state=start(ba), event="crossing-begun",
                           data={"feature": "Mill ford", "kind": "ford"}, bound=4)
    assert begun.state["crossing"] == {"feature": "Mill ford", "kind": "ford", "since_bound": 4}
    nxt = ba.advance(unit=INFANTRY, state=begun.state, fields={}, events=[], bound=4)
    crossing = nxt.state["crossing"]
    assert isinstance(crossing, dict) and crossing["since_bound"] == 4
    assert any("Still crossing Mill ford" in line for line in nxt.journal)
    done = ba.apply_event(unit=INFANTRY, state=nxt.state, event="crossing-completed", data={},
                          bound=5)
    assert done.state["crossing"] is None and "(BA-21)" in done.journal


def test_ba13_ba14_advance_after_a_charge(ba: BelleAlliance) -> None:
    after = ba.advance(unit=INFANTRY, state=start(ba), fields={"rate": "charge"}, events=[],
                       bound=5)
    assert (after.state["last_charge_bound"], after.state["melee_penalty_bound"]) == (5, 6)
    assert "Charged in bound 5: may charge again from bound 10 (BA-14)" in after.journal
    later = ba.advance(unit=INFANTRY, state=after.state, fields=None, events=[], bound=6)
    assert later.state["melee_penalty_bound"] is None  # next bound only (BA-13)
    assert later.state["last_charge_bound"] == 5


def test_ba11_partial_charge_counts_for_cooldown(ba: BelleAlliance) -> None:
    events: list[EventRecord] = [{"kind": "charge-stopped-terrain", "data": {"terrain": "woods"}}]
    after = ba.advance(unit=INFANTRY, state=start(ba), fields={"rate": "normal"}, events=events,
                       bound=7)
    assert after.state["last_charge_bound"] == 7


def test_events_are_idempotent_so_advance_may_replay_them(ba: BelleAlliance) -> None:
    events: list[EventRecord] = [{"kind": "became-LD", "data": {"charging": True}}]
    once = ba.apply_event(unit=INFANTRY, state=start(ba), event="became-LD",
                          data={"charging": True}, bound=3)
    from_before = ba.advance(unit=INFANTRY, state=start(ba), fields={"rate": "charge"},
                             events=events, bound=3)
    from_after = ba.advance(unit=INFANTRY, state=once.state, fields={"rate": "charge"},
                            events=events, bound=3)
    assert from_before == from_after
    assert from_after.state["disorder"] == "LD"


def test_ba1_ba2_no_order_holds_at_normal_as_far_as_possible(ba: BelleAlliance) -> None:
    after = ba.advance(unit=INFANTRY, state=start(ba, fast_this_bound=True), fields=None,
                       events=[], bound=2)
    assert after.state["fast_this_bound"] is False and after.state["rate_this_bound"] is None
    assert after.journal[0].endswith("(BA-1, BA-2)")


def test_advance_takes_the_ordered_formation_and_stays_json(ba: BelleAlliance) -> None:
    after = ba.advance(unit=INFANTRY, state=start(ba), fields={"formation": "square"},
                       events=[], bound=2)
    assert after.state["formation"] == "square"
    assert json.loads(json.dumps(after.state)) == after.state
    assert {"formation", "disorder", "strength"} <= set(after.state)


def test_unknown_event_is_refused(ba: BelleAlliance) -> None:
    out = ba.apply_event(unit=INFANTRY, state=start(ba), event="teleport", data={}, bound=1)
    assert out.findings[0].code == "BA_EVENT_UNKNOWN"
    assert {k.code for k in ba.event_kinds()} == {
        "fast-stopped-90cm", "charge-stopped-terrain", "became-LD", "forced-move",
        "rate-changed", "pass-through-adjusted", "crossing-begun", "crossing-completed",
        "became-MD", "became-FD", "routed", "rallied",  # BA-F2 and campaign data morale.*
        "casualties", "leader-lost", "leader-replaced", "destroyed", "captured", "left-table",
        "skirmishers-detached", "skirmishers-returned"}  # condition and losses (data: …)
