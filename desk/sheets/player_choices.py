"""The rule fields of a players' block: tick boxes on paper, drop-downs on screen.

:func:`place_choices` works out where every label, box and word goes in the
block's right-hand zone (rows of a fixed height); :func:`draw_placed` draws
them. On paper a choice is a row of tick boxes in the players' words, its
default said once at the end ("else keep") rather than boxed; a flag is a box
and a word, set on the first row with room. On a fillable sheet each choice is
a drop-down list (two to a row) named as :mod:`desk.services.printing.formfields`
says, so the sheet imports back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from desk.i18n import _
from desk.rules.base import FieldKind, FieldSpec
from desk.services.printing.errors import SheetError
from desk.services.printing.formfields import VERBATIM
from desk.services.printing.viewmodels import UnitBlock
from desk.sheets.field_cells import SheetContext, empty_label, fit, latin1, number_field
from desk.sheets.style import FIELD_FILL, FONT, FONT_BOLD, FONT_ITALIC, INK, MUTED, RULE

ROW = 3.3 * mm
FILLABLE_ROW = 4.3 * mm  # a drop-down needs a little air above and below
LABEL_SIZE = 6.8
WORD_SIZE = 6.8
TICK = 6.0  # points: a tick box's side
TICK_GAP = 2.0
OPTION_GAP = 6.0
COMBO_HEIGHT = 9.2
SEPARATOR = 4.5 * mm


@dataclass(frozen=True)
class Placed:
    """One thing in the choices' zone: a label, a tick box with its word, a drop-down,
    a "else …" note; ``row`` counts from the top, ``x`` from the zone's left edge."""

    kind: str  # label, tick, note, combo, check
    row: int
    x: float
    width: float
    text: str = ""
    spec: FieldSpec | None = None
    value: str = ""


def _default(spec: FieldSpec) -> str:
    return "" if spec.default is None else str(spec.default)


def _word(block: UnitBlock, value: str) -> str:
    return block.words.get(value, value.replace("-", " ").replace("_", " "))


def _lower_first(text: str) -> str:
    """ "No movement" as it reads after "else": "else no movement"."""
    return text[:1].lower() + text[1:]


def _tick_width(text: str) -> float:
    return TICK + TICK_GAP + float(stringWidth(text, FONT, WORD_SIZE)) + OPTION_GAP


def place_choices(specs: Sequence[FieldSpec], *, block: UnitBlock, fillable: bool,
                  width: float) -> tuple[list[Placed], int]:
    """Where each choice and flag goes, and how many rows they take."""
    if any(s.name == VERBATIM for s in specs):
        raise SheetError(_("an order field may not be called {name}: the sheet keeps that "
                           "name for the order as written").format(
                             name=repr(VERBATIM)))
    choices = [s for s in specs if s.kind is FieldKind.CHOICE]
    flags = [s for s in specs if s.kind is FieldKind.FLAG]
    placed: list[Placed] = []
    ends: list[float] = []  # how far each row is taken
    column = max((stringWidth(s.label, FONT_BOLD, LABEL_SIZE) for s in choices),
                 default=0.0) + 4
    if fillable:
        half = (width - 3 * mm) / 2
        # Each of the two columns' lists start at one x, past its longest label.
        leads = [max((stringWidth(s.label, FONT_BOLD, LABEL_SIZE) for s in choices[side::2]),
                     default=0.0) + 4 for side in (0, 1)]
        column = leads[0]
        for index, spec in enumerate(choices):
            row, x = index // 2, (index % 2) * (half + 3 * mm)
            lead = leads[index % 2]
            placed.append(Placed("label", row, x, lead, spec.label, spec))
            placed.append(Placed("combo", row, x + lead, half - lead, spec=spec))
            if row == len(ends):
                ends.append(0.0)
            ends[row] = x + half + 3 * mm
    else:
        for spec in choices:
            row = len(ends)
            placed.append(Placed("label", row, 0, column, spec.label, spec))
            x = column
            default = _default(spec)
            for value in (str(c) for c in spec.choices if c and str(c) != default):
                taken = _tick_width(_word(block, value))
                if x + taken - OPTION_GAP > width and x > column:
                    ends.append(x)
                    row, x = row + 1, column
                placed.append(Placed("tick", row, x, taken, _word(block, value), spec, value))
                x += taken
            if spec.default_label:
                note = _("else {default}").format(default=_lower_first(spec.default_label))
                taken = stringWidth(note, FONT_ITALIC, WORD_SIZE - 0.4)
                if x + taken > width and x > column:
                    ends.append(x)
                    row, x = row + 1, column
                placed.append(Placed("note", row, x, taken, note, spec, default))
                x += taken + OPTION_GAP
            ends.append(x)
    for spec in (s for s in specs if s.kind in (FieldKind.TEXT, FieldKind.NUMBER)):
        row = len(ends)
        column = max(column, stringWidth(spec.label, FONT_BOLD, LABEL_SIZE) + 4)
        placed.append(Placed("label", row, 0, column, spec.label, spec))
        note = (_("else {default}").format(default=_lower_first(spec.default_label))
                if spec.default_label else "")
        room = width - column - (stringWidth(note, FONT_ITALIC, WORD_SIZE - 0.4) + 3
                                 if note else 0)
        placed.append(Placed("line", row, column, room, spec=spec))
        if note:
            placed.append(Placed("note", row, column + room + 3, 0, note, spec, ""))
        ends.append(width)
    flagged: set[int] = set()  # rows that already hold a flag

    def flag_lead(r: int) -> float:
        # A bar and some air between a row's choices and its first flag, so that
        # "fire" never reads as one more formation.
        # (On a fillable sheet the second column's edge does that already.)
        if not ends[r] or (fillable and r not in flagged):
            return 0.0
        return float(2 * mm if r in flagged else SEPARATOR)

    for spec in flags:
        taken = _tick_width(spec.label)
        row = next((r for r, end in enumerate(ends)
                    if end + flag_lead(r) + taken - OPTION_GAP <= width), len(ends))
        if row == len(ends):
            ends.append(0.0)
        x = ends[row] + flag_lead(row)
        if ends[row] and row not in flagged and not fillable:
            placed.append(Placed("bar", row, ends[row] + SEPARATOR / 2 - 1, 0, spec=spec))
        flagged.add(row)
        kind = "check" if fillable else "tick"
        placed.append(Placed(kind, row, x, taken, spec.label, spec, "yes"))
        ends[row] = x + taken
    return placed, len(ends)


def row_height(*, fillable: bool) -> float:
    """The height of one row of the zone."""
    return float(FILLABLE_ROW if fillable else ROW)


def _chosen(block: UnitBlock, spec: FieldSpec) -> Any:
    """The value the player gave a field; None when nothing (or the rules' default)."""
    if block.values is None or spec.name in block.defaulted:
        return None
    value = block.values.get(spec.name)
    return None if value in (None, "") else value


def draw_placed(canv: Canvas, placed: Sequence[Placed], *, block: UnitBlock,
                context: SheetContext, x: float, top: float) -> None:
    """Draw the zone with its top-left corner at (x, top) in the block's coordinates."""
    for item in placed:
        spec = item.spec
        assert spec is not None  # every placed thing belongs to a field
        row = row_height(fillable=context.fillable)
        base = top - item.row * row - ROW + 2.6 - (row - ROW) / 2
        left = x + item.x
        chosen = _chosen(block, spec)
        if item.kind == "label":
            canv.setFont(FONT_BOLD, LABEL_SIZE)
            canv.setFillColor(INK)
            canv.drawString(left, base, item.text)
        elif item.kind == "tick":
            ticked = chosen is True if spec.kind is FieldKind.FLAG else chosen == item.value
            _tick(canv, left, base, ticked)
            canv.setFont(FONT, WORD_SIZE)
            canv.setFillColor(INK)
            canv.drawString(left + TICK + TICK_GAP, base, item.text)
        elif item.kind == "note":
            written = chosen is not None and str(chosen) == item.value
            canv.setFont(FONT_BOLD if written else FONT_ITALIC, WORD_SIZE - 0.4)
            canv.setFillColor(INK if written else MUTED)
            canv.drawString(left, base, item.text)
        elif item.kind == "bar":
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.5)
            canv.line(left, base - 1.5, left, base + TICK)
        elif item.kind == "line":
            _write_in(canv, spec, block=block, context=context, x=left, base=base,
                      width=item.width)
        elif item.kind == "combo":
            _combo(canv, spec, block=block, context=context, x=left, y=base - 2.2,
                   width=item.width, value=chosen)
        else:  # a fillable check box
            checked = bool(chosen) if chosen is not None else spec.default is True
            canv.acroForm.checkbox(
                name=context.name(block.unit_id, spec.name), checked=checked, x=left,
                y=base - 1, size=TICK + 1.5, fieldFlags="", buttonStyle="check",
                borderWidth=0.5, borderColor=RULE, fillColor=FIELD_FILL, textColor=INK,
                relative=True, tooltip=f"{block.name}: {spec.label}")
            canv.setFont(FONT, WORD_SIZE)
            canv.setFillColor(INK)
            canv.drawString(left + TICK + 1.5 + TICK_GAP, base, item.text)


def _tick(canv: Canvas, x: float, base: float, ticked: bool) -> None:
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.5)
    canv.rect(x, base - 0.8, TICK, TICK, stroke=1, fill=0)
    if ticked:
        canv.setStrokeColor(INK)
        canv.setLineWidth(1.1)
        canv.line(x + 1.2, base + 2.2, x + 2.7, base + 0.6)
        canv.line(x + 2.7, base + 0.6, x + TICK - 0.6, base + TICK - 1.4)


def _write_in(canv: Canvas, spec: FieldSpec, *, block: UnitBlock, context: SheetContext,
              x: float, base: float, width: float) -> None:
    value = _chosen(block, spec)
    text = "" if value is None else str(value)
    if context.fillable:
        field: dict[str, object] = {
            "name": context.name(block.unit_id, spec.name), "value": latin1(text), "x": x,
            "y": base - 2.2, "width": width, "height": COMBO_HEIGHT, "relative": True,
            "fontName": "Helvetica", "fontSize": 7, "maxlen": 200, "borderWidth": 0.5,
            "borderColor": RULE, "fillColor": FIELD_FILL, "textColor": INK,
            "tooltip": f"{block.name}: {spec.label}"}
        if spec.kind is FieldKind.NUMBER:
            number_field(canv, **field)
        else:
            canv.acroForm.textfield(**field)
        return
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.5)
    canv.line(x, base - 1.2, x + width, base - 1.2)
    if text:
        canv.setFont(FONT_ITALIC, WORD_SIZE + 0.5)
        canv.setFillColor(INK)
        canv.drawString(x + 2, base, fit(text, FONT_ITALIC, WORD_SIZE + 0.5, width - 4))


def _combo(canv: Canvas, spec: FieldSpec, *, block: UnitBlock, context: SheetContext,
           x: float, y: float, width: float, value: object) -> None:
    empty = empty_label(spec)
    choices = [str(c) for c in spec.choices if c]
    options: list[tuple[str, str]] = [(empty, "")] + [
        (latin1(_word(block, c)), c) for c in choices]
    chosen = empty if value is None else str(value)
    if chosen != empty and chosen not in choices:
        options.append((latin1(chosen), chosen))  # an odd stored value still shows
    canv.acroForm.choice(
        name=context.name(block.unit_id, spec.name), value=chosen, options=options, x=x,
        y=y, width=width, height=COMBO_HEIGHT, fontName="Helvetica", fontSize=7,
        borderWidth=0.5, borderColor=RULE, fillColor=FIELD_FILL, textColor=INK,
        relative=True, tooltip=f"{block.name}: {spec.label}")
