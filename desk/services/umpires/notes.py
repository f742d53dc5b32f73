"""Secret notes (issue 33): a note an umpire keeps on a unit, a command or a bound, that
only its author and the chief umpire read.

The note's author is the umpire the session writes as (:func:`desk.store.who.identity_of`);
a campaign that names no umpire has one nameless chief, whose notes carry the author "".
A sector umpire reads and removes their own notes only; the chief reads and removes every
one. Another umpire's note is answered as if it did not exist ("no note number 7 of
yours"), so a refusal tells nothing of what the others keep.

Nothing printed or served reads the ``secret_note`` table: no sheet, packet, report or
player's page (``tests/services/umpires/test_notes_fog.py`` reads them all). No journal
line is written either: the journal is on the bound report and the unit's history, which
any umpire reads.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle, get_bound, get_unit, open_bound
from desk.services.errors import NotFound, ServiceError
from desk.services.oob.names import campaign_names
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Command
from desk.store.tables.umpires import SecretNote
from desk.store.who import Identity, identity_of

# A note is a few lines an umpire writes mid-game, not a document: long enough for a
# scenario's secret rule spelled out, short enough to list under a unit.
NOTE_LIMIT = 2000
TARGET_KINDS = ("unit", "command", "bound")


class NoteRefused(ServiceError):
    """A secret note that cannot be written as asked (empty, too long, no one target)."""


@dataclass(frozen=True)
class NoteTarget:
    """What a note is on: a unit, a command or a bound (``id`` is the row's id), and how
    the umpire calls it ("1/5e Ligne", "VI Corps", "bound 3 of Plancenoit")."""

    kind: str  # TARGET_KINDS
    id: int
    label: str

    @property
    def key(self) -> str:
        """The ``target`` column's text: ``unit:12``, ``command:3``, ``bound:40``."""
        return f"{self.kind}:{self.id}"


@dataclass(frozen=True)
class SecretNoteView:
    """One secret note as its reader sees it; ``own``: written by the umpire reading it."""

    id: int
    target: NoteTarget
    author: str
    text: str
    created_at: datetime
    own: bool


def note_target(*, session: Session, unit_id: int | None = None,
                command_id: int | None = None, bound: int | None = None,
                battle: str | None = None) -> NoteTarget:
    """The one thing a note is on: the unit, else the command, else bound ``bound`` of a
    battle (the current one), else the battle's open bound (refused when it has none)."""
    if sum(x is not None for x in (unit_id, command_id, bound)) > 1:
        raise NoteRefused(_("a secret note is on one thing: a unit, a command or a bound"))
    if unit_id is not None:
        unit = get_unit(session, unit_id)
        return NoteTarget("unit", unit_id, unit.name)
    if command_id is not None:
        command = session.get(Command, command_id)
        if command is None:
            raise NotFound(_("there is no command number {n} in this campaign").format(
                n=command_id))
        return NoteTarget("command", command_id, command.name)
    _campaign, battle_row = current_battle(session, battle)
    row = (open_bound(session, battle_row) if bound is None
           else get_bound(session, battle_row.id or 0, bound))
    return NoteTarget("bound", row.id or 0, _bound_label(row.number, battle_row.name))


def clean_text(text: str) -> str:
    """The note's text as kept: its lines without trailing blanks, refused when empty, too
    long, or holding a control character (a line break and a tab are text)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n")
             .split("\n")]
    kept = "\n".join(lines).strip()
    if not kept.strip():
        raise NoteRefused(_("a secret note needs some text"))
    if len(kept) > NOTE_LIMIT:
        raise NoteRefused(_("a secret note is at most {limit} characters (this one has "
                            "{n})").format(limit=NOTE_LIMIT, n=len(kept)))
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\t" for ch in kept):
        raise NoteRefused(_("a secret note cannot hold control characters"))
    return kept


def add_note(*, session: Session, text: str, unit_id: int | None = None,
             command_id: int | None = None, bound: int | None = None,
             battle: str | None = None) -> SecretNoteView:
    """Keep a secret note on a unit, a command or a bound (:func:`note_target`), written by
    the session's umpire."""
    kept = clean_text(text)
    target = note_target(session=session, unit_id=unit_id, command_id=command_id,
                         bound=bound, battle=battle)
    campaign, _battle = current_battle(session)
    reader = identity_of(session)
    note = SecretNote(campaign_id=campaign.id or 0, target=target.key, author=reader.name,
                      text=kept)
    session.add(note)
    session.flush()
    return _view(note, target, reader)


def secret_notes(*, session: Session, target: NoteTarget | None = None
                 ) -> tuple[SecretNoteView, ...]:
    """The notes the session's umpire may read (their own; the chief's: all), oldest
    first; of one target, or of every one."""
    campaign, _battle = current_battle(session)
    reader = identity_of(session)
    query = select(SecretNote).where(SecretNote.campaign_id == campaign.id)
    if target is not None:
        query = query.where(SecretNote.target == target.key)
    if not reader.chief:
        query = query.where(SecretNote.author == reader.name)
    rows = session.exec(query.order_by(col(SecretNote.id))).all()
    targets = {target.key: target} if target is not None else _targets(session, rows)
    return tuple(_view(n, targets.get(n.target) or _unknown(n.target), reader) for n in rows)


def remove_note(*, session: Session, note_id: int) -> SecretNoteView:
    """Remove a note: the author's own, or any one for the chief. Another umpire's note is
    refused as if there were none (its existence is theirs to tell)."""
    reader = identity_of(session)
    note = session.get(SecretNote, note_id)
    if note is None or not (reader.chief or note.author == reader.name):
        raise NotFound(_("there is no secret note number {n} of yours").format(n=note_id))
    target = _targets(session, [note]).get(note.target) or _unknown(note.target)
    gone = _view(note, target, reader)
    session.delete(note)
    session.flush()
    return gone


def _bound_label(number: int, battle: str) -> str:
    return _("bound {n} of {battle}").format(n=number, battle=battle)


def _view(note: SecretNote, target: NoteTarget, reader: Identity) -> SecretNoteView:
    return SecretNoteView(id=note.id or 0, target=target, author=note.author, text=note.text,
                          created_at=note.created_at, own=note.author == reader.name)


def _unknown(key: str) -> NoteTarget:
    """A note whose unit, command or bound is gone (the notes have no key to them)."""
    kind, _sep, number = key.partition(":")
    return NoteTarget(kind, int(number) if number.isdigit() else 0, key)


def _targets(session: Session, notes: Sequence[SecretNote]) -> dict[str, NoteTarget]:
    """The targets of some notes, named, read in one query per kind."""
    wanted: dict[str, set[int]] = {kind: set() for kind in TARGET_KINDS}
    for note in notes:
        kind, _sep, number = note.target.partition(":")
        if kind in wanted and number.isdigit():
            wanted[kind].add(int(number))
    found: dict[str, NoteTarget] = {}
    if wanted["unit"] or wanted["command"]:
        campaign, _battle = current_battle(session)
        names = campaign_names(session, campaign.id or 0)
        for uid in wanted["unit"]:
            if uid in names.units:
                found[f"unit:{uid}"] = NoteTarget("unit", uid, names.unit(uid))
        for cid in wanted["command"]:
            if cid in names.commands:
                found[f"command:{cid}"] = NoteTarget("command", cid, names.command(cid))
    if wanted["bound"]:
        rows = session.exec(select(Bound.id, Bound.number, Battle.name)
                            .join(Battle, col(Battle.id) == col(Bound.battle_id))
                            .where(col(Bound.id).in_(wanted["bound"]))).all()
        for bid, bound_no, battle in rows:
            found[f"bound:{bid}"] = NoteTarget("bound", bid or 0, _bound_label(bound_no, battle))
    return found
