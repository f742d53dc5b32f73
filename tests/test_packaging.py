"""Packaging: the icon, the desktop entry, the AppStream metadata and the menu install.

The validators (desktop-file-validate, appstreamcli) are Debian tools; a test
that needs one is skipped when it is missing, and .ci/bundle installs and runs
them for real.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import desk
from desk.cli import main as desk_main
from desk.desktop_entry import (
    APP_ID,
    CAMPAIGN_MIME_TYPE,
    ICON_SIZES,
    install_desktop_entry,
    packaging_dir,
    quote_exec_argument,
    uninstall_desktop_entry,
)
from desk.resources import icons_dir

PACKAGING = packaging_dir()
DESKTOP_FILE = PACKAGING / f"{APP_ID}.desktop"
METAINFO_FILE = PACKAGING / f"{APP_ID}.metainfo.xml"
MIME_FILE = PACKAGING / f"{APP_ID}.mime.xml"


def _png_size(path: Path) -> tuple[int, int]:
    # PNG: 8-byte signature, then the IHDR chunk (length, b"IHDR", width, height).
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert header[12:16] == b"IHDR"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def _entry_keys(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def _validator(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (.ci/bundle installs it and validates for real)")
    return path


@pytest.mark.parametrize("size", ICON_SIZES)
def test_png_icon_has_its_size(size: int) -> None:
    assert _png_size(icons_dir() / f"desk-{size}.png") == (size, size)


def test_svg_icon_is_square_svg() -> None:
    root = ET.parse(icons_dir() / "desk.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 256 256"


def test_desktop_entry_validates() -> None:
    validator = _validator("desktop-file-validate")
    result = subprocess.run([validator, str(DESKTOP_FILE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout.lower()


def test_desktop_entry_names_the_icon_and_the_campaign_type() -> None:
    keys = _entry_keys(DESKTOP_FILE.read_text(encoding="utf-8"))
    assert keys["Type"] == "Application"
    assert keys["Exec"] == "desk %f"
    assert keys["Icon"] == APP_ID
    assert keys["Categories"] == "Game;StrategyGame;"
    assert CAMPAIGN_MIME_TYPE in keys["MimeType"].split(";")


def test_metainfo_validates() -> None:
    validator = _validator("appstreamcli")
    result = subprocess.run(
        [validator, "validate", "--no-net", str(METAINFO_FILE)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_metainfo_release_is_this_version_and_launches_the_entry() -> None:
    root = ET.parse(METAINFO_FILE).getroot()
    assert root.findtext("id") == APP_ID
    newest = root.find("releases/release")
    assert newest is not None
    assert newest.get("version") == desk.__version__
    assert root.findtext("launchable[@type='desktop-id']") == DESKTOP_FILE.name
    assert root.find("content_rating") is not None


def test_mime_type_claims_the_desk_extension() -> None:
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime_type = ET.parse(MIME_FILE).getroot().find("m:mime-type", ns)
    assert mime_type is not None
    assert mime_type.get("type") == CAMPAIGN_MIME_TYPE
    assert [g.get("pattern") for g in mime_type.findall("m:glob", ns)] == ["*.desk"]


def test_install_then_uninstall_places_and_removes_every_file(tmp_path: Path) -> None:
    command = ["/opt/Umpire's Desk/desk"]
    written = install_desktop_entry(data_home=tmp_path, command=command, refresh=False)
    expected = {
        tmp_path / "applications" / f"{APP_ID}.desktop",
        tmp_path / "metainfo" / f"{APP_ID}.metainfo.xml",
        tmp_path / "mime" / "packages" / f"{APP_ID}.xml",
        tmp_path / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        *(tmp_path / "icons" / "hicolor" / f"{s}x{s}" / "apps" / f"{APP_ID}.png"
          for s in ICON_SIZES),
    }
    assert set(written) == expected
    assert all(path.is_file() for path in expected)
    keys = _entry_keys((tmp_path / "applications" / f"{APP_ID}.desktop").read_text())
    assert keys["Exec"] == '"/opt/Umpire\'s Desk/desk" %f'

    removed = uninstall_desktop_entry(data_home=tmp_path, refresh=False)
    assert set(removed) == expected
    assert not any(path.exists() for path in expected)
    assert uninstall_desktop_entry(data_home=tmp_path, refresh=False) == []


def test_installed_entry_still_validates(tmp_path: Path) -> None:
    validator = _validator("desktop-file-validate")
    install_desktop_entry(data_home=tmp_path, command=["/opt/desk $1/desk"], refresh=False)
    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    result = subprocess.run([validator, str(entry)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_cli_installs_under_xdg_data_home_and_refreshes_caches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert desk_main(["install-desktop-entry"]) == 0
    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    assert entry.is_file()
    assert "Installed" in capsys.readouterr().out
    if shutil.which("update-mime-database"):
        # The refreshed MIME database now knows the .desk glob.
        assert "*.desk" in (tmp_path / "mime" / "globs2").read_text()
    assert desk_main(["uninstall-desktop-entry"]) == 0
    assert not entry.exists()
    assert desk_main(["uninstall-desktop-entry"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argument", "quoted"),
    [
        ("/usr/bin/desk", "/usr/bin/desk"),
        ("/opt/my desk/desk", '"/opt/my desk/desk"'),
        ("/opt/100%/desk", "/opt/100%%/desk"),
        ('/opt/a"b/desk', '"/opt/a\\\\"b/desk"'),
    ],
)
def test_exec_arguments_are_quoted_per_the_spec(argument: str, quoted: str) -> None:
    assert quote_exec_argument(argument) == quoted


def test_a_desk_shipped_without_its_desktop_files_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from desk import desktop_entry

    monkeypatch.setattr(desktop_entry, "packaging_dir", lambda: tmp_path / "not-shipped")
    assert desk_main(["install-desktop-entry", "--data-home", str(tmp_path / "xdg")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("desk: this desk was shipped without its desktop files")
    assert err.count("\n") == 1
    assert not (tmp_path / "xdg").exists()


def test_metainfo_screenshots_are_files_of_this_checkout() -> None:
    shots = PACKAGING.parent / "docs" / "screenshots"
    if not shots.is_dir():
        pytest.skip("docs/screenshots/ is not there yet (python -m desk.ui.screenshots makes it)")
    images = [e.text or "" for e in ET.parse(METAINFO_FILE).getroot().iter("image")]
    assert images
    for url in images:
        assert url.startswith("https://"), url
        assert (shots / url.rsplit("/", 1)[-1]).is_file(), f"{url} names no file in {shots}"
