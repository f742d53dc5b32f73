"""Command paths: parts are joined by " / " (space slash space), never by a bare "/";
a name repeated under other commands is found by its path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from scenario import belle_alliance
from service_helpers import all_rows, call
from sqlmodel import select

from desk.cli import main
from desk.services.errors import ImportRefused
from desk.services.oob.csv_units import export_units_csv, import_units_csv
from desk.services.oob.export import export_oob_json
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import CampaignStore
from desk.store.tables.oob import Command, Unit

HEADER = "side,command,name,arm,type,strength,formation\n"


def test_a_slash_inside_a_name_is_no_separator(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    text = HEADER + ("Prussian,IV Corps / 1/15. Brigade,1/15. Landwehr,infantry,"
                     "line-infantry,24,\n")
    report = call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert report.commands == 1  # IV Corps is there already
    with store.session() as session:
        names = set(session.exec(select(Command.name)).all())
    assert "1/15. Brigade" in names and "15. Brigade" not in names and "1" not in names
    exported = call(store, export_units_csv, battle_id=info.battle_id)
    assert "Prussian,IV Corps / 1/15. Brigade,1/15. Landwehr," in exported


def test_a_corps_with_no_name_imports_under_its_side_with_a_warning_naming_the_line(
        store: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27, defect 21: " / 2nd Div", as another tool exports a corps with no name, is a
    command 2nd Div directly under its side, and the desk says which line it read so."""
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    text = HEADER + "French,VI Corps,Fine,infantry,line-infantry,24,\n" + \
        'French," / 2nd Div",Odd,infantry,line-infantry,24,\n'
    report = call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert report.units == 2 and report.commands == 1
    assert report.warnings == ("line 3: the command path '/ 2nd Div' has an empty part (a "
                               "command with no name): imported as 2nd Div under the French",)
    assert report.warnings[0] in report.sentence("units.csv")
    with store.session() as session:
        division = session.exec(select(Command).where(Command.name == "2nd Div")).one()
        odd = session.exec(select(Unit).where(Unit.name == "Odd")).one()
        assert division.parent_id is None and odd.command_id == division.id
    assert not [c for c in all_commands(store) if not c.strip()]
    # The command line says it too, in one line beside the count.
    store.close()
    csv = tmp_path / "more.csv"
    csv.write_text(HEADER + 'French," /  / 3rd Div",Odder,infantry,line-infantry,24,\n',
                   encoding="utf-8")
    assert main(["add-units", str(store.path), str(csv)]) == 0
    out = capsys.readouterr().out
    assert "Added 1 unit from more.csv" in out
    assert "line 2: the command path '/  / 3rd Div' has an empty part" in out


def all_commands(store: CampaignStore) -> list[str]:
    with store.session() as session:
        return list(session.exec(select(Command.name)).all())


@pytest.mark.parametrize(("path", "imported"), [
    ("VI Corps /  / 20e Division", "VI Corps / 20e Division"), ("/ VI Corps", "VI Corps"),
    ("VI Corps /", "VI Corps"), (" / VI Corps / 20e Division", "VI Corps / 20e Division"),
    ("VI Corps / / 20e Division", "VI Corps / 20e Division"),
])
def test_a_path_with_an_empty_part_is_imported_without_it(store: CampaignStore, path: str,
                                                          imported: str) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    text = HEADER + "French,VI Corps,Fine,infantry,line-infantry,24,\n" + \
        f'French,"{path}",Odd,infantry,line-infantry,24,\n'
    report = call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert len(report.warnings) == 1 and report.warnings[0].startswith("line 3: ")
    assert f"imported as {imported} under the French" in report.warnings[0]
    exported = call(store, export_units_csv, battle_id=info.battle_id)
    assert f"French,{imported},Odd," in exported


@pytest.mark.parametrize("path", ["/", " / ", "/ /"])
def test_a_path_of_empty_parts_only_is_refused_with_its_line(store: CampaignStore,
                                                             path: str) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    before = all_rows(store)
    text = HEADER + f'French,"{path}",Odd,infantry,line-infantry,24,\n'
    with pytest.raises(ImportRefused) as refused:
        call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert refused.value.place == "line 2"
    assert "names no command" in refused.value.reason
    assert all_rows(store) == before


def _two_divisions(system: str = "belle-alliance") -> dict[str, Any]:
    data = belle_alliance()
    data["campaign"]["rules_system"] = system
    french = data["sides"][0]["commands"][0]
    units = french.pop("units")
    french["commands"] = [
        {"name": "19e Division", "commands": [{"name": "Avantgarde", "units": units[:2]}]},
        {"name": "20e Division", "commands": [{"name": "Avantgarde", "units": [
            {**units[0], "name": "Foot battery", "arm": "artillery", "type": "foot-artillery",
             "formation": None},
            {**units[2]}]}], "units": [
            {**units[1], "name": "Foot battery", "arm": "artillery", "type": "foot-artillery",
             "formation": None}]},
    ]
    return data


def test_repeated_names_under_other_commands_are_imported(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=_two_divisions())
    with store.session() as session:
        avantgardes = session.exec(select(Command).where(Command.name == "Avantgarde")).all()
    assert len(avantgardes) == 2 and info.units == 6


def test_battles_of_waterloo_keeps_command_names_unique(store: CampaignStore) -> None:
    data = _two_divisions("battles-of-waterloo")
    for unit in walk(data):
        unit.update(strength_unit="SP", formation=None,
                    type={"line-infantry": "infantry", "lancers": "cavalry"}.get(
                        unit["type"], unit["type"]))
    with pytest.raises(ImportRefused, match="command name 'Avantgarde' is already used in this "
                                            "Battles of Waterloo campaign") as refused:
        call(store, create_campaign_from_scenario, data=data)
    assert refused.value.place == "sides[0].commands[0].commands[1].commands[0]"


def walk(data: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def down(commands: list[dict[str, Any]]) -> None:
        for command in commands:
            found.extend(command.get("units", []))
            down(command.get("commands", []))

    for side in data["sides"]:
        down(side["commands"])
    return found


@pytest.mark.parametrize(("ref", "error"), [
    ("Foot battery", "2 French units are named 'Foot battery' (VI Corps / 20e Division / "
                     "Foot battery; VI Corps / 20e Division / Avantgarde / Foot battery): "
                     "give its path"),
    ("Horse battery", "there is no French unit 'Horse battery'"),
    ("Avantgarde /  / Foot battery", "empty part"),
])
def test_an_ambiguous_or_unknown_soutien_is_refused(store: CampaignStore, ref: str,
                                                    error: str) -> None:
    data = _two_divisions()
    data["sides"][0]["commands"][0]["commands"][0]["commands"][0]["units"][0][
        "soutien"] = ref
    with pytest.raises(ImportRefused, match=re.escape(error)) as refused:
        call(store, create_campaign_from_scenario, data=data)
    assert refused.value.place == "sides[0].commands[0].commands[0].commands[0].units[0]"


@pytest.mark.parametrize("ref", ["Avantgarde / Foot battery", "20e Division / Foot battery",
                                 "VI Corps / 20e Division / Foot battery"])
def test_a_path_names_the_soutien_and_the_export_writes_it_whole(store: CampaignStore,
                                                                  ref: str) -> None:
    data = _two_divisions()
    data["sides"][0]["commands"][0]["commands"][0]["commands"][0]["units"][0][
        "soutien"] = ref
    info = call(store, create_campaign_from_scenario, data=data)
    exported = call(store, export_oob_json, battle_id=info.battle_id)
    soutien = exported["sides"][0]["commands"][0]["commands"][0]["commands"][0]["units"][0][
        "soutien"]
    assert soutien == ("VI Corps / 20e Division / Avantgarde / Foot battery"
                       if ref.startswith("Avantgarde") else
                       "VI Corps / 20e Division / Foot battery")


def test_a_name_holding_the_separator_is_refused(store: CampaignStore) -> None:
    data = _two_divisions()
    data["sides"][0]["commands"][0]["commands"][0]["name"] = "19e / 20e"
    with pytest.raises(ImportRefused, match="holds ' / '"):
        call(store, create_campaign_from_scenario, data=data)


def test_csv_keeps_battles_of_waterloo_command_names_unique(store: CampaignStore) -> None:
    from desk.services.campaign.scenarios import load_scenario

    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="battles-of-waterloo"))
    before = all_rows(store)
    text = HEADER + ("French,Armée du Nord / Avantgarde,A,infantry,infantry,4,\n"
                     "French,Armée du Nord / II Corps / Avantgarde,B,infantry,infantry,4,\n")
    with pytest.raises(ImportRefused, match=r"the French already have a command 'Avantgarde' "
                                            r"\(Armée du Nord / Avantgarde\)") as refused:
        call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert refused.value.place == "line 3"
    assert all_rows(store) == before
