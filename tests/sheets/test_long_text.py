"""Long text on sheets: fit() cuts by halving (O(log n) measurements, the same cut as
taking one character at a time), an order at the desk's caps prints, and a filled
sheet's field beyond the cap is refused naming the unit and the field."""

from __future__ import annotations

import math
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfWriter
from reportlab.pdfbase.pdfmetrics import stringWidth
from sheet_samples import french_sheet, pdf_fields, pdf_pages, pdf_text
from sqlmodel import select

from desk.rules.base import Finding, Severity
from desk.services.orders.text import MAX_FIELD_TEXT, MAX_ORDER_TEXT
from desk.services.printing.form_import import FormRefused, import_filled_forms
from desk.services.printing.viewmodels import Paper, SheetModel
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode, field_cells
from desk.sheets.style import FONT, FONT_BOLD, register_fonts
from desk.store import open_campaign
from desk.store.tables.bounds import Order

register_fonts()  # the bundled fonts the sheets measure with


def one_at_a_time(text: str, font: str, size: float, width: float) -> str:
    """The old fit(): the reference the halving must agree with."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@settings(max_examples=300)
@given(text=st.text(alphabet="iW .mé-lßÆ1", max_size=60),
       width=st.floats(min_value=0, max_value=250), font=st.sampled_from([FONT, FONT_BOLD]))
def test_fit_cuts_where_taking_one_character_at_a_time_cuts(text: str, width: float,
                                                            font: str) -> None:
    assert field_cells.fit(text, font, 8.5, width) == one_at_a_time(text, font, 8.5, width)


@pytest.mark.parametrize("length", [10, 1_000, 30_000])
def test_fit_measures_about_log2_n_times(monkeypatch: pytest.MonkeyPatch, length: int) -> None:
    calls: list[int] = []
    real = stringWidth

    def counted(text: str, font: str, size: float) -> float:
        calls.append(len(text))
        return float(real(text, font, size))

    monkeypatch.setattr(field_cells, "stringWidth", counted)
    cut = field_cells.fit("Plancenoit church " * (length // 18 + 1), FONT, 8.5, 60)
    assert cut.endswith("…") and real(cut, FONT, 8.5) <= 60
    assert len(calls) <= 2 + math.ceil(math.log2(length + 18))


def _with(model: SheetModel, **unit: Any) -> SheetModel:  # UnitBlock fields, to replace()
    first = replace(model.units[0], **unit)
    return replace(model, units=(first, *model.units[1:]))


def test_an_order_at_the_caps_in_the_widest_letters_prints_on_letter_paper() -> None:
    model = french_sheet(mode=SheetMode.FILLED)
    values = model.units[0].values
    assert values is not None  # a filled sheet carries its orders' values
    findings = tuple(Finding("X", Severity.ERROR, "BA-14", "A finding that takes a line "
                             "of its own on the sheet " + str(i)) for i in range(8))
    model = _with(replace(model, paper=Paper.LETTER), verbatim="W" * MAX_ORDER_TEXT,
                  values={**values, "destination": "W" * MAX_FIELD_TEXT},
                  findings=findings, override_reason="W" * 200)
    pdf = OrderSheet().render(model)
    assert pdf_pages(pdf) >= 1 and "WWWW" in pdf_text(pdf)


@pytest.fixture
def campaign(tmp_path: Path, demo_cache: DemoCache) -> Path:
    return demo_cache.copy(system="belle-alliance", dest=tmp_path / "plancenoit.desk")


def _filled(campaign: Path, values: dict[str, str]) -> bytes:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
    prefix = sorted(n for n in pdf_fields(pdf) if n.endswith("-rate"))[0].removesuffix("rate")
    writer = PdfWriter(clone_from=BytesIO(pdf))
    for page in writer.pages:
        writer.update_page_form_field_values(page, {prefix + k: v for k, v in values.items()},
                                             auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(("values", "what"), [
    ({"destination": "d" * 201}, "Position to reach has 201 characters; at most 200 fit on "
     "a sheet"),
    ({"verbatim": "v" * 30_000}, "the order as written has 30,000 characters; at most 2,000 "
     "fit on a sheet"),
])
def test_a_filled_sheet_beyond_the_cap_is_refused_naming_unit_and_field(
        campaign: Path, values: dict[str, str], what: str) -> None:
    filled = _filled(campaign, values)
    with open_campaign(campaign) as store, store.session() as session:
        with pytest.raises(FormRefused) as refused:
            import_filled_forms(session=session, sources=[("f.pdf", filled)])
        assert not session.exec(select(Order)).all()
    message = str(refused.value)
    assert message.startswith("f.pdf: ") and message.endswith(f": {what}; nothing was imported")
