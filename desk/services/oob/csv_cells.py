"""CSV cells in and out: rows read with plain refusals, and no formula for a spreadsheet.

A spreadsheet runs a cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return as a formula ("CSV injection"). On export such a cell gets a
leading apostrophe, which spreadsheets show as text; a cell that itself begins
with an apostrophe gets one more, so that import can take exactly one away:

======================  ======================  ======================
value                   cell written            read back
======================  ======================  ======================
``=SUM(A1)``            ``'=SUM(A1)``           ``=SUM(A1)``
``'t Hooft``            ``''t Hooft``           ``'t Hooft``
``Ney``                 ``Ney``                 ``Ney``
======================  ======================  ======================

On import an apostrophe is taken away only before one of those characters or
another apostrophe, so a hand-written ``'t Hooft`` stays as it is. Numbers
(strength) are written as numbers: they are never escaped.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from desk.services.errors import ImportRefused
from desk.services.oob.json_input import INT_MAX

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MARK = "'"


def escape_cell(value: str) -> str:
    """A text cell as exported: a leading apostrophe before a formula's first character
    or an apostrophe of its own."""
    return MARK + value if value.startswith((*FORMULA_STARTS, MARK)) else value


def unescape_cell(cell: str) -> str:
    """A cell as imported: the apostrophe :func:`escape_cell` put there taken away."""
    if cell.startswith(MARK) and cell[1:].startswith((*FORMULA_STARTS, MARK)):
        return cell[1:]
    return cell


def write_rows(rows: Iterable[Sequence[object]]) -> str:
    """CSV text with "\\n" line ends, a cell holding "\\r" or "\\n" quoted (the csv module
    quotes only the characters of its line terminator, so each row is written with "\\r\\n"
    and its end turned into "\\n")."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    lines: list[str] = []
    for row in rows:
        out.seek(0)
        out.truncate()
        writer.writerow(row)
        lines.append(out.getvalue()[:-2] + "\n")
    return "".join(lines)


def read_rows(text: str, columns: Sequence[str]) -> list[tuple[int, dict[str, str]]]:
    """(line, {column: cell}) for each row, cells stripped then unescaped; a header without
    the columns, or a row the csv module cannot read, is refused with its line."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise ImportRefused(place="line 1", reason=f"the header lacks {', '.join(missing)} "
                                f"(expected: {', '.join(columns)})")
        for row in reader:
            rows.append((reader.line_num, {k: unescape_cell((v or "").strip())
                                           for k, v in row.items() if isinstance(k, str) and k}))
    except csv.Error as exc:  # the DictReader's own line_num lags a failed row: ask its reader
        raise ImportRefused(place=f"line {max(reader.reader.line_num, 1)}",
                            reason=_csv_reason(exc)) from None
    return rows


def _csv_reason(exc: csv.Error) -> str:
    message = str(exc)
    if "field larger than field limit" in message:
        return (f"a cell is longer than the {csv.field_size_limit():,} characters a CSV cell "
                "may hold")
    return f"not a CSV row the desk can read ({message})"


def whole_number(cell: str, *, place: str, field: str) -> int:
    """A count from a CSV cell (empty is 0): a whole number from 0 to what the database keeps."""
    text = cell.strip() or "0"
    shown = text if len(text) <= 30 else f"{text[:12]}… ({len(text)} characters)"
    digits = text.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()) or len(text) - len(digits) > 1:
        raise ImportRefused(place=place, reason=f"{field} {shown!r} is not a whole number")
    if text.startswith("-") and digits.strip("0"):
        raise ImportRefused(place=place, reason=f"{field} may not be negative")
    significant = digits.lstrip("0") or "0"  # no int() of 100,000 zeros: Python refuses it
    if len(significant) > 19 or int(significant) > INT_MAX:
        raise ImportRefused(place=place, reason=f"{field} {shown} is too large "
                            f"(at most {INT_MAX})")
    return int(significant)
