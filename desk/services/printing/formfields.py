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

A fillable sheet also carries, among its keywords, what it was printed for
(:class:`FormBinding`: campaign, bound, side, command, the unit ids, the mode)
and an HMAC-SHA256 of that under the campaign's secret, which never leaves the
campaign file. Renaming a field to another unit's number, or editing the
binding, gives a form the import refuses.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from desk.i18n import _
from desk.services.printing.errors import MixedFormError, NotADeskFormError, SheetError

VERBATIM = "verbatim"  # the field holding the order as the player wrote it
KEY_PREFIX = "key-"  # the campaign's key among the sheet's keywords: "key-3f9a…"
BINDING_PREFIX = "form-"  # what the sheet was printed for, as base64url JSON
SIGNATURE_PREFIX = "sig-"  # HMAC-SHA256 of the binding under the campaign's secret
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
class FormBinding:
    """What a fillable sheet was printed for: only these units may get orders from it."""

    campaign_id: int
    bound: int
    side: str
    command: str  # "" for the whole side
    unit_ids: tuple[int, ...]
    mode: str

    @classmethod
    def of(cls, *, campaign_id: int, bound: int, side: str, command: str | None,
           unit_ids: Iterable[int], mode: str) -> FormBinding:
        """A binding with the unit ids sorted, as it is signed."""
        return cls(campaign_id, bound, side, command or "", tuple(sorted(set(unit_ids))), mode)

    def _message(self) -> bytes:
        return json.dumps([self.campaign_id, self.bound, self.side, self.command,
                           list(self.unit_ids), self.mode], ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8")

    def sign(self, secret: str) -> str:
        """The binding's HMAC-SHA256 under the campaign's secret, in hex."""
        return hmac.new(secret.encode("utf-8"), self._message(), hashlib.sha256).hexdigest()

    def verifies(self, secret: str, signature: str) -> bool:
        """Whether ``signature`` is this binding's under ``secret`` (constant time)."""
        return bool(secret) and hmac.compare_digest(self.sign(secret), signature)

    def encode(self) -> str:
        """The binding as one keyword (base64url of its JSON, no spaces)."""
        return base64.urlsafe_b64encode(self._message()).decode("ascii").rstrip("=")

    @classmethod
    def decode(cls, text: str) -> FormBinding | None:
        """The binding from its keyword; None when it does not decode to one."""
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            campaign_id, bound, side, command, unit_ids, mode = json.loads(raw)
            binding = cls(int(campaign_id), int(bound), str(side), str(command),
                          tuple(int(u) for u in unit_ids), str(mode))
        except (binascii.Error, ValueError, TypeError, UnicodeDecodeError):
            return None
        return binding


def binding_keywords(binding: FormBinding, signature: str) -> str:
    """The keywords a signed fillable sheet carries."""
    return f"{BINDING_PREFIX}{binding.encode()} {SIGNATURE_PREFIX}{signature}"


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
    binding: FormBinding | None = None  # None when unsigned (an older desk printed it)
    signature: str = ""


def field_name(*, campaign_id: int, bound: int, unit_id: int, field: str) -> str:
    """Encode a field's name: ``c12-b3-u45-rate``."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", field):
        raise SheetError(_("an order field cannot be named {field} on a fillable sheet").format(
                             field=repr(field)))
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
        raise SheetError(_("{label} cannot be read: {value}").format(
                             label=label, value=exc.strerror or exc)) from exc
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise NotADeskFormError(_("{label} is not a readable PDF").format(
                                    label=label)) from exc
    finally:
        pypdf_log.setLevel(level)
    words = keywords.split()
    key = next((w.removeprefix(KEY_PREFIX) for w in words if w.startswith(KEY_PREFIX)), "")
    bound_to = next((w.removeprefix(BINDING_PREFIX) for w in words
                     if w.startswith(BINDING_PREFIX)), "")
    signature = next((w.removeprefix(SIGNATURE_PREFIX) for w in words
                      if w.startswith(SIGNATURE_PREFIX)), "")
    places: set[tuple[int, int]] = set()
    values: dict[int, dict[str, FormValue]] = {}
    # A damaged file's field names may be byte strings beside text strings: sorted as text.
    for name, spec in sorted(fields.items(), key=lambda item: str(item[0])):
        parsed = parse_field_name(str(name))
        if parsed is None:
            continue
        places.add((parsed.campaign_id, parsed.bound))
        kind = str(spec.get("/FT", ""))
        value = _plain_value(spec.get("/V"))
        if kind == "/Btn" and not isinstance(value, bool):
            value = value not in ("", "Off")
        values.setdefault(parsed.unit_id, {})[parsed.field] = value
    if not places:
        raise NotADeskFormError(_("{label} is not a fillable order sheet from the desk (it has "
                                  "none of the desk's form fields)").format(
                                    label=label))
    if len(places) > 1:
        listed = ", ".join(f"campaign {c} bound {b}" for c, b in sorted(places))
        raise MixedFormError(_("{label} mixes the sheets of several campaigns or bounds "
                               "({listed}); import each sheet on its own").format(
                                 label=label, listed=listed))
    (campaign_id, bound), = places
    return FilledForm(campaign_id=campaign_id, bound=bound, values=values,
                      campaign_key=key,
                      binding=FormBinding.decode(bound_to) if bound_to else None,
                      signature=signature)
