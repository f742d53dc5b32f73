"""Subcommands about whole campaigns: ``demo`` and ``info``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from desk.rules import SYSTEM_IDS, SYSTEM_NAMES


def register(subparsers: Any) -> None:
    """Add ``demo`` and ``info`` to the ``desk`` parser."""
    demo = subparsers.add_parser(
        "demo", help="write a demo campaign", description="Write a demo campaign to a new file."
    )
    demo.add_argument("path", help="the new campaign file (e.g. plancenoit.desk)")
    demo.add_argument(
        "--rules", choices=SYSTEM_IDS, default="belle-alliance",
        help="rules system of the demo (default: belle-alliance, Plancenoit 1815)",
    )
    demo.set_defaults(handler=run_demo)

    info = subparsers.add_parser(
        "info", help="show what a campaign holds",
        description="Print the rules system, sides, commands, units, current bound and schema.",
    )
    info.add_argument("campaign", help="campaign file or database URL")
    info.set_defaults(handler=run_info)


def run_demo(args: argparse.Namespace) -> int:
    """``desk demo PATH [--rules SYSTEM]``."""
    path = Path(args.path)
    from desk.services.campaign.scenarios import create_demo_campaign

    units = create_demo_campaign(path=path, rules_system=args.rules)
    print(f"Wrote {path}: {SYSTEM_NAMES[args.rules]} demo, {units} units.")
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
    status = "open" if overview.open_bound else "closed"
    lines = [
        f"Campaign:      {overview.name}",
        f"Rules system:  {system} ({overview.rules_system})",
        f"Battle:        {overview.battle}",
        f"Sides:         {', '.join(overview.sides)}",
        f"Commands:      {overview.commands}",
        f"Units:         {overview.units} ("
        + ", ".join(f"{side} {n}" for side, n in overview.units_per_side) + ")",
        f"Current bound: {overview.current_bound} ({status}, "
        f"game time {overview.game_time or '—'})",
        f"No order:      {overview.no_order} (what a unit without an order does at the "
        "close; 'desk settings' changes it)",
        f"Schema:        revision {revision}",
    ]
    print("\n".join(lines))
    return 0
