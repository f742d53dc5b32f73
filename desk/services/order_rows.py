"""The order table's rows, each built when it is first read.

A row's summary is the rules' reading of its completed order, and its rate,
destination, worst finding and defaulted fields are decoded from the order's
JSON: some 50 µs a row, a second for 20,000 units, of which the window shows
forty. So :func:`desk.services.queries.order_table` returns an
:class:`OrderTable` holding the columns its queries read (the order's JSON as
text), and a row is built the first time it is read, then kept. What the
window needs of every row at once (unit id, side, status, how many have no
order) is read from the columns without building a row.

The table holds no session: it may be kept, and read, after its transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Any, overload

from desk.rules.base import RulesSystem
from desk.services.common import findings_of, worst_finding
from desk.services.dto import OrderRow

# A unit as the table's query reads it: id, side id, name, command id, arm.
UnitColumns = tuple[int, int, str, int, str]
# Its order in the bound: unit id, order id, status, and the JSON (as text, as SQLite gives
# it) of the completed fields, the findings and the defaulted field names.
OrderColumns = tuple[int, int, str, Any, Any, Any]


def _decoded(value: Any) -> Any:
    """A JSON column read as text, decoded (a driver that decodes itself gives the value)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def _text(fields: Mapping[str, Any], key: str | None) -> str:
    value = fields.get(key) if key else None
    return "" if value in (None, "", False) else str(value)


class OrderTable(Sequence[OrderRow]):
    """The order table of one bound: one :class:`OrderRow` per unit, in OOB order.

    A read-only sequence; each row is built on first reading (see the module text).
    """

    __slots__ = ("_built", "_commands", "_destination_key", "_labels", "_orders",
                 "_rate_key", "_sides", "_system", "_units", "unit_ids")

    def __init__(self, *, units: Sequence[UnitColumns] = (),
                 sides: Mapping[int, str] | None = None,
                 commands: Mapping[int, str] | None = None,
                 labels: Mapping[int, str] | None = None,
                 orders: Mapping[int, OrderColumns] | None = None,
                 system: RulesSystem | None = None, rate_key: str | None = None,
                 destination_key: str | None = None) -> None:
        self._units = units
        self._sides = sides or {}
        self._commands = commands or {}
        self._labels = labels or {}  # only the names a side repeats: "Md Foot Bty (3. Brigade)"
        self._orders = orders or {}  # by unit id
        self._system = system
        self._rate_key, self._destination_key = rate_key, destination_key
        self._built: list[OrderRow | None] = [None] * len(units)
        self.unit_ids: tuple[int, ...] = tuple(map(itemgetter(0), units))
        """Each row's unit id, in order (read without building rows)."""

    def __len__(self) -> int:
        return len(self._units)

    @overload
    def __getitem__(self, index: int) -> OrderRow: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[OrderRow, ...]: ...

    def __getitem__(self, index: int | slice) -> OrderRow | tuple[OrderRow, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        row = self._built[index]
        if row is None:
            row = self._built[index] = self._build(index)
        return row

    def __iter__(self) -> Iterator[OrderRow]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple of its rows, as the rows

    def __repr__(self) -> str:
        return f"OrderTable({len(self)} rows)"

    # --- what every row has, read without building it -------------------------------------
    def side(self, index: int) -> str:
        """The side of the unit in row ``index``."""
        return self._sides.get(self._units[index][1], "")

    def status(self, index: int) -> str:
        """The status of row ``index``'s order: none, accepted, overruled, cancelled, draft."""
        order = self._orders.get(self._units[index][0])
        return "none" if order is None else order[2]

    def unit_names(self) -> dict[int, str]:
        """Each unit's name as its row shows it, by unit id (read without building rows)."""
        return {unit_id: self._labels.get(unit_id, name) for unit_id, _, name, _, _ in self._units}

    def without_order(self) -> int:
        """How many units have no order the close applies (none, or a cancelled one)."""
        found = list(filter(None, map(self._orders.get, self.unit_ids)))  # at C speed
        return len(self) - len(found) + list(map(itemgetter(2), found)).count("cancelled")

    # --- a row -----------------------------------------------------------------------------
    def _build(self, index: int) -> OrderRow:
        unit_id, side_id, name, command_id, arm = self._units[index]
        label = self._labels.get(unit_id, name)
        side, command = self._sides.get(side_id, ""), self._commands.get(command_id, "")
        order = self._orders.get(unit_id)
        if order is None:
            return OrderRow(unit_id=unit_id, unit=label, side=side, command=command, arm=arm,
                            order_id=None, summary="", rate="", destination="", status="none",
                            worst=None)
        _, order_id, status, completed, findings, defaulted = order
        if status == "cancelled":
            return OrderRow(unit_id=unit_id, unit=label, side=side, command=command, arm=arm,
                            order_id=order_id, summary="cancelled", rate="", destination="",
                            status=status, worst=None, defaulted=tuple(_decoded(defaulted)))
        fields = _decoded(completed)
        assert self._system is not None, "a table with orders has its rules system"
        return OrderRow(
            unit_id=unit_id, unit=label, side=side, command=command, arm=arm,
            order_id=order_id, status=status,
            summary=self._system.summarize(fields, arm=arm),
            rate=_text(fields, self._rate_key),
            destination=_text(fields, self._destination_key),
            worst=worst_finding(findings_of(_decoded(findings))),
            defaulted=tuple(_decoded(defaulted)),
        )
