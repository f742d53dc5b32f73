"""The players' order sheets: one side (optionally one command), one bound.

Blank mode prints every unit's state and an empty order with its defaults
spelled out; filled mode prints the orders as entered, defaulted fields marked
and findings listed; a fillable sheet carries AcroForm fields whose names say
campaign, bound and unit (see :mod:`desk.services.printing.formfields`), so a sheet
filled on a tablet can be imported back.

Fog of war: the sheet prints the model and nothing else, and the model holds
one side only (the service sees to that).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from desk.services.printing.formfields import KEY_PREFIX
from desk.services.printing.viewmodels import SheetMode, SheetModel
from desk.sheets.field_cells import SheetContext
from desk.sheets.style import Renderer, escape, stylesheet
from desk.sheets.unit_block import UnitBlockFlowable

_BLANK_NOTE = (
    "Write one order per unit. A field left empty takes the default printed under it "
    "(the rate of march, for instance, or moving as far as possible); the umpire reads "
    "the order as written if the fields and the words disagree."
)
_FILLABLE_NOTE = (
    "Fill in this sheet on screen and send it back to the umpire as it is: the desk reads "
    "the fields. Leave a field empty to take its default. Do not merge it with another "
    "bound's sheet."
)
_FILLED_NOTE = (
    "The orders as the umpire entered them. Values in grey italics are the rules' "
    "defaults, not written by the player; the dots mark what the rules said about the "
    "order (red: refused unless overruled, amber: for information)."
)


class OrderSheet(Renderer):
    """Renders a :class:`SheetModel` to PDF bytes: ``OrderSheet().render(model)``."""

    margin_left_mm = 13.0
    margin_right_mm = 13.0
    margin_top_mm = 20.0
    margin_bottom_mm = 14.0
    block_gap_mm = 2.6
    document_kind = "order sheet"

    def __init__(self) -> None:
        self._model: SheetModel | None = None

    def header_text(self) -> tuple[str, str]:
        """Campaign and side on the left, bound and game time on the right."""
        model = self._model
        if model is None:
            return ("", "")
        who = model.side + (f" — {model.command}" if model.command else "")
        when = f"Bound {model.bound}" + (f" · {model.game_time}" if model.game_time else "")
        return (f"{model.campaign_name} · {who}", when)

    def render(self, model: SheetModel) -> bytes:
        """The sheets as PDF bytes, the same bytes for the same model."""
        self._model = model
        try:
            return self.build(
                self._story(model), paper=model.paper,
                title=f"Orders of the {model.side}, bound {model.bound}",
                subject=f"{model.campaign_name}: order sheet",
                keywords=f"umpires-desk order-sheet c{model.campaign_id} b{model.bound}"
                         + (f" {KEY_PREFIX}{model.campaign_key}" if model.campaign_key else "")
                         + (f" {model.form_keywords}" if model.form_keywords else ""),
            )
        finally:
            self._model = None

    def _story(self, model: SheetModel) -> list[Flowable]:
        styles = stylesheet(9)
        context = SheetContext(campaign_id=model.campaign_id, bound=model.bound,
                               mode=model.mode, fillable=model.fillable)
        title = f"Orders — {model.side}" + (f", {model.command}" if model.command else "")
        facts = [model.campaign_name, model.battle, model.rules_name,
                 f"bound {model.bound}" + (f" at {model.game_time}" if model.game_time else "")]
        if model.mode is SheetMode.FILLED:
            note = _FILLED_NOTE
        else:
            note = _FILLABLE_NOTE if model.fillable else _BLANK_NOTE
        story: list[Flowable] = [
            Paragraph(escape(title), styles["title"]),
            Paragraph(escape(" · ".join(f for f in facts if f)), styles["body"]),
            Spacer(1, 1.2 * mm),
            Paragraph(escape(note), styles["small"]),
            Spacer(1, 2 * mm),
        ]
        if not model.units:
            story.append(Paragraph("No units to show for this side and command.",
                                   styles["body"]))
        command = None
        gap = self.block_gap_mm * mm
        for block in model.units:
            if block.command != command:
                command = block.command
                heading = Paragraph(escape(command or "Unattached"), styles["heading"])
                heading.keepWithNext = True
                story.append(heading)
            story.append(UnitBlockFlowable(block, context))
            story.append(Spacer(1, gap))
        return story
