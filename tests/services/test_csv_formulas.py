"""Exported units CSV carries no formula a spreadsheet would run, and reads back the same.

A cell beginning with =, +, -, @, a tab or a carriage return is written with a leading
apostrophe; one beginning with an apostrophe gets a second; import takes exactly one away.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from scenario import belle_alliance, scenario
from service_helpers import call
from sqlmodel import select

from desk.services.oob.csv_cells import FORMULA_STARTS, escape_cell, unescape_cell
from desk.services.oob.csv_units import export_units_csv, import_units_csv
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import CampaignStore, open_campaign
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.oob import Command, Side, Unit

# Names a spreadsheet would run as formulas (and two apostrophes of their own).
ODD_NAMES = {"1/5e Ligne": "=HYPERLINK(\"http://x\",\"1/5e\")", "2/5e Ligne": "+2/5e Ligne",
             "5e Lanciers": "-5e Lanciers", "1/15. IR": "@SUM(A1:A9)"}
RAW_NAMES = ("\t1er Grenadiers", "\r2e Grenadiers", "'t Hooft", "''Quoted")


def _odd_campaign(store: CampaignStore) -> int:
    """belle_alliance() with formula-like unit, command and side names (some set in the
    database: an import strips leading tabs, the window's rename may not)."""
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    with store.session() as session:
        for unit in session.exec(select(Unit)).all():
            unit.name = ODD_NAMES[unit.name]
            session.add(unit)
        template = session.exec(select(Unit)).first()
        assert template is not None
        bound = session.exec(select(Bound)).one()
        for name in RAW_NAMES:
            unit = Unit(side_id=template.side_id, command_id=template.command_id, name=name,
                        arm="infantry", unit_type="line-infantry", strength=20)
            session.add(unit)
            session.flush()
            session.add(UnitState(bound_id=bound.id or 0, unit_id=unit.id or 0, formation="line",
                                  disorder="none", strength=20, data={}))
        command = session.exec(select(Command).where(Command.name == "VI Corps")).one()
        command.name = "-VI Corps"
        side = session.exec(select(Side).where(Side.name == "Prussian")).one()
        side.name = "=Prussian"
        session.add_all([command, side])
    return int(info.battle_id)


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_exported_cells_that_a_spreadsheet_would_run_start_with_an_apostrophe(
        store: CampaignStore) -> None:
    battle_id = _odd_campaign(store)
    rows = _cells(call(store, export_units_csv, battle_id=battle_id))[1:]
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA_STARTS)]
    names = {row[2] for row in rows}
    assert names == {"'" + n for n in ODD_NAMES.values()} | {
        "'\t1er Grenadiers", "'\r2e Grenadiers", "''t Hooft", "'''Quoted"}
    assert {row[0] for row in rows} == {"French", "'=Prussian"}
    assert {row[1] for row in rows} == {"'-VI Corps", "IV Corps"}
    assert {row[5] for row in rows} == {"24", "12", "20"}  # numbers stay numbers


def test_units_exported_and_imported_again_are_the_same(store: CampaignStore,
                                                        tmp_path: Path) -> None:
    text = call(store, export_units_csv, battle_id=_odd_campaign(store))
    empty = scenario("belle-alliance", sides=[{"name": "Nobody", "leaders": [], "commands": []}])
    with open_campaign(tmp_path / "copy.desk", create=True, backup_dir=tmp_path) as copy:
        info = call(copy, create_campaign_from_scenario, data=empty)
        report = call(copy, import_units_csv, battle_id=info.battle_id, text=text)
        assert report.units == 8
        again = call(copy, export_units_csv, battle_id=info.battle_id)
        with copy.session() as session:
            names = set(session.exec(select(Unit.name)).all())
    assert sorted(again.splitlines()) == sorted(text.splitlines())
    assert names == set(ODD_NAMES.values()) | set(RAW_NAMES)


@given(st.text(max_size=20))
def test_any_cell_reads_back_as_it_was_written(value: str) -> None:
    written = escape_cell(value)
    assert not written.startswith(FORMULA_STARTS)
    assert unescape_cell(written) == value


def test_a_hand_written_apostrophe_before_a_letter_is_kept() -> None:
    assert unescape_cell("'t Hooft") == "'t Hooft"
    assert unescape_cell("'=1+1") == "=1+1"
    assert unescape_cell("''t Hooft") == "'t Hooft"
