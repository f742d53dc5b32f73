"""View models built by hand for the sheet tests (the services build the real ones).

The order fields mirror Belle Alliance's (rate with "normal" as its default,
destination with "as far as possible", segment, formation, fire, attack,
direction); two sides with names that need the bundled fonts.
"""

from __future__ import annotations

import re
from io import BytesIO
from typing import Any, cast

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from desk.rules.base import Chart, ChartTable, FieldKind, FieldSpec, Finding, Severity
from desk.services.printing.viewmodels import (
    ChartModel,
    ReportEvent,
    ReportModel,
    ReportOrder,
    SheetMode,
    SheetModel,
    UnitBlock,
)

BA_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("rate", "Rate of march", FieldKind.CHOICE, ("normal", "fast", "charge"),
              default="normal", default_label="normal", clause="BA-1"),
    FieldSpec("destination", "Destination", FieldKind.TEXT, default_label="as far as possible",
              clause="BA-2"),
    FieldSpec("segment", "Segment", FieldKind.TEXT, clause="BA-2"),
    FieldSpec("formation", "Formation", FieldKind.CHOICE,
              ("line", "column-of-march", "column-of-attack", "square", "skirmish-line"),
              default_label="keep", clause="BA-3"),
    FieldSpec("fire", "Fire", FieldKind.FLAG, default=False, clause="BA-10"),
    FieldSpec("attack", "Attack", FieldKind.FLAG, default=False, clause="BA-10"),
    FieldSpec("direction", "Direction", FieldKind.CHOICE, ("forward", "backward", "sideways"),
              default="forward", default_label="forward", clause="BA-4"),
)

FRENCH_UNITS = ("1/5e Ligne", "2/5e Ligne", "Général de brigade Pelet", "1er Tirailleurs",
                "Batterie à cheval Duchand")
PRUSSIAN_UNITS = ("Füsilier-Bataillon 15. IR", "Landwehr-Kavallerie Großbeeren", "Bülow")


def unit_block(unit_id: int, name: str, command: str, *, filled: bool = False) -> UnitBlock:
    """A unit block; filled ones carry an order with a defaulted rate and one finding."""
    state = ("column-of-attack", "no disorder", "24 figures",
             f"may charge from bound {unit_id + 9}")
    if not filled:
        return UnitBlock(unit_id, name, command, "infantry", "line-infantry", state, BA_FIELDS)
    return UnitBlock(
        unit_id, name, command, "infantry", "line-infantry", state, BA_FIELDS,
        values={"rate": "normal", "destination": "Plancenoit church", "segment": "",
                "formation": "line", "fire": True, "attack": False, "direction": "forward"},
        defaulted=frozenset({"rate", "direction"}),
        findings=(Finding("BA_CHARGE_COOLDOWN", Severity.ERROR, "BA-14",
                          "Charged in bound 5: may charge again from bound 10 (BA-14)"),),
        verbatim="Advance on Plancenoit church, deploy into line and fire on the Prussians.",
        status="draft",
    )


def french_sheet(*, mode: SheetMode = SheetMode.BLANK, fillable: bool = False,
                 count: int = 0) -> SheetModel:
    """The French side's sheet for bound 3 of campaign 7."""
    names = list(FRENCH_UNITS)
    names += [f"{n % 9 + 1}/{n // 9 + 6}e Léger" for n in range(max(0, count - len(names)))]
    units = tuple(unit_block(i + 1, name, "VI Corps" if i < 3 else "Jeune Garde",
                             filled=mode.with_orders)
                  for i, name in enumerate(names))
    return SheetModel(campaign_id=7, campaign_name="Plancenoit 1815", rules_name="Belle Alliance",
                      side="French", bound=3, game_time="17:00", units=units,
                      battle="Plancenoit", mode=mode, fillable=fillable)


def sample_chart() -> ChartModel:
    """A chart built by hand, shaped like a rules module's."""
    return ChartModel(Chart(
        system="belle-alliance", title="Belle Alliance — movement quick reference",
        tables=(
            ChartTable("Rates of march", ("rate", "when", "clause"),
                       (("normal", "the default when no rate is written", "BA-1"),
                        ("fast", "double the normal rate; column of march only", "BA-7"),
                        ("charge", "not in LD; 4 bounds between charges", "BA-14"))),
        ),
        notes=(("BA-9", "A fast unit within 90 cm of closed formations slows to normal."),),
        house_rules=("charge.cooldown_bounds = 3 (rules: 4)",),
    ), campaign_name="Plancenoit 1815")


def sample_report() -> ReportModel:
    """A bound report with one overruled order and one event."""
    finding = Finding("BA_CHARGE_COOLDOWN", Severity.ERROR, "BA-14",
                      "Charged in bound 5: may charge again from bound 10 (BA-14)")
    return ReportModel(
        campaign_name="Plancenoit 1815", rules_name="Belle Alliance", bound=3, game_time="17:00",
        bound_status="open", battle="Plancenoit",
        orders=(
            ReportOrder(1, "1/5e Ligne", "French", "VI Corps", "charge to the church",
                        verbatim="Charge!", status="overruled", defaulted=("direction",),
                        findings=(finding,), override_reason="agreed by both players"),
            ReportOrder(6, "Füsilier-Bataillon 15. IR", "Prussian", "IV Corps",
                        "normal, as far as possible", status="accepted",
                        defaulted=("rate", "destination"), source="form"),
        ),
        events=(ReportEvent("1/5e Ligne", "French", "became-LD",
                            "Became LD while charging (BA-12)"),),
        without_order=("Bülow",),
    )


def pdf_text(pdf: bytes) -> str:
    """All the text of a PDF, page after page, read back with pypdf."""
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def fill_fields(pdf: bytes, values: dict[str, str]) -> bytes:
    """Fill a form the way a player's viewer does: pypdf, no appearance regenerated."""
    writer = PdfWriter(clone_from=BytesIO(pdf))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


class FormFiller:
    """A fillable sheet read once and filled many times, cheaply: the way a viewer saves a
    filled form incrementally (PDF 7.5.6), the sheet's bytes as printed followed by the
    changed fields, a cross-reference section for them and a trailer pointing back
    (/Prev) at the sheet's own. Each field gets its value as :func:`fill_fields` gives it
    (pypdf's ``update_page_form_field_values``: a text string, a check box's state name
    or /Off); no appearance is regenerated. For the fuzz test, which fills thousands."""

    def __init__(self, pdf: bytes) -> None:
        self._sheet = pdf
        self._pdf = pdf if pdf.endswith(b"\n") else pdf + b"\n"
        reader = PdfReader(BytesIO(pdf))
        self._fields: dict[str, DictionaryObject] = {}
        root = cast(DictionaryObject, reader.trailer["/Root"].get_object())
        form = cast(DictionaryObject, root["/AcroForm"].get_object())
        for ref in cast(ArrayObject, form["/Fields"].get_object()):
            field = cast(DictionaryObject, ref.get_object())
            self._fields[str(field["/T"])] = field
        self._trailer = DictionaryObject({
            NameObject(k): v for k, v in reader.trailer.items() if k not in ("/Prev", "/XRefStm")})
        self._trailer[NameObject("/Prev")] = NumberObject(
            int(re.findall(rb"startxref\s+(\d+)", pdf)[-1]))

    def fill(self, values: dict[str, str]) -> bytes:
        """The sheet with ``values`` (field name: text) filled in."""
        if not values:  # nothing changed, nothing saved (an empty xref section is no PDF's)
            return self._sheet
        out = BytesIO()
        out.write(self._pdf)
        offsets: dict[int, int] = {}
        for name, value in values.items():
            field = self._fields[name]
            changed = DictionaryObject(field)
            if changed.get("/FT") == "/Ch":
                changed.pop("/I", None)
            changed[NameObject("/V")] = TextStringObject(value)
            if changed.get("/FT") == "/Btn":  # a state its appearances do not have is /Off
                looks = cast(DictionaryObject, changed["/AP"].get_object())
                states = cast(DictionaryObject, looks["/N"].get_object())
                state = NameObject(value if value in states else "/Off")
                changed[NameObject("/AS")] = changed[NameObject("/V")] = state
            assert field.indirect_reference is not None  # every field of a sheet is an object
            number = field.indirect_reference.idnum
            offsets[number] = out.tell()
            out.write(f"{number} 0 obj\n".encode())
            changed.write_to_stream(out)
            out.write(b"\nendobj\n")
        xref = out.tell()
        out.write(b"xref\n")
        for number in sorted(offsets):
            out.write(f"{number} 1\n{offsets[number]:010d} 00000 n\r\n".encode())
        out.write(b"trailer\n")
        self._trailer.write_to_stream(out)
        out.write(f"\nstartxref\n{xref}\n%%EOF\n".encode())
        return out.getvalue()


def pdf_fields(pdf: bytes) -> dict[str, Any]:
    """The AcroForm fields of a PDF by name, read back with pypdf."""
    return dict(PdfReader(BytesIO(pdf)).get_fields() or {})


def pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF has."""
    return len(PdfReader(BytesIO(pdf)).pages)
