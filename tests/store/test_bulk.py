"""desk.store.bulk.insert_rows (issue 28): the rows Core's executemany would have stored,
JSON and UTC date-times included, on SQLite and PostgreSQL, in any column order; equal JSON
values serialised once are stored each as it was given; a table whose Python-side default it
would skip is refused."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import JSON, Column, Integer, MetaData, String, Table, insert, select

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import generated

from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import open_campaign
from desk.store.bulk import insert_rows
from desk.store.tables.bounds import Journal


def test_rows_stored_as_core_stores_them(target: str, backup_dir: Path) -> None:
    stamp = datetime(2026, 12, 1, 20, 15, tzinfo=UTC)
    journal = Journal.__table__  # type: ignore[attr-defined]
    with open_campaign(target, create=True, backup_dir=backup_dir) as store:
        with store.session() as session:
            battle_id = create_campaign_from_scenario(
                session=session, data=generated("belle-alliance", units=2)).battle_id
        with store.session() as session:
            connection = session.connection()
            columns = ("message", "battle_id", "kind", "created_at", "reason", "clause",
                       "unit_id", "bound_id", "umpire")
            assert insert_rows(connection, journal, columns, []) == 0
            assert insert_rows(connection, journal, columns, [
                (f"line {i} «é»", battle_id, "bulk", stamp, "", "BA-1", None, None, "")
                for i in range(3)]) == 3
            connection.execute(insert(journal), [
                {"message": f"line {i} «é»", "battle_id": battle_id, "kind": "core",
                 "created_at": stamp, "reason": "", "clause": "BA-1"} for i in range(3)])
        with store.session() as session:
            rows = session.connection().execute(
                select(journal.c.kind, journal.c.message, journal.c.created_at,
                       journal.c.clause).where(journal.c.kind.in_(("bulk", "core")))
                .order_by(journal.c.id)).all()
    ours, core = rows[:3], rows[3:]
    assert [r[1:] for r in ours] == [r[1:] for r in core]
    assert [r.kind for r in rows] == ["bulk"] * 3 + ["core"] * 3
    assert ours[0].created_at.replace(tzinfo=UTC) == stamp


def test_json_values_alike_are_stored_each_as_given(target: str, backup_dir: Path) -> None:
    # Equal in Python, not in JSON: True and 1, 1 and 1.0, 0.0 and -0.0, [1] and [True],
    # the same keys in another order; and the same dict twice, serialised once.
    values: list[dict[str, object]] = [
        {"a": 1, "b": None}, {"a": 1, "b": None}, {"a": True, "b": None},
        {"a": 1.0, "b": None}, {"a": 0.0}, {"a": -0.0}, {"a": [1]}, {"a": [True]},
        {"b": None, "a": 1}, {"a": "x", "c": {"d": False}}, {"a": "x", "c": {"d": 0}}]
    table = Table("bulk_json", MetaData(), Column("id", Integer, primary_key=True),
                  Column("data", JSON, nullable=False))
    with open_campaign(target, create=True, backup_dir=backup_dir) as store, \
            store.session() as session:
        connection = session.connection()
        table.create(connection)
        assert insert_rows(connection, table, ("data",), [(v,) for v in values]) == len(values)
        stored = connection.execute(select(table.c.data).order_by(table.c.id)).scalars().all()
        table.drop(connection)
    assert [json.dumps(v) for v in stored] == [json.dumps(v) for v in values]


def test_a_column_with_a_python_default_must_be_given(tmp_path: Path) -> None:
    table = Table("t", MetaData(), Column("id", Integer, primary_key=True),
                  Column("a", String), Column("b", String, default="x"))
    with (open_campaign(tmp_path / "c.desk", create=True, backup_dir=tmp_path) as store,
          store.session() as session, pytest.raises(ValueError, match="give b")):
        insert_rows(session.connection(), table, ("a",), [("1",)])
