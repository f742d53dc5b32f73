"""Subcommand ``players``: the players of each side or command and their addresses.

The addresses are those the packets' and reminders' mail drafts go to (issue 22). The
database loads inside the handler, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``players`` to the ``desk`` parser."""
    players = subparsers.add_parser(
        "players", help=_("the players of each side or command and their addresses"))
    add_campaign_argument(players)
    players.add_argument("action", choices=("add", "list", "remove"), help=_("what to do"))
    players.add_argument("--name", help=_("the player's name"))
    players.add_argument("--address", help=_("the player's mail address"))
    players.add_argument("--side", help=_("the side, e.g. French"))
    players.add_argument("--command", help=_("the command they play (default: the whole side)"))
    players.set_defaults(handler=run_players)


def run_players(args: argparse.Namespace) -> int:
    """``desk players CAMPAIGN add|list|remove ...``."""
    from desk.services.packets.players import add_player, players, remove_player
    from desk.store import open_campaign

    if args.action == "add" and not (args.name and args.address and args.side):
        raise ValueError(_("players add needs --name, --address and --side"))
    if args.action == "remove" and not args.address:
        raise ValueError(_("players remove needs --address"))
    with open_campaign(args.campaign, read_only=args.action == "list") as store, \
            store.session() as session:
        if args.action == "add":
            add_player(session=session, name=args.name, address=args.address,
                       side=args.side, command=args.command)
        elif args.action == "remove":
            n = remove_player(session=session, address=args.address)
            print(_("{n} players removed.").format(n=n))
        listed = players(session=session)
    for p in listed:
        print(f"{p.name} <{p.address}>: {p.side}" + (f" / {p.command}" if p.command else ""))
    return 0
