"""The arguments many subcommands share, declared once: the campaign, ``--battle`` and a
mail address.

Whole numbers that name something stored (a bound, a dispatch, a count) have their own
module, :mod:`desk.cli.numbers`, for the one idea they share: the range a database keeps.
What is here is the rest of what more than one group of commands asks for. The
database loads inside the functions that need it, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from desk.i18n import _

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from sqlmodel import Session

# What ``ArgumentParser.add_subparsers`` returns: each command group's ``register`` adds its
# commands to it (argparse names the class privately; typeshed types it so).
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_campaign_argument(parser: argparse.ArgumentParser) -> None:
    """The positional ``campaign``: a campaign file or a database URL, to open as it is."""
    parser.add_argument("campaign", help=_("campaign file or database URL"))


def shown_target(target: str) -> str:
    """A campaign's file or URL as a line may print it: a URL's password hidden."""
    if "://" not in target:
        return target
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(target).render_as_string(hide_password=True)
    except ArgumentError:
        return target.split("@")[-1]  # whatever it is, not its credentials


def add_battle_option(parser: argparse.ArgumentParser) -> None:
    """``--battle NAME``, for every command that works on one battle of the campaign."""
    parser.add_argument("--battle", metavar="NAME",
                        help=_("the battle (default: the current one, the latest still open)"))


def battle_id_of(session: Session, args: argparse.Namespace) -> int:
    """The id of the battle ``--battle`` names, or of the current battle."""
    from desk.services.common import current_battle

    return current_battle(session, getattr(args, "battle", None))[1].id or 0


def mail_address(text: str) -> str:
    """``--from``'s address, checked as a player's address is (argparse names the option)."""
    from desk.services.packets.players import PlayerRefused, check_address

    try:
        return check_address(text)
    except PlayerRefused as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_paper_and_output(parser: argparse.ArgumentParser) -> None:
    """``--paper`` and the required ``-o FILE.pdf`` of a command that prints."""
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help=_("paper size (default: a4)"))
    parser.add_argument("-o", "--output", required=True, type=Path, help=_("the PDF to write"))
