"""What the unit panel shows of a La Bataille unit's own numbers: morale on the 11–66 scale
with the roll a check needs (LB-F1, LB-F2; LB-12 in road march) and its movement allowance
(LB-3 for a carre)."""

from desk.rules import la_bataille
from desk.rules.base import UnitInfo

LB = la_bataille.system({})


def unit(morale: object = 44) -> UnitInfo:
    return UnitInfo(id=1, name="1/1er Régiment d'artillerie de marine", arm="infantry",
                    unit_type="line-infantry", side="French", command="20e Division",
                    strength=9, attrs={"movement_allowance": 6, "morale": morale})


def test_morale_and_the_roll_a_check_needs_on_the_11_66_scale_LB_F1_LB_F2() -> None:
    assert LB.standing(unit=unit(44), state={"formation": "column"}) == (
        "Morale 44: a check passes on 45 or more (LB-F1, LB-F2).",
        "Movement allowance: 6 MP.")
    # 46 + 1 step is 51 on the 11–66 scale, not 47.
    assert LB.standing(unit=unit(46), state={})[0].endswith("passes on 51 or more "
                                                           "(LB-F1, LB-F2).")


def test_road_march_worsens_the_morale_by_12_steps_LB_12() -> None:
    lines = LB.standing(unit=unit(44), state={"formation": "road-march"})
    assert lines[0] == ("Morale 44 + 12 in road march = 64 (LB-12): a check passes on 65 or "
                        "more (LB-F1, LB-F2).")
    hopeless = LB.standing(unit=unit(61), state={"formation": "road-march"})[0]
    assert hopeless.endswith("no roll passes a check (LB-F2).")


def test_a_carre_has_one_mp_and_a_unit_without_morale_says_so_LB_3() -> None:
    carre = LB.standing(unit=unit("none"), state={"formation": "carre"})
    assert carre[0] == "Morale value not given on the 11–66 scale (LB-F1)."
    assert carre[1].startswith("Movement allowance: carre: 1 MP at the start of its movement")
