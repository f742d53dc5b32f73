"""The umpire's quick-reference chart: one landscape page per rules system.

It prints a :class:`~desk.rules.base.Chart` exactly as a rules module's
``chart()`` built it — never retyped — so the chart beside the table cannot
disagree with the desk. Wide tables (too wide for half the page) run across it;
narrower ones and the notes flow through two balanced columns; then the
campaign's house rules. The type is shrunk step by step until the chart fits
one page (a very long chart is allowed a second page at the smallest size).
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import StyleSheet1
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from desk.i18n import N_, _
from desk.rules import SYSTEM_NAMES
from desk.rules.base import ChartTable
from desk.services.printing.viewmodels import ChartModel
from desk.sheets.style import ACCENT, FONT, FONT_BOLD, RULE, SHADE, Renderer, escape, stylesheet

NARROW_SLACK = 1.2  # a table whose text is this much wider than a column wraps badly
SIZES = (9.0, 8.3, 7.6, 7.0, 6.4)  # base type sizes tried, largest first
CELL_PAD = 3.0
KEEP_WHOLE = 6  # tables of this many rows or fewer are never split between columns


def natural_width(table: ChartTable, size: float) -> float:
    """The width a table would take with no cell wrapped."""
    total = 0.0
    for index, column in enumerate(table.columns):
        texts = [row[index] if index < len(row) else "" for row in table.rows]
        total += max([stringWidth(t, FONT, size) for t in texts]
                     + [stringWidth(column, FONT_BOLD, size)]) + 2 * CELL_PAD
    return total


def column_widths(table: ChartTable, total: float, size: float) -> list[float]:
    """Share ``total`` among the columns by the length of what they hold."""
    natural: list[float] = []
    floor: list[float] = []
    for index, column in enumerate(table.columns):
        texts = [row[index] if index < len(row) else "" for row in table.rows]
        longest = max([stringWidth(t, FONT, size) for t in texts]
                      + [stringWidth(column, FONT_BOLD, size)])
        words = [w for t in [*texts, column] for w in t.split()] or [""]
        floor.append(max(stringWidth(w, FONT_BOLD, size) for w in words) + 2 * CELL_PAD + 2)
        natural.append(min(longest + 2 * CELL_PAD, total * 0.45))
    if sum(natural) <= total:  # room to spare: widen in proportion
        return [w * total / sum(natural) for w in natural]
    spare = total - sum(floor)
    if spare <= 0:
        return [w * total / sum(floor) for w in floor]
    extra = [max(n - f, 0.0) for n, f in zip(natural, floor, strict=True)]
    scale = spare / sum(extra) if sum(extra) else 0.0
    return [f + e * scale for f, e in zip(floor, extra, strict=True)]


def table_flowables(table: ChartTable, width: float, styles: StyleSheet1) -> list[Flowable]:
    """One chart table, its title as a first row (so the table may break between
    columns or pages anywhere, title and header repeated), its note as a last row
    kept with the row above it (so a note never lands in another column alone)."""
    size = styles["cell"].fontSize
    cell, head = styles["cell"], styles["cellhead"]
    span = len(table.columns)
    data: list[list[object]] = [[Paragraph(escape(table.title), styles["heading"])]
                                + [""] * (span - 1)]
    data.append([Paragraph(escape(c), head) for c in table.columns])
    data += [[Paragraph(escape(v), cell) for v in row] for row in table.rows]
    last = len(data) - 1  # the last row of the grid itself
    if table.note:
        data.append([Paragraph(escape(table.note), styles["small"])] + [""] * (span - 1))
    grid = Table(data, colWidths=column_widths(table, width, size), repeatRows=2,
                 hAlign="LEFT")
    commands: list[tuple[object, ...]] = [
        ("SPAN", (0, 0), (-1, 0)),
        ("LEFTPADDING", (0, 0), (-1, 0), 0),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 1.5),
        ("BACKGROUND", (0, 1), (-1, 1), ACCENT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 1), (-1, last), 0.3, RULE),
        ("BOX", (0, 1), (-1, last), 0.5, RULE),
        ("LEFTPADDING", (0, 1), (-1, last), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 1), (-1, last), 0.9),
        ("BOTTOMPADDING", (0, 1), (-1, last), 1.7),
    ]
    if table.note:
        commands += [("SPAN", (0, -1), (-1, -1)), ("LEFTPADDING", (0, -1), (-1, -1), 0),
                     ("TOPPADDING", (0, -1), (-1, -1), 1), ("BOTTOMPADDING", (0, -1), (-1, -1), 0),
                     ("NOSPLIT", (0, last), (-1, -1))]
    if len(table.rows) <= KEEP_WHOLE:  # a short table split leaves one row stranded
        commands.append(("NOSPLIT", (0, 0), (-1, -1)))
    else:  # a longer one: at least two rows under the title before a break
        commands.append(("NOSPLIT", (0, 0), (-1, 3)))
    commands += [("BACKGROUND", (0, r), (-1, r), SHADE) for r in range(3, last + 1, 2)]
    grid.setStyle(TableStyle(commands))
    return [grid]


class ChartSheet(Renderer):
    """Renders a :class:`ChartModel` to PDF bytes: ``ChartSheet().render(model)``."""

    landscape = True
    margin_left_mm = 12.0
    margin_right_mm = 12.0
    margin_top_mm = 18.0
    margin_bottom_mm = 13.0
    gutter_mm = 7.0
    document_kind = N_("quick reference")

    def __init__(self) -> None:
        self._model: ChartModel | None = None
        self.base_size = SIZES[0]
        self._top_height = 0.0

    def _height_of(self, flowables: list[Flowable], width: float, model: ChartModel) -> float:
        """How tall the full-width band is (capped at the page: more flows on)."""
        total = 0.0
        for flowable in flowables:
            total += flowable.wrap(width, 10_000)[1] + flowable.getSpaceBefore()
            total += flowable.getSpaceAfter()
        return min(total + 2, self.frame_height(model.paper))

    def page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        """First page: a full-width band, then two columns; later pages: two columns."""
        gutter = self.gutter_mm * mm
        half = (doc.width - gutter) / 2
        pad = {"leftPadding": 0, "rightPadding": 0, "topPadding": 0, "bottomPadding": 0}
        band = self._top_height
        below = doc.height - band

        def columns(height: float, tag: str) -> list[Frame]:
            return [Frame(doc.leftMargin, doc.bottomMargin, half, height, id=f"{tag}l", **pad),
                    Frame(doc.leftMargin + half + gutter, doc.bottomMargin, half, height,
                          id=f"{tag}r", **pad)]

        first = [Frame(doc.leftMargin, doc.bottomMargin + below, doc.width, band, id="band",
                       **pad), *columns(below, "first")]
        return [PageTemplate(id="first", frames=first, onPage=self._draw_page,
                             autoNextPageTemplate="later"),
                PageTemplate(id="later", frames=columns(doc.height, "later"),
                             onPage=self._draw_page)]

    def header_text(self) -> tuple[str, str]:
        """The rules system on the left, the campaign (if any) on the right."""
        if self._model is None:
            return ("", "")
        system = SYSTEM_NAMES.get(self._model.chart.system, self._model.chart.system)
        return (f"{system} — quick reference", self._model.campaign_name)

    def render(self, model: ChartModel) -> bytes:
        """The chart as PDF bytes, on one page when the type can be made to fit."""
        self._model = model
        try:
            pdf = b""
            for size in SIZES:
                self.base_size = size
                pdf = self.build(self._story(model, size), paper=model.paper,
                                 title=model.chart.title, subject="quick-reference chart",
                                 keywords=f"umpires-desk chart {model.chart.system}")
                if self.page_count == 1:
                    break
            return pdf
        finally:
            self._model = None

    def _story(self, model: ChartModel, size: float) -> list[Flowable]:
        styles = stylesheet(size)
        width = self.frame_width(model.paper)
        half = (width - self.gutter_mm * mm) / 2
        chart = model.chart
        # The title and the wide tables run across the top of the first page;
        # the narrow tables and the notes then flow down two columns.
        top: list[Flowable] = [Paragraph(escape(chart.title), styles["title"])]
        narrow: list[Flowable] = []
        for table in chart.tables:
            if natural_width(table, styles["cell"].fontSize) > half * NARROW_SLACK:
                top += table_flowables(table, width, styles)
            else:
                narrow += table_flowables(table, half, styles)
        if chart.notes:
            heading = Paragraph(_("Notes"), styles["heading"])
            heading.keepWithNext = True  # never alone at the foot of a column
            narrow.append(heading)
            narrow += [Paragraph(f"<b>{escape(c)}</b>  {escape(s)}", styles["note"])
                       for c, s in chart.notes]
        self._top_height = self._height_of(top, width, model)
        story = [*top, FrameBreak(), *narrow]
        story += self._house_rules(model, styles, half)
        return story

    def _house_rules(self, model: ChartModel, styles: StyleSheet1,
                     width: float) -> list[Flowable]:
        lines = model.chart.house_rules
        if not lines and not model.campaign_name:
            return []
        title = (_("House rules of {campaign}").format(campaign=model.campaign_name)
                 if model.campaign_name else _("House rules"))
        body = [Paragraph(escape(line), styles["cell"]) for line in lines] or [
            Paragraph(_("None: this campaign plays the numbers as printed."), styles["cell"])]
        box = Table([[body]], colWidths=[width], hAlign="LEFT")
        box.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.8, ACCENT),
                                 ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f3f5fa")),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 5),
                                 ("TOPPADDING", (0, 0), (-1, -1), 3),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
        return [Spacer(1, 1 * mm), Paragraph(escape(title), styles["heading"]), box]



