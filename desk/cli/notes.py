"""Subcommand ``notes``: the secret notes an umpire keeps on a unit, a command or a bound.

``desk notes CAMPAIGN add (--unit NAME | --command NAME | --bound [N]) --text TEXT``
keeps one (``--bound`` alone: the open bound); ``list`` shows the notes the umpire at
this desk may read (their own; the chief's: every one, each with its author), of one
target or all; ``remove ID`` takes one back. The umpire is the one the campaign opens
as (``DESK_UMPIRE``, the database role, or the campaign's chief: :mod:`desk.store.who`).
The database loads inside the handler, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desk.cli import CliError
from desk.cli.arguments import Subparsers, add_battle_option, add_campaign_argument
from desk.cli.numbers import LARGEST_STORED, bound_number
from desk.i18n import N_, _

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from sqlmodel import Session

    from desk.services.umpires.notes import NoteTarget, SecretNoteView

# ``--bound`` given without a number: the battle's open bound.
_OPEN_BOUND = 0
# What a note is on, as the list says it.
_KINDS = {"unit": N_("unit"), "command": N_("command"), "bound": N_("bound")}


def _note_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number").format(text=text)) from None
    if not 1 <= value <= LARGEST_STORED:
        raise CliError(_("there is no secret note number {n}").format(n=value))
    return value


def register(subparsers: Subparsers) -> None:
    """Add ``notes`` to the ``desk`` parser."""
    notes = subparsers.add_parser(
        "notes", help=_("an umpire's secret notes on units, commands and bounds"),
        description=_("Secret notes: seen only by the umpire who wrote them and by the chief "
                      "umpire; never on a sheet, packet, report or player's page."))
    add_campaign_argument(notes)
    notes.add_argument("action", choices=("add", "list", "remove"), help=_("what to do"))
    notes.add_argument("note", nargs="?", type=_note_number, metavar="ID",
                       help=_("remove: the note's number (as listed)"))
    on = notes.add_mutually_exclusive_group()
    on.add_argument("--unit", metavar="NAME", help=_("a note on this unit (its name or number)"))
    on.add_argument("--command", metavar="NAME",
                    help=_("a note on this command (its name, or its path joined by ' / ')"))
    on.add_argument("--bound", nargs="?", type=bound_number, const=_OPEN_BOUND, metavar="N",
                    help=_("a note on bound N (without N: the open bound)"))
    notes.add_argument("--text", help=_("add: the note (line breaks kept)"))
    add_battle_option(notes)
    notes.set_defaults(handler=run_notes)


def _target(session: Session, args: argparse.Namespace) -> NoteTarget | None:
    """What ``--unit``, ``--command`` or ``--bound`` names (None: none of them given)."""
    from desk.services.common import current_battle
    from desk.services.condition.script import find_unit
    from desk.services.umpires.notes import note_target
    from desk.services.umpires.targets import command_named

    if args.unit is not None:
        campaign, _battle = current_battle(session)
        unit = find_unit(session=session, campaign_id=campaign.id or 0, name=args.unit)
        return note_target(session=session, unit_id=unit.id or 0)
    if args.command is not None:
        return note_target(session=session,
                           command_id=command_named(session=session, name=args.command))
    if args.bound is not None:
        return note_target(session=session, bound=args.bound or None, battle=args.battle)
    return None


def run_notes(args: argparse.Namespace) -> int:
    """``desk notes CAMPAIGN add|list|remove ...``."""
    from desk.services.umpires.notes import add_note, remove_note, secret_notes
    from desk.store import open_campaign

    if args.action == "remove" and args.note is None:
        raise CliError(_("notes remove needs the note's number, e.g. desk notes CAMPAIGN "
                         "remove 3"))
    if args.action != "remove" and args.note is not None:
        raise CliError(_("notes {action} takes no note number").format(action=args.action))
    if args.action == "add" and args.text is None:
        raise CliError(_("notes add needs --text"))
    if args.action != "add" and args.text is not None:
        raise CliError(_("only notes add takes --text"))
    with open_campaign(args.campaign, read_only=args.action == "list") as store, \
            store.session() as session:
        if args.action == "remove":
            gone = remove_note(session=session, note_id=args.note)
            print(_("Secret note {n} on {target} removed.").format(n=gone.id,
                                                                   target=gone.target.label))
            return 0
        target = _target(session, args)
        if args.action == "add":
            if target is None:
                raise CliError(_("notes add needs what the note is on: --unit NAME, "
                                 "--command NAME or --bound [N]"))
            kept = add_note(session=session, text=args.text,
                            unit_id=target.id if target.kind == "unit" else None,
                            command_id=target.id if target.kind == "command" else None,
                            bound=args.bound or None, battle=args.battle)
            print(_("Secret note {n} kept on {target} (seen only by you and the chief "
                    "umpire).").format(n=kept.id, target=kept.target.label))
            return 0
        listed = secret_notes(session=session, target=target)
    for note in listed:
        print(_line(note))
    if not listed:
        print(_("No secret notes you may read."))
    return 0


def _line(note: SecretNoteView) -> str:
    """``#3 · 1/5e Ligne (unit) · Anne · 2026-12-06 05:10``, the text indented below."""
    kind = _(_KINDS.get(note.target.kind, note.target.kind))
    head = [f"#{note.id}", f"{note.target.label} ({kind})"]
    if note.author:
        head.append(note.author)
    head.append(f"{note.created_at:%Y-%m-%d %H:%M}")
    body = "\n".join(f"    {line}" for line in note.text.splitlines())
    return " · ".join(head) + "\n" + body
