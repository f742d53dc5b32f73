"""The dispatches on an order sheet: received this bound, room to write, intelligence page.

Prints only what the model holds (the service applied the fog of war): the
dispatches delivered to the sheet's units, blank lines for a commander's
dispatches to his subordinates, and, on a page of its own, the enemy
dispatches the side captured.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from desk.i18n import _
from desk.services.printing.viewmodels import DispatchNote, SheetModel
from desk.sheets.style import escape, stylesheet


def _line(note: DispatchNote, *, enemy: bool) -> str:
    who = f"{note.writer} ({note.writer_side})" if enemy else note.writer
    return _("From {writer}, {time}, to {recipient}: {text}").format(
        writer=who, time=note.game_time or "?", recipient=note.recipient, text=note.text)


def dispatch_story(model: SheetModel, *, width: float) -> list[Flowable]:
    """The flowables after the units' blocks (none when the model has no dispatches)."""
    styles = stylesheet(9)
    story: list[Flowable] = []
    if model.dispatches:
        story += [Spacer(1, 2 * mm), Paragraph(escape(_("Dispatches received")),
                                               styles["heading"])]
        story += [Paragraph(escape(_line(n, enemy=False)), styles["body"])
                  for n in model.dispatches]
    if model.dispatch_room:
        story += [Spacer(1, 2 * mm), Paragraph(escape(_("Dispatches to your subordinates "
                                                        "(the umpire sends them by courier)")),
                                               styles["heading"])]
        rows = [[Paragraph(escape(_("To {command}:").format(command=name)), styles["cell"]),
                 ""] for name in model.dispatch_room]
        table = Table(rows, colWidths=[width * 0.28, width * 0.72], rowHeights=14 * mm)
        table.setStyle(TableStyle([("LINEBELOW", (1, 0), (1, -1), 0.4, "#888888"),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story.append(table)
    if model.intelligence:
        story += [PageBreak(), Paragraph(escape(_("Intelligence — {side}").format(
            side=model.side)), styles["title"]),
            Paragraph(escape(_("Enemy dispatches your troops captured:")), styles["body"]),
            Spacer(1, 2 * mm)]
        story += [Paragraph(escape(_line(n, enemy=True)), styles["body"])
                  for n in model.intelligence]
    return story
