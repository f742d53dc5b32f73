"""Names of the fillable fields, and reading a filled sheet back.

A field's name encodes where its value belongs: ``c12-b3-u45-rate`` is the
``rate`` of unit 45's order in bound 3 of campaign 12, and ``c12-b3-u45-verbatim``
the order as the player wrote it. Hyphens, not the dots of ``c12.b3.u45.rate``:
the PDF specification (12.7.3.2) forbids a period inside a field's partial
name, and viewers that honour it would split the name into a hierarchy.

:func:`read_filled_form` opens a filled PDF with pypdf and returns plain
values; it refuses, with one sentence, a file that is not a PDF, a PDF with no
desk fields, and a PDF whose fields belong to several campaigns or bounds.
Whether the campaign and bound are the right ones is the import service's
question (it knows the campaign).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from desk.services.printing.errors import MixedFormError, NotADeskFormError, SheetError

VERBATIM = "verbatim"  # the field holding the order as the player wrote it
KEY_PREFIX = "key-"  # the campaign's key among the sheet's keywords: "key-3f9a…"
_NAME = re.compile(r"^c(\d+)-b(\d+)-u(\d+)-([A-Za-z_][A-Za-z0-9_]*)$")

FormValue = str | bool


@dataclass(frozen=True)
class FieldName:
    """The parts of one fillable field's name."""

    campaign_id: int
    bound: int
    unit_id: int
    field: str

    def encode(self) -> str:
        """The name as written into the PDF."""
        return field_name(campaign_id=self.campaign_id, bound=self.bound,
                          unit_id=self.unit_id, field=self.field)


@dataclass(frozen=True)
class FilledForm:
    """What a filled sheet says: its campaign and bound, and each unit's values.

    ``values`` maps a unit id to {field name: value}; text and choice fields
    give stripped strings ("" when left empty), check boxes give booleans.
    """

    campaign_id: int
    bound: int
    values: dict[int, dict[str, FormValue]]
    campaign_key: str = ""  # "" when the sheet carries none (an older sheet)


def field_name(*, campaign_id: int, bound: int, unit_id: int, field: str) -> str:
    """Encode a field's name: ``c12-b3-u45-rate``."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", field):
        raise SheetError(f"an order field cannot be named {field!r} on a fillable sheet")
    return f"c{campaign_id}-b{bound}-u{unit_id}-{field}"


def parse_field_name(name: str) -> FieldName | None:
    """Decode a field's name; None when it is not one of the desk's."""
    match = _NAME.match(name)
    if match is None:
        return None
    campaign, bound, unit, field = match.groups()
    return FieldName(int(campaign), int(bound), int(unit), field)


def _plain_value(raw: Any) -> FormValue:
    """A pypdf field value as a plain string or boolean."""
    if raw is None:
        return ""
    text = str(raw)
    # Check boxes: pypdf gives the appearance state's name, /Yes or /Off.
    if text in ("/Yes", "/On"):
        return True
    if text == "/Off":
        return False
    if isinstance(raw, list):  # a multi-select list: the desk makes none, keep the first
        return str(raw[0]).strip() if raw else ""
    return text.strip()


def read_filled_form(source: bytes | Path, *, label: str = "the file") -> FilledForm:
    """Read a filled sheet's field values; refuse a file that is not a desk sheet."""
    from pypdf import PdfReader  # costs 0.1 s: only when a form is read
    from pypdf.errors import PdfReadError

    # pypdf logs its repairs of a damaged file as warnings; the refusal below
    # already says what matters in one sentence, so they are kept off the terminal.
    pypdf_log = logging.getLogger("pypdf")
    level = pypdf_log.level
    pypdf_log.setLevel(logging.ERROR)
    try:
        data = source if isinstance(source, bytes) else Path(source).read_bytes()
        reader = PdfReader(BytesIO(data))
        fields = reader.get_fields() or {}
        metadata = reader.metadata
        keywords = str(metadata.get("/Keywords") or "") if metadata is not None else ""
    except OSError as exc:
        raise SheetError(f"{label} cannot be read: {exc.strerror or exc}") from exc
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise NotADeskFormError(f"{label} is not a readable PDF") from exc
    finally:
        pypdf_log.setLevel(level)
    key = next((w.removeprefix(KEY_PREFIX) for w in keywords.split()
                if w.startswith(KEY_PREFIX)), "")
    places: set[tuple[int, int]] = set()
    values: dict[int, dict[str, FormValue]] = {}
    for name, spec in sorted(fields.items()):
        parsed = parse_field_name(name)
        if parsed is None:
            continue
        places.add((parsed.campaign_id, parsed.bound))
        kind = str(spec.get("/FT", ""))
        value = _plain_value(spec.get("/V"))
        if kind == "/Btn" and not isinstance(value, bool):
            value = value not in ("", "Off")
        values.setdefault(parsed.unit_id, {})[parsed.field] = value
    if not places:
        raise NotADeskFormError(f"{label} is not a fillable order sheet from the desk "
                                "(it has none of the desk's form fields)")
    if len(places) > 1:
        listed = ", ".join(f"campaign {c} bound {b}" for c, b in sorted(places))
        raise MixedFormError(f"{label} mixes the sheets of several campaigns or bounds "
                             f"({listed}); import each sheet on its own")
    (campaign_id, bound), = places
    return FilledForm(campaign_id=campaign_id, bound=bound, values=values,
                      campaign_key=key)
