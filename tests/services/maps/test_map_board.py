"""A battle's map in the campaign file: import, replace, calibrate, refusals change nothing."""

from __future__ import annotations

import pytest
from map_samples import green_png, pdf_with_png, pdf_without_pages
from scenario import belle_alliance
from service_helpers import all_rows, call

from desk.services.errors import ConcurrentChangeError
from desk.services.maps.board import calibrate_scale, import_map, map_image, map_info
from desk.services.maps.images import MapRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import CampaignStore


@pytest.fixture
def played(any_store: CampaignStore) -> CampaignStore:
    call(any_store, create_campaign_from_scenario, data=belle_alliance())
    return any_store


def test_the_map_is_kept_in_the_campaign_and_replaced_whole(played: CampaignStore) -> None:
    assert call(played, map_info) is None
    png = green_png(400, 300)
    info = call(played, import_map, data=png, name="field.png", seen_version=None)
    assert (info.width, info.height, info.image_format, info.scale) == (400, 300, "png", None)
    assert call(played, map_image) == png
    info = call(played, calibrate_scale, first=(0, 0), second=(300, 0), distance=60,
                unit="cm", seen_version=info.version)
    assert info.scale is not None and info.scale.per_pixel == pytest.approx(0.2)
    assert info.scale.distance((0, 0), (30, 40)) == pytest.approx(10.0)
    # A new image replaces the old one, and its calibration: those pixels meant the old image.
    scan = pdf_with_png(green_png(20, 10))
    info = call(played, import_map, data=scan, name="scan.pdf", seen_version=info.version)
    assert (info.width, info.height, info.scale) == (20, 10, None)


def test_a_stale_import_or_calibration_is_refused(played: CampaignStore) -> None:
    info = call(played, import_map, data=green_png(), name="a.png", seen_version=None)
    with pytest.raises(ConcurrentChangeError):
        call(played, import_map, data=green_png(), name="b.png", seen_version=None)
    call(played, calibrate_scale, first=(0, 0), second=(10, 0), distance=5, unit="cm",
         seen_version=info.version)
    with pytest.raises(ConcurrentChangeError):
        call(played, calibrate_scale, first=(0, 0), second=(10, 0), distance=9, unit="cm",
             seen_version=info.version)


@pytest.mark.parametrize(("first", "second", "distance", "unit", "says"), [
    ((5, 5), (5, 5), 10.0, "cm", "the same"),
    ((0, 0), (10, 0), 0.0, "cm", "more than 0"),
    ((0, 0), (10, 0), -3.0, "cm", "more than 0"),
    ((0, 0), (10, 0), 3.0, "furlongs", "not a unit"),
    ((0, 0), (900, 0), 3.0, "cm", "outside the map"),
])
def test_bad_calibrations_are_refused_and_change_nothing(
        played: CampaignStore, first: tuple[float, float], second: tuple[float, float],
        distance: float, unit: str, says: str) -> None:
    info = call(played, import_map, data=green_png(), name="a.png", seen_version=None)
    before = all_rows(played)
    with pytest.raises(MapRefused, match=says):
        call(played, calibrate_scale, first=first, second=second, distance=distance,
             unit=unit, seen_version=info.version)
    assert all_rows(played) == before


@pytest.mark.parametrize("data", [b"not an image", pdf_without_pages()])
def test_a_refused_file_stores_nothing(played: CampaignStore, data: bytes) -> None:
    before = all_rows(played)
    with pytest.raises(MapRefused):
        call(played, import_map, data=data, name="x", seen_version=None)
    assert all_rows(played) == before
