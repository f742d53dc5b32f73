"""A real order of battle reuses names under different commands (defect 11).

tests/data/jena-auerstedt-1806.csv is a Jena-Auerstedt-like order of battle of
207 units: "Md Foot Bty", "Heavy Bty", "2nd Regt", "Grenadier Bn" in many
brigades, "1. Division" and "Avantgarde" under several parents, and names with a
bare slash ("1/IR Prinz Louis"). It goes in through the CLI, out on the sheets,
and round trips through CSV and JSON unchanged.
"""

from __future__ import annotations

import copy
import json
import re
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from desk.cli import main
from desk.services.errors import ImportRefused
from desk.services.oob.csv_units import export_units_csv, import_units_csv
from desk.services.oob.export import export_oob_json
from desk.services.oob.importer import create_campaign_file
from desk.services.printing.form_import import import_filled_forms
from desk.services.printing.report_view import bound_report_model
from desk.services.printing.views import order_sheet_model
from desk.services.queries import order_table
from desk.sheets import BoundReport, OrderSheet
from desk.store import open_campaign

OOB_CSV = Path(__file__).parents[2] / "data" / "jena-auerstedt-1806.csv"
BASE = {"format": "umpires-desk-oob", "version": 1,
        "campaign": {"name": "Jena-Auerstedt 1806", "rules_system": "belle-alliance"},
        "battle": {"name": "Auerstedt", "date": "1806-10-14", "start_time": "07:00"},
        "sides": [{"name": "Prussian", "commands": []}, {"name": "French", "commands": []}]}


def _text(pdf: bytes) -> str:
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    return " ".join(text.split())  # lines wrap where the page is narrow


@pytest.fixture(scope="module")
def jena(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("jena") / "jena.desk"
    create_campaign_file(path=path, data=BASE)
    # Before the fix: "there is already a unit 'Heavy Bty'".
    assert main(["add-units", str(path), str(OOB_CSV)]) == 0
    return path


def _call(path: Path, fn, *, read_only: bool = True, **kwargs):  # type: ignore[no-untyped-def]
    with open_campaign(path, read_only=read_only) as store, store.session() as session:
        if "battle_id" in kwargs and kwargs["battle_id"] is None:
            from desk.services.common import current_battle

            kwargs["battle_id"] = current_battle(session)[1].id
        return fn(session=session, **kwargs)


def test_every_unit_is_imported_and_the_table_tells_them_apart(jena: Path) -> None:
    rows = _call(jena, order_table, battle_id=None)
    assert len(rows) == 207
    assert len({r.unit for r in rows}) == 207  # no two rows read alike
    labels = {r.unit for r in rows}
    assert "Brunswick and staff" in labels  # a name nobody shares stays bare
    assert "Md Foot Bty (Hauptarmee / 1. Division / 1. Brigade)" in labels
    assert "Md Foot Bty (Hohenlohe Korps / 1. Division / 1. Brigade)" in labels
    assert "Md Foot Bty (III Corps / 1re Division)" in labels  # the French have theirs
    assert "1/IR Prinz Louis" in labels


def test_the_sheets_tell_both_batteries_apart(jena: Path) -> None:
    with open_campaign(jena, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side="Prussian",
                                  command="Hohenlohe Korps / 1. Division", fillable=True)
    text = _text(OrderSheet().render(model))
    assert len(model.units) == 15  # a battery, 4 in the Avantgarde, 8 in brigades, 2 horse
    assert "Md Foot Bty (Hohenlohe Korps / 1. Division / 1. Brigade)" in text
    assert "Md Foot Bty (Hohenlohe Korps / 1. Division / 2. Brigade)" in text
    assert "Hauptarmee" not in text  # only the division asked for
    assert re.search(r"Hohenlohe Korps / 1\. Division / Avantgarde", text)  # its heading


def test_an_ambiguous_command_is_refused_naming_the_candidates(
        jena: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.pdf"
    assert main(["sheets", str(jena), "--side", "Prussian", "--command", "1. Division",
                 "-o", str(out)]) == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith("desk: the Prussian: 3 Prussian commands are named '1. Division' "
                            "(Prussian Army / Hauptarmee / 1. Division; ")
    assert "give its path, joined by ' / '" in error and "\n" not in error
    assert not out.exists()
    assert main(["sheets", str(jena), "--side", "Prussian", "--command",
                 "Rüchel Korps / 1. Division", "-o", str(out)]) == 0
    assert "Rüchel Korps / 1. Division / Avantgarde" in _text(out.read_bytes())


def test_csv_export_imports_again_to_the_same_file(jena: Path, tmp_path: Path) -> None:
    exported = _call(jena, export_units_csv, battle_id=None)
    again = tmp_path / "again.desk"
    create_campaign_file(path=again, data=BASE)
    _call(again, import_units_csv, battle_id=None, read_only=False, text=exported)
    assert _call(again, export_units_csv, battle_id=None) == exported
    assert exported.count(",Md Foot Bty,") == 28


def test_json_export_imports_again_to_the_same_order_of_battle(jena: Path,
                                                               tmp_path: Path) -> None:
    exported = _call(jena, export_oob_json, battle_id=None)
    prussian = exported["sides"][0]["commands"][0]["commands"][0]["commands"][0]
    brigade = prussian["commands"][1]  # Hauptarmee / 1. Division / 1. Brigade
    assert brigade["name"] == "1. Brigade"
    # A skirmish screen naming a repeated name as its soutien and mother unit: by path.
    brigade["units"].append({"name": "Schützen", "arm": "infantry", "type": "light-infantry",
                             "strength": 4, "soutien": "Grenadier Bn",
                             "mother_unit": "Grenadier Bn"})
    with pytest.raises(ImportRefused, match=r"its soutien: 20 Prussian units are named "
                                            r"'Grenadier Bn' \(Prussian Army / Hauptarmee"):
        _import(tmp_path / "refused.desk", exported)
    assert not (tmp_path / "refused.desk").exists()
    path = "Prussian Army / Hauptarmee / 1. Division / 1. Brigade / Grenadier Bn"
    brigade["units"][-1].update(soutien=path, mother_unit="Hauptarmee / 1. Division / "
                                                          "1. Brigade / Grenadier Bn")
    copy_path = tmp_path / "copy.desk"
    _import(copy_path, exported)
    again = _call(copy_path, export_oob_json, battle_id=None)
    schutzen = again["sides"][0]["commands"][0]["commands"][0]["commands"][0][
        "commands"][1]["units"][-1]
    assert (schutzen["soutien"], schutzen["mother_unit"]) == (path, path)
    once_more = tmp_path / "once-more.desk"
    _import(once_more, again)
    assert _call(once_more, export_oob_json, battle_id=None) == again


def _import(path: Path, data: dict[str, object]) -> None:
    create_campaign_file(path=path, data=copy.deepcopy(data))


def test_a_filled_form_and_the_report_name_the_battery_with_its_brigade(
        jena: Path, tmp_path: Path) -> None:
    campaign = tmp_path / "forms.desk"
    campaign.write_bytes(jena.read_bytes())
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side="Prussian",
                                  command="Rüchel Korps / 2. Division", fillable=True)
    pdf = OrderSheet().render(model)
    battery = next(b for b in model.units if b.name.startswith("Md Foot Bty")
                   and "2. Brigade" in b.name)
    writer = PdfWriter(clone_from=BytesIO(pdf))
    field = next(n for n in (PdfReader(BytesIO(pdf)).get_fields() or {})
                 if f"-u{battery.unit_id}-" in n and n.endswith("-verbatim"))
    for page in writer.pages:
        writer.update_page_form_field_values(page, {field: "Unlimber on the ridge."},
                                             auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("f.pdf", out.getvalue())])
    assert [o.unit for o in result.imported] == [
        "Md Foot Bty (Rüchel Korps / 2. Division / 2. Brigade)"]
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        report = bound_report_model(session=session)
    assert "Md Foot Bty (Rüchel Korps / 2. Division / 2. Brigade)" in _text(
        BoundReport().render(report))
    assert json.dumps(report.without_order).count("Md Foot Bty (") == 27
