"""The LIM record of a Battles of Waterloo turn, for the umpire's bound report.

The cup as the rules and the scenario made it (each chit in, drawn or left
out, with its clause), then every activation in order: the LIM, how it came
out of the cup (recorded from the table, drawn by the desk, chosen by the
initiative winner), the Orders option taken, the activation roll (rating,
roll, result, typed from real dice or rolled by the desk) and the moves made
under it, each with the row it moved under or the umpire's reason.
"""

from __future__ import annotations

from reportlab.lib.styles import StyleSheet1
from reportlab.platypus import Flowable, LongTable, Paragraph, TableStyle

from desk.i18n import N_, _
from desk.services.lim.views import ActivationView, CupView
from desk.sheets.style import ACCENT, RULE, SHADE, escape

_CUP_COLUMNS = (N_("LIM"), N_("In the cup"), N_("Clause"), N_("Why"))
_CUP_SHARES = (0.26, 0.12, 0.08, 0.54)
_DRAW_COLUMNS = (N_("#"), N_("LIM drawn"), N_("Option and roll"), N_("Moves under it"))
_DRAW_SHARES = (0.05, 0.25, 0.28, 0.42)
_STATUS = {"in-cup": N_("in the cup"), "drawn": N_("drawn"), "removed": N_("left out")}
_SOURCE = {"cup": N_("pulled from the cup"), "desk": N_("drawn by the desk"),
           "first": N_("chosen by the initiative winner")}


def _style(rows: int) -> TableStyle:
    commands: list[tuple[object, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE), ("BOX", (0, 0), (-1, -1), 0.5, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 1.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
    ]
    commands += [("BACKGROUND", (0, r), (-1, r), SHADE) for r in range(2, rows, 2)]
    return TableStyle(commands)


def roll_text(act: ActivationView) -> str:
    """"rating 7, roll 10: failed (desk roll)" — or "" without a roll."""
    if act.roll is None:
        return ""
    result = _("activated") if act.success else _("failed")
    how = _("desk roll") if act.rolled_by == "desk" else _("typed from real dice")
    return _("{command}: rating {rating}, roll {roll}: {result} ({how})").format(
        command=act.command or "?", rating=act.rating, roll=act.roll, result=result, how=how)


def lim_story(cup: CupView, width: float, styles: StyleSheet1) -> list[Flowable]:
    """The LIM record's headings and tables."""
    cell, small, head = styles["cell"], styles["small"], styles["cellhead"]
    story: list[Flowable] = [
        Paragraph(escape(_("The LIM cup of turn {bound}").format(bound=cup.bound)),
                  styles["heading"])]
    rows: list[list[object]] = [[Paragraph(_(c), head) for c in _CUP_COLUMNS]]
    rows += [[Paragraph(escape(i.chit), cell), Paragraph(escape(_(_STATUS[i.status])), cell),
              Paragraph(escape(i.clause), cell), Paragraph(escape(i.why), small)]
             for i in cup.items]
    grid = LongTable(rows, colWidths=[width * s for s in _CUP_SHARES], repeatRows=1,
                     hAlign="LEFT")
    grid.setStyle(_style(len(rows)))
    story += [grid, Paragraph(escape(_("LIMs drawn, in order")), styles["heading"])]
    if not cup.activations:
        story.append(Paragraph(_("No LIM was drawn in this turn."), styles["body"]))
        return story
    rows = [[Paragraph(_(c), head) for c in _DRAW_COLUMNS]]
    for act in cup.activations:
        what = [Paragraph(f"<b>{escape(act.lim)}</b>", cell)]
        if act.source:
            what.append(Paragraph(escape(_(_SOURCE.get(act.source, act.source))), small))
        if act.note:
            what.append(Paragraph(escape(act.note), small))
        option = []
        if act.orders_option:
            option.append(Paragraph(escape(_("option: {option}").format(
                option=act.orders_option)), cell))
        if act.roll is not None:
            option.append(Paragraph(escape(roll_text(act)), cell))
        moves = [Paragraph(escape(
            f"{m.unit}: {m.movement_label.lower()}" + (f" → {m.destination_hex}"
                                                       if m.destination_hex else "")
            + (f" ({m.row})" if m.row else "")
            + (" — " + _("overruled: {reason}").format(reason=m.override_reason)
               if m.status == "overruled" else "")), cell) for m in act.moves]
        rows.append([Paragraph(str(act.seq), cell), what, option or Paragraph("—", small),
                     moves or Paragraph(_("no move recorded"), small)])
    grid = LongTable(rows, colWidths=[width * s for s in _DRAW_SHARES], repeatRows=1,
                     hAlign="LEFT")
    grid.setStyle(_style(len(rows)))
    story.append(grid)
    if cup.idle_commands:
        story.append(Paragraph(escape(_("Idle for the rest of the turn (BOW-F3): {names}").format(
            names=", ".join(cup.idle_commands))), styles["small"]))
    return story
