"""The order the test modules start in under pytest-xdist: the longest first.

pytest-xdist's ``--dist loadscope`` hands each worker one module at a time in collection
order (pyproject.toml turns off its own reordering by number of tests, which put the
one-test modules below last). A long module handed out at the end runs alone while the
other worker has nothing left to do; these start first, longest first. Each took 10 s or
more on one core in the run of 2026-12-04 (tests/test_schedule.py checks they still exist;
the command-line modules, once among them, now run the command in process); a module not
listed keeps its place, and the last ones collected (tests/ui) are short.
"""

from __future__ import annotations

import pytest

START_FIRST = (
    "tests/soak/test_soak.py",
    "tests/sheets/test_players_sheets.py",
    "tests/ui/test_none_refcount.py",
    "tests/services/oob/test_import_fuzz.py",
    "tests/services/test_two_umpires_pg.py",  # 2 x 1,000 writes from two processes (~60 s)
    "tests/web/test_secret_notes_fog.py",  # every sheet, packet and page, three times (~40 s)
    "tests/sheets/test_sheets_service.py",
    "tests/ui/lim/test_lim_cup_panel.py",
    "tests/cli/test_cli.py",
    "tests/services/test_concurrent_play.py",
    "tests/services/orders/test_concurrent_orders.py",
    "tests/rules/belle_alliance/test_properties.py",
    "tests/sheets/test_form_import_fuzz.py",
    "tests/store/test_lazy_tables.py",  # 20 fresh processes, 8 of them a window's start-up
)
_RANK = {path: place for place, path in enumerate(START_FIRST)}


def start_rank(item: pytest.Item) -> int:
    """Where ``item``'s module starts: its place in START_FIRST, else after all of them
    (a stable sort keeps every other test, and each module's own order, as collected)."""
    return _RANK.get(item.nodeid.split("::", 1)[0], len(_RANK))
