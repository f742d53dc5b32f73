"""Filled sheets as hostile players and broken tools return them (issue 28): every field of a
real fillable sheet given values drawn from what people type wrong, and the file itself cut
short or with bytes changed. The import answers with drafts or one refusal sentence (a
service or sheet error), never an internal error, in every rules system.

Derandomized (the same sheets every run); ``DESK_FUZZ_CALLS=10000`` runs the long form on
demand, the suite makes 25 a system. The sheet is read once and each call's values appended
to it as a viewer's incremental save does (``FormFiller``, checked here against pypdf's own
filling), and one campaign stays open, each import rolled back: what a call costs is the
import itself.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections import Counter
from contextlib import closing
from pathlib import Path

import pytest
from demo_cache import DemoCache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sheet_samples import FormFiller, fill_fields, pdf_fields
from sqlmodel import Session, select

from desk.services.errors import ServiceError
from desk.services.printing.errors import SheetError
from desk.services.printing.form_import import FormImport, import_filled_forms
from desk.services.printing.formfields import read_filled_form
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode
from desk.store import open_campaign
from desk.store.tables.oob import Command, Side, Unit

CALLS = int(os.environ.get("DESK_FUZZ_CALLS", "25"))
VALUES = st.sampled_from([
    "nan", "inf", "-inf", "1e400", "-1", "two", "", " ", "\r\n", "\x00", "Ω" * 300,
    "x" * 2_000, "%s{0}", "'; DROP TABLE unit; --", "0506", "99999", "charge", "fast",
    "Plancenoit", "/Off", "/Yes", "yes", "column-of-march", "carre",
]) | st.text(max_size=40)
SIDE = {"belle-alliance": "French", "battles-of-waterloo": "French", "la-bataille": "French"}


@pytest.mark.parametrize("system", sorted(SIDE))
def test_no_filled_sheet_gives_an_internal_error(system: str, tmp_path: Path,
                                                 demo_cache: DemoCache) -> None:
    path = tmp_path / "c.desk"
    demo_cache.copy(system=system, dest=path)
    with open_campaign(path) as store:
        with store.session() as session:
            # The smallest command's sheet: the fields' kinds are the same on every sheet.
            command = min(_commands(session), key=lambda name: (_units_of(session, name), name))
            pdf = OrderSheet().render(order_sheet_model(
                session=session, side=SIDE[system], command=command, mode=SheetMode.BLANK,
                fillable=True))
        names = sorted(pdf_fields(pdf))
        order_fields = [n for n in names if "-u" in n]
        assert order_fields, "the sheet has fillable order fields"
        filler = FormFiller(pdf)  # read once; each call appends only the fields it fills
        tally: Counter[str] = Counter()  # what the calls gave, printed for the long form (-s)

        @settings(max_examples=CALLS, derandomize=True, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(st.dictionaries(st.sampled_from(order_fields), VALUES, max_size=6),
               st.sampled_from(["whole", "cut", "flipped"]), st.integers(0, 2**31))
        def one_import(values: dict[str, str], damage: str, at: int) -> None:
            data = filler.fill(values)
            if damage == "cut":
                data = data[: at % len(data)]
            elif damage == "flipped":
                where = at % len(data)
                data = data[:where] + bytes([data[where] ^ 0x5A]) + data[where + 1:]
            try:
                with store.session() as session:
                    done = import_filled_forms(session=session, sources=[("sheet.pdf", data)])
                    assert isinstance(done, FormImport)
                    session.rollback()  # each sheet on the bound as it was
                tally["drafts" if done.imported else "nothing to import"] += 1
            except (ServiceError, SheetError) as refused:
                assert str(refused).strip() and "Traceback" not in str(refused)
                tally[f"refused ({type(refused).__name__})"] += 1
            if CALLS >= 1_000 and sum(tally.values()) % 500 == 0:  # the long form's progress
                print(f"{system}: {sum(tally.values())} imports in "
                      f"{time.monotonic() - started:.0f} s", flush=True)
            # Nothing reached the file: another connection sees no commit (a refusal, and
            # the drafts rolled back above, leave the campaign as it was).
            assert watcher.execute("PRAGMA data_version").fetchone() == unchanged

        with closing(sqlite3.connect(path)) as watcher:
            unchanged = watcher.execute("PRAGMA data_version").fetchone()
            started = time.monotonic()
            one_import()
        print(f"\n{system}: {sum(tally.values())} imports: {dict(sorted(tally.items()))}")


@pytest.mark.parametrize("values", [
    {}, {"verbatim": "Advance on Plancenoit"}, {"fire": "/Yes", "attack": "/Off"},
    {"fire": "yes", "rate": "charge", "formation": "carre"},
    {"verbatim": "Ω" * 300, "destination": "\x00\r\n(", "rate": "x" * 2_000},
])
def test_the_fuzz_fills_a_sheet_as_pypdf_does(values: dict[str, str], tmp_path: Path,
                                              demo_cache: DemoCache) -> None:
    """The fuzz's quick filling reads back as pypdf's own (``fill_fields``) does."""
    with (open_campaign(demo_cache.pristine("belle-alliance"), read_only=True) as store,
          store.session() as session):
        pdf = OrderSheet().render(order_sheet_model(
            session=session, side="French", command="Brigade Tromelin",
            mode=SheetMode.BLANK, fillable=True))
    names = sorted(pdf_fields(pdf))
    fields = {next(n for n in names if n.endswith(f"-{k}")): v for k, v in values.items()}
    quick, pypdf = FormFiller(pdf).fill(fields), fill_fields(pdf, fields)
    assert read_filled_form(quick) == read_filled_form(pypdf)
    filled = [v for unit in read_filled_form(quick).values.values() for v in unit.values()]
    assert any(filled) == bool(values)


def _units_of(session: Session, command: str) -> int:
    return len(session.exec(select(Unit.id).join(Command).where(Command.name == command)).all())


def _commands(session: Session) -> list[str]:
    rows = session.exec(select(Command.name).join(Side).where(Side.name == "French")).all()
    return [str(r) for r in rows]
