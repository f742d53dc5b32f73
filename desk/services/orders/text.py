"""How much text an order may hold: what a printed sheet has room for.

An order as written (``verbatim``) is printed whole on the filled order sheet
and in the bound report, and a unit's block never splits across pages: on A4
about 5,500 characters of ordinary words fill a page and the block no longer
fits (reportlab's LayoutError). 2,000 characters (some 300 words) leave room
for the widest letters, Letter paper and the most findings a block shows.
A field's text is printed on one line of its cell and the fillable sheet's
field takes 200 characters, so a field holds at most 200. The umpire's reason
to overrule is printed whole too, and gets the order's cap.

Writes are refused beyond the caps (:func:`check_order_text`, called where an
order is judged); the window shows :func:`text_findings` as the umpire types.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from desk.rules.base import FieldSpec, Finding, Severity
from desk.services.errors import ServiceError

MAX_ORDER_TEXT = 2_000  # characters of the order as written, and of a reason to overrule
MAX_FIELD_TEXT = 200  # characters of one field (the fillable sheet's maxlen)
CODE = "DESK_TEXT_TOO_LONG"


class OrderTextTooLong(ServiceError):
    """An order's text is longer than a sheet can print; nothing was written."""


def text_too_long(*, fields: Mapping[str, object], verbatim: str, override_reason: str = "",
                  specs: Iterable[FieldSpec] = ()) -> str | None:
    """What is too long, as a clause of a sentence ("Destination has 30,000 characters;
    at most 200 fit on a sheet"), or None when everything fits."""
    labels = {spec.name: spec.label for spec in specs}
    for label, text, cap in (("the order as written", verbatim, MAX_ORDER_TEXT),
                             ("the reason to overrule", override_reason, MAX_ORDER_TEXT)):
        if len(text) > cap:
            return f"{label} has {len(text):,} characters; at most {cap:,} fit on a sheet"
    for name, value in fields.items():
        if isinstance(value, str) and len(value) > MAX_FIELD_TEXT:
            return (f"{labels.get(name, name)} has {len(value):,} characters; at most "
                    f"{MAX_FIELD_TEXT:,} fit on a sheet")
    return None


def check_order_text(*, unit: str, fields: Mapping[str, object], verbatim: str,
                     override_reason: str = "", specs: Iterable[FieldSpec] = ()) -> None:
    """Refuse (raise :class:`OrderTextTooLong`) an order whose text a sheet cannot hold."""
    reason = text_too_long(fields=fields, verbatim=verbatim, override_reason=override_reason,
                           specs=specs)
    if reason is not None:
        raise OrderTextTooLong(f"Order for {unit} refused: {reason}. Shorten it.")


def text_findings(*, fields: Mapping[str, object], verbatim: str,
                  specs: Iterable[FieldSpec] = ()) -> tuple[Finding, ...]:
    """The same word as a finding for the live form (a warning: no reason overrules it,
    saving is refused until the text is shortened)."""
    reason = text_too_long(fields=fields, verbatim=verbatim, specs=specs)
    if reason is None:
        return ()
    message = reason[0].upper() + reason[1:] + ": shorten it, or the order cannot be saved"
    return (Finding(CODE, Severity.WARNING, "", message),)
