"""The order table's rows, each built when it is first read.

A row's summary is the rules' reading of its completed order, and its rate,
destination, formation, findings and defaulted fields are decoded from the order's
JSON: some 50 µs a row, a second for 20,000 units, of which the window shows
forty. So :func:`desk.services.queries.order_table` returns an
:class:`OrderTable` holding the columns its queries read (the order's JSON as
text), and a row is built the first time it is read, then kept. What the
window needs of every row at once (unit id, side, status, state, the tags its
"Show" filter reads, how many have no order) is read from the columns without
building a row: the tags tell an error or a warning from the findings' JSON text
(``"severity": "error"``) without decoding it.

The table holds no session: it may be kept, and read, after its transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Any, overload

from desk.rules.base import RulesSystem
from desk.rules.coerce import as_list
from desk.services.bounds.no_order import EXECUTED
from desk.services.bounds.no_order_notes import NoOrderNotes
from desk.services.common import findings_of, worst_finding
from desk.services.dto import OrderRow

# A unit as the table's query reads it: id, side id, name, command id, arm, and its
# formation at the bound's start.
UnitColumns = tuple[int, int, str, int, str, str]
# Its order in the bound: unit id, order id, status, the JSON (as text, as SQLite gives
# it) of the completed fields, the findings and the defaulted field names, the words as
# written and the umpire's reason to overrule.
OrderColumns = tuple[int, int, str, Any, Any, Any, str, str]

# What a row is to the close (the state column), and the order the column sorts in.
STATES = ("none", "continued", "lim", "cancelled", "draft", "saved")


def _decoded(value: object) -> Any:
    """A JSON column read as text, decoded (a driver that decodes itself gives the value)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def _text(fields: Mapping[str, object], key: str | None) -> str:
    value = fields.get(key) if key else None
    if value is True:  # a flag (La Bataille's road march): the rules' word
        return "yes"
    return "" if value in (None, "", False) else str(value)


def _severities(findings: object) -> tuple[bool, bool]:
    """Whether stored findings hold an error, a warning: from the JSON text, undecoded.

    ``Finding.to_dict`` writes ``"severity": "error"``; a quote inside a message is
    escaped, so ``"error"`` in quotes is only ever a severity.
    """
    if isinstance(findings, str | bytes):
        text = findings if isinstance(findings, str) else findings.decode()
        return '"error"' in text, '"warning"' in text
    severities = {f.get("severity") for f in as_list(findings) if isinstance(f, dict)}
    return "error" in severities, "warning" in severities


class OrderTable(Sequence[OrderRow]):
    """The order table of one bound: one :class:`OrderRow` per unit, in OOB order.

    A read-only sequence; each row is built on first reading (see the module text).
    """

    __slots__ = ("_built", "_commands", "_destination_key", "_formation_key", "_labels",
                 "_notes", "_orders", "_rate_key", "_sides", "_system", "_tags", "_units",
                 "unit_ids")

    def __init__(self, *, units: Sequence[UnitColumns] = (),
                 sides: Mapping[int, str] | None = None,
                 commands: Mapping[int, str] | None = None,
                 labels: Mapping[int, str] | None = None,
                 orders: Mapping[int, OrderColumns] | None = None,
                 system: RulesSystem | None = None, rate_key: str | None = None,
                 destination_key: str | None = None, formation_key: str | None = None,
                 notes: NoOrderNotes | None = None) -> None:
        self._units = units
        self._sides = sides or {}
        self._commands = commands or {}
        self._labels = labels or {}  # only the names a side repeats: "Md Foot Bty (3. Brigade)"
        self._orders = orders or {}  # by unit id
        self._system = system
        self._rate_key, self._destination_key = rate_key, destination_key
        self._formation_key = formation_key
        self._notes = notes or NoOrderNotes()  # what the close does for units without an order
        self._built: list[OrderRow | None] = [None] * len(units)
        self._tags: list[str | None] = [None] * len(units)
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

    @property
    def closed(self) -> bool:
        """Whether the table is of a closed bound (its states say what happened)."""
        return self._notes.closed

    def state(self, index: int) -> str:
        """What row ``index`` is to the close, one of :data:`STATES` (see :class:`OrderRow`)."""
        unit_id = self._units[index][0]
        order = self._orders.get(unit_id)
        status = "none" if order is None else order[2]
        if status in EXECUTED:
            return "saved"
        if status != "none":  # draft, cancelled
            return status
        if unit_id in self._notes.moved:
            return "lim"
        return "continued" if unit_id in self._notes.continued else "none"

    def continued_from(self, index: int) -> int:
        """The bound whose order row ``index``'s unit continues at the close (0: none)."""
        return self._notes.continued.get(self._units[index][0], 0)

    def tags(self, index: int) -> str:
        """Row ``index``'s tags for the "Show" filter, each between bars: "|saved|warning|".

        Among: saved, draft, missing (what the close treats as no order: none,
        cancelled, draft), refused (an error not overruled), overruled, warning, and
        the state (continued, lim, cancelled). Kept once read.
        """
        found = self._tags[index]
        if found is None:
            found = self._tags[index] = self._tagged(index)
        return found

    def _tagged(self, index: int) -> str:
        order = self._orders.get(self._units[index][0])
        state = self.state(index)
        tags = [state]
        if state != "saved":
            tags.append("missing")
        if order is not None and state != "cancelled":
            error, warning = _severities(order[4])
            if error:
                tags.append("overruled" if order[2] == "overruled" else "refused")
            if warning:
                tags.append("warning")
        return "|" + "|".join(tags) + "|"

    def unit_names(self) -> dict[int, str]:
        """Each unit's name as its row shows it, by unit id (read without building rows)."""
        return {unit[0]: self._labels.get(unit[0], unit[2]) for unit in self._units}

    def without_order(self) -> int:
        """How many units have no order the close applies (none, or a cancelled one)."""
        found = list(filter(None, map(self._orders.get, self.unit_ids)))  # at C speed
        return len(self) - len(found) + list(map(itemgetter(2), found)).count("cancelled")

    # --- a row -----------------------------------------------------------------------------
    def _build(self, index: int) -> OrderRow:
        unit_id, side_id, name, command_id, arm, current = self._units[index]
        label = self._labels.get(unit_id, name)
        side, command = self._sides.get(side_id, ""), self._commands.get(command_id, "")
        order = self._orders.get(unit_id)
        state = self.state(index)
        continued_from = self._notes.continued.get(unit_id, 0)
        if order is None:
            return OrderRow(unit_id=unit_id, unit=label, side=side, command=command, arm=arm,
                            order_id=None, summary="", rate="", destination="", status="none",
                            worst=None, current_formation=current or "", state=state,
                            continued_from=continued_from)
        _, order_id, status, completed, findings, defaulted, verbatim, reason = order
        if status == "cancelled":
            return OrderRow(unit_id=unit_id, unit=label, side=side, command=command, arm=arm,
                            order_id=order_id, summary="cancelled", rate="", destination="",
                            status=status, worst=None, defaulted=tuple(_decoded(defaulted)),
                            verbatim=verbatim or "", current_formation=current or "",
                            state=state, continued_from=continued_from)
        fields = _decoded(completed)
        found = findings_of(_decoded(findings))
        assert self._system is not None, "a table with orders has its rules system"
        return OrderRow(
            unit_id=unit_id, unit=label, side=side, command=command, arm=arm,
            order_id=order_id, status=status,
            summary=self._system.summarize(fields, arm=arm),
            rate=_text(fields, self._rate_key),
            destination=_text(fields, self._destination_key),
            worst=worst_finding(found),
            defaulted=tuple(_decoded(defaulted)),
            verbatim=verbatim or "", formation=_text(fields, self._formation_key),
            current_formation=current or "", findings=found, override_reason=reason or "",
            state=state, continued_from=0 if state == "saved" else continued_from,
        )
