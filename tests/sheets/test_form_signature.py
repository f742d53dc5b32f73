"""A filled form gives orders only to the units its sheet was printed for (signed sheets)."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject
from sheet_samples import pdf_fields
from sqlmodel import select

from desk.services.printing.form_import import FormRefused, import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet
from desk.store import open_campaign
from desk.store.tables.bounds import Journal, Order
from desk.store.tables.campaign import Campaign
from desk.store.tables.oob import Unit


def _keywords(pdf: bytes) -> str:
    """The sheet's /Keywords: its signed binding."""
    metadata = PdfReader(BytesIO(pdf)).metadata
    assert metadata is not None, "the sheet has no document information"
    return str(metadata["/Keywords"])


def _french_sheet(path: Path) -> bytes:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        return OrderSheet().render(order_sheet_model(session=session, side="French",
                                                     fillable=True))


def _unit_id(path: Path, name: str) -> int:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        unit_id = session.exec(select(Unit.id).where(Unit.name == name)).one()
    assert unit_id is not None
    return unit_id


def _rewrite(pdf: bytes, *, rename: tuple[int, int] | None = None, fill: str = "",
             keywords: str | None = None) -> bytes:
    """Rename one unit's fields to another unit's number, fill its verbatim, and/or
    replace the keywords: what a player with pypdf could do to a sheet."""
    writer = PdfWriter(clone_from=BytesIO(pdf))
    values: dict[str, str] = {}
    for page in writer.pages:
        for annot in page.get("/Annots", []):
            field = annot.get_object()
            name = str(field.get("/T", ""))
            if rename is not None and f"-u{rename[0]}-" in name:
                name = name.replace(f"-u{rename[0]}-", f"-u{rename[1]}-")
                field[NameObject("/T")] = TextStringObject(name)
            if fill and name.endswith("-verbatim") and (rename is None
                                                        or f"-u{rename[1]}-" in name):
                values[name] = fill
    if values:
        for page in writer.pages:
            writer.update_page_form_field_values(page, values, auto_regenerate=False)
    if keywords is not None:
        writer.add_metadata({"/Keywords": keywords})
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def _refused(path: Path, pdf: bytes, match: str) -> None:
    with open_campaign(path) as store, store.session() as session, \
            pytest.raises(FormRefused, match=match):
        import_filled_forms(session=session, sources=[("orders.pdf", pdf)])
    with open_campaign(path, read_only=True) as store, store.session() as session:
        assert session.exec(select(Order)).all() == []
        assert not [j for j in session.exec(select(Journal)) if "filled sheet" in j.message]


def test_a_french_sheet_renamed_to_a_prussian_unit_is_refused_naming_it(campaign: Path) -> None:
    pdf = _french_sheet(campaign)
    french = _unit_id(campaign, "Lobau and staff")
    bulow = _unit_id(campaign, "Bülow and staff")
    # The campaign key printed in the sheet is the same for both sides.
    forged = _rewrite(pdf, rename=(french, bulow), fill="Withdraw to Wavre.")
    assert any(f"-u{bulow}-" in n for n in pdf_fields(forged))
    _refused(campaign, forged, "orders.pdf names Bülow and staff, which its sheet was not "
                               "printed for: refused, nothing was imported")


def test_a_sheet_whose_binding_was_edited_does_not_verify(campaign: Path) -> None:
    pdf = _french_sheet(campaign)
    french = _unit_id(campaign, "Lobau and staff")
    bulow = _unit_id(campaign, "Bülow and staff")
    keywords = _keywords(pdf)
    # Re-signing is impossible without the secret: list Bülow in the binding, keep the
    # signature.
    from desk.services.printing.formfields import BINDING_PREFIX, FormBinding

    token = re.search(rf"{BINDING_PREFIX}(\S+)", keywords)
    assert token is not None
    binding = FormBinding.decode(token.group(1))
    assert binding is not None and bulow not in binding.unit_ids
    widened = FormBinding.of(campaign_id=binding.campaign_id, bound=binding.bound,
                             side=binding.side, command=binding.command,
                             unit_ids=(*binding.unit_ids, bulow), mode=binding.mode)
    forged = _rewrite(pdf, rename=(french, bulow), fill="Withdraw to Wavre.",
                      keywords=keywords.replace(token.group(1), widened.encode()))
    _refused(campaign, forged, "does not carry this campaign's signature")


def test_a_sheet_signed_with_another_secret_does_not_verify(campaign: Path) -> None:
    pdf = _french_sheet(campaign)
    with open_campaign(campaign) as store, store.session() as session:
        session.exec(select(Campaign)).one().form_secret = "0" * 64
    _refused(campaign, _rewrite(pdf, fill="Hold."), "does not carry this campaign's signature")


def test_an_unsigned_sheet_of_an_older_desk_is_refused_asking_for_a_reprint(
        campaign: Path) -> None:
    pdf = _french_sheet(campaign)
    keywords = _keywords(pdf)
    older = " ".join(w for w in keywords.split() if not w.startswith(("form-", "sig-")))
    _refused(campaign, _rewrite(pdf, fill="Hold.", keywords=older),
             "printed by an older desk.*print the fillable sheet again")


def test_a_signed_sheet_filled_honestly_is_imported(campaign: Path) -> None:
    pdf = _rewrite(_french_sheet(campaign), fill="Hold the churchyard.")
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("orders.pdf", pdf)])
    assert result.imported and all(o.unit != "Bülow and staff" for o in result.imported)
