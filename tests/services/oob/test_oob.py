"""Order-of-battle import and export: JSON and CSV, atomic refusals with their place."""

from __future__ import annotations

import copy
import json

import pytest
from scenario import belle_alliance
from service_helpers import all_rows, call
from sqlmodel import select

from desk.rules import SYSTEM_IDS
from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import ImportRefused
from desk.services.oob.csv_units import command_level, export_units_csv, import_units_csv
from desk.services.oob.export import export_oob_json
from desk.services.oob.importer import create_campaign_from_scenario, import_oob_json
from desk.services.queries import order_table, unit_state
from desk.store import CampaignStore
from desk.store.tables.oob import Command


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_each_demo_scenario_becomes_a_campaign_with_bound_1_open(
        store: CampaignStore, system: str) -> None:
    data = load_scenario(rules_system=system)
    info = call(store, create_campaign_from_scenario, data=data)
    assert info.rules_system == system and info.current_bound == 1
    rows = call(store, order_table, battle_id=info.battle_id)
    assert len(rows) == info.units > 10
    assert all(r.status == "none" for r in rows)
    first = call(store, unit_state, battle_id=info.battle_id, unit_id=rows[0].unit_id)
    assert first.bound == 1 and first.formation


@pytest.mark.parametrize(("change", "place", "reason"), [
    (lambda d: d["sides"][0]["commands"][0]["units"][1].update(strength=-3),
     "sides[0].commands[0].units[1]", "'strength' must be a whole number ≥ 0"),
    (lambda d: d["sides"][0]["commands"][0]["units"][2].update(formation="phalanx"),
     "sides[0].commands[0].units[2]", "formation 'phalanx'"),
    # A unit's name need only be unique within its command (defect 11).
    (lambda d: d["sides"][0]["commands"][0]["units"][1].update(
        name=d["sides"][0]["commands"][0]["units"][0]["name"]),
     "sides[0].commands[0].units[1]", "already used in the same command at "
                                      "sides[0].commands[0].units[0]"),
    (lambda d: d["sides"][0]["commands"][0].update(leader="Ney"),
     "sides[0].commands[0]", "leader 'Ney' is not a leader of this side"),
    (lambda d: d["terrain"][1].update(crosses="Dyle"), "terrain[1]", "'Dyle'"),
    (lambda d: d["campaign"].update(rules_system="chess"), "campaign", "one of"),
])
def test_a_bad_entry_refuses_the_whole_file_and_changes_nothing(
        store: CampaignStore, change: object, place: str, reason: str) -> None:
    call(store, create_campaign_from_scenario, data=belle_alliance())
    before = all_rows(store)
    data = belle_alliance()
    data["campaign"]["name"] = "Second campaign"
    change(data)  # type: ignore[operator]
    with pytest.raises(ImportRefused) as refused:
        call(store, create_campaign_from_scenario, data=data)
    assert refused.value.place == place
    assert reason in refused.value.reason
    assert all_rows(store) == before


def test_bad_json_is_refused_with_its_line(store: CampaignStore) -> None:
    with pytest.raises(ImportRefused, match=r"^line 3, column 13: not valid JSON"):
        call(store, import_oob_json, text='{\n  "format": "umpires-desk-oob",\n  "sides": [,]\n}')


def test_json_export_imports_again_to_the_same_order_of_battle(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=load_scenario(
        rules_system="battles-of-waterloo"))
    exported = call(store, export_oob_json, battle_id=info.battle_id)
    again = copy.deepcopy(exported)
    again["campaign"]["name"] = "Copy"
    copy_info = call(store, import_oob_json, text=json.dumps(again))
    assert copy_info.units == info.units
    re_exported = call(store, export_oob_json, battle_id=copy_info.battle_id)
    re_exported["campaign"]["name"] = exported["campaign"]["name"]
    assert re_exported == exported
    assert exported["battle"]["lims"] == ["French Artillery", "French Grand Battery",
                                          "French Orders", "Prussian Orders"]  # the demo's


CSV = """side,command,name,arm,type,strength,formation
French,VI Corps / 20e Division,1/10e Léger,infantry,light-infantry,24,skirmish-line
French,VI Corps / 20e Division,2/10e Léger,infantry,light-infantry,24,
Prussian,IV Corps,Pommeranian Hussars,cavalry,light-cavalry,12,line
"""


def test_csv_import_adds_units_commands_and_their_state(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    report = call(store, import_units_csv, battle_id=info.battle_id, text=CSV)
    assert (report.sides, report.commands, report.units) == (0, 1, 3)
    rows = {r.unit: r for r in call(store, order_table, battle_id=info.battle_id)}
    assert rows["1/10e Léger"].command == "20e Division"
    state = call(store, unit_state, battle_id=info.battle_id,
                 unit_id=rows["1/10e Léger"].unit_id)
    assert state.formation == "skirmish-line"
    exported = call(store, export_units_csv, battle_id=info.battle_id)
    assert "French,VI Corps / 20e Division,1/10e Léger,infantry,light-infantry,24," \
           "skirmish-line" in exported
    assert exported.splitlines()[0] == "side,command,name,arm,type,strength,formation"


@pytest.mark.parametrize(("bad_line", "reason"), [
    ("French,VI Corps,Bad,infantry,line-infantry,many,line", "strength 'many'"),
    ("French,VI Corps,1/5e Ligne,infantry,line-infantry,24,line", "already a unit"),
    ("French,,Nobody,infantry,line-infantry,24,line", "'command' is empty"),
    ("French,VI Corps,Odd,infantry,line-infantry,24,wedge", "formation 'wedge'"),
])
def test_csv_with_one_bad_row_changes_nothing(store: CampaignStore, bad_line: str,
                                              reason: str) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    before = all_rows(store)
    text = CSV + bad_line + "\n"
    with pytest.raises(ImportRefused) as refused:
        call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert refused.value.place == "line 5"
    assert reason in refused.value.reason
    assert all_rows(store) == before


@pytest.mark.parametrize(("name", "parent", "level"), [
    ("Armée du Nord", None, "army"), ("II. Armeekorps", None, "corps"),
    ("VI Corps", None, "corps"), ("Gardes", None, "corps"),
    ("20e Division", "corps", "division"), ("Reserve cavalry", "corps", "division"),
    ("1re Brigade", "division", "brigade"), ("Grenadier-Brigade", "corps", "brigade"),
    ("Division de cavalerie de l'Armée", "army", "division"), ("Skirmishers", "brigade",
                                                                "brigade"),
    ("Gardes du Corps", "division", "brigade"),  # a name above its parent does not count
])
def test_csv_import_gives_a_new_command_its_level(name: str, parent: str | None,
                                                  level: str) -> None:
    assert command_level(name, parent) == level


def test_csv_import_makes_commands_at_the_level_their_names_say(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    text = ("side,command,name,arm,type,strength,formation\n"
            "Saxon,II. Armeekorps / Reserve cavalry,Garde du Corps,cavalry,heavy-cavalry,8,\n")
    report = call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert (report.sides, report.commands) == (1, 2)
    with store.session() as session:
        levels = dict(session.exec(select(Command.name, Command.level)).all())
    assert levels["II. Armeekorps"] == "corps" and levels["Reserve cavalry"] == "division"
