"""The value readers the rules systems share: typed value or None, never an exception."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desk.rules.coerce import as_bool, as_float, as_int

anything = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(),
                     st.lists(st.integers()), st.dictionaries(st.text(), st.integers()))


@pytest.mark.parametrize(("raw", "expected"), [
    (7, 7), (7.0, 7), ("7", 7), (" -3 ", -3), (7.5, None), ("7cm", None), (True, None),
    (None, None), ("²", None), ("--5", None),  # str.isdigit() says yes to both
])
def test_as_int(raw: Any, expected: int | None) -> None:
    assert as_int(raw) == expected


@pytest.mark.parametrize(("raw", "expected"), [
    (5, 5.0), ("5.5", 5.5), (float("nan"), None), ("inf", None), (False, None), ("", None),
])
def test_as_float(raw: Any, expected: float | None) -> None:
    assert as_float(raw) == expected


@pytest.mark.parametrize(("raw", "expected"), [
    (True, True), (1, True), ("Yes", True), (" on ", True), (0, False), ("no", False),
    ("", False), ("perhaps", None), (2, None),
])
def test_as_bool(raw: Any, expected: bool | None) -> None:
    assert as_bool(raw, default=None) is expected


@given(anything)
def test_readers_never_raise_and_keep_their_types(value: Any) -> None:
    number = as_int(value)
    assert number is None or (isinstance(number, int) and not isinstance(number, bool))
    real = as_float(value)
    assert real is None or math.isfinite(real)
    assert as_bool(value, default=None) in (True, False, None)
