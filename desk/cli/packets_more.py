"""The rest of the packet subcommands: ``packets``, ``players``, ``deadline``,
``reminders`` and ``turn-in`` (kept apart so each module stays short)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from desk.cli.numbers import bound_number
from desk.i18n import _


def register_more(subparsers: Any) -> None:
    """Add the packet, player and turn-in subcommands."""
    packets = subparsers.add_parser(
        "packets", help=_("write each side's (or player's) packet for a bound"),
        description=_("For each side, or each player the campaign names, a folder with the "
                      "fillable order sheet, the side's map view, the situation report and "
                      "the seed's commitment, and a mail draft (.eml) to the player. The desk "
                      "sends nothing. The folder must be new or empty."))
    packets.add_argument("campaign", help=_("campaign file or database URL"))
    packets.add_argument("--bound", type=bound_number,
                         help=_("bound number (default: the open bound)"))
    packets.add_argument("-o", "--output", required=True, type=Path,
                         help=_("the folder to write (new or empty)"))
    packets.add_argument("--from", dest="sender", type=mail_address,
                         help=_("the umpire's address for the drafts"))
    packets.set_defaults(handler=run_packets)

    players = subparsers.add_parser(
        "players", help=_("the players of each side or command and their addresses"))
    players.add_argument("campaign", help=_("campaign file or database URL"))
    players.add_argument("action", choices=("add", "list", "remove"), help=_("what to do"))
    players.add_argument("--name", help=_("the player's name"))
    players.add_argument("--address", help=_("the player's mail address"))
    players.add_argument("--side", help=_("the side, e.g. French"))
    players.add_argument("--command", help=_("the command they play (default: the whole side)"))
    players.set_defaults(handler=run_players)

    deadline = subparsers.add_parser(
        "deadline", help=_("set when a bound's orders are due back"))
    deadline.add_argument("campaign", help=_("campaign file or database URL"))
    deadline.add_argument("when", help=_("date and time, e.g. 2026-12-03T18:00 (UTC unless "
                                         "a zone is given)"))
    deadline.add_argument("--bound", type=bound_number,
                          help=_("bound number (default: the open bound)"))
    deadline.set_defaults(handler=run_deadline)

    board = subparsers.add_parser(
        "turn-in", help=_("which commands have returned orders for a bound"))
    board.add_argument("campaign", help=_("campaign file or database URL"))
    board.add_argument("--bound", type=bound_number,
                       help=_("bound number (default: the open bound)"))
    board.set_defaults(handler=run_turn_in)

    reminders = subparsers.add_parser(
        "reminders", help=_("write reminder mail drafts to the late"))
    reminders.add_argument("campaign", help=_("campaign file or database URL"))
    reminders.add_argument("-o", "--output", required=True, type=Path,
                           help=_("the folder to write (new or empty)"))
    reminders.add_argument("--from", dest="sender", type=mail_address,
                           help=_("the umpire's address for the drafts"))
    reminders.set_defaults(handler=run_reminders)


def mail_address(text: str) -> str:
    """``--from``'s address, checked as a player's address is (argparse names the option)."""
    from desk.services.packets.players import PlayerRefused, check_address

    try:
        return check_address(text)
    except PlayerRefused as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run_packets(args: argparse.Namespace) -> int:
    """``desk packets CAMPAIGN [--bound N] -o FOLDER``."""
    from desk.services.packets.plan import packet_models
    from desk.sheets.packets import check_folder, write_packets
    from desk.store import open_campaign

    check_folder(args.output)
    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        models = packet_models(session=session, bound=args.bound)
    for packet in write_packets(models, args.output, sender=args.sender):
        print(_("{folder}: {files}").format(folder=packet.folder, files=", ".join(packet.files)))
    return 0


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


def run_deadline(args: argparse.Namespace) -> int:
    """``desk deadline CAMPAIGN WHEN [--bound N]``."""
    from desk.services.packets.deadlines import parse_when, set_deadline
    from desk.store import open_campaign

    when = parse_when(args.when)
    with open_campaign(args.campaign) as store, store.session() as session:
        set_deadline(session=session, bound=args.bound, when=when)
    print(_("Orders are due by {when}.").format(when=when.strftime("%Y-%m-%d %H:%M %Z")))
    return 0


def run_turn_in(args: argparse.Namespace) -> int:
    """``desk turn-in CAMPAIGN [--bound N]``."""
    from desk.services.packets.deadlines import turn_in_board
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        board = turn_in_board(session=session, bound=args.bound)
    due = board.deadline.strftime("%Y-%m-%d %H:%M %Z") if board.deadline else _("none")
    print(_("Bound {n}, deadline {due}; without an order: {setting}.").format(
        n=board.bound, due=due, setting=board.no_order))
    for row in board.rows:
        state = {"returned": _("returned"), "late": _("late")}.get(
            board.standing(row), _("not returned yet"))
        print(f"  {row.side}: {row.command} — {state} ({row.returned}/{row.units})")
    return 0


def run_reminders(args: argparse.Namespace) -> int:
    """``desk reminders CAMPAIGN -o FOLDER``."""
    from desk.services.common import current_battle
    from desk.services.packets.deadlines import turn_in_board
    from desk.sheets.packets import check_folder
    from desk.sheets.reminders import write_reminders
    from desk.store import open_campaign

    check_folder(args.output)
    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        board = turn_in_board(session=session)
        campaign, _battle = current_battle(session)
        name = campaign.name
    written = write_reminders(board, args.output, campaign=name, sender=args.sender)
    print(_("{n} reminders written in {folder}.").format(n=len(written), folder=args.output))
    return 0
