"""Imports of whatever a file may hold: a refusal with its place, or an import; never a
traceback, and a refused file changes nothing (property tests with Hypothesis).

Each example imports into a new empty campaign: a copy of the one made once for the run
(tests/campaign_template.py), so the examples' time goes to the import, not to migrations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from campaign_template import CampaignTemplate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import belle_alliance
from service_helpers import all_rows, call

from desk.services.errors import ServiceError
from desk.services.oob.csv_units import import_units_csv
from desk.services.oob.importer import create_campaign_from_scenario, import_oob_json
from desk.services.oob.text_input import decode_text, in_file
from desk.store import CampaignStore, open_campaign


def _new_campaign(template: CampaignTemplate, folder: Path) -> CampaignStore:
    """A new empty campaign in ``folder``, open for writing."""
    return open_campaign(template.sqlite(folder / "c.desk"), backup_dir=folder)


HEADER = "side,command,name,arm,type,strength,formation"
cell = st.one_of(st.sampled_from(["French", "VI Corps / 20e Division", "infantry", "cavalry",
                                  "line-infantry", "24", "-1", "line", "wedge", "", "1/5e Ligne",
                                  "VI Corps", " / ", "²", "12.5", str(2**63), "9" * 5000,
                                  "x" * 140_000, "'=1+1", "'", "''", "-0", "+7"]),
                 st.text(max_size=12))
row = st.lists(cell, min_size=0, max_size=9).map(lambda cells: ",".join(
    '"' + c.replace('"', '""') + '"' for c in cells))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.lists(row, max_size=5), header=st.sampled_from([HEADER, HEADER + ",extra",
                                                                "side,name", ""]))
def test_a_csv_of_anything_is_refused_with_its_line_or_imported(
        tmp_path_factory: pytest.TempPathFactory, campaign_template: CampaignTemplate,
        rows: list[str], header: str) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    with _new_campaign(campaign_template, folder) as store:
        info = call(store, create_campaign_from_scenario, data=belle_alliance())
        before = all_rows(store)
        try:
            call(store, import_units_csv, battle_id=info.battle_id,
                 text="\n".join([header, *rows]) + "\n")
        except ServiceError as refused:
            assert str(refused).startswith("line "), refused
            assert all_rows(store) == before


def nested(depth: int) -> list[object]:
    """A list in a list ... ``depth`` deep."""
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    return value


deep = st.integers(min_value=1, max_value=300).map(nested)
json_value = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
                                    st.integers(min_value=2**63 - 2, max_value=2**80),
                                    st.integers(min_value=-(2**80), max_value=-(2**63) + 1),
                                    st.sampled_from([float("inf"), float("nan"), 1e308]),
                                    deep),
                          lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                          max_leaves=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=st.tuples(st.sampled_from(["campaign", "battle", "sides", "terrain", "format",
                                           "version"]), json_value))
def test_an_order_of_battle_with_any_part_replaced_is_refused_or_imported(
        tmp_path_factory: pytest.TempPathFactory, campaign_template: CampaignTemplate,
        mutation: tuple[str, object]) -> None:
    key, value = mutation
    data = belle_alliance()
    data[key] = value
    folder = tmp_path_factory.mktemp("fuzz")
    with _new_campaign(campaign_template, folder) as store:
        before = all_rows(store)
        try:
            call(store, import_oob_json, text=json.dumps(data))
        except ServiceError:
            assert all_rows(store) == before


# What a file may hold that no str strategy gives: other encodings, byte-order marks,
# bytes that are no UTF-8, nesting thousands deep, numbers of thousands of digits.
raw_piece = st.sampled_from([b"\xff", b"\xe9", b"\xc3", b"\xef\xbb\xbf", b"\xff\xfe",
                             b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00", b"\r", b'"',
                             b"[" * 50_000, b"{" * 70, b"9" * 5000, b"-" + b"9" * 20,
                             b"NaN", b"1e400", b"x" * 140_000])


def _spliced(data: bytes, piece: bytes, at: float, encoding: str | None) -> bytes:
    if encoding is not None:  # the whole file in another encoding, with its byte-order mark
        return data.decode("utf-8").encode(encoding)
    cut = int(len(data) * at)
    return data[:cut] + piece + data[cut:]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(piece=raw_piece, at=st.floats(min_value=0, max_value=1),
       encoding=st.one_of(st.none(), st.sampled_from(["utf-16", "utf-32", "utf-8-sig"])))
def test_an_order_of_battle_file_of_any_bytes_is_refused_with_its_place_or_imported(
        tmp_path_factory: pytest.TempPathFactory, campaign_template: CampaignTemplate,
        piece: bytes, at: float, encoding: str | None) -> None:
    data = _spliced(json.dumps(belle_alliance()).encode(), piece, at, encoding)
    folder = tmp_path_factory.mktemp("fuzz")
    with _new_campaign(campaign_template, folder) as store:
        before = all_rows(store)
        try:
            with in_file("oob.json"):
                call(store, import_oob_json, text=decode_text(data, name="oob.json"))
        except ServiceError as refused:
            assert str(refused).startswith("oob.json"), refused
            assert all_rows(store) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(piece=raw_piece, at=st.floats(min_value=0, max_value=1),
       encoding=st.one_of(st.none(), st.sampled_from(["utf-16", "utf-32", "utf-8-sig"])))
def test_a_csv_file_of_any_bytes_is_refused_with_its_place_or_imported(
        tmp_path_factory: pytest.TempPathFactory, campaign_template: CampaignTemplate,
        piece: bytes, at: float, encoding: str | None) -> None:
    text = "\n".join([HEADER, "French,VI Corps,1/1er Ligne,infantry,line-infantry,24,line",
                      "Prussian,IV Corps / 13. Brigade,Füsiliere,infantry,line-infantry,20,"])
    data = _spliced(text.encode(), piece, at, encoding)
    folder = tmp_path_factory.mktemp("fuzz")
    with _new_campaign(campaign_template, folder) as store:
        info = call(store, create_campaign_from_scenario, data=belle_alliance())
        before = all_rows(store)
        try:
            with in_file("units.csv"):
                call(store, import_units_csv, battle_id=info.battle_id,
                     text=decode_text(data, name="units.csv"))
        except ServiceError as refused:
            assert str(refused).startswith("units.csv"), refused
            assert all_rows(store) == before
