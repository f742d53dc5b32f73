"""Subcommands that make and read paper: ``sheets``, ``chart``, ``report``, ``import-forms``.

Each handler returns an exit code; errors are raised as the desk's own
exception types (one plain sentence) and printed by :func:`desk.cli.main` as one
line. reportlab, pypdf and the database are imported inside the handlers, so
``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from desk.cli.arguments import (
    Subparsers,
    add_battle_option,
    add_campaign_argument,
    add_paper_and_output,
)
from desk.cli.numbers import bound_number
from desk.i18n import _, ngettext
from desk.rules import SYSTEM_IDS


def register(subparsers: Subparsers) -> None:
    """Add the four subcommands to the ``desk`` parser."""
    sheets = subparsers.add_parser(
        "sheets", help=_("print one side's order sheets (blank, filled or fillable)"),
        description=_("Write one side's order sheets for a bound as a PDF: blank for the "
                      "players to write on, filled with the orders entered, or fillable on a "
                      "tablet. Only that side's units appear."))
    add_campaign_argument(sheets)
    sheets.add_argument("--side", required=True, help=_("the side, e.g. French"))
    sheets.add_argument("--command", help=_("only this command (and those under it): its name, "
                                            "or its path joined by ' / ' where the name repeats"))
    sheets.add_argument("--bound", type=bound_number,
                        help=_("bound number (default: the open bound)"))
    mode = sheets.add_mutually_exclusive_group()
    mode.add_argument("--blank", action="store_const", const="blank", dest="mode",
                      help=_("empty orders with the defaults spelled out (the default)"))
    mode.add_argument("--filled", action="store_const", const="filled", dest="mode",
                      help=_("the players' orders as entered, in their words"))
    mode.add_argument("--umpire", action="store_const", const="umpire", dest="mode",
                      help=_("the umpire's copy: every field with its clause, the findings, "
                             "the status and the reasons for overruling"))
    sheets.add_argument("--fillable", action="store_true",
                        help=_("add form fields, to fill in on screen and import back"))
    add_battle_option(sheets)
    add_paper_and_output(sheets)
    sheets.set_defaults(handler=run_sheets, mode="blank")

    chart = subparsers.add_parser(
        "chart", help=_("print a rules system's quick-reference chart"),
        description=_("Write the one-page landscape quick reference of a rules system; with "
                      "--campaign, that campaign's house rules are applied and listed."))
    chart.add_argument("system", choices=SYSTEM_IDS, help=_("the rules system"))
    chart.add_argument("--campaign", help=_("campaign file whose house rules apply"))
    add_paper_and_output(chart)
    chart.set_defaults(handler=run_chart)

    report = subparsers.add_parser(
        "report", help=_("print the umpire's report of a bound"),
        description=_("Write every order of a bound with its findings and overrides, and the "
                      "events recorded (umpire only: both sides)."))
    add_campaign_argument(report)
    report.add_argument("--bound", type=bound_number,
                        help=_("bound number (default: the open bound)"))
    add_battle_option(report)
    add_paper_and_output(report)
    report.set_defaults(handler=run_report)

    forms = subparsers.add_parser(
        "import-forms", help=_("import filled PDF order sheets as draft orders"),
        description=_("Read filled fillable sheets and write their orders as drafts of the "
                      "open bound, checked like typed ones. A sheet of another campaign or "
                      "bound is refused and nothing is written."))
    add_campaign_argument(forms)
    forms.add_argument("files", nargs="+", type=Path, help=_("filled PDF sheets"))
    add_battle_option(forms)
    forms.set_defaults(handler=run_import_forms)


def write_pdf(path: Path, data: bytes) -> None:
    """Write a PDF whole or not at all: a temporary file renamed into place."""
    if path.is_dir():
        raise IsADirectoryError(_("{path} is a folder: give the PDF a file name").format(path=path))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(_("the folder {folder} does not exist").format(folder=folder))
    handle, temporary = tempfile.mkstemp(prefix=".desk-", suffix=".pdf", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def run_sheets(args: argparse.Namespace) -> int:
    """``desk sheets CAMPAIGN --side NAME ... -o FILE.pdf``."""
    from desk.services.printing.views import order_sheet_model
    from desk.sheets import OrderSheet, Paper, SheetMode
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side=args.side, command=args.command,
                                  bound=args.bound, mode=SheetMode(args.mode),
                                  fillable=args.fillable, paper=Paper(args.paper),
                                  battle=args.battle)
    renderer = OrderSheet()
    write_pdf(args.output, renderer.render(model))
    kinds = {"blank": _("blank"), "filled": _("filled"), "umpire": _("umpire")}
    kind = kinds.get(args.mode, args.mode)
    if args.fillable:
        kind = _("fillable {kind}").format(kind=kind)
    units, pages = len(model.units), renderer.page_count
    print(_("Wrote {path}: {kind} order sheets of the {side}, bound {bound}, {units} "
            "on {pages}.").format(path=args.output, kind=kind, side=model.side,
                                  bound=model.bound,
                                  units=ngettext("{n} unit", "{n} units", units).format(n=units),
                                  pages=ngettext("{n} page", "{n} pages", pages).format(n=pages)))
    return 0


def run_chart(args: argparse.Namespace) -> int:
    """``desk chart SYSTEM [--campaign CAMPAIGN] -o FILE.pdf``."""
    from desk.services.printing.views import chart_model
    from desk.sheets import ChartSheet, Paper

    if args.campaign:
        from desk.store import open_campaign

        with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
            model = chart_model(session=session, system_id=args.system, paper=Paper(args.paper))
    else:
        model = chart_model(system_id=args.system, paper=Paper(args.paper))
    renderer = ChartSheet()
    write_pdf(args.output, renderer.render(model))
    print(_("Wrote {path}: {title}, {pages} page(s).").format(
        path=args.output, title=model.chart.title, pages=renderer.page_count))
    return 0


def run_report(args: argparse.Namespace) -> int:
    """``desk report CAMPAIGN --bound N -o FILE.pdf``."""
    from desk.services.printing.report_view import bound_report_model
    from desk.sheets import BoundReport, Paper
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        model = bound_report_model(session=session, bound=args.bound, paper=Paper(args.paper),
                                   battle=args.battle)
    renderer = BoundReport()
    write_pdf(args.output, renderer.render(model))
    print(_("Wrote {path}: bound {bound} report, {orders} orders, {pages} page(s).").format(
        path=args.output, bound=model.bound, orders=len(model.orders),
        pages=renderer.page_count))
    return 0


def run_import_forms(args: argparse.Namespace) -> int:
    """``desk import-forms CAMPAIGN FILE.pdf...``."""
    from desk.services.printing.form_import import import_filled_forms
    from desk.store import open_campaign

    sources = [(path.name, path) for path in args.files]
    with open_campaign(args.campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=sources, battle=args.battle)
    count, blank, kept = len(result.imported), len(result.blank), len(result.kept)
    print(_("Imported {count} into bound {bound} ({blank} left blank, {kept} kept).").format(
        count=ngettext("{n} draft order", "{n} draft orders", count).format(n=count),
        bound=result.bound, blank=ngettext("{n} unit", "{n} units", blank).format(n=blank),
        kept=ngettext("{n} typed order", "{n} typed orders", kept).format(n=kept)))
    for order in result.imported:
        worst = next((f for f in order.findings if f.severity == "error"), None)
        note = f" — {worst.message}" if worst else ""
        print(f"  {order.unit}: {order.summary}{note}")
    if result.dispatched:
        sent = len(result.dispatched)
        print(_("Sent {count} by courier: {units}.").format(
            count=ngettext("{n} dispatch", "{n} dispatches", sent).format(n=sent),
            units=", ".join(result.dispatched)))
    return 0
