"""The umpire's bound report: every order of the bound, its findings and overrides, the events.

For the umpire only — it shows both sides. Orders are grouped by side, one
row per unit, the order as summarised and as written, its status (with the
reason when overruled), the fields the rules defaulted and the findings.
Units without an order are listed (they hold by the rules' defaults), then the
in-bound events recorded against units and, for a closed bound, the bound's record:
one row per unit, what it did, its moves and events, its state before → after.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from reportlab.lib.styles import StyleSheet1
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, LongTable, Paragraph, Spacer, TableStyle

from desk.i18n import N_, _
from desk.rules.base import Severity
from desk.services.bounds.views import BoundRecord
from desk.services.printing.viewmodels import ReportEvent, ReportModel, ReportOrder
from desk.sheets.lim_record import lim_story
from desk.sheets.style import ACCENT, ERROR, RULE, SHADE, WARNING, Renderer, escape, stylesheet

# A bound's status as the report prints it (the ids are English words).
_BOUND_STATUSES = (N_("open"), N_("closed"))
# An order's status and source, likewise.
_ORDER_WORDS = (N_("draft"), N_("accepted"), N_("overruled"), N_("cancelled"), N_("form"),
                N_("desk"))
_ORDER_COLUMNS = (N_("Unit"), N_("Order"), N_("Status"), N_("Findings"))
_ORDER_SHARES = (0.20, 0.36, 0.14, 0.30)
_EVENT_COLUMNS = (N_("Unit"), N_("Side"), N_("Event"), N_("What happened"))
_EVENT_SHARES = (0.22, 0.12, 0.16, 0.50)
_RECORD_COLUMNS = (N_("Unit"), N_("What it did"), N_("Moves and events"),
                   N_("State before → after"))
_RECORD_SHARES = (0.20, 0.36, 0.18, 0.26)


def _grid_style(rows: int) -> TableStyle:
    commands: list[tuple[object, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
        ("BOX", (0, 0), (-1, -1), 0.5, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 1.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
    ]
    commands += [("BACKGROUND", (0, r), (-1, r), SHADE) for r in range(2, rows, 2)]
    return TableStyle(commands)


class BoundReport(Renderer):
    """Renders a :class:`ReportModel` to PDF bytes: ``BoundReport().render(model)``."""

    margin_left_mm = 13.0
    margin_right_mm = 13.0
    margin_top_mm = 20.0
    margin_bottom_mm = 14.0
    document_kind = N_("bound report (umpire only)")

    def __init__(self) -> None:
        self._model: ReportModel | None = None

    def header_text(self) -> tuple[str, str]:
        """Campaign on the left, bound, time and status on the right."""
        model = self._model
        if model is None:
            return ("", "")
        when = f" · {model.game_time}" if model.game_time else ""
        return (f"{model.campaign_name} · umpire's report",
                _("Bound {bound}").format(bound=model.bound) + f"{when} · {_(model.bound_status)}")

    def render(self, model: ReportModel) -> bytes:
        """The report as PDF bytes, the same bytes for the same model."""
        self._model = model
        try:
            return self.build(self._story(model), paper=model.paper,
                              title=_("Bound {bound} report").format(bound=model.bound),
                              subject=_("bound report"),
                              keywords=f"umpires-desk bound-report b{model.bound}")
        finally:
            self._model = None

    def _story(self, model: ReportModel) -> list[Flowable]:
        styles = stylesheet(8.6)
        width = self.frame_width(model.paper)
        refused = sum(1 for o in model.orders
                      if any(f.severity is Severity.ERROR for f in o.findings))
        overruled = sum(1 for o in model.orders if o.status == "overruled")
        facts = [model.campaign_name, model.battle, model.rules_name,
                 (_("bound {bound} at {time}") if model.game_time else _("bound {bound}"))
                 .format(bound=model.bound, time=model.game_time),
                 _(model.bound_status)]
        counts = _("{orders} orders · {refused} with an error · {overruled} overruled · "
                   "{without} units without an order · {events} events").format(
                       orders=len(model.orders), refused=refused, overruled=overruled,
                       without=len(model.without_order), events=len(model.events))
        story: list[Flowable] = [
            Paragraph(escape(_("Bound {bound} — the umpire's report").format(bound=model.bound)),
                      styles["title"]),
            Paragraph(escape(" · ".join(f for f in facts if f)), styles["body"]),
            Paragraph(escape(counts), styles["small"]),
        ]
        story += [Paragraph(escape(n), styles["small"]) for n in model.notes]
        for side, orders in groupby(model.orders, key=lambda o: o.side):
            story.append(Paragraph(escape(_("Orders — {side}").format(side=side)),
                                   styles["heading"]))
            story.append(self._orders_table(list(orders), width, styles))
        if not model.orders:
            story.append(Paragraph(_("No orders were entered in this bound."), styles["body"]))
        if model.without_order_steps:
            # Grouped by what they do, a side at a time: "holds (no order yet): A, B, C".
            story.append(Paragraph(_("Without an order: what each does"), styles["heading"]))
            for (side, says), group in groupby(model.without_order_steps,
                                               key=lambda t: (t[0], t[1])):
                names = ", ".join(name for _s, _w, name in group)
                story.append(Paragraph(f"<b>{escape(side)}</b> — {escape(says)}: "
                                       f"{escape(names)}", styles["body"]))
        elif model.without_order:
            story.append(Paragraph(_("Without an order (the rules' defaults apply)"),
                                   styles["heading"]))
            if model.without_order_sides:  # one line per side: the umpire reads a side at a time
                for side, pairs in groupby(model.without_order_sides, key=lambda p: p[0]):
                    names = ", ".join(name for _, name in pairs)
                    story.append(Paragraph(f"<b>{escape(side)}:</b> {escape(names)}",
                                           styles["body"]))
            else:
                story.append(Paragraph(escape(", ".join(model.without_order)), styles["body"]))
        if model.events:
            story.append(Paragraph(_("Events recorded in the bound"), styles["heading"]))
            story.append(self._events_table(model.events, width, styles))
        if model.lim is not None:  # Battles of Waterloo: the LIM record of the turn
            story += lim_story(model.lim, width, styles)
        if model.record is not None:  # a closed bound: the umpire's copy of what each unit did
            story.append(Paragraph(_("The bound's record"), styles["heading"]))
            story.append(self._record_table(model.record, width, styles))
            story += [Paragraph(escape(n), styles["small"]) for n in model.record.notes]
        story.append(Spacer(1, 2 * mm))
        return story

    def _orders_table(self, orders: Sequence[ReportOrder], width: float,
                      styles: StyleSheet1) -> Flowable:
        cell, small, head = styles["cell"], styles["small"], styles["cellhead"]
        data: list[list[object]] = [[Paragraph(_(c), head) for c in _ORDER_COLUMNS]]
        for order in orders:
            unit = [Paragraph(f"<b>{escape(order.unit_name)}</b>", cell),
                    Paragraph(escape(order.command), small)]
            what: list[Flowable] = [Paragraph(escape(order.summary or "—"), cell)]
            if order.verbatim:
                what.append(Paragraph(f"<i>“{escape(order.verbatim)}”</i>", small))
            if order.defaulted:
                what.append(Paragraph(_("defaulted: {fields}").format(
                    fields=escape(", ".join(order.defaulted))), small))
            status = [Paragraph(escape(_(order.status)), cell)]
            if order.source != "desk":
                status.append(Paragraph(_("from a {source}").format(
                    source=escape(_(order.source))), small))
            if order.umpire:  # issue 33: who entered it (and so who overruled the rules)
                # under "overruled" its umpire reads "overruled / by Anne"
                said = (_("by {umpire}") if order.status == "overruled"
                        else _("entered by {umpire}"))
                status.append(Paragraph(said.format(umpire=escape(order.umpire)), small))
            if order.override_reason:
                status.append(Paragraph(_("reason: {reason}").format(
                    reason=escape(order.override_reason)), small))
            findings = [
                Paragraph(f'<font color="{(ERROR if f.severity is Severity.ERROR else WARNING)}">'
                          f"{_('Error') if f.severity is Severity.ERROR else _('Warning')}</font> "
                          f"{escape(f.message)}", cell)
                for f in order.findings
            ] or [Paragraph("—", small)]
            data.append([unit, what, status, findings])
        grid = LongTable(data, colWidths=[width * s for s in _ORDER_SHARES], repeatRows=1,
                         hAlign="LEFT")
        grid.setStyle(_grid_style(len(data)))
        return grid

    def _record_table(self, record: BoundRecord, width: float,
                      styles: StyleSheet1) -> Flowable:
        """One row per unit: what it did (and the close's lines for it), its moves and
        events, its state before → after (unchanged said in one word)."""
        cell, small, head = styles["cell"], styles["small"], styles["cellhead"]
        data: list[list[object]] = [[Paragraph(_(c), head) for c in _RECORD_COLUMNS]]
        for unit in record.units:
            who = [Paragraph(f"<b>{escape(unit.unit)}</b>", cell),
                   Paragraph(escape(f"{unit.side} · {unit.command}"), small)]
            did: list[Flowable] = [Paragraph(escape(unit.did), cell)]
            did += [Paragraph(escape(line), small) for line in unit.journal]
            moved = [Paragraph(escape(m), small) for m in (*unit.moves, *unit.events)] or [
                Paragraph("—", small)]
            state = ([Paragraph(escape(unit.before), small),
                      Paragraph("→ " + escape(unit.after), cell)] if unit.changed
                     else [Paragraph(escape(unit.before), small),
                           Paragraph(_("unchanged"), small)])
            data.append([who, did, moved, state])
        grid = LongTable(data, colWidths=[width * s for s in _RECORD_SHARES], repeatRows=1,
                         hAlign="LEFT")
        grid.setStyle(_grid_style(len(data)))
        return grid

    def _events_table(self, events: Sequence[ReportEvent], width: float,
                      styles: StyleSheet1) -> Flowable:
        cell, head, small = styles["cell"], styles["cellhead"], styles["small"]
        data: list[list[object]] = [[Paragraph(_(c), head) for c in _EVENT_COLUMNS]]
        for e in events:
            text: list[Flowable] = [Paragraph(escape(e.text), cell)]
            if e.umpire:  # issue 33: who recorded it
                text.append(Paragraph(_("recorded by {umpire}").format(
                    umpire=escape(e.umpire)), small))
            data.append([Paragraph(escape(e.unit_name), cell), Paragraph(escape(e.side), cell),
                         Paragraph(escape(e.kind), cell), text])
        grid = LongTable(data, colWidths=[width * s for s in _EVENT_SHARES], repeatRows=1,
                         hAlign="LEFT")
        grid.setStyle(_grid_style(len(data)))
        return grid
