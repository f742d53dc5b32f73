"""The map board from the command line (in process): import, calibrate, refusals in one line."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from desk.cli import main
from desk.services.maps.images import png_bytes
from desk.services.oob.importer import create_campaign_file

sys.path.insert(0, str(Path(__file__).parents[1] / "services"))
from scenario import belle_alliance


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "c.desk"
    create_campaign_file(path=path, data=belle_alliance(), backup_dir=tmp_path / "b")
    return path


def test_import_then_calibrate(campaign: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "field.png"
    image.write_bytes(png_bytes(200, 100, b"\x50\x90\x50" * 20_000))
    assert main(["map-import", str(campaign), str(image)]) == 0
    assert "200 x 100 pixels (PNG)" in capsys.readouterr().out
    assert main(["map-calibrate", str(campaign), "--points", "0,50", "100,50",
                 "--distance", "30"]) == 0
    assert "0.3 cm a pixel; the map is 60 x 30 cm" in capsys.readouterr().out


@pytest.mark.parametrize(("content", "args", "says"), [
    (b"hello", [], "not a PNG or JPEG image"),
    (None, ["--page", "2"], "only for a PDF"),
])
def test_refusals_are_one_line_and_leave_the_file_as_it_was(
        campaign: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        content: bytes | None, args: list[str], says: str) -> None:
    image = tmp_path / "x.png"
    image.write_bytes(content if content is not None else png_bytes(1, 1, b"\0\0\0"))
    before = hashlib.sha256(campaign.read_bytes()).hexdigest()
    assert main(["map-import", str(campaign), str(image), *args]) == 1
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
    assert hashlib.sha256(campaign.read_bytes()).hexdigest() == before


def test_a_calibration_with_one_point_twice_is_refused(
        campaign: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "field.png"
    image.write_bytes(png_bytes(2, 2, b"\0" * 12))
    assert main(["map-import", str(campaign), str(image)]) == 0
    assert main(["map-calibrate", str(campaign), "--points", "1,1", "1,1",
                 "--distance", "30"]) == 1
    assert "the two points are the same" in capsys.readouterr().err


def test_hex_centres_from_the_command_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    demo = tmp_path / "leipzig.desk"
    assert main(["demo", str(demo), "--rules", "la-bataille"]) == 0
    assert main(["map-calibrate", str(demo), "--hex", "30,26,0101", "--hex", "120,26,0301",
                 "--hex", "30,78,0102"]) == 0
    assert "Hex grid fixed by three hex centres." in capsys.readouterr().out
    assert main(["map-calibrate", str(demo), "--hex", "30,26,0101"]) == 1
    assert "three hex centres, not 1" in capsys.readouterr().err
