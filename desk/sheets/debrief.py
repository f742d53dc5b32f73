"""The umpire's debrief of a bound (issue 31): each headquarters' belief against the truth.

One section a headquarters: a line of how much of it is wrong, then its units one a row
(the news it has, what it believes, what is true, what differs), the rows that differ
shaded and their difference in the desk's red, so the umpire's eye goes to them first.
Landscape: four columns of places and states read side by side.
"""

from __future__ import annotations

from reportlab.lib.styles import StyleSheet1
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, LongTable, Paragraph, Spacer, TableStyle

from desk.i18n import N_, _, ngettext
from desk.services.knowledge.debrief import DebriefModel, DebriefRow, HeadquartersDebrief
from desk.sheets.style import (
    ACCENT,
    ERROR,
    FONT,
    FONT_BOLD,
    RULE,
    SHADE,
    Renderer,
    escape,
    stylesheet,
)

_WORDS = {"place": N_("place"), "formation": N_("formation"), "strength": N_("strength"),
          "no news": N_("no news")}


class DebriefSheet(Renderer):
    """Renders a :class:`DebriefModel` to PDF bytes."""

    document_kind = N_("debrief")
    landscape = True

    def __init__(self) -> None:
        self._model: DebriefModel | None = None

    def header_text(self) -> tuple[str, str]:
        """Campaign on the left, the bound on the right (umpire only)."""
        model = self._model
        return ("", "") if model is None else (
            model.campaign, _("debrief · bound {bound} · umpire only").format(bound=model.bound))

    def render(self, model: DebriefModel) -> bytes:
        """The debrief as PDF bytes."""
        self._model = model
        try:
            title = _("What each headquarters knew — bound {bound}").format(bound=model.bound)
            return self.build(self._story(model), paper=model.paper, title=title,
                              subject=_("debrief"), keywords="umpires-desk debrief")
        finally:
            self._model = None

    def _story(self, model: DebriefModel) -> list[Flowable]:
        styles = stylesheet(8.0)
        story: list[Flowable] = [
            Paragraph(escape(_("What each headquarters knew — bound {bound}").format(
                bound=model.bound)), styles["title"]),
            Paragraph(escape(_("{battle}, {time}. Each headquarters' belief of the units "
                               "under it, from the reports that reached it, against where "
                               "they stood and how they were.").format(
                battle=model.battle, time=model.game_time)), styles["body"]),
        ]
        if not model.headquarters:
            story.append(Paragraph(escape(_(
                "No headquarters has units under it beyond its own: there is nothing to "
                "compare.")), styles["body"]))
        for hq in model.headquarters:
            story.append(KeepTogether([
                Paragraph(escape(f"{hq.command} ({hq.side})"), styles["heading"]),
                Paragraph(escape(_summary(hq)), styles["small"]),
                Spacer(1, 1 * mm)]))
            story.append(self._table(hq, model, styles))
        return story

    def _table(self, hq: HeadquartersDebrief, model: DebriefModel,
               styles: StyleSheet1) -> LongTable:
        width = self.frame_width(model.paper)
        cell = styles["cell"]
        data: list[list[object]] = [[_("Unit"), _("News"), _("Believed"), _("In truth"),
                                     _("Differs")]]
        shaded: list[int] = []
        for number, row in enumerate(hq.rows, start=1):
            data.append([Paragraph(escape(row.unit), cell), escape(row.news),
                         Paragraph(escape(row.believed or "—"), cell),
                         Paragraph(escape(row.truth or "—"), cell),
                         Paragraph(escape(_differs(row, model.calibrated)), cell)])
            if row.differences:
                shaded.append(number)
        table = LongTable(data, colWidths=[width * f for f in (0.24, 0.09, 0.27, 0.27, 0.13)],
                          repeatRows=1, hAlign="LEFT")
        commands: list[tuple[object, ...]] = [
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("TEXTCOLOR", (0, 0), (-1, 0), "#ffffff"),
            ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD), ("FONTNAME", (0, 1), (-1, -1), FONT),
            ("FONTSIZE", (0, 0), (-1, -1), 7.4), ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
        for number in shaded:
            commands += [("BACKGROUND", (0, number), (-1, number), SHADE),
                         ("TEXTCOLOR", (4, number), (4, number), ERROR)]
        table.setStyle(TableStyle(commands))
        return table


def _summary(hq: HeadquartersDebrief) -> str:
    wrong = _("Believed otherwise than in truth: {n} of the {total} units under it").format(
        n=hq.wrong, total=len(hq.rows))
    own = ngettext("{n} own unit known as it is", "{n} own units known as they are",
                   hq.own).format(n=hq.own)
    return f"{wrong}; {own}."


def _differs(row: DebriefRow, calibrated: bool) -> str:
    words = []
    for difference in row.differences:
        word = _(_WORDS[difference])
        if difference == "place" and row.off is not None:
            word = (_("place, {n:.0f} cm off") if calibrated
                    else _("place, {n:.0f} px off")).format(n=row.off)
        words.append(word)
    return ", ".join(words)
