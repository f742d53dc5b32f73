"""Subcommands about whole campaigns: ``demo`` and ``info``."""

from __future__ import annotations

import argparse

from desk.cli.arguments import Subparsers, add_campaign_argument, shown_target
from desk.i18n import _, ngettext
from desk.rules import SYSTEM_IDS, SYSTEM_NAMES


def register(subparsers: Subparsers) -> None:
    """Add ``demo`` and ``info`` to the ``desk`` parser."""
    demo = subparsers.add_parser(
        "demo", help=_("write a demo campaign"),
        description=_("Write a demo campaign to a new file, or into an empty PostgreSQL "
                      "database (its URL: postgresql+psycopg://owner@host/campaign)."),
    )
    demo.add_argument("path", help=_("the new campaign file (e.g. plancenoit.desk) or an "
                                     "empty database's URL"))
    demo.add_argument(
        "--rules", choices=SYSTEM_IDS, default="belle-alliance",
        help=_("rules system of the demo (default: belle-alliance, Plancenoit 1815)"),
    )
    demo.set_defaults(handler=run_demo)

    info = subparsers.add_parser(
        "info", help=_("show what a campaign holds"),
        description=_("Print the rules system, sides, commands, units, current bound and schema."),
    )
    add_campaign_argument(info)
    info.set_defaults(handler=run_info)


def run_demo(args: argparse.Namespace) -> int:
    """``desk demo PATH|URL [--rules SYSTEM]``: a new file, or an empty PostgreSQL database."""
    from desk.services.campaign.scenarios import create_demo_campaign

    units = create_demo_campaign(target=args.path, rules_system=args.rules)
    print(ngettext("Wrote {path}: {system} demo, {units} unit.",
                   "Wrote {path}: {system} demo, {units} units.", units).format(
        path=shown_target(args.path), system=SYSTEM_NAMES[args.rules], units=units))
    return 0


def run_info(args: argparse.Namespace) -> int:
    """``desk info CAMPAIGN``."""
    from desk.services.campaign.info import campaign_overview
    from desk.store import current_revision, open_campaign

    with open_campaign(args.campaign, read_only=True) as store:
        with store.session() as session:
            overview = campaign_overview(session=session)
        revision = current_revision(store)
    system = SYSTEM_NAMES.get(overview.rules_system, overview.rules_system)
    status = _("open") if overview.open_bound else _("closed")
    per_side = ", ".join(f"{side} {n}" for side, n in overview.units_per_side)
    rows = [
        (_("Campaign:"), overview.name),
        (_("Rules system:"), f"{system} ({overview.rules_system})"),
        (_("Battle:"), overview.battle),
        (_("Sides:"), ", ".join(overview.sides)),
        (_("Commands:"), str(overview.commands)),
        (_("Units:"), f"{overview.units} ({per_side})"),
        (_("Current bound:"), _("{bound} ({status}, game time {time})").format(
            bound=overview.current_bound, status=status, time=overview.game_time or "—")),
        (_("No order:"), _("{setting} (what a unit without an order does at the close; "
                           "'desk settings' changes it)").format(setting=overview.no_order)),
        (_("Schema:"), _("revision {revision}").format(revision=revision)),
    ]
    # The labels are padded to the longest, so the values line up in every language
    # (English keeps its original layout: "Current bound: " is the longest there).
    width = max(len(label) for label, _value in rows) + 1
    lines = [f"{label:<{width}}{value}" for label, value in rows]
    print("\n".join(lines))
    return 0
