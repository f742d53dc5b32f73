"""Many rows into one table at once, for the bulk writes of a close or the end of a battle.

``connection.execute(insert(table), list_of_dicts)`` builds, for every row, a
parameter dictionary of every bound column and runs each column's bind processor
through it: for the 4,000 rows of a 2,000-unit close that costs more than SQLite's
own work. :func:`insert_rows` takes rows as tuples in a stated column order,
compiles the INSERT once per dialect, runs each column type's bind processor
(the JSON serialiser, the UTC date-time) only on the columns that have one, and
hands the rows to the DBAPI's ``executemany`` through ``exec_driver_sql``: the
same SQL text, the same stored values as the ORM's and Core's paths, whatever the
database (SQLite's ``?`` or psycopg's ``%(name)s`` placeholders). Processors run
column by column; equal flat dicts of plain values in a JSON column (most units'
state data) are serialised once.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Connection, Table, insert
from sqlalchemy.engine import Dialect


@dataclass(frozen=True)
class _Prepared:
    """One table's INSERT for one dialect: its SQL text and how to lay out a row."""

    sql: str
    names: tuple[str, ...]  # the placeholders' names, in the text's order
    order: tuple[int, ...]  # for each placeholder, the index of its value in a given row
    processors: tuple[Callable[[Any], Any] | None, ...]  # per placeholder
    json: tuple[bool, ...]  # per placeholder: a JSON column
    positional: bool


_PREPARED: weakref.WeakKeyDictionary[Dialect, dict[tuple[str, tuple[str, ...]], _Prepared]] = (
    weakref.WeakKeyDictionary())


def _prepare(dialect: Dialect, table: Table, columns: tuple[str, ...]) -> _Prepared:
    known = _PREPARED.setdefault(dialect, {})
    key = (table.fullname, columns)
    found = known.get(key)
    if found is not None:
        return found
    # Core applies a column's Python-side default to a row that lacks it; these rows go
    # straight to the DBAPI, so every such column must be given.
    defaulted = [c.name for c in table.columns
                 if c.default is not None and c.name not in columns and not c.primary_key]
    if defaulted:
        raise ValueError(f"insert_rows into {table.name}: give {', '.join(defaulted)}")
    compiled = insert(table).compile(dialect=dialect, column_keys=list(columns))
    names = tuple(compiled.positiontup or ()) if compiled.positional else tuple(
        compiled.bind_names[b] for b in compiled.binds.values())
    if sorted(names) != sorted(columns):
        raise ValueError(f"insert_rows into {table.name}: columns {columns} compiled "
                         f"as {names}")
    processors = tuple(table.c[name].type.dialect_impl(dialect).bind_processor(dialect)
                       for name in names)
    found = _Prepared(sql=compiled.string, names=names,
                      order=tuple(columns.index(name) for name in names),
                      processors=processors,
                      json=tuple(isinstance(table.c[name].type, JSON) for name in names),
                      positional=compiled.positional)
    known[key] = found
    return found


# The types of the values whose equal values always encode alike in JSON (not float:
# 0.0 == -0.0; not containers: [1] == [True]).
_PLAIN = frozenset((type(None), bool, int, str))


def _json_alike(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``fn`` (a JSON column's processor) run once per distinct flat dict of plain values:
    most units' state data are the same few dicts. The key holds each value's type, so
    ``True`` and ``1`` stay apart; any other value is processed as it comes."""
    done: dict[tuple[tuple[Any, ...], tuple[type, ...]], Any] = {}

    def run(value: object) -> Any:
        if type(value) is not dict:
            return fn(value)
        types = tuple(map(type, value.values()))
        if not _PLAIN.issuperset(types):
            return fn(value)
        key = (tuple(value.items()), types)
        found = done.get(key)
        if found is None:
            found = done[key] = fn(value)
        return found

    return run


def _processed(fn: Callable[[Any], Any], values: Sequence[Any], *,
               json: bool) -> list[Any]:
    """``fn`` over one column's values. The one value object of a whole column (the time
    stamp of a close's journal lines) is processed once; a dict or list never shared so,
    as it may have changed meanwhile; in a JSON column, equal flat dicts once each."""
    first = values[0]
    if not isinstance(first, dict | list) and all(v is first for v in values):
        return [fn(first)] * len(values)
    if json:
        fn = _json_alike(fn)
    return [fn(v) for v in values]


def insert_rows(connection: Connection, table: Table, columns: Sequence[str],
                rows: Iterable[Sequence[Any]]) -> int:
    """Insert ``rows`` (each a sequence of values for ``columns``, in that order) into
    ``table`` with one ``executemany``; the number of rows inserted."""
    prepared = _prepare(connection.dialect, table, tuple(columns))
    given = list(rows)
    if not given:
        return 0
    # Column by column (the rows transposed, at C speed): a processor runs over a list,
    # not once per row through a loop over each row's values.
    by_column = list(zip(*given, strict=True))
    laid_out: list[Sequence[Any]] = [by_column[i] for i in prepared.order]
    for pos, fn in enumerate(prepared.processors):
        if fn is not None:
            laid_out[pos] = _processed(fn, laid_out[pos], json=prepared.json[pos])
    laid: list[Any] = list(zip(*laid_out, strict=True))
    if not prepared.positional:
        laid = [dict(zip(prepared.names, values, strict=True)) for values in laid]
    connection.exec_driver_sql(prepared.sql, laid)
    return len(laid)
