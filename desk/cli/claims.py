"""Subcommand ``claims``: who holds which side, command or LIM cup of a battle (issue 33).

``desk claims CAMPAIGN [list]``; ``claim``, ``release`` and ``take-over`` with
``--side NAME``, ``--command NAME`` (``--side`` then narrows the search) or ``--lim``;
``take-over`` needs ``--reason``. The acting umpire is the global ``desk --umpire NAME``
(or ``DESK_UMPIRE``, else the campaign's chief on a file). The database loads inside the
handler, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse

from desk.cli.arguments import Subparsers, add_battle_option, add_campaign_argument, battle_id_of
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``claims`` to the ``desk`` parser."""
    claims = subparsers.add_parser(
        "claims", help=_("the umpires' claims on sides, commands and the LIM cup"))
    add_campaign_argument(claims)
    claims.add_argument("action", choices=("list", "claim", "release", "take-over"),
                        nargs="?", default="list", help=_("what to do (default: list)"))
    claims.add_argument("--side", metavar="NAME", help=_("a side, e.g. French"))
    claims.add_argument("--command", metavar="NAME",
                        help=_("a command, by name or its path joined by ' / '"))
    claims.add_argument("--lim", action="store_true", help=_("the battle's LIM cup"))
    claims.add_argument("--reason", metavar="TEXT",
                        help=_("take-over: why the chief takes the claim over"))
    add_battle_option(claims)
    claims.set_defaults(handler=run_claims)


def run_claims(args: argparse.Namespace) -> int:
    """``desk claims CAMPAIGN [list] | claim | release | take-over ...``."""
    from desk.services.umpires.claims import claim, claims, release, take_over
    from desk.store import open_campaign

    named = {"side": args.side, "command": args.command, "lim": args.lim}
    if args.action == "list" and (args.side or args.command or args.lim or args.reason):
        raise ValueError(_("claims list takes no --side, --command, --lim or --reason"))
    if args.action == "take-over" and not (args.reason or "").strip():
        raise ValueError(_("claims take-over needs --reason"))
    with open_campaign(args.campaign, read_only=args.action == "list") as store, \
            store.session() as session:
        battle_id = battle_id_of(session, args)
        if args.action == "claim":
            done = claim(session=session, battle_id=battle_id, **named)
            print(_("{target} is claimed by {umpire}.").format(target=done.label,
                                                               umpire=done.umpire))
        elif args.action == "release":
            done = release(session=session, battle_id=battle_id, **named)
            print(_("{target} is no longer claimed.").format(target=done.label))
        elif args.action == "take-over":
            done = take_over(session=session, battle_id=battle_id, reason=args.reason, **named)
            print(_("{target} is claimed by {umpire}.").format(target=done.label,
                                                               umpire=done.umpire))
        listed = claims(session=session, battle_id=battle_id) if args.action == "list" else ()
    if args.action == "list" and not listed:
        print(_("Nothing is claimed in this battle."))
    for held in listed:
        line = f"{held.label}: {held.held}"
        if held.reason:
            line += " " + _("(taken over: {reason})").format(reason=held.reason)
        print(line)
    return 0
