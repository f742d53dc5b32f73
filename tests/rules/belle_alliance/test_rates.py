"""Belle Alliance rate of march: BA-5, BA-6, BA-7, BA-12 halving, BA-19, BA-F3, BA-F4 table.

Figures below are the default data file's (infantry column of attack in open
30 cm, in fields 25 cm; column of march 30 cm; hedge 5 cm; change of formation
10 cm), written out so a slip in the file fails a test.
"""

from __future__ import annotations

import pytest

from desk.rules.belle_alliance.data import BAData, Disorder, Formation, Rate
from desk.rules.belle_alliance.parse import load_data
from desk.rules.belle_alliance.rates import fast_stops, melee_zone, rate_of_march


@pytest.fixture(scope="module")
def data() -> BAData:
    return load_data({})


def infantry(data: BAData, **kw: object) -> tuple[float | None, str]:
    args: dict[str, object] = {"formation": Formation.COLUMN_OF_MARCH, "rate": Rate.NORMAL,
                               "terrain": ("open",), **kw}
    result = rate_of_march(data, arm="infantry", unit_type="line-infantry", **args)  # type: ignore[arg-type]
    return result.cm, result.working


def test_ba7_fast_is_double_normal_then_reduced(data: BAData) -> None:
    cm, working = infantry(data, rate=Rate.FAST, obstacles=("hedge",))
    assert cm == 55
    assert working == "30 normal (open) × 2 fast − 5 hedge = 55 cm"


def test_ba7_fast_without_reductions_is_exactly_double(data: BAData) -> None:
    assert infantry(data, rate=Rate.FAST)[0] == 2 * infantry(data)[0]  # type: ignore[operator]


def test_ba5_reductions_are_cumulative(data: BAData) -> None:
    cm, working = infantry(data, obstacles=("hedge", "wall"), manoeuvres=("wheel",),
                           change_of_formation=True)
    assert cm == 30 - 10 - 5 - 5 - 10
    assert "− 10 change of formation" in working and "− 5 wheel" in working


def test_ba5_reductions_never_make_a_rate_negative(data: BAData) -> None:
    cm, working = infantry(data, obstacles=("wall", "wall", "wall", "wall"))
    assert cm == 0
    assert working.endswith("= 0 cm")


@pytest.mark.parametrize(("terrain", "expected"), [
    pytest.param(("open",), 30, id="BA-6-all-in-open"),
    pytest.param(("open", "fields"), 25, id="BA-6-some-figures-in-fields"),
    pytest.param(("fields",), 25, id="BA-6-all-in-fields"),
])
def test_ba6_terrain_rate_while_any_figure_is_in_it(
    data: BAData, terrain: tuple[str, ...], expected: float
) -> None:
    assert infantry(data, formation=Formation.COLUMN_OF_ATTACK, terrain=terrain)[0] == expected


def test_ba3_no_rate_in_terrain_is_none_not_zero(data: BAData) -> None:
    cm, working = infantry(data, formation=Formation.LINE, terrain=("open", "woods"))
    assert cm is None
    assert "no rate of march in woods" in working


def test_ba12_ld_halves_the_rate(data: BAData) -> None:
    cm, working = infantry(data, disorder=Disorder.LD)
    assert cm == 15
    assert "× 0.5 LD" in working


def test_ba11_charge_on_unchargeable_ground_is_normal(data: BAData) -> None:
    result = rate_of_march(data, arm="infantry", unit_type="line-infantry",
                           formation=Formation.SKIRMISH_LINE, rate=Rate.CHARGE,
                           terrain=("open", "woods"))
    assert result.rate is Rate.NORMAL and result.cm == 25
    assert "BA-11" in result.clauses


def test_ba1_charge_rate_of_cavalry(data: BAData) -> None:
    result = rate_of_march(data, arm="cavalry", unit_type="heavy-cavalry",
                           formation=Formation.LINE, rate=Rate.CHARGE, terrain=("open",))
    assert result.cm == 80 and result.rate is Rate.CHARGE


def test_ba19_obstacle_reduction_is_campaign_data() -> None:
    campaign = load_data({"obstacles_cm.hedge": 8})
    result = rate_of_march(campaign, arm="infantry", unit_type="line-infantry",
                           formation=Formation.COLUMN_OF_MARCH, rate=Rate.NORMAL,
                           terrain=("open",), obstacles=("hedge",))
    assert result.cm == 22 and result.house_rule
    assert "BA-19" in result.clauses


def test_baf4_unit_type_table_before_arm_table(data: BAData) -> None:
    horse = rate_of_march(data, arm="artillery", unit_type="horse-artillery",
                          formation=Formation.LIMBERED, rate=Rate.NORMAL, terrain=("open",))
    foot = rate_of_march(data, arm="artillery", unit_type="foot-artillery",
                         formation=Formation.LIMBERED, rate=Rate.NORMAL, terrain=("open",))
    assert (horse.cm, foot.cm) == (45, 30)


@pytest.mark.parametrize(("distance", "formation", "disorder", "stops"), [
    pytest.param(89, Formation.LINE, Disorder.NONE, True, id="BA-9-89cm"),
    pytest.param(91, Formation.LINE, Disorder.NONE, False, id="BA-9-91cm"),
    pytest.param(50, Formation.SKIRMISH_LINE, Disorder.NONE, False, id="BA-8-skirmishers-ignored"),
    pytest.param(50, Formation.LINE, Disorder.MD, False, id="BA-9-MD-opponents"),
    pytest.param(50, Formation.SQUARE, Disorder.LD, True, id="BA-9-LD-opponents-count"),
])
def test_ba9_fast_stops_near_steady_closed_opponents(
    data: BAData, distance: float, formation: Formation, disorder: Disorder, stops: bool
) -> None:
    assert fast_stops(data, distance_cm=distance, formation=formation, disorder=disorder) is stops


def test_baf3_melee_zone_is_frontage_by_5cm(data: BAData) -> None:
    assert melee_zone(data, formation=Formation.LINE) == (24, 5)
