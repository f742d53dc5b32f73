"""Imports of whatever a file may hold: a refusal with its place, or an import; never a
traceback, and a refused file changes nothing (property tests with Hypothesis)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import belle_alliance
from service_helpers import all_rows, call

from desk.services.errors import ServiceError
from desk.services.oob.csv_units import import_units_csv
from desk.services.oob.importer import create_campaign_from_scenario, import_oob_json
from desk.store import open_campaign

HEADER = "side,command,name,arm,type,strength,formation"
cell = st.one_of(st.sampled_from(["French", "VI Corps / 20e Division", "infantry", "cavalry",
                                  "line-infantry", "24", "-1", "line", "wedge", "", "1/5e Ligne",
                                  "VI Corps", " / ", "²", "12.5"]),
                 st.text(max_size=12))
row = st.lists(cell, min_size=0, max_size=9).map(lambda cells: ",".join(
    '"' + c.replace('"', '""') + '"' for c in cells))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.lists(row, max_size=5), header=st.sampled_from([HEADER, HEADER + ",extra",
                                                                "side,name", ""]))
def test_a_csv_of_anything_is_refused_with_its_line_or_imported(
        tmp_path_factory: object, rows: list[str], header: str) -> None:
    folder = tmp_path_factory.mktemp("fuzz")  # type: ignore[attr-defined]
    with open_campaign(Path(folder) / "c.desk", create=True, backup_dir=folder) as store:
        info = call(store, create_campaign_from_scenario, data=belle_alliance())
        before = all_rows(store)
        try:
            call(store, import_units_csv, battle_id=info.battle_id,
                 text="\n".join([header, *rows]) + "\n")
        except ServiceError as refused:
            assert str(refused).startswith("line "), refused
            assert all_rows(store) == before


json_value = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
                          lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                          max_leaves=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=st.tuples(st.sampled_from(["campaign", "battle", "sides", "terrain", "format",
                                           "version"]), json_value))
def test_an_order_of_battle_with_any_part_replaced_is_refused_or_imported(
        tmp_path_factory: object, mutation: tuple[str, object]) -> None:
    key, value = mutation
    data = belle_alliance()
    data[key] = value
    folder = tmp_path_factory.mktemp("fuzz")  # type: ignore[attr-defined]
    with open_campaign(Path(folder) / "c.desk", create=True, backup_dir=folder) as store:
        before = all_rows(store)
        try:
            call(store, import_oob_json, text=json.dumps(data))
        except ServiceError:
            assert all_rows(store) == before
