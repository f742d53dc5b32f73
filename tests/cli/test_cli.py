"""The command line, run as a real process: output, exit codes, one bad input each."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from pathlib import Path

import cli_run
import pytest
from cli_run import one_line_error

from desk import __version__


def desk(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Each call a real ``python -m desk`` child, as a shell starts the command."""
    return cli_run.desk(*args, env=env, process=True)


def test_version() -> None:
    result = desk("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"Umpire's Desk {__version__}"


def test_unknown_option_is_a_usage_error() -> None:
    result = desk("--frobnicate")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "plancenoit.desk"
    result = desk("demo", str(path), "--rules", "belle-alliance")
    assert result.returncode == 0, result.stderr
    assert "Belle Alliance demo" in result.stdout
    return path


def test_demo_then_info_lists_forty_units(demo_file: Path) -> None:
    result = desk("info", str(demo_file))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Belle Alliance (belle-alliance)" in out
    assert "French" in out and "Prussian" in out
    units = int(re.search(r"Units:\s+(\d+)", out).group(1))  # type: ignore[union-attr]
    assert units >= 40
    assert re.search(r"Current bound: 1 \(open", out)
    assert re.search(r"Schema:\s+revision \w+", out)


def test_info_does_not_change_the_file(demo_file: Path) -> None:
    before = hashlib.sha256(demo_file.read_bytes()).hexdigest()
    assert desk("info", str(demo_file)).returncode == 0
    assert hashlib.sha256(demo_file.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("rules", ["battles-of-waterloo", "la-bataille"])
def test_demo_for_the_other_systems(tmp_path: Path, rules: str) -> None:
    path = tmp_path / f"{rules}.desk"
    assert desk("demo", str(path), "--rules", rules).returncode == 0
    result = desk("info", str(path))
    assert result.returncode == 0, result.stderr
    assert f"({rules})" in result.stdout


def test_demo_refuses_an_existing_file(demo_file: Path) -> None:
    before = demo_file.read_bytes()
    line = one_line_error(desk("demo", str(demo_file)))
    assert "already exists" in line
    assert demo_file.read_bytes() == before


def test_demo_refuses_an_unknown_rules_system(tmp_path: Path) -> None:
    result = desk("demo", str(tmp_path / "x.desk"), "--rules", "kriegsspiel")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    assert not (tmp_path / "x.desk").exists()


def test_info_on_a_missing_file(tmp_path: Path) -> None:
    one_line_error(desk("info", str(tmp_path / "nowhere.desk")))


def test_info_on_a_text_file(tmp_path: Path) -> None:
    path = tmp_path / "orders.desk"
    path.write_text("1/5e Ligne: advance to the church\n")
    before = path.read_bytes()
    line = one_line_error(desk("info", str(path)))
    assert "campaign" in line.lower()
    assert path.read_bytes() == before


def test_window_without_a_display_says_so_in_one_line(demo_file: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = desk(str(demo_file), env=env)
    assert result.returncode == 2
    line = one_line_error(result)
    assert "no display" in line


def test_window_on_a_missing_campaign(tmp_path: Path) -> None:
    line = one_line_error(desk(str(tmp_path / "absent.desk")))
    assert "does not exist" in line


def test_import_forms_of_a_damaged_pdf_is_one_line_without_pypdf_noise(
        demo_file: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.pdf"
    notes.write_text("hello\n")
    before = hashlib.sha256(demo_file.read_bytes()).hexdigest()
    line = one_line_error(desk("import-forms", str(demo_file), str(notes)))
    assert line == "desk: notes.pdf is not a readable PDF"
    assert hashlib.sha256(demo_file.read_bytes()).hexdigest() == before


def test_sheets_to_a_folder_says_so_in_one_line(demo_file: Path, tmp_path: Path) -> None:
    line = one_line_error(desk("sheets", str(demo_file), "--side", "French",
                               "-o", str(tmp_path)))
    assert line == f"desk: {tmp_path} is a folder: give the PDF a file name"
    assert list(tmp_path.iterdir()) == []
