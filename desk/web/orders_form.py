"""The orders form of a player's page: the fillable sheet's fields as HTML inputs, and the
posted form read back as a filled sheet's values.

Each unit gets the fields of its block on the player's sheet, in the players' words:
a choice is a list whose first entry is the rules' default ("normal (default)"), a flag a
box, a number or text a line with the sheet's hint under it ("empty = as far as
possible"); then the order in the player's own words. On the page each unit is folded
(a ``<details>``, no script) until opened, or once the player has sent it an order.

An input is named ``u<unit id>-<field>``; only those names are read back, every unit with
every field (an unticked box as False), as a filled PDF gives them, so the import judges a
page's orders and a sheet's alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from desk.i18n import _
from desk.rules.base import FieldKind, FieldSpec
from desk.services.orders.text import MAX_FIELD_TEXT, MAX_ORDER_TEXT
from desk.services.pages.views import PageUnit
from desk.services.printing.formfields import VERBATIM, FormValue
from desk.sheets.field_cells import default_text, hint_text

CHECKED = "yes"  # what a ticked box posts


@dataclass(frozen=True)
class Option:
    """One entry of a choice's list."""

    value: str
    words: str
    selected: bool


@dataclass(frozen=True)
class FieldView:
    """One input of a unit's order."""

    name: str
    kind: str  # choice, flag, number, text
    label: str
    hint: str
    value: str = ""
    checked: bool = False
    options: tuple[Option, ...] = ()
    maxlength: int = MAX_FIELD_TEXT


@dataclass(frozen=True)
class UnitForm:
    """One unit's part of the form: who it is, its state, its inputs."""

    unit_id: int
    name: str
    command: str
    state_lines: tuple[str, ...]
    fields: tuple[FieldView, ...]
    verbatim_name: str
    verbatim: str
    sent: bool  # the player sent something for it: shown unfolded
    verbatim_max: int
    said_in_words: tuple[str, ...]
    courier_note: str
    entered: bool


def input_name(unit_id: int, field: str) -> str:
    """The name of one input: ``u12-rate``."""
    return f"u{unit_id}-{field}"


def _choice(spec: FieldSpec, unit: PageUnit, name: str, sent: str) -> FieldView:
    words = unit.block.words
    default = default_text(spec)  # already in the players' words on their sheet
    empty = _("{choice} (default)").format(choice=default) if default else _("(none)")
    values = [str(c) for c in spec.choices if c]
    if sent and sent not in values:
        values.append(sent)  # an odd value once sent still shows, as on a sheet
    options = (Option("", empty, not sent), *(
        Option(v, words.get(v, v.replace("-", " ").replace("_", " ")), v == sent)
        for v in values))
    return FieldView(name=name, kind="choice", label=spec.label, hint=hint_text(spec),
                     options=options)


def unit_forms(units: Sequence[PageUnit]) -> tuple[UnitForm, ...]:
    """The form's parts, one per unit, with what the player last sent filled in."""
    out = []
    # A side's units share their fields (the sheet builds each distinct set once) and
    # words: each list's entries are made once per field, words and value sent, not for
    # every one of 500 units. Keyed by identity: the specs and words outlive this call.
    lists: dict[tuple[int, int, str], FieldView] = {}
    for unit in units:
        block = unit.block
        fields = []
        for spec in block.fields:
            name = input_name(block.unit_id, spec.name)
            sent = unit.sent.get(spec.name)
            text = "" if sent is None or isinstance(sent, bool) else sent
            if spec.kind is FieldKind.CHOICE:
                key = (id(spec), id(block.words), text)
                made = lists.get(key)
                if made is None:
                    made = lists[key] = _choice(spec, unit, name, text)
                fields.append(FieldView(name=name, kind="choice", label=made.label,
                                        hint=made.hint, options=made.options))
            elif spec.kind is FieldKind.FLAG:
                fields.append(FieldView(name=name, kind="flag", label=spec.label,
                                        hint=hint_text(spec), checked=sent is True))
            else:
                kind = "number" if spec.kind is FieldKind.NUMBER else "text"
                fields.append(FieldView(name=name, kind=kind, label=spec.label,
                                        hint=hint_text(spec), value=text))
        out.append(UnitForm(
            unit_id=block.unit_id, name=block.name, command=block.command,
            state_lines=block.state_lines, fields=tuple(fields),
            verbatim_name=input_name(block.unit_id, VERBATIM), verbatim=unit.verbatim,
            sent=bool(unit.sent or unit.verbatim),
            verbatim_max=MAX_ORDER_TEXT, said_in_words=block.said_in_words,
            courier_note=block.courier_note, entered=unit.entered))
    return tuple(out)


def read_posted(units: Sequence[PageUnit],
                posted: Mapping[str, str]) -> dict[int, dict[str, FormValue]]:
    """The posted form as a filled sheet's values: unit id → field → value, for the page's
    own units and fields only (any other name posted is not read)."""
    values: dict[int, dict[str, FormValue]] = {}
    for unit in units:
        block = unit.block
        filled: dict[str, FormValue] = {}
        for spec in block.fields:
            raw = posted.get(input_name(block.unit_id, spec.name), "")
            filled[spec.name] = raw == CHECKED if spec.kind is FieldKind.FLAG else raw.strip()
        filled[VERBATIM] = posted.get(input_name(block.unit_id, VERBATIM), "").strip()
        values[block.unit_id] = filled
    return values


def as_posted(units: Sequence[PageUnit],
              values: Mapping[int, Mapping[str, FormValue]]) -> tuple[PageUnit, ...]:
    """The units with what the player just posted filled in: a refused sending shows the
    form as they wrote it, so nothing they typed is lost."""
    out = []
    for unit in units:
        posted = values.get(unit.block.unit_id, {})
        sent = {k: v for k, v in posted.items() if k != VERBATIM and v not in ("", False)}
        out.append(replace(unit, sent=sent, verbatim=str(posted.get(VERBATIM, ""))))
    return tuple(out)
