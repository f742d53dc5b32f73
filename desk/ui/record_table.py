"""A table widget that lists one record per row, as the dialogs' lists do (the players'
pages, the claims): a cell's text as shown, the record of the one chosen row, and
choosing a record's row. The dialog keeps its records in row order beside the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PySide6.QtWidgets import QTableWidget

T = TypeVar("T")


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """A cell's text, as shown (for tests and screen readers alike); "" for an empty cell."""
    item = table.item(row, column)
    return item.text() if item is not None else ""


def chosen_record(table: QTableWidget, records: Sequence[T]) -> T | None:
    """The record of the one chosen row (None: no row, or several, are chosen)."""
    rows = {index.row() for index in table.selectionModel().selectedRows()}
    if len(rows) != 1:
        return None
    row = rows.pop()
    return records[row] if 0 <= row < len(records) else None


def choose_record(table: QTableWidget, records: Sequence[T], matches: Callable[[T], bool]
                  ) -> None:
    """Choose the row of the record that ``matches`` (none chosen anew if none does)."""
    for row, record in enumerate(records):
        if matches(record):
            table.selectRow(row)
