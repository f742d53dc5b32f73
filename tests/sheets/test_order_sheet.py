"""Order sheets read back with pypdf: units, state, defaults, filled orders, determinism."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER
from sheet_samples import FRENCH_UNITS, PRUSSIAN_UNITS, french_sheet, pdf_pages, pdf_text

from desk.services.printing.errors import SheetError
from desk.services.printing.viewmodels import Paper, SheetMode
from desk.sheets import OrderSheet


def test_blank_sheet_lists_every_unit_of_the_side_and_none_of_the_other() -> None:
    text = pdf_text(OrderSheet().render(french_sheet()))
    for name in FRENCH_UNITS:
        assert name in text  # accents and ligatures survive: the fonts are bundled
    for name in PRUSSIAN_UNITS:
        assert name not in text
    assert "Orders — French" in text
    assert "Bound 3 · 17:00" in text


def test_blank_sheet_prints_each_units_state_lines() -> None:
    text = pdf_text(OrderSheet().render(french_sheet()))
    assert "may charge from bound 10" in text  # unit 1: the cooldown worded by the rules
    assert "column-of-attack, no disorder, 24 figures" in text  # as the model words it


def test_blank_sheet_spells_out_the_defaults_BA_1_rate_normal_and_BA_2_as_far_as_possible(
) -> None:
    text = pdf_text(OrderSheet().render(french_sheet()))
    assert "fast\ncharge\nelse normal" in text  # the default said once, not boxed
    assert "else as far as possible" in text
    assert "else keep" in text  # formation: empty keeps the current one
    assert "BA-" not in text  # clause ids are the umpire's


def test_the_umpires_copy_cites_each_fields_clause() -> None:
    text = pdf_text(OrderSheet().render(french_sheet(mode=SheetMode.UMPIRE)))
    assert "Umpire's copy — French" in text
    for clause in ("BA-1", "BA-2", "BA-3", "BA-4", "BA-10"):
        assert clause in text


def test_pages_are_numbered_x_of_y() -> None:
    pdf = OrderSheet().render(french_sheet(count=30))
    pages = pdf_pages(pdf)
    assert pages > 2
    reader = PdfReader(BytesIO(pdf))
    for number, page in enumerate(reader.pages, start=1):
        assert f"Page {number} of \n{pages}" in page.extract_text()


def test_players_filled_sheet_prints_the_order_and_nothing_of_the_umpires() -> None:
    text = pdf_text(OrderSheet().render(french_sheet(mode=SheetMode.FILLED)))
    assert "Advance on Plancenoit church" in text
    assert "Plancenoit church" in text
    assert "Error" not in text and "Status" not in text and "draft" not in text


def test_umpires_copy_prints_the_order_with_defaulted_fields_marked_and_findings() -> None:
    text = pdf_text(OrderSheet().render(french_sheet(mode=SheetMode.UMPIRE)))
    assert "Advance on Plancenoit church" in text  # verbatim
    assert "Plancenoit church" in text
    assert "normal (default)" in text  # BA-1: the rate was not written
    assert "forward (default)" in text
    assert "Error: Charged in bound 5: may charge again from bound 10 (BA-14)" in text
    assert "Status: draft" in text


def test_same_model_gives_the_same_bytes() -> None:
    for model in (french_sheet(), french_sheet(fillable=True),
                  french_sheet(mode=SheetMode.FILLED), french_sheet(mode=SheetMode.UMPIRE),
                  french_sheet(mode=SheetMode.FILLED, fillable=True)):
        assert OrderSheet().render(model) == OrderSheet().render(model)


@pytest.mark.parametrize(("paper", "size"), [(Paper.A4, A4), (Paper.LETTER, LETTER)])
def test_paper_size(paper: Paper, size: tuple[float, float]) -> None:
    model = french_sheet()
    model = type(model)(**{**model.__dict__, "paper": paper})
    box = PdfReader(BytesIO(OrderSheet().render(model))).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.01)


def test_side_without_units_still_gives_a_sheet() -> None:
    model = french_sheet()
    model = type(model)(**{**model.__dict__, "units": ()})
    assert "No units to show" in pdf_text(OrderSheet().render(model))


def test_a_field_named_like_the_verbatim_order_is_refused() -> None:
    from dataclasses import replace

    from desk.rules.base import FieldKind, FieldSpec

    model = french_sheet()
    odd = replace(model.units[0], fields=(FieldSpec("verbatim", "Words", FieldKind.TEXT),))
    with pytest.raises(SheetError, match="verbatim"):
        OrderSheet().render(replace(model, units=(odd,)))


@pytest.mark.parametrize("fillable", [False, True], ids=["blank", "fillable"])
def test_a_long_label_wraps_instead_of_being_cut_short_BA_19_BA_5(fillable: bool) -> None:
    # Belle Alliance's "Obstacles passed (comma-separated)" used to print as
    # "Obstacles passed (comma-sep…": the player never learnt how to fill it in.
    from dataclasses import replace

    from desk.rules.base import FieldKind, FieldSpec

    extra = (FieldSpec("obstacles", "Obstacles passed (comma-separated)", FieldKind.TEXT,
                       clause="BA-19"),
             FieldSpec("manoeuvres", "Wheel, rotation, splitting, assembly", FieldKind.TEXT,
                       clause="BA-5"))
    model = french_sheet(mode=SheetMode.UMPIRE, fillable=fillable)  # every field, full labels
    model = replace(model, units=tuple(replace(u, fields=u.fields + extra)
                                       for u in model.units))
    flat = "".join(pdf_text(OrderSheet().render(model)).split())
    assert "Obstaclespassed(comma-separated)" in flat
    assert "Wheel,rotation,splitting,assembly" in flat
    assert "…" not in flat
