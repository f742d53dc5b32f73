"""CSV command paths: parts are joined by " / " (space slash space), never by a bare "/"."""

from __future__ import annotations

import pytest
from scenario import belle_alliance
from service_helpers import all_rows, call
from sqlmodel import select

from desk.services.errors import ImportRefused
from desk.services.oob import create_campaign_from_scenario
from desk.services.oob_csv import export_units_csv, import_units_csv
from desk.store import CampaignStore
from desk.store.models import Command

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


@pytest.mark.parametrize("path", [
    "VI Corps /  / 20e Division", "/ VI Corps", "VI Corps /", " / VI Corps / 20e Division",
    "VI Corps / / 20e Division",
])
def test_a_path_with_an_empty_part_is_refused_with_its_line(store: CampaignStore,
                                                             path: str) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    before = all_rows(store)
    text = HEADER + "French,VI Corps,Fine,infantry,line-infantry,24,\n" + \
        f'French,"{path}",Odd,infantry,line-infantry,24,\n'
    with pytest.raises(ImportRefused) as refused:
        call(store, import_units_csv, battle_id=info.battle_id, text=text)
    assert refused.value.place == "line 3"
    assert "empty part" in refused.value.reason
    assert all_rows(store) == before
