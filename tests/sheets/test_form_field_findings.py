"""One bad field of a filled sheet is that unit's draft's finding, never the sheet's refusal.

Issue 27, defect 3: a player who writes "two" in La Bataille's "Hexes on the way"
had the whole sheet refused ("must be a number"). The sheet now marks its number
fields as numbers (AcroForm format and keystroke actions, the tooltip), and the
import keeps every other unit's order: that unit's order is a draft carrying the
field's finding, the number left out.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader
from sheet_samples import fill_fields, pdf_fields
from sqlmodel import select

from desk.cli import main
from desk.rules.base import Severity
from desk.services.printing.form_import import FORM_FIELD_REFUSED, import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.store.tables.oob import Unit

MARINE, LEGER = "1/1er Régiment d'artillerie de marine", "1/32e Léger"


@pytest.fixture(scope="module")
def mockern(tmp_path_factory: pytest.TempPathFactory, demo_cache: DemoCache) -> Path:
    """The La Bataille demo, one copy for the module."""
    return demo_cache.copy(system="la-bataille",
                           dest=tmp_path_factory.mktemp("lb") / "mockern.desk")


@pytest.fixture
def campaign(mockern: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.desk"
    copy.write_bytes(mockern.read_bytes())
    return copy




def _sheet(campaign: Path, mode: SheetMode = SheetMode.BLANK) -> tuple[bytes, dict[str, int]]:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    mode=mode, fillable=True))
        ids = {u.name: u.id or 0 for u in session.exec(select(Unit))}
    return pdf, ids


def _name(fields: dict[str, object], unit_id: int, field: str) -> str:
    return next(n for n in fields if n.endswith(f"-u{unit_id}-{field}"))


@pytest.mark.parametrize("mode", [SheetMode.BLANK, SheetMode.UMPIRE])
def test_a_number_field_is_marked_as_a_number_on_the_sheet_LB_9(campaign: Path,
                                                                 mode: SheetMode) -> None:
    """The players' sheet and the umpire's fillable copy alike: Acrobat-style viewers
    refuse letters as they are typed, and every viewer shows the tooltip."""
    pdf, ids = _sheet(campaign, mode)
    name = _name(pdf_fields(pdf), ids[MARINE], "path_hexes")
    widget = next(a.get_object() for page in PdfReader(BytesIO(pdf)).pages
                  for a in page.get("/Annots", []) if a.get_object().get("/T") == name)
    actions = widget["/AA"]
    assert "AFNumber_Keystroke(" in actions["/K"]["/JS"]
    assert "AFNumber_Format(" in actions["/F"]["/JS"]
    assert actions["/K"]["/S"] == "/JavaScript"
    assert str(widget["/TU"]).endswith("a whole number")
    destination = _name(pdf_fields(pdf), ids[MARINE], "to_hex")
    text = next(a.get_object() for page in PdfReader(BytesIO(pdf)).pages
                for a in page.get("/Annots", []) if a.get_object().get("/T") == destination)
    assert "/AA" not in text  # a hex number is text: "0908" keeps its zero


def test_a_word_in_a_number_field_makes_that_order_a_draft_with_a_finding_LB_9(
        campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf, ids = _sheet(campaign)
    fields = pdf_fields(pdf)
    filled = fill_fields(pdf, {
        _name(fields, ids[MARINE], "path_hexes"): "two",
        _name(fields, ids[MARINE], "verbatim"): "March on by the road.",
        _name(fields, ids[MARINE], "road_march"): "/Yes",
        _name(fields, ids[LEGER], "verbatim"): "Hold the village.",
        _name(fields, ids[LEGER], "path_hexes"): "3",
    })
    sheet = campaign.parent / "french.pdf"
    sheet.write_bytes(filled)
    # Through the command line, as the umpire imports: one line per draft, nothing refused.
    assert main(["import-forms", str(campaign), str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "Imported 2 draft orders into bound 1" in out
    assert (f"  {MARINE}: " in out and "Hexes on the way must be a number, not 'two' (LB-9): "
            "left out of the order; correct it before accepting the order" in out)
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        orders = {o.unit_id: o.model_dump() for o in session.exec(select(Order))}
    marine, leger = orders[ids[MARINE]], orders[ids[LEGER]]
    assert (marine["status"], marine["source"]) == ("draft", "form")
    assert marine["verbatim"] == "March on by the road." and marine["fields"]["road_march"]
    assert "path_hexes" not in marine["fields"]
    first = marine["findings"][0]
    assert (first["code"], first["severity"], first["clause"]) == (
        FORM_FIELD_REFUSED, "error", "LB-9")
    assert leger["fields"]["path_hexes"] == 3 and leger["verbatim"] == "Hold the village."
    assert FORM_FIELD_REFUSED not in {f["code"] for f in leger["findings"]}


def test_a_unit_whose_only_field_is_bad_still_gets_its_draft(campaign: Path) -> None:
    """Nothing else filled in: not "left blank", a draft that says what was wrong."""
    pdf, ids = _sheet(campaign, SheetMode.UMPIRE)
    fields = pdf_fields(pdf)
    filled = fill_fields(pdf, {_name(fields, ids[LEGER], "path_hexes"): "1e400"})
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("f.pdf", filled)])
    assert [o.unit for o in result.imported] == [LEGER] and LEGER not in result.blank
    finding = result.imported[0].findings[0]
    assert finding.severity is Severity.ERROR and "not '1e400'" in finding.message
