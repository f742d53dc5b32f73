"""Subcommands about when a bound's orders are due: ``deadline``, ``turn-in`` and
``reminders`` (issue 22).

``deadline`` sets the time, ``turn-in`` shows which commands have returned orders by
then, ``reminders`` writes a mail draft (``.eml``) to each late player: the desk sends
no mail. The database and the mail package load inside the handlers, so
``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from desk.cli.arguments import Subparsers, add_campaign_argument, mail_address
from desk.cli.numbers import bound_number
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``deadline``, ``turn-in`` and ``reminders`` to the ``desk`` parser."""
    deadline = subparsers.add_parser(
        "deadline", help=_("set when a bound's orders are due back"))
    add_campaign_argument(deadline)
    deadline.add_argument("when", help=_("date and time, e.g. 2026-12-03T18:00 (UTC unless "
                                         "a zone is given)"))
    deadline.add_argument("--bound", type=bound_number,
                          help=_("bound number (default: the open bound)"))
    deadline.set_defaults(handler=run_deadline)

    board = subparsers.add_parser(
        "turn-in", help=_("which commands have returned orders for a bound"))
    add_campaign_argument(board)
    board.add_argument("--bound", type=bound_number,
                       help=_("bound number (default: the open bound)"))
    board.set_defaults(handler=run_turn_in)

    reminders = subparsers.add_parser(
        "reminders", help=_("write reminder mail drafts to the late"))
    add_campaign_argument(reminders)
    reminders.add_argument("-o", "--output", required=True, type=Path,
                           help=_("the folder to write (new or empty)"))
    reminders.add_argument("--from", dest="sender", type=mail_address,
                           help=_("the umpire's address for the drafts"))
    reminders.set_defaults(handler=run_reminders)


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
