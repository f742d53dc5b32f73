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

from desk.i18n import N_, _
from desk.services.printing.formfields import KEY_PREFIX
from desk.services.printing.viewmodels import SheetMode, SheetModel
from desk.sheets.dispatch_section import dispatch_story
from desk.sheets.field_cells import SheetContext
from desk.sheets.player_block import PlayerBlockFlowable
from desk.sheets.style import Renderer, escape, stylesheet
from desk.sheets.unit_block import UnitBlockFlowable

_BLANK_NOTE = N_(
    "Write one order per unit in the Order box, in your own words. Tick what applies; a "
    "row left empty takes the choice printed after it (\"else …\"). The umpire reads the "
    "order as written if the boxes and the words disagree."
)
_FILLABLE_NOTE = N_(
    "Fill in this sheet on screen and send it back to the umpire as it is: the desk reads "
    "the fields. A list left at \"(default)\" takes that default. Do not merge it with "
    "another bound's sheet."
)
_FILLED_NOTE = N_(
    "Your orders as the umpire entered them: a box left empty takes the choice printed "
    "after it (\"else …\")."
)
_UMPIRE_NOTE = N_(
    "The umpire's copy: every field with its clause. Values in grey italics are the rules' "
    "defaults, not written by the player; the dots mark what the rules said about the "
    "order (red: refused unless overruled, amber: for information)."
)
_PLAYERS_NOTE = N_(
    "Write one order per unit in the Order box, in your own words. Tick what applies; "
    "a row left empty takes the choice printed after it (\"else …\")."
)


class OrderSheet(Renderer):
    """Renders a :class:`SheetModel` to PDF bytes: ``OrderSheet().render(model)``."""

    margin_left_mm = 13.0
    margin_right_mm = 13.0
    margin_top_mm = 20.0
    margin_bottom_mm = 14.0
    block_gap_mm = 2.6
    document_kind = N_("order sheet")

    def __init__(self) -> None:
        self._model: SheetModel | None = None

    def header_text(self) -> tuple[str, str]:
        """Campaign and side on the left, bound and game time on the right."""
        model = self._model
        if model is None:
            return ("", "")
        who = model.side + (f" — {model.command}" if model.command else "")
        when = _("Bound {bound}").format(bound=model.bound) + (
            f" · {model.game_time}" if model.game_time else "")
        return (f"{model.campaign_name} · {who}", when)

    def render(self, model: SheetModel) -> bytes:
        """The sheets as PDF bytes, the same bytes for the same model."""
        self._model = model
        # A players' sheet is compact: its blocks sit closer and nearer the header.
        players = model.mode.for_players
        self.margin_top_mm = 16.5 if players else type(self).margin_top_mm
        self.margin_bottom_mm = 12.5 if players else type(self).margin_bottom_mm
        self.block_gap_mm = 1.5 if players else type(self).block_gap_mm
        try:
            return self.build(
                self._story(model), paper=model.paper,
                title=_("Orders of the {side}, bound {bound}").format(side=model.side,
                                                                bound=model.bound),
                subject=_("{campaign}: order sheet").format(campaign=model.campaign_name),
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
        title = (_("Umpire's copy") if model.mode is SheetMode.UMPIRE else _("Orders")) + \
            f" — {model.side}" + (f", {model.command}" if model.command else "")
        facts = [model.campaign_name, model.battle, model.rules_name,
                 (_("bound {bound} at {time}") if model.game_time else _("bound {bound}")).format(
                     bound=model.bound, time=model.game_time)]
        if model.mode is SheetMode.UMPIRE:
            note = _UMPIRE_NOTE
        elif model.fillable:
            note = _FILLABLE_NOTE
        else:
            note = _FILLED_NOTE if model.mode is SheetMode.FILLED else _BLANK_NOTE
        said = next((b.said_in_words for b in model.units if b.said_in_words), ())
        note = _(note)
        if model.mode.for_players and said:
            note += _(" In the Order box say also {what}.").format(
                what=", ".join(_(s) for s in said))
        story: list[Flowable] = [
            Paragraph(escape(title), styles["title"]),
            Paragraph(escape(" · ".join(f for f in facts if f)), styles["body"]),
            Spacer(1, 1.2 * mm),
            Paragraph(escape(note), styles["small"]),
            Spacer(1, 2 * mm),
        ]
        if not model.units:
            story.append(Paragraph(_("No units to show for this side and command."),
                                   styles["body"]))
        command = None
        gap = self.block_gap_mm * mm
        for index, block in enumerate(model.units):
            if index:  # between blocks only: a gap after the last one could start a blank page
                story.append(Spacer(1, gap))
            if block.command != command and not model.mode.for_players:
                command = block.command
                heading = Paragraph(escape(command or _("Unattached")), styles["heading"])
                heading.keepWithNext = True
                story.append(heading)
            story.append(PlayerBlockFlowable(block, context) if model.mode.for_players
                         else UnitBlockFlowable(block, context))
        return story + dispatch_story(model, width=self.frame_width(model.paper))
