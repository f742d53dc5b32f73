"""One unit's block on an order sheet, drawn straight onto the canvas.

A block is a single flowable that never splits (a unit's order must not run
over a page break): a shaded band with the unit's name, its state, a grid of
the order's fields, the lines for the order as written and, in filled mode,
the findings. The layout is computed once in :meth:`UnitBlockFlowable.wrap`
and drawn in :meth:`draw` without platypus tables — it is the hot path of a
2,000-unit fillable sheet. The field cells live in :mod:`desk.sheets.field_cells`.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Flowable

from desk.i18n import _
from desk.rules.base import Finding, Severity
from desk.services.printing.formfields import VERBATIM
from desk.services.printing.viewmodels import UnitBlock
from desk.sheets import field_cells
from desk.sheets.field_cells import CellLayout, SheetContext, latin1
from desk.sheets.style import (
    ACCENT,
    ERROR,
    FIELD_FILL,
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    INK,
    MUTED,
    RULE,
    SHADE,
    WARNING,
)

PAD = 2.2 * mm
BAND = 6.2 * mm
SMALL = 7.2  # points: state lines, findings
SMALL_LEAD = 9.0
VERBATIM_LINES = 3
FILLABLE_VERBATIM_LINES = 2
LINE_GAP = 6.2 * mm
MAX_FINDINGS = 8  # more would not fit a page; the umpire's report lists them all


@dataclass(frozen=True)
class _Layout:
    state: list[str]
    note: str  # the one line of a subordinate's unit on a commander's sheet: by courier
    rows: list[list[CellLayout]]
    row_heights: list[float]
    verbatim: list[str]
    findings: list[tuple[Finding, list[str]]]
    status: str
    height: float


def finding_text(finding: Finding) -> str:
    """A finding as printed: its weight in words (the sheet may be printed in grey)."""
    weight = _("Error") if finding.severity is Severity.ERROR else _("Warning")
    message = finding.message
    if finding.clause and finding.clause not in message:
        message += f" ({finding.clause})"
    return f"{weight}: {message}"


class UnitBlockFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """A unit's order block; draws fillable fields when the sheet is fillable."""

    def __init__(self, block: UnitBlock, context: SheetContext) -> None:
        super().__init__()
        self.block = block
        self.context = context
        self.width: float = 0.0
        self.height: float = 0.0
        self._layout: _Layout | None = None

    def _compute(self, width: float) -> _Layout:
        ctx, block = self.context, self.block
        inner = width - 2 * PAD
        state = simpleSplit(" · ".join(block.state_lines) or "—", FONT_ITALIC, SMALL, inner)
        note = field_cells.fit(block.courier_note, FONT_ITALIC, SMALL, inner)
        rows = field_cells.pack(block, ctx, inner)
        row_heights = [max(cell.height for cell in row) for row in rows]
        filled = ctx.mode.with_orders
        verbatim: list[str] = []
        if filled and not ctx.fillable:
            verbatim = simpleSplit(block.verbatim or _("(no order written)"), FONT_ITALIC, 8.5,
                                   inner) or [""]
        findings = [(f, simpleSplit(finding_text(f), FONT, SMALL, inner - 12))
                    for f in block.findings[:MAX_FINDINGS]] if filled else []
        status = ""
        if filled:
            status = _(block.status) if block.status else _("no order: the rules' defaults apply")
            if block.override_reason:
                status += f" — overruled: {block.override_reason}"
        height = BAND + PAD + (len(state) + bool(note)) * SMALL_LEAD + PAD * 0.6
        height += sum(row_heights)
        height += 9 + (len(verbatim) * 11 if verbatim else self._verbatim_lines() * LINE_GAP)
        height += sum(len(lines) * SMALL_LEAD for _, lines in findings)
        height += SMALL_LEAD if status else 0
        height += PAD
        return _Layout(state, note, rows, row_heights, verbatim, findings, status, height)

    def _verbatim_lines(self) -> int:
        # Handwriting needs three lines; typing on a tablet, two (the box scrolls).
        return FILLABLE_VERBATIM_LINES if self.context.fillable else VERBATIM_LINES

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Lay the block out for the frame's width; its height follows."""
        if self._layout is None or self.width != avail_width:
            self.width = avail_width
            self._layout = self._compute(avail_width)
        self.height = self._layout.height
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Never split: the whole block moves to the next page."""
        return []

    def draw(self) -> None:
        """Draw the block at the flowable's origin (its bottom-left corner)."""
        layout = self._layout
        assert layout is not None  # wrap() always runs first
        canv, block, ctx = self.canv, self.block, self.context
        w, h = self.width, self.height
        canv.saveState()
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.6)
        canv.setFillColor(SHADE)
        canv.rect(0, h - BAND, w, BAND, stroke=0, fill=1)
        canv.rect(0, 0, w, h, stroke=1, fill=0)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 10)
        canv.drawString(PAD, h - BAND + 1.9 * mm, block.name)
        canv.setFont(FONT, 7.5)
        canv.setFillColor(MUTED)
        kind = block.unit_type.replace("-", " ") or block.arm
        canv.drawRightString(w - PAD, h - BAND + 2.0 * mm, f"{kind} · {block.command}")
        y = h - BAND - PAD - SMALL * 0.9
        canv.setFont(FONT_ITALIC, SMALL)
        canv.setFillColor(ACCENT)
        for line in layout.state:
            canv.drawString(PAD, y, line)
            y -= SMALL_LEAD
        if layout.note:
            canv.setFillColor(MUTED)
            canv.drawString(PAD, y, layout.note)
            y -= SMALL_LEAD
        y += SMALL_LEAD - SMALL * 0.3 - PAD * 0.6
        for row, row_height in zip(layout.rows, layout.row_heights, strict=True):
            for cell in row:
                field_cells.draw_cell(canv, cell, block=block, context=ctx, x=PAD + cell.x,
                                      top=y)
            y -= row_height
        self._draw_verbatim(layout, y, w)

    def _draw_verbatim(self, layout: _Layout, y: float, w: float) -> None:
        canv, block, ctx = self.canv, self.block, self.context
        canv.setFont(FONT_BOLD, 7)
        canv.setFillColor(INK)
        canv.drawString(PAD, y - 7, _("Order as written"))
        y -= 9
        if layout.verbatim:
            canv.setFont(FONT_ITALIC, 8.5)
            for line in layout.verbatim:
                canv.drawString(PAD, y - 8.5, line)
                y -= 11
        elif ctx.fillable:
            box = FILLABLE_VERBATIM_LINES * LINE_GAP
            canv.acroForm.textfield(
                name=ctx.name(block.unit_id, VERBATIM), value=latin1(block.verbatim), x=PAD,
                y=y - box + 1, width=w - 2 * PAD, height=box - 2, relative=True,
                fieldFlags="multiline", maxlen=0, fontName="Helvetica", fontSize=9,
                borderWidth=0.5, borderColor=RULE, fillColor=FIELD_FILL, textColor=INK,
                tooltip=_("{unit}: the order in your own words").format(unit=block.name))
            y -= box
        else:
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.4)
            for _line in range(VERBATIM_LINES):
                y -= LINE_GAP
                canv.line(PAD, y + 1.2 * mm, w - PAD, y + 1.2 * mm)
        for finding, lines in layout.findings:
            colour = ERROR if finding.severity is Severity.ERROR else WARNING
            canv.setFillColor(colour)
            canv.circle(PAD + 2.5, y - SMALL_LEAD + 3.3, 2.1, stroke=0, fill=1)
            canv.setFont(FONT, SMALL)
            for line in lines:
                y -= SMALL_LEAD
                canv.drawString(PAD + 9, y + 1, line)
        if layout.status:
            y -= SMALL_LEAD
            canv.setFont(FONT_ITALIC, SMALL)
            canv.setFillColor(MUTED)
            canv.drawString(PAD, y + 1, _("Status: {status}").format(status=layout.status))
        canv.restoreState()
