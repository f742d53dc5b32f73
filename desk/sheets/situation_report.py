"""A packet's situation report (issue 22): one page in the players' words.

The side's own units (state, strength, losses in the last bound), the enemy units it
saw (when, how strong they looked), the dispatches on its sheet, the deadline, and the
commitment to the bound's seed (docs/verifiable-rolls.md). Nothing else: the model
holds only what the side may know. With information travelling (issue 31) the units
are as the headquarters has heard of them, each with its news.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, LongTable, Paragraph, Spacer, TableStyle

from desk.i18n import N_, _
from desk.services.packets.situation import SituationModel
from desk.sheets.style import ACCENT, FONT, FONT_BOLD, RULE, Renderer, escape, stylesheet


class SituationReport(Renderer):
    """Renders a :class:`SituationModel` to PDF bytes."""

    document_kind = N_("situation report")

    def __init__(self) -> None:
        self._model: SituationModel | None = None

    def header_text(self) -> tuple[str, str]:
        """Campaign on the left, side and bound on the right."""
        model = self._model
        return ("", "") if model is None else (
            model.campaign, _("{side} · bound {bound}").format(side=model.side,
                                                               bound=model.bound))

    def render(self, model: SituationModel) -> bytes:
        """The report as PDF bytes."""
        self._model = model
        try:
            title = _("Situation of the {side} — bound {bound}").format(side=model.side,
                                                                         bound=model.bound)
            return self.build(self._story(model), paper=model.paper, title=title,
                              subject=_("situation report"), keywords="umpires-desk situation")
        finally:
            self._model = None

    def _story(self, model: SituationModel) -> list[Flowable]:
        styles = stylesheet(8.0)
        width = self.frame_width(model.paper)
        who = model.command or model.side
        story: list[Flowable] = [
            Paragraph(escape(_("Situation of the {side} — bound {bound}").format(
                side=model.side, bound=model.bound)), styles["title"]),
            Paragraph(escape(_("{battle}, {time}. For {who}.").format(
                battle=model.battle, time=model.game_time,
                who=f"{who} ({model.player})" if model.player else who)), styles["body"]),
        ]
        if model.deadline:
            story.append(Paragraph(escape(_("Orders are due by {when}.").format(
                when=model.deadline)), styles["body"]))
        story.append(Paragraph(escape(_("Our troops")), styles["heading"]))
        lost = sum(u.lost for u in model.own)
        story.append(Paragraph(escape(_("{n} units, {strength} strong; {lost} lost in the "
                                        "last bound.").format(
            n=len(model.own), strength=sum(u.strength for u in model.own), lost=lost)),
            styles["body"]))
        data: list[list[object]] = [[_("Unit"), _("Command"), _("Formation"), _("Strength"),
                                     _("Lost")]]
        data += [[Paragraph(escape(u.name), styles["cell"]),
                  Paragraph(escape(u.command), styles["cell"]), escape(u.formation),
                  str(u.strength), str(u.lost) if u.lost else ""] for u in model.own]
        shares: tuple[float, ...] = (0.36, 0.30, 0.14, 0.10, 0.10)
        if any(u.news for u in model.own):  # information travels: what has reached us
            story.append(Paragraph(escape(_(
                "As your headquarters knows them: your own units as they are now, the others "
                "as last reported to you (News: the bound the report was true of), or no "
                "news yet.")), styles["small"]))
            data[0].append(_("News"))
            for row, unit in zip(data[1:], model.own, strict=True):
                row.append(escape(unit.news))
            shares = (0.30, 0.26, 0.14, 0.09, 0.07, 0.14)
        story.append(_grid(data, [width * f for f in shares]))
        story.append(Paragraph(escape(_("The enemy")), styles["heading"]))
        if model.enemy:
            rows: list[list[object]] = [[_("Unit seen"), _("Last seen"), _("Strength")]]
            rows += [[Paragraph(escape(e.name), styles["cell"]),
                      _("bound {n}").format(n=e.seen_bound), _("about {n}").format(n=e.about)]
                     for e in model.enemy]
            story.append(_grid(rows, [width * f for f in (0.6, 0.2, 0.2)]))
        else:
            story.append(Paragraph(escape(_("No enemy unit has been seen.")), styles["body"]))
        if model.dispatches:
            story.append(Paragraph(escape(_("{n} dispatches reached you: they are on your "
                                            "order sheet.").format(n=model.dispatches)),
                                   styles["body"]))
        story += [Spacer(1, 3 * mm), Paragraph(escape(_(
            "The desk's dice for this bound are sealed: SHA-256 {c}. The seed is revealed "
            "when the bound closes, so you can check every roll.").format(
                c=model.commitment)), styles["small"])]
        return story


def _grid(data: list[list[object]], widths: list[float]) -> LongTable:
    table = LongTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("TEXTCOLOR", (0, 0), (-1, 0), "#ffffff"),
        ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD), ("FONTNAME", (0, 1), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), 7.4), ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return table
