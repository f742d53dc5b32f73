"""Subcommand ``umpires``: a campaign's umpires, by name and role (issue 33).

``desk umpires CAMPAIGN add NAME [--role chief|sector] [--db-role ROLE]``, ``list`` and
``remove NAME``. Who is writing is the global ``desk --umpire NAME`` (or ``DESK_UMPIRE``):
once the campaign names a chief, only a chief changes the roster. The database loads
inside the handler, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``umpires`` to the ``desk`` parser."""
    umpires = subparsers.add_parser(
        "umpires", help=_("the campaign's umpires: chief and sector umpires, by name"))
    add_campaign_argument(umpires)
    umpires.add_argument("action", choices=("add", "list", "remove"), nargs="?",
                         default="list", help=_("what to do (default: list)"))
    umpires.add_argument("name", nargs="?", metavar="NAME",
                         help=_("add, remove: the umpire's name"))
    umpires.add_argument("--role", choices=("chief", "sector"), default="sector",
                         help=_("add: chief (takes claims over, reads every secret note) or "
                                "sector (default)"))
    umpires.add_argument("--db-role", default="", metavar="ROLE",
                         help=_("add: the PostgreSQL role that is this umpire"))
    umpires.set_defaults(handler=run_umpires)


def run_umpires(args: argparse.Namespace) -> int:
    """``desk umpires CAMPAIGN add NAME | list | remove NAME``."""
    from desk.services.umpires.roster import add_umpire, remove_umpire, umpires
    from desk.store import open_campaign

    if args.action != "list" and not args.name:
        raise ValueError(_("umpires {action} needs the umpire's name").format(
            action=args.action))
    with open_campaign(args.campaign, read_only=args.action == "list") as store, \
            store.session() as session:
        if args.action == "add":
            add_umpire(session=session, name=args.name, role=args.role, db_role=args.db_role)
        elif args.action == "remove":
            gone = remove_umpire(session=session, name=args.name)
            print(_("{name} is no longer an umpire of this campaign.").format(name=gone.name))
        listed = umpires(session=session)
    if not listed:
        print(_("This campaign names no umpires (add one: desk umpires CAMPAIGN add NAME)."))
    for umpire in listed:
        role = _("chief") if umpire.chief else _("sector")
        line = f"{umpire.name} ({role})"
        if umpire.db_role:
            line += " · " + _("database role {role}").format(role=umpire.db_role)
        print(line)
    return 0
