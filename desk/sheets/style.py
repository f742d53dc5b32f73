"""What every desk document shares: bundled fonts, one stylesheet, colours, page hooks.

Follows the pretix invoice renderer: page geometry in mm as class attributes of
the renderer, one named stylesheet, bundled TTF fonts (so "Général de brigade
Pelet" and "Großbeeren" print the same everywhere), header and footer hooks,
and "Page X of Y" — the total is a PDF form XObject drawn once at the end and
referenced from every page, so a document is laid out in one pass, not two.
"""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from desk import __version__
from desk.i18n import N_, _
from desk.resources import fonts_dir
from desk.services.printing.errors import FontsMissingError
from desk.services.printing.viewmodels import Paper

FONT = "DeskSans"
FONT_BOLD = "DeskSans-Bold"
FONT_ITALIC = "DeskSans-Oblique"
FONT_BOLD_ITALIC = "DeskSans-BoldOblique"
FONT_TITLE = "DeskSerif-Bold"
_FONT_FILES = {
    FONT: "DejaVuSans.ttf",
    FONT_BOLD: "DejaVuSans-Bold.ttf",
    FONT_ITALIC: "DejaVuSans-Oblique.ttf",
    FONT_BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
    FONT_TITLE: "DejaVuSerif-Bold.ttf",
}

INK = colors.HexColor("#1d1d1b")
MUTED = colors.HexColor("#6b6b66")
RULE = colors.HexColor("#9a9a94")
SHADE = colors.HexColor("#ecebe4")
ACCENT = colors.HexColor("#24406b")  # the desk's blue: headers, table heads
ERROR = colors.HexColor("#a4161a")
WARNING = colors.HexColor("#9a6700")
FIELD_FILL = colors.HexColor("#f4f6fb")

_TOTAL_FORM = "deskPageTotal"


def register_fonts() -> None:
    """Register the bundled TTF fonts with reportlab once per process."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = fonts_dir()
    for name, filename in _FONT_FILES.items():
        path = folder / filename
        if not path.is_file():
            raise FontsMissingError(_("the bundled font {filename} is missing from "
                                      "{folder}").format(
                                        filename=filename, folder=folder))
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD_ITALIC
    )


def stylesheet(base: float = 9.0) -> StyleSheet1:
    """The desk's one stylesheet, scaled from a base size in points."""
    register_fonts()  # paragraphs resolve their font family when they are made
    sheet = StyleSheet1()
    lead = base * 1.25
    sheet.add(ParagraphStyle("body", fontName=FONT, fontSize=base, leading=lead,
                             textColor=INK, alignment=TA_LEFT))
    sheet.add(ParagraphStyle("title", parent=sheet["body"], fontName=FONT_TITLE,
                             fontSize=base * 1.9, leading=base * 2.3, textColor=ACCENT,
                             spaceAfter=base * 0.4))
    sheet.add(ParagraphStyle("heading", parent=sheet["body"], fontName=FONT_BOLD,
                             fontSize=base * 1.2, leading=base * 1.5, textColor=ACCENT,
                             spaceBefore=base * 0.9, spaceAfter=base * 0.35))
    sheet.add(ParagraphStyle("cell", parent=sheet["body"], fontSize=base * 0.92,
                             leading=base * 1.12))
    sheet.add(ParagraphStyle("cellhead", parent=sheet["cell"], fontName=FONT_BOLD,
                             textColor=colors.white))
    sheet.add(ParagraphStyle("small", parent=sheet["body"], fontSize=base * 0.82,
                             leading=base * 1.02, textColor=MUTED))
    sheet.add(ParagraphStyle("note", parent=sheet["body"], fontSize=base * 0.9,
                             leading=base * 1.12, leftIndent=base * 4.2,
                             firstLineIndent=-base * 4.2))
    return sheet


def page_size(paper: Paper, *, landscape_: bool = False) -> tuple[float, float]:
    """The page size in points for a paper size, portrait unless asked."""
    size: tuple[float, float] = A4 if paper is Paper.A4 else LETTER
    if landscape_:
        wide, high = landscape(size)
        return float(wide), float(high)
    return size


class _TotalPagesCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types
    """A canvas that draws the page total once, at the end, into a shared form."""

    def save(self) -> None:
        total = max(self.getPageNumber() - 1, 1)
        self.beginForm(_TOTAL_FORM)
        self.setFont(FONT, 7.5)
        self.setFillColor(MUTED)
        self.drawString(0, 0, str(total))
        self.endForm()
        super().save()


class Renderer:
    """Base of the desk's renderers: page geometry, header and footer, build to bytes.

    A subclass sets the geometry class attributes, fills :meth:`header_text`
    and builds its story; :meth:`build` returns the PDF bytes. Output is
    byte-identical for the same model (reportlab's invariant mode).
    """

    margin_left_mm = 14.0
    margin_right_mm = 14.0
    margin_top_mm = 21.0  # the header sits in this band
    margin_bottom_mm = 14.0
    landscape = False
    document_kind = N_("document")
    page_count = 0  # pages of the last document built

    def header_text(self) -> tuple[str, str]:
        """(left, right) header strings for the page being drawn; override."""
        return ("", "")

    def _draw_page(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        width, height = doc.pagesize
        left = self.margin_left_mm * mm
        right = width - self.margin_right_mm * mm
        top = height - 10 * mm
        head_left, head_right = self.header_text()
        canv.saveState()
        canv.setFont(FONT_BOLD, 10)
        canv.setFillColor(ACCENT)
        canv.drawString(left, top, head_left)
        canv.setFont(FONT, 8.5)
        canv.setFillColor(INK)
        canv.drawRightString(right, top, head_right)
        canv.setStrokeColor(ACCENT)
        canv.setLineWidth(0.8)
        canv.line(left, top - 2.2 * mm, right, top - 2.2 * mm)
        bottom = 7 * mm
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.4)
        canv.line(left, bottom + 3.2 * mm, right, bottom + 3.2 * mm)
        canv.setFont(FONT, 7.5)
        canv.setFillColor(MUTED)
        canv.drawString(left, bottom, f"Umpire's Desk {__version__} · {_(self.document_kind)}")
        label = _("Page {page} of ").format(page=doc.page)
        # The total is unknown until the end: leave room for four digits.
        x = right - pdfmetrics.stringWidth("0000", FONT, 7.5) - pdfmetrics.stringWidth(
            label, FONT, 7.5)
        canv.drawString(x, bottom, label)
        canv.translate(x + pdfmetrics.stringWidth(label, FONT, 7.5), bottom)
        canv.doForm(_TOTAL_FORM)
        canv.restoreState()

    def build(self, story: Sequence[Flowable], *, paper: Paper, title: str,
              subject: str = "", keywords: str = "") -> bytes:
        """Lay the story out on pages with this renderer's header and footer."""
        register_fonts()
        size = page_size(paper, landscape_=self.landscape)
        buffer = BytesIO()
        doc = BaseDocTemplate(
            buffer, pagesize=size, invariant=1, title=title, author="Umpire's Desk",
            creator=f"Umpire's Desk {__version__}", subject=subject, keywords=keywords,
            leftMargin=self.margin_left_mm * mm, rightMargin=self.margin_right_mm * mm,
            topMargin=self.margin_top_mm * mm, bottomMargin=self.margin_bottom_mm * mm,
        )
        doc.addPageTemplates(self.page_templates(doc))
        doc.build(list(story), canvasmaker=_TotalPagesCanvas)
        self.page_count = int(doc.page)
        return buffer.getvalue()

    def page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        """The page layouts; one frame between the margins unless a subclass says more."""
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
        return [PageTemplate(id="page", frames=[frame], onPage=self._draw_page)]

    def frame_width(self, paper: Paper) -> float:
        """The usable width in points between the margins."""
        width = page_size(paper, landscape_=self.landscape)[0]
        return float(width - (self.margin_left_mm + self.margin_right_mm) * mm)

    def frame_height(self, paper: Paper) -> float:
        """The usable height in points between the header and footer bands."""
        height = page_size(paper, landscape_=self.landscape)[1]
        return float(height - (self.margin_top_mm + self.margin_bottom_mm) * mm)


def escape(text: Any) -> str:
    """Text made safe for a reportlab Paragraph (which reads a little XML)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
