"""The cells of an order's fields on a sheet: packing them in rows, and drawing them.

Each field of the rules system's order (a :class:`~desk.rules.base.FieldSpec`)
gets a cell: its label and clause, a box (a form field when the sheet is
fillable), and under it a hint that spells out the default and the choices
("normal (default) · fast · charge", "empty = as far as possible"). Text
fields and choices take two of the eight columns, flags and numbers one.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFString
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from desk.i18n import _
from desk.rules.base import FieldKind, FieldSpec
from desk.services.printing.errors import SheetError
from desk.services.printing.formfields import VERBATIM, field_name
from desk.services.printing.viewmodels import SheetMode, UnitBlock
from desk.sheets.style import FIELD_FILL, FONT, FONT_BOLD, FONT_ITALIC, INK, MUTED, RULE

COLUMNS = 8
GUTTER = 2.0 * mm
LABEL = 7.0
BOX = 11.5  # points: the write-in box, and the form field
HINT = 6.3
HINT_LEAD = 7.0
MAX_HINT_LINES = 3
SMALLEST_LABEL = 5.6  # a label is set down to this size on one line before it wraps
LABEL_LEAD = 7.0  # the second line of a label too long for one ("Obstacles passed (comma-…")
CLAUSE = 5.8


# A number field's AcroForm actions: the number handlers every viewer with form scripts
# ships (Acrobat's AForm). The keystroke action refuses a letter as it is typed, the
# format action shows the value as a whole number (every number an order takes counts
# something: hexes on the way). A viewer without scripts ignores them, which is why the
# import reads such a field's "two" as that order's finding rather than a refusal.
NUMBER_KEYSTROKE = 'AFNumber_Keystroke(0, 1, 0, 0, "", true);'
NUMBER_FORMAT = 'AFNumber_Format(0, 1, 0, 0, "", true);'


def number_tooltip(tooltip: str) -> str:
    """A number field's tooltip: what it is, then that it takes a number."""
    return _("{tooltip}: a whole number").format(tooltip=tooltip)


def number_field(canv: Canvas, **textfield: Any) -> None:
    """A text field that takes a number: reportlab's text field with the number actions
    added to its widget (reportlab offers no argument for them, so they are set on the
    dictionary it just registered, the last of the form's fields)."""
    textfield["tooltip"] = number_tooltip(str(textfield.get("tooltip") or ""))
    canv.acroForm.textfield(**textfield)
    widget = canv._doc.idToObject[canv.acroForm.fields[-1].name]

    def script(js: str) -> PDFDictionary:
        return PDFDictionary({"S": PDFName("JavaScript"), "JS": PDFString(js)})

    widget.dict["AA"] = PDFDictionary({"K": script(NUMBER_KEYSTROKE),
                                       "F": script(NUMBER_FORMAT)})


@dataclass
class SheetContext:
    """What every cell of one sheet needs to know; caches the hints per field."""

    campaign_id: int
    bound: int
    mode: SheetMode
    fillable: bool
    _hints: dict[tuple[object, ...], list[str]] = field(default_factory=dict)

    def name(self, unit_id: int, field_: str) -> str:
        """The fillable field's name for one unit's field."""
        return field_name(campaign_id=self.campaign_id, bound=self.bound, unit_id=unit_id,
                          field=field_)

    def hint(self, spec: FieldSpec, width: float) -> list[str]:
        """The wrapped hint under a cell; the same for every unit, so worked out once."""
        key = (spec.name, spec.kind, spec.choices, repr(spec.default), spec.default_label, width)
        lines = self._hints.get(key)
        if lines is None:
            lines = simpleSplit(hint_text(spec), FONT, HINT, width)[:MAX_HINT_LINES]
            self._hints[key] = lines
        return lines


@dataclass(frozen=True)
class CellLayout:
    """Where one field's cell sits in its block, and how tall it is."""

    spec: FieldSpec
    x: float
    width: float
    height: float
    hint: list[str]
    label: tuple[str, ...] = ()  # the label's lines (one, or two when too long)
    label_size: float = LABEL
    label_drop: float = 0.0  # how far the row's boxes sit lower for two-line labels


def label_lines(spec: FieldSpec, width: float) -> tuple[float, tuple[str, ...]]:
    """The label's type size and lines: one line, set smaller if need be, or two
    lines rather than a word cut short."""
    clause_width = stringWidth(spec.clause, FONT, CLAUSE) + 3 if spec.clause else 0.0
    room = width - clause_width
    size = LABEL
    while size > SMALLEST_LABEL and stringWidth(spec.label, FONT_BOLD, size) > room:
        size -= 0.3
    if stringWidth(spec.label, FONT_BOLD, size) <= room:
        return size, (spec.label,)
    lines = simpleSplit(spec.label, FONT_BOLD, LABEL - 0.6, room)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), FONT_BOLD, LABEL - 0.6, room)]
    return LABEL - 0.6, tuple(lines)


def default_text(spec: FieldSpec) -> str:
    """How the default of a field is printed ("" when it has none)."""
    if spec.default_label:
        return spec.default_label
    if spec.default is None or spec.default == "" or spec.kind is FieldKind.FLAG:
        return ""
    return str(spec.default)


def hint_text(spec: FieldSpec) -> str:
    """The hint under a field: the choices with the default marked, or what empty means."""
    default = default_text(spec)
    choices = [c for c in spec.choices if c]  # "" is the empty entry, printed as "empty ="
    if spec.kind is FieldKind.CHOICE and choices:
        marked = [_("{choice} (default)").format(choice=c) if c == default else c
                  for c in choices]
        lead = ([] if default in choices or not default
                else [_("empty = {default}").format(default=default)])
        return " · ".join(lead + marked)
    if spec.kind is FieldKind.FLAG:
        return _("default: yes") if spec.default is True else ""
    return _("empty = {default}").format(default=default) if default else ""


def empty_label(spec: FieldSpec) -> str:
    """The label of a fillable choice's empty entry, e.g. "normal (default)"."""
    default = default_text(spec)
    return (latin1(_("{choice} (default)").format(choice=default)) if default
            else latin1(_("(none)")))


_PLAIN = str.maketrans({"—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
                        "…": "...", "→": "->", "−": "-", "Ł": "L", "ł": "l", "Đ": "D",
                        "đ": "d", "Œ": "OE", "œ": "oe"})


def _near(char: str) -> str:
    """A character outside Latin-1 as its letter without the accent (ź → z), else "?"."""
    base = "".join(c for c in unicodedata.normalize("NFKD", char)
                   if not unicodedata.combining(c))
    try:
        return base.encode("latin-1").decode("latin-1") if base else "?"
    except UnicodeEncodeError:
        return "?"


def latin1(text: str) -> str:
    """Text a form field can show: reportlab draws field appearances in Helvetica's
    Latin-1 encoding, so typographic dashes and quotes become plain ones, letters of
    other alphabets lose their accents (Łódź → Lódz; é, ß, × stay) and anything
    else becomes "?"."""
    plain = unicodedata.normalize("NFC", text).translate(_PLAIN)  # o + ¨ is ö
    return "".join(c if ord(c) < 256 else _near(c) for c in plain)


def fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short with an ellipsis so that it fits ``width``: the longest prefix
    that fits with its "…", found by halving (a prefix is never wider than a longer one),
    so a 30,000-character text costs some 16 measurements, not 30,000."""
    if stringWidth(text, font, size) <= width:
        return text
    fits, too_long = 0, len(text)  # text[:fits] + "…" fits (or fits is 0); text[:too_long] not
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if stringWidth(text[:middle] + "…", font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"


def shown_value(spec: FieldSpec, value: object) -> str:
    """A field's value as printed on a filled sheet."""
    if spec.kind is FieldKind.FLAG:
        return _("yes") if value else _("no")
    if value is None or value == "":
        return default_text(spec) or "—"
    return str(value)


def pack(block: UnitBlock, ctx: SheetContext, inner: float) -> list[list[CellLayout]]:
    """The block's cells in rows of eight columns, in form order."""
    column = (inner - (COLUMNS - 1) * GUTTER) / COLUMNS
    with_hints = not ctx.mode.with_orders or ctx.fillable
    rows: list[list[CellLayout]] = []
    row: list[CellLayout] = []
    used = 0
    for spec in block.fields:
        if spec.name == VERBATIM:
            raise SheetError(_("an order field may not be called {name}: the sheet keeps "
                               "that name for the order as written").format(
                                 name=repr(VERBATIM)))
        span = 1 if spec.kind in (FieldKind.FLAG, FieldKind.NUMBER) else 2
        if used + span > COLUMNS:
            rows.append(_aligned(row))
            row, used = [], 0
        width = span * column + (span - 1) * GUTTER
        hint = ctx.hint(spec, width) if with_hints else []
        height = 10 + BOX + 3 + len(hint) * HINT_LEAD + 2
        size, label = label_lines(spec, width)
        row.append(CellLayout(spec, used * (column + GUTTER), width, height, hint, label, size))
        used += span
    if row:
        rows.append(_aligned(row))
    return rows


def _aligned(row: list[CellLayout]) -> list[CellLayout]:
    """The row's boxes on one line: all drop as far as its longest label needs."""
    drop = max((len(c.label) - 1) * LABEL_LEAD for c in row)
    return [replace(c, height=c.height + drop, label_drop=drop) for c in row]


def draw_cell(canv: Canvas, cell: CellLayout, *, block: UnitBlock, context: SheetContext,
              x: float, top: float) -> None:
    """Draw one cell with its top-left corner at (x, top) in the block's coordinates."""
    spec = cell.spec
    canv.setFont(FONT_BOLD, cell.label_size)
    canv.setFillColor(INK)
    for index, line in enumerate(cell.label or (spec.label,)):
        canv.drawString(x, top - 8 - index * LABEL_LEAD, line)
    if spec.clause:
        canv.setFont(FONT, CLAUSE)
        canv.setFillColor(MUTED)
        canv.drawRightString(x + cell.width, top - 8, spec.clause)
    box_y = top - 10 - cell.label_drop - BOX
    filled = context.mode.with_orders
    values = block.values or {}
    if context.fillable:
        _form_field(canv, cell, block=block, context=context, x=x, y=box_y,
                    value=values.get(spec.name) if filled and spec.name not in block.defaulted
                    else None)
    elif filled:
        value = values.get(spec.name)
        defaulted = spec.name in block.defaulted or (spec.name not in values
                                                     and bool(default_text(spec)))
        quiet = defaulted or (spec.kind is not FieldKind.FLAG and value in (None, ""))
        text = shown_value(spec, value)
        canv.setFont(FONT_ITALIC if quiet else FONT_BOLD, 8.5)
        canv.setFillColor(MUTED if quiet else INK)
        shown = _("{choice} (default)").format(choice=text) if defaulted else text
        canv.drawString(x, box_y + 3.5, fit(shown, FONT_ITALIC if quiet else FONT_BOLD, 8.5,
                                            cell.width))
    else:
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        side = BOX - 3 if spec.kind is FieldKind.FLAG else cell.width
        canv.rect(x, box_y + 1, side, BOX - 2 if spec.kind is not FieldKind.FLAG else side,
                  stroke=1, fill=0)
    canv.setFont(FONT, HINT)
    canv.setFillColor(MUTED)
    y = box_y - 1.5
    for line in cell.hint:
        y -= HINT_LEAD - 1
        canv.drawString(x, y, line)


def _form_field(canv: Canvas, cell: CellLayout, *, block: UnitBlock, context: SheetContext,
                x: float, y: float, value: object) -> None:
    spec = cell.spec
    name = context.name(block.unit_id, spec.name)
    tip = f"{block.name}: {spec.label}" + (f" ({spec.help})" if spec.help else "")
    style: dict[str, object] = {"borderWidth": 0.5, "borderColor": RULE, "fillColor": FIELD_FILL,
                             "textColor": INK, "relative": True, "tooltip": tip, "name": name}
    if spec.kind is FieldKind.FLAG:
        checked = bool(value) if value is not None else spec.default is True
        canv.acroForm.checkbox(checked=checked, x=x, y=y + 1, size=BOX - 2, fieldFlags="",
                               buttonStyle="check", **style)
    elif spec.kind is FieldKind.CHOICE:
        empty = empty_label(spec)
        choices = [c for c in spec.choices if c]
        options: list[tuple[str, str]] = [(empty, "")] + [(latin1(c), c) for c in choices]
        chosen = empty if value in (None, "") else str(value)
        if chosen != empty and chosen not in choices:
            options.append((latin1(chosen), chosen))  # an odd stored value still shows
        canv.acroForm.choice(value=chosen, options=options, x=x, y=y + 1, width=cell.width,
                             height=BOX - 2, fontName="Helvetica", fontSize=8, **style)
    else:
        text = {"value": "" if value is None else latin1(str(value)), "x": x, "y": y + 1,
                "width": cell.width, "height": BOX - 2, "fontName": "Helvetica", "fontSize": 8,
                "maxlen": 200, **style}
        if spec.kind is FieldKind.NUMBER:
            number_field(canv, **text)
        else:
            canv.acroForm.textfield(**text)
