"""Fillable sheets: field names, types and defaults; filled with pypdf and read back."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from sheet_samples import FRENCH_UNITS, fill_fields, french_sheet, pdf_fields, sample_chart

from desk.services.printing.errors import MixedFormError, NotADeskFormError, SheetError
from desk.services.printing.formfields import (
    VERBATIM,
    FieldName,
    field_name,
    parse_field_name,
    read_filled_form,
)
from desk.services.printing.viewmodels import SheetMode
from desk.sheets import ChartSheet, OrderSheet


def test_field_names_encode_campaign_bound_unit_and_field() -> None:
    name = field_name(campaign_id=12, bound=3, unit_id=45, field="rate")
    assert name == "c12-b3-u45-rate"
    assert parse_field_name(name) == FieldName(12, 3, 45, "rate")
    assert parse_field_name("Text1") is None
    assert parse_field_name("c12-b3-u45-") is None
    with pytest.raises(SheetError):
        field_name(campaign_id=1, bound=1, unit_id=1, field="two words")


def test_fillable_sheet_has_one_field_per_order_field_and_unit() -> None:
    fields = pdf_fields(OrderSheet().render(french_sheet(fillable=True)))
    names = {"rate", "destination", "segment", "formation", "fire", "attack", "direction",
             VERBATIM}
    expected = {f"c7-b3-u{u}-{n}" for u in range(1, len(FRENCH_UNITS) + 1) for n in names}
    assert set(fields) == expected


def test_field_types_and_defaults_BA_1_BA_2() -> None:
    fields = pdf_fields(OrderSheet().render(french_sheet(fillable=True)))
    rate, destination = fields["c7-b3-u1-rate"], fields["c7-b3-u1-destination"]
    assert rate["/FT"] == "/Ch"
    assert rate["/V"] == ""  # empty: the rules fill in the default (BA-1)
    options = [list(o) for o in rate["/Opt"]]
    assert options[0] == ["", "normal (default)"]
    assert [o[0] for o in options[1:]] == ["normal", "fast", "charge"]
    assert destination["/FT"] == "/Tx"
    assert destination["/V"] == ""
    assert destination["/TU"] == "1/5e Ligne: Destination"  # the viewer's tooltip
    assert fields["c7-b3-u1-fire"]["/FT"] == "/Btn"
    assert fields["c7-b3-u1-fire"]["/V"] == "/Off"
    assert fields["c7-b3-u1-verbatim"]["/FT"] == "/Tx"


def test_filled_and_fillable_sheet_prefills_what_was_written_not_the_defaults() -> None:
    fields = pdf_fields(OrderSheet().render(french_sheet(mode=SheetMode.FILLED, fillable=True)))
    assert fields["c7-b3-u1-rate"]["/V"] == ""  # defaulted: left to the default
    assert fields["c7-b3-u1-formation"]["/V"] == "line"
    assert fields["c7-b3-u1-destination"]["/V"] == "Plancenoit church"
    assert fields["c7-b3-u1-fire"]["/V"] == "/Yes"


def test_a_filled_form_reads_back_as_plain_values() -> None:
    pdf = OrderSheet().render(french_sheet(fillable=True))
    filled = fill_fields(pdf, {"c7-b3-u1-rate": "charge", "c7-b3-u1-destination": "Plancenoit",
                        "c7-b3-u1-fire": "/Yes", "c7-b3-u2-verbatim": "Hold the wood.\nFire."})
    form = read_filled_form(filled)
    assert (form.campaign_id, form.bound) == (7, 3)
    assert form.values[1]["rate"] == "charge"
    assert form.values[1]["destination"] == "Plancenoit"
    assert form.values[1]["fire"] is True
    assert form.values[1]["attack"] is False
    assert form.values[2]["rate"] == ""
    assert form.values[2][VERBATIM] == "Hold the wood.\nFire."
    assert set(form.values) == set(range(1, len(FRENCH_UNITS) + 1))


def test_reading_from_a_file_path(tmp_path: Path) -> None:
    path = tmp_path / "french.pdf"
    path.write_bytes(OrderSheet().render(french_sheet(fillable=True)))
    assert read_filled_form(path).bound == 3


def test_a_file_that_is_not_a_pdf_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "orders.pdf"
    path.write_text("Advance on Plancenoit!", encoding="utf-8")
    with pytest.raises(NotADeskFormError, match="not a readable PDF"):
        read_filled_form(path, label="orders.pdf")


def test_a_missing_file_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="cannot be read"):
        read_filled_form(tmp_path / "nowhere.pdf")


def test_a_pdf_without_desk_fields_is_refused() -> None:
    chart = ChartSheet().render(sample_chart())
    with pytest.raises(NotADeskFormError, match="none of the desk's form fields"):
        read_filled_form(chart)


def test_sheets_of_two_bounds_merged_into_one_pdf_are_refused() -> None:
    from dataclasses import replace

    first = OrderSheet().render(french_sheet(fillable=True))
    second = OrderSheet().render(replace(french_sheet(fillable=True), bound=4))
    writer = PdfWriter()
    writer.append(PdfReader(BytesIO(first)))
    writer.append(PdfReader(BytesIO(second)))
    out = BytesIO()
    writer.write(out)
    with pytest.raises(MixedFormError, match="bound 3, campaign 7 bound 4"):
        read_filled_form(out.getvalue())


def test_prefilled_values_keep_what_a_form_font_can_show() -> None:
    """reportlab draws field values in Latin-1: accents of other alphabets go, the letter
    stays; typographic punctuation becomes plain; only what has no letter becomes "?"."""
    from desk.sheets.field_cells import latin1

    assert latin1("Poniatowski’s “corps” – to Łódź") == 'Poniatowski\'s "corps" - to Lódz'
    assert latin1("Möckern, Gefechtsstärke ×2") == "Möckern, Gefechtsstärke ×2"
    assert latin1("Œuvre ★") == "OEuvre ?"
    assert latin1("Mo\u0308ckern") == "Möckern"  # o and a combining diaeresis, as some
    # keyboards and PDF viewers give it
