"""Whole numbers typed on the command line that name something the campaign keeps.

SQLite and PostgreSQL store integers in 64 bits. A bound, a dispatch number or a
count past ``2**63 - 1`` cannot name anything a campaign holds, and handing it to
the database driver fails with ``OverflowError`` deep inside a query. These
argparse types turn such a number into the sentence the user needs ("there is no
bound …") before any campaign is opened.

A type raises :class:`~desk.cli.CliError` rather than argparse's own error for a
number out of range: argparse lets other exceptions through, so :func:`desk.cli.main`
prints it as the one ``desk: …`` line every other refusal gets. A word that is
not a number at all stays argparse's usage error, as for any other option.
"""

from __future__ import annotations

import argparse

from desk.cli import CliError
from desk.i18n import _

# The largest integer either database keeps (a signed 64-bit column).
LARGEST_STORED = 2**63 - 1


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number").format(text=text)) from None


def bound_number(text: str) -> int:
    """A bound's number: 1 or more, and small enough to be stored."""
    value = _whole(text)
    if not 1 <= value <= LARGEST_STORED:
        raise CliError(_("there is no bound {n}: bounds are numbered from 1").format(n=value))
    return value


def dispatch_number(text: str) -> int:
    """A dispatch's number in the courier ledger."""
    value = _whole(text)
    if not 1 <= value <= LARGEST_STORED:
        raise CliError(_("there is no dispatch {n} in the ledger").format(n=value))
    return value


def count(text: str) -> int:
    """A count (bounds of delay, minutes, a page, a roll): 0 or more, small enough to store."""
    value = _whole(text)
    if not 0 <= value <= LARGEST_STORED:
        raise CliError(_("{n} is not a count the desk can keep (0 to {largest})").format(
            n=value, largest=LARGEST_STORED))
    return value
