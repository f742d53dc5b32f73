"""Subcommand ``players``: the players of each side or command and their addresses.

The addresses are those the packets' and reminders' mail drafts go to (issue 22). ``link``
and ``revoke`` give a player the secret link to their own page, or take it away (issue 32):
the link is printed once, when made, since the campaign keeps only its hash. The
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
    players.add_argument("action", choices=("add", "list", "remove", "link", "revoke"),
                         help=_("what to do"))
    players.add_argument("player", nargs="?", metavar="NAME",
                         help=_("link, revoke: the player's name (or address)"))
    players.add_argument("--reissue", action="store_true",
                         help=_("link: a new link for a player who has one (the old one "
                                "stops working)"))
    players.add_argument("--name", help=_("the player's name"))
    players.add_argument("--address", help=_("the player's mail address"))
    players.add_argument("--side", help=_("the side, e.g. French"))
    players.add_argument("--command", help=_("the command they play (default: the whole side)"))
    players.set_defaults(handler=run_players)


def run_players(args: argparse.Namespace) -> int:
    """``desk players CAMPAIGN add|list|remove|link|revoke ...``."""
    if args.action in ("link", "revoke"):
        return _run_link(args)
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


def _run_link(args: argparse.Namespace) -> int:
    """``desk players CAMPAIGN link NAME [--reissue]`` and ``... revoke NAME``."""
    from desk.services.pages.links import issue_link, reissue_link, revoke_link
    from desk.store import open_campaign

    if not args.player:
        raise ValueError(_("players {action} needs the player's name").format(
            action=args.action))
    with open_campaign(args.campaign) as store, store.session() as session:
        if args.action == "revoke":
            player = revoke_link(session=session, who=args.player)
            print(_("{name}'s link no longer works.").format(name=player.name))
            return 0
        issue = reissue_link if args.reissue else issue_link
        made = issue(session=session, who=args.player)
    print(_("{name}'s page (shown this once; give it to them alone): {path}").format(
        name=made.player.name, path=made.path))
    return 0
