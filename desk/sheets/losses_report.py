"""The losses report of a battle: a chart of each side's strength over the bounds, then the
losses by side, by command and bound, and the units that came on or went off the table.

For the umpire (it shows both sides). The chart is reportlab's own graphics
(:mod:`reportlab.graphics.charts`), a line per side, drawn into the PDF as
vectors: no image library, and the same bytes for the same model.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.linecharts import HorizontalLineChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.styles import StyleSheet1
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, LongTable, Paragraph, Spacer, TableStyle

from desk.i18n import N_, _
from desk.services.condition.losses_view import LossesModel
from desk.sheets.style import (
    ACCENT,
    FONT,
    FONT_BOLD,
    INK,
    RULE,
    SHADE,
    Renderer,
    escape,
    stylesheet,
)

# One colour per side, in the order the sides are listed (more sides reuse them).
_LINE_COLOURS = (colors.HexColor("#24406b"), colors.HexColor("#a4161a"),
                 colors.HexColor("#2d6a4f"), colors.HexColor("#9a6700"))
_WHAT = {"arrived": N_("arrived"), "destroyed": N_("destroyed"), "captured": N_("captured"),
         "left-table": N_("left the table")}


def _grid(data: list[list[object]], widths: list[float]) -> LongTable:
    table = LongTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style: list[tuple[object, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
        ("BOX", (0, 0), (-1, -1), 0.5, RULE), ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white), ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
        ("FONTNAME", (0, 1), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), 7.6),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
    style += [("BACKGROUND", (0, r), (-1, r), SHADE) for r in range(2, len(data), 2)]
    table.setStyle(TableStyle(style))
    return table


class LossesReport(Renderer):
    """Renders a :class:`LossesModel` to PDF bytes: ``LossesReport().render(model)``."""

    margin_left_mm = 13.0
    margin_right_mm = 13.0
    landscape = True  # a column per bound: a long battle needs the width
    document_kind = N_("losses report (umpire only)")

    def __init__(self) -> None:
        self._model: LossesModel | None = None

    def header_text(self) -> tuple[str, str]:
        """Campaign on the left, battle on the right."""
        model = self._model
        return ("", "") if model is None else (
            _("{campaign} · losses").format(campaign=model.campaign_name), model.battle)

    def render(self, model: LossesModel) -> bytes:
        """The report as PDF bytes, the same bytes for the same model."""
        self._model = model
        try:
            return self.build(self._story(model), paper=model.paper,
                              title=_("Losses — {battle}").format(battle=model.battle),
                              subject=_("losses report"), keywords="umpires-desk losses")
        finally:
            self._model = None

    def _story(self, model: LossesModel) -> list[Flowable]:
        styles = stylesheet(8.4)
        width = self.frame_width(model.paper)
        unit = _(model.casualty_unit)
        story: list[Flowable] = [
            Paragraph(escape(_("Losses — {battle}").format(battle=model.battle)),
                      styles["title"]),
            Paragraph(escape(f"{model.campaign_name} · {model.rules_name} · "
                             + _("in {unit}").format(unit=unit)), styles["body"]),
            Paragraph(escape(_("Strength on the table at the start of each bound")),
                      styles["heading"]),
            self.chart(model, width=width, height=62 * mm),
            Paragraph(escape(_("Losses by side and bound")), styles["heading"]),
            self._by_bound(model, [(s.side, s.losses, s.total) for s in model.sides], width,
                           styles, first=_("Side")),
        ]
        for side, rows in groupby(model.commands, key=lambda c: c.side):
            story.append(Paragraph(escape(_("Losses by command — {side}").format(side=side)),
                                   styles["heading"]))
            # Indented under the command above: a corps' row is the sum of the rows below.
            story.append(self._by_bound(model, [("\u00a0" * 3 * c.depth + c.command, c.losses,
                                                  c.total) for c in rows],
                                        width, styles, first=_("Command")))
        if model.events:
            story.append(Paragraph(escape(_("On and off the table")), styles["heading"]))
            data: list[list[object]] = [[Paragraph(escape(h), styles["cellhead"]) for h in (
                _("Bound"), _("Side"), _("Unit"), _("What"))]]
            data += [[str(e.bound), escape(e.side), Paragraph(escape(e.unit), styles["cell"]),
                      escape(_(_WHAT.get(e.what, e.what)))] for e in model.events]
            story.append(_grid(data, [width * f for f in (0.08, 0.18, 0.44, 0.30)]))
        story.append(Spacer(1, 2 * mm))
        return story

    def _by_bound(self, model: LossesModel, rows: Sequence[tuple[str, Sequence[int], int]],
                  width: float, styles: StyleSheet1, *, first: str) -> Flowable:
        head = styles["cellhead"]
        shown = model.bounds[-40:]  # a very long battle: its last 40 bounds, and the total
        skip = len(model.bounds) - len(shown)
        data: list[list[object]] = [[Paragraph(escape(first), head), *[str(b) for b in shown],
                                     _("Total")]]
        data += [[Paragraph(escape(name), styles["cell"]), *[str(v) for v in losses[skip:]],
                  str(total)] for name, losses, total in rows]
        name_width = width * 0.22
        cell = (width - name_width) / (len(shown) + 1)
        return _grid(data, [name_width, *[cell] * (len(shown) + 1)])

    @staticmethod
    def chart(model: LossesModel, *, width: float, height: float) -> Drawing:
        """Each side's strength on the table over the bounds, one line per side."""
        drawing = Drawing(width, height)
        plot = HorizontalLineChart()
        plot.x, plot.y = 12 * mm, 9 * mm
        plot.width, plot.height = width - 60 * mm, height - 16 * mm
        plot.data = [list(s.strength) or [0] for s in model.sides] or [[0]]
        plot.categoryAxis.categoryNames = list(model.columns) or ["1"]
        plot.categoryAxis.labels.fontName = plot.valueAxis.labels.fontName = FONT
        plot.categoryAxis.labels.fontSize = plot.valueAxis.labels.fontSize = 7
        step = max(1, len(model.columns) // 25)  # at most ~25 bound labels under the axis
        plot.categoryAxis.categoryNames = [c if i % step == 0 or i == len(model.columns) - 1
                                           else "" for i, c in enumerate(model.columns)]
        top = max((max(s.strength) for s in model.sides if s.strength), default=0)
        low = min((min(s.strength) for s in model.sides if s.strength), default=0)
        # The axis starts a little under the weakest side, so that losses show as a slope.
        plot.valueAxis.valueMin = max(0, int(low * 0.8) // 10 * 10)
        plot.valueAxis.valueMax = max(plot.valueAxis.valueMin + 10, int(top * 1.05) + 1)
        plot.valueAxis.visibleGrid = True
        plot.valueAxis.gridStrokeColor = colors.HexColor("#dddddd")
        for i in range(len(model.sides)):
            plot.lines[i].strokeColor = _LINE_COLOURS[i % len(_LINE_COLOURS)]
            plot.lines[i].strokeWidth = 1.6
        drawing.add(plot)
        legend = Legend()
        legend.x, legend.y = width - 44 * mm, height - 10 * mm
        legend.fontName, legend.fontSize = FONT, 8
        legend.colorNamePairs = [(_LINE_COLOURS[i % len(_LINE_COLOURS)],
                                  f"{s.side}: {s.strength[-1] if s.strength else 0}")
                                 for i, s in enumerate(model.sides)]
        drawing.add(legend)
        drawing.add(String(2, height - 4 * mm, _(model.casualty_unit), fontName=FONT,
                           fontSize=7, fillColor=INK))
        return drawing
