"""Files that used to make ``import-oob`` and ``add-units`` fall over with an internal error:
nesting 50,000 deep, a CSV cell over the csv module's limit, numbers too large for the
database, other encodings. Each is now one line naming the file and the place, and the
campaign file is byte for byte what it was (the real command, real files)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from cli_run import desk, one_line_error

HEADER = "side,command,name,arm,type,strength,formation\n"
ROW = "French,VI Corps,{name},infantry,line-infantry,{strength},\n"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _add_units(demo: Path, tmp_path: Path, data: bytes) -> str:
    """The one-line refusal of ``add-units`` for a CSV of these bytes; the campaign unchanged."""
    source = tmp_path / "units.csv"
    source.write_bytes(data)
    before = _digest(demo)
    line = one_line_error(desk("add-units", str(demo), str(source)))
    assert "internal error" not in line
    assert _digest(demo) == before
    return line


def _import_oob(tmp_path: Path, data: bytes) -> str:
    """The one-line refusal of ``import-oob`` for a JSON of these bytes; no campaign made."""
    source = tmp_path / "oob.json"
    source.write_bytes(data)
    line = one_line_error(desk("import-oob", str(source), str(tmp_path / "new.desk")))
    assert "internal error" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["oob.json"]
    return line


def test_json_nested_50000_deep_is_refused_with_its_line_and_column(tmp_path: Path) -> None:
    text = '{"format": "umpires-desk-oob", "sides": ' + "[" * 50_000 + "]" * 50_000 + "}"
    line = _import_oob(tmp_path, text.encode())
    assert line == ("desk: oob.json, line 1, column 104: objects and lists nest more than "
                    "64 deep")


def _oob(demo: Path, tmp_path: Path) -> dict[str, object]:
    out = tmp_path / "exported.json"
    assert desk("export-oob", str(demo), "-o", str(out)).returncode == 0
    data: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    out.unlink()
    return data


def test_a_json_number_too_large_for_the_database_is_refused_with_its_path(
        demo: Path, tmp_path: Path) -> None:
    data = _oob(demo, tmp_path)
    text = json.dumps(data).replace('"strength": 24', '"strength": 99999999999999999999', 1)
    line = _import_oob(tmp_path, text.encode())
    assert line.startswith("desk: oob.json, sides[0].commands[")
    assert line.endswith(".strength: the number 99999999999999999999 is too large (whole "
                         "numbers lie between -9223372036854775808 and 9223372036854775807)")
    text = json.dumps(data).replace('"seed": ', '"seed": 1' + "0" * 5000 + ", \"x\": ", 1)
    assert "oob.json, battle.seed: the number 100000000000…000000 (5001 characters) is too " \
        "large" in _import_oob(tmp_path, text.encode())


def test_a_csv_cell_over_the_csv_limit_is_refused_with_its_line(demo: Path,
                                                                tmp_path: Path) -> None:
    data = (HEADER + ROW.format(name="Fine", strength=24)
            + ROW.format(name="x" * 140_000, strength=24)).encode()
    assert _add_units(demo, tmp_path, data) == (
        "desk: units.csv, line 3: a cell is longer than the 131,072 characters a CSV cell "
        "may hold")


def test_a_csv_strength_too_large_for_the_database_is_refused_with_its_line(
        demo: Path, tmp_path: Path) -> None:
    data = (HEADER + ROW.format(name="Huge", strength=2**63)).encode()
    assert _add_units(demo, tmp_path, data) == (
        "desk: units.csv, line 2: strength 9223372036854775808 is too large "
        "(at most 9223372036854775807)")
    data = (HEADER + ROW.format(name="Huger", strength="9" * 5000)).encode()
    assert "line 2: strength 999999999999… (5000 characters) is too large" in \
        _add_units(demo, tmp_path, data)


def test_a_csv_that_is_not_utf8_is_refused_with_its_line_column_and_byte(
        demo: Path, tmp_path: Path) -> None:
    data = (HEADER + ROW.format(name="Fine", strength=24)).encode() + \
        ROW.format(name="Grenadiers à cheval", strength=12).encode("latin-1")
    assert _add_units(demo, tmp_path, data) == (
        "desk: units.csv, line 3, column 28 (byte 121): the byte 0xe0 is not UTF-8 text: "
        "save it as UTF-8")


@pytest.mark.parametrize(("encoding", "name"), [("utf-16", "UTF-16 (little-endian)"),
                                                ("utf-32", "UTF-32 (little-endian)")])
def test_a_file_in_utf16_or_utf32_is_refused_by_name(demo: Path, tmp_path: Path,
                                                     encoding: str, name: str) -> None:
    data = (HEADER + ROW.format(name="Fine", strength=24)).encode(encoding)  # with its BOM
    assert _add_units(demo, tmp_path, data) == (
        f"desk: units.csv: the file is in {name}, not UTF-8: save it as UTF-8")
    folder = tmp_path / "json"
    folder.mkdir()
    assert _import_oob(folder, b"\xfe\xff\x00{\x00}") == (
        "desk: oob.json: the file is in UTF-16 (big-endian), not UTF-8: save it as UTF-8")


def test_a_json_order_of_battle_with_a_utf8_bom_is_read(demo: Path, tmp_path: Path) -> None:
    source, copy = tmp_path / "oob.json", tmp_path / "copy.desk"
    source.write_bytes(b"\xef\xbb\xbf" + json.dumps(_oob(demo, tmp_path)).encode())
    result = desk("import-oob", str(source), str(copy))
    assert result.returncode == 0, result.stderr
