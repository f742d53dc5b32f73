"""One unit's block on a players' sheet: its name and state, the order, the choices now.

Compact and full width: a shaded band with the unit's name, its state in the
players' words and its kind; under it, on the left, the order as the MAIN
writing space, and on the
right the rule fields that apply to this unit now, as tick boxes on paper or
as drop-down lists and check boxes on a fillable sheet. No clause ids, no
findings, no status: that is the umpire's copy (:mod:`desk.sheets.unit_block`).

The layout is worked out once in :meth:`PlayerBlockFlowable.wrap`
(:mod:`desk.sheets.player_choices` places the choices) and drawn in
:meth:`draw`; a block never splits over a page.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from desk.i18n import _
from desk.services.printing import vocabulary
from desk.services.printing.formfields import VERBATIM
from desk.services.printing.viewmodels import UnitBlock
from desk.sheets.field_cells import SheetContext, fit, latin1
from desk.sheets.player_choices import (
    Placed,
    draw_placed,
    place_choices,
    row_height,
)
from desk.sheets.style import (
    ACCENT,
    FIELD_FILL,
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    INK,
    MUTED,
    RULE,
    SHADE,
)

PAD = 1.6 * mm
BAND = 5.0 * mm
GUTTER = 3.2 * mm
CHOICES_WIDTH = 100 * mm  # the right-hand zone; the order takes the rest of the width
MIN_ORDER_BOX = 13.2 * mm  # three lines of handwriting at the least
MIN_TYPED_BOX = 15.5 * mm  # four typed lines: the drop-downs leave the room
ORDER_SIZE = 8.5  # the order as entered, on a filled sheet
STATE_SIZE = 7.4
STATE_LEAD = 9.0


class PlayerBlockFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """A unit's block on a players' sheet; form fields when the sheet is fillable."""

    def __init__(self, block: UnitBlock, context: SheetContext) -> None:
        super().__init__()
        self.block = block
        self.context = context
        self.width: float = 0.0
        self.height: float = 0.0
        self._placed: list[Placed] = []
        self._body = self._used = 0.0
        self._kind = self._name = ""
        self._state: list[str] = []
        self._note = ""
        self._in_band = True
        self._below = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Lay the block out for the frame's width; its height follows."""
        if self.width != avail_width or not self._body:
            self.width = w = avail_width
            self._placed, rows = place_choices(self.block.fields, block=self.block,
                                               fillable=self.context.fillable,
                                               width=CHOICES_WIDTH)
            fillable = self.context.fillable
            self._used = rows * row_height(fillable=fillable)
            self._body = max(self._used, MIN_TYPED_BOX if fillable else MIN_ORDER_BOX)
            block = self.block
            # The name is what tells two units apart ("Md Foot Bty (1. Brigade)"): it takes
            # up to three fifths of the band before the kind and command give way.
            self._name = fit(block.name, FONT_BOLD, 9.5, w * 0.62)
            kind_room = min(w * 0.34, max(w * 0.2, w - 2 * PAD - 9 * mm
                                          - stringWidth(self._name, FONT_BOLD, 9.5)))
            self._kind = fit(f"{_kind(block)} · {block.command}" if block.command
                             else _kind(block), FONT, 6.8, kind_room)
            state = ", ".join(block.state_lines)
            room = (w - 2 * PAD - 5.5 * mm - stringWidth(self._name, FONT_BOLD, 9.5)
                    - stringWidth(self._kind, FONT, 6.8))
            # A long state ("charged in bound 1: may charge from bound 6, …") is never
            # cut short: it gets lines of its own under the band.
            self._in_band = stringWidth(state, FONT_ITALIC, STATE_SIZE) <= room
            self._state = [state] if self._in_band else simpleSplit(
                state, FONT_ITALIC, STATE_SIZE, w - 2 * PAD)
            # A subordinate's unit on a commander's sheet: one line, under the band, says
            # its order goes by courier.
            self._note = fit(block.courier_note, FONT_ITALIC, STATE_SIZE, w - 2 * PAD)
            lines = (0 if self._in_band else len(self._state)) + (1 if self._note else 0)
            self._below = lines * STATE_LEAD + 1.2 * mm if lines else 0.0
        self.height = BAND + 2 * PAD + self._body + self._below
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Never split: the whole block moves to the next page."""
        return []

    def draw(self) -> None:
        """Draw the block at the flowable's origin (its bottom-left corner)."""
        canv, block = self.canv, self.block
        w, h = self.width, self.height
        canv.saveState()
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.6)
        canv.setFillColor(SHADE)
        canv.rect(0, h - BAND, w, BAND, stroke=0, fill=1)
        canv.rect(0, 0, w, h, stroke=1, fill=0)
        self._draw_band(w, h)
        top = h - BAND - PAD - self._below
        order_width = w - 2 * PAD - CHOICES_WIDTH - GUTTER
        self._draw_order(PAD, top, order_width)
        choices_x = w - PAD - CHOICES_WIDTH
        canv.setStrokeColor(SHADE)
        canv.setLineWidth(0.8)
        canv.line(choices_x - GUTTER / 2, top, choices_x - GUTTER / 2, PAD)
        # Fewer choices than the order box is tall: they sit in the middle of its height.
        draw_placed(canv, self._placed, block=block, context=self.context, x=choices_x,
                    top=top - (self._body - self._used) / 2)
        canv.restoreState()

    def _draw_band(self, w: float, h: float) -> None:
        canv = self.canv
        base = h - BAND + 1.7 * mm
        canv.setFont(FONT, 6.8)
        canv.setFillColor(MUTED)
        canv.drawRightString(w - PAD, base, self._kind)
        canv.setFont(FONT_BOLD, 9.5)
        canv.setFillColor(INK)
        canv.drawString(PAD, base, self._name)
        canv.setFont(FONT_ITALIC, STATE_SIZE)
        canv.setFillColor(ACCENT)
        y = h - BAND - 0.6 * mm
        if self._in_band:
            x = PAD + stringWidth(self._name, FONT_BOLD, 9.5) + 2.5 * mm
            canv.drawString(x, base, self._state[0])
        else:
            for line in self._state:
                y -= STATE_LEAD
                canv.drawString(PAD, y + 1.5, line)
        if self._note:
            canv.setFillColor(MUTED)
            canv.drawString(PAD, y - STATE_LEAD + 1.5, self._note)

    def _draw_order(self, x: float, top: float, width: float) -> None:
        canv, block, ctx = self.canv, self.block, self.context
        box = self._body
        if ctx.fillable:
            canv.acroForm.textfield(
                name=ctx.name(block.unit_id, VERBATIM), value=latin1(block.verbatim), x=x,
                y=top - box, width=width, height=box, relative=True,
                fieldFlags="multiline", maxlen=0, fontName="Helvetica", fontSize=9,
                borderWidth=0.5, borderColor=RULE, fillColor=FIELD_FILL, textColor=INK,
                tooltip=_("{unit}: the order in your own words").format(unit=block.name))
            return
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.rect(x, top - box, width, box, stroke=1, fill=0)
        canv.setFont(FONT, 5.6)
        canv.setFillColor(MUTED)
        canv.drawString(x + 1.5, top - 6, _("Order"))
        lines = simpleSplit(block.verbatim, FONT_ITALIC, ORDER_SIZE, width - 6)
        canv.setFont(FONT_ITALIC, ORDER_SIZE)
        canv.setFillColor(INK)
        if ctx.mode.with_orders and not lines:
            lines = [_("(no order written)") if block.values is None else _("(no words written)")]
            canv.setFillColor(MUTED)
        for index, line in enumerate(lines[:int((box - 6) // (ORDER_SIZE + 2))]):
            canv.drawString(x + 3, top - 14 - index * (ORDER_SIZE + 2), line)


def _kind(block: UnitBlock) -> str:
    return vocabulary.kind(block.unit_type or block.arm)
