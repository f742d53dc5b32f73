"""Pixels and centimetres are two types: a map pixel handed to a courier's route or delay,
or a centimetre taken for a pixel, fails mypy; the map's calibration converts (issues 27
and 29). The snippet below is checked by mypy strict in the suite, so CI fails the day a
pixel can again be passed where the couriers count centimetres."""

from __future__ import annotations

from pathlib import Path

from desk.rules.lengths import Cm, MapPx
from desk.services.maps.calibration import TableScale

SNIPPET = '''
from desk.rules.couriers import CourierRules, delay_for, route_length
from desk.rules.lengths import Cm, Hexes, MapPx
from desk.services.maps.calibration import TableScale

scale = TableScale(cm_per_px=0.1)
rules = CourierRules()
px = (MapPx(100.0), MapPx(100.0)), (MapPx(599.0), MapPx(100.0))
ride = route_length([scale.point(*px[0]), scale.point(*px[1])])  # through the calibration
delay_for(ride, rules)  # fine: centimetres
delay_for(scale.between(*px), rules)  # fine: centimetres
delay_for(Hexes(4.0), rules)  # fine: hexes on a hex map
route_length([px[0], px[1]])  # MIXED
delay_for(MapPx(499.0), rules)  # MIXED
delay_for(499.0, rules)  # MIXED: a bare number says nothing of its unit
scale.cm(Cm(49.9))  # MIXED
'''


def test_a_pixel_where_a_centimetre_is_wanted_fails_mypy(tmp_path: Path) -> None:
    from mypy import api

    source = tmp_path / "mixing.py"
    source.write_text(SNIPPET, encoding="utf-8")
    out, _err, status = api.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 "--cache-dir", str(tmp_path / "cache"), str(source)])
    wrong = {n for n, line in enumerate(SNIPPET.splitlines(), start=1) if "MIXED" in line}
    flagged = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    assert status == 1 and flagged == wrong, out


def test_the_calibration_converts_499_pixels_to_49_9_cm() -> None:
    scale = TableScale(cm_per_px=0.1)
    between = scale.between((MapPx(100.0), MapPx(100.0)), (MapPx(599.0), MapPx(100.0)))
    assert abs(between - 49.9) < 1e-9
    assert abs(scale.px(Cm(30.0)) - 300.0) < 1e-9
