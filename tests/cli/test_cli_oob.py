"""The order of battle's files from the command line (tests/cli_run.py):
export and import an order of battle (JSON), export units and add units (CSV)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from cli_run import desk, one_line_error


def _units(campaign: Path) -> int:
    result = desk("info", str(campaign))
    assert result.returncode == 0, result.stderr
    return int(re.search(r"Units:\s+(\d+)", result.stdout).group(1))  # type: ignore[union-attr]


def test_an_exported_order_of_battle_imports_as_a_new_campaign(tmp_path: Path) -> None:
    demo, oob, copy = tmp_path / "ligny.desk", tmp_path / "ligny.json", tmp_path / "copy.desk"
    assert desk("demo", str(demo), "--rules", "battles-of-waterloo").returncode == 0
    assert desk("export-oob", str(demo), "-o", str(oob)).returncode == 0
    assert json.loads(oob.read_text(encoding="utf-8"))["format"] == "umpires-desk-oob"
    result = desk("import-oob", str(oob), str(copy))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Wrote {copy}: Ligny")
    assert _units(copy) == _units(demo)


def test_a_bad_order_of_battle_is_one_line_and_leaves_no_file(tmp_path: Path) -> None:
    oob = tmp_path / "bad.json"
    oob.write_text('{"format": "umpires-desk-oob", "version": 1, "sides": [,]}', encoding="utf-8")
    line = one_line_error(desk("import-oob", str(oob), str(tmp_path / "new.desk")))
    assert "not valid JSON" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_units_added_from_csv_and_exported_again(tmp_path: Path) -> None:
    demo, units = tmp_path / "plancenoit.desk", tmp_path / "more.csv"
    assert desk("demo", str(demo)).returncode == 0
    before = _units(demo)
    units.write_text("\ufeffside,command,name,arm,type,strength,formation\n"
                     "French,VI Corps / 21e Division,1/37e Ligne,infantry,line-infantry,24,\n",
                     encoding="utf-8")
    result = desk("add-units", str(demo), str(units))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (f"Added 1 unit from more.csv to {demo} "
                                     "(1 new command, 0 new sides).")
    assert _units(demo) == before + 1
    exported = desk("export-units", str(demo))
    assert exported.returncode == 0 and "VI Corps / 21e Division,1/37e Ligne" in exported.stdout


def test_a_csv_with_a_bad_row_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    demo, units = tmp_path / "plancenoit.desk", tmp_path / "bad.csv"
    assert desk("demo", str(demo)).returncode == 0
    digest = hashlib.sha256(demo.read_bytes()).hexdigest()
    units.write_text("side,command,name,arm,type,strength,formation\n"
                     "French,VI Corps,Odd,infantry,line-infantry,many,\n", encoding="utf-8")
    assert "line 2: strength 'many'" in one_line_error(desk("add-units", str(demo), str(units)))
    assert hashlib.sha256(demo.read_bytes()).hexdigest() == digest


def test_import_oob_takes_a_file_s_url_and_a_bad_one_leaves_no_folder(tmp_path: Path) -> None:
    oob = tmp_path / "oob.json"
    assert desk("demo", str(tmp_path / "d.desk")).returncode == 0
    assert desk("export-oob", str(tmp_path / "d.desk"), "-o", str(oob)).returncode == 0
    assert desk("import-oob", str(oob), f"sqlite:///{tmp_path}/x.desk").returncode == 0
    assert _units(tmp_path / "x.desk") == _units(tmp_path / "d.desk")
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    one_line_error(desk("import-oob", str(bad), str(tmp_path / "new" / "deeper" / "c.desk")))
    assert not (tmp_path / "new").exists()  # the folders made for the file went with it


def test_a_campaign_file_may_have_a_percent_sign_in_its_name(tmp_path: Path) -> None:
    path = tmp_path / "50% of Ligny.desk"
    assert desk("demo", str(path), "--rules", "battles-of-waterloo").returncode == 0
    assert _units(path) > 0
