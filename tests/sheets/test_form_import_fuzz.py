"""Filled sheets as hostile players and broken tools return them (issue 28): every field of a
real fillable sheet given values drawn from what people type wrong, and the file itself cut
short or with bytes changed. The import answers with drafts or one refusal sentence (a
service or sheet error), never an internal error, in every rules system.

Derandomized (the same sheets every run); ``DESK_FUZZ_CALLS=10000`` runs the long form on
demand, the suite makes 25 a system.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from demo_cache import DemoCache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sheet_samples import fill_fields, pdf_fields
from sqlmodel import Session, select

from desk.services.errors import ServiceError
from desk.services.printing.errors import SheetError
from desk.services.printing.form_import import import_filled_forms
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

        @settings(max_examples=CALLS, derandomize=True, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(st.dictionaries(st.sampled_from(order_fields), VALUES, max_size=6),
               st.sampled_from(["whole", "cut", "flipped"]), st.integers(0, 2**31))
        def one_import(values: dict[str, str], damage: str, at: int) -> None:
            data = fill_fields(pdf, values) if values else pdf
            if damage == "cut":
                data = data[: at % len(data)]
            elif damage == "flipped":
                where = at % len(data)
                data = data[:where] + bytes([data[where] ^ 0x5A]) + data[where + 1:]
            try:
                with store.session() as session:
                    import_filled_forms(session=session, sources=[("sheet.pdf", data)])
                    session.rollback()  # each sheet on the bound as it was
            except (ServiceError, SheetError) as refused:
                assert str(refused).strip() and "Traceback" not in str(refused)

        one_import()


def _units_of(session: Session, command: str) -> int:
    return len(session.exec(select(Unit.id).join(Command).where(Command.name == command)).all())


def _commands(session: Session) -> list[str]:
    rows = session.exec(select(Command.name).join(Side).where(Side.name == "French")).all()
    return [str(r) for r in rows]
