"""Claims (issue 33): an umpire's hold on a side, a command or the LIM cup of a battle.

While Anne holds VI Corps, no other umpire writes its units' orders or events (the chief
neither, unless he takes the claim over with a reason, journalled); while Bob holds the
LIM cup, no other umpire draws, rolls or moves under it (:mod:`.guard`). A claim ends
on release (by its holder or the chief) or at the close of the bound; it is a row, so it
outlives a restart.

Two umpires claiming the same target at once: the ``claim`` table's unique (battle,
target) decides, and the second gets the sentence naming the first. A claim that would
overlap another umpire's (a division inside a claimed corps, a side with a claimed
command) is refused the same way, so two claims never cover one unit. A campaign that
names no umpires has no one to claim anything: it is told to name them first.
"""

from __future__ import annotations

from sqlalchemy import CursorResult, delete, update
from sqlalchemy import select as sql_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import Executable
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import add_journal, get_battle, get_bound
from desk.services.errors import ClaimedError, ConcurrentChangeError, ServiceError
from desk.services.umpires.targets import (
    LIM,
    Target,
    command_key,
    label_of,
    side_key,
    target_named,
)
from desk.services.umpires.views import ClaimView
from desk.store.columns import now
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Command, Side
from desk.store.tables.umpires import Claim, Umpire
from desk.store.who import Identity, identity_of

KIND = "claim"  # the journal kind of a claim, a release, a take-over and their end


def _umpire(session: Session, battle: Battle) -> Identity:
    """The session's umpire, who may claim: one the campaign names."""
    names = set(session.execute(sql_select(col(Umpire.name)).where(
        col(Umpire.campaign_id) == battle.campaign_id)).scalars())
    if not names:
        raise ServiceError(_("this campaign names no umpires, so nothing can be claimed: "
                             "name them first (desk umpires CAMPAIGN add NAME)"))
    me = identity_of(session)
    if not me.name:
        raise ServiceError(_("this desk writes as no umpire: open the campaign as one of "
                             "its umpires ({names}) to claim").format(
                                 names=", ".join(sorted(names))))
    return me


def _open_battle(session: Session, battle_id: int) -> Battle:
    battle = get_battle(session, battle_id)
    if battle.status != "open":
        raise ServiceError(_("the battle {name} has ended: nothing in it can be claimed")
                           .format(name=battle.name))
    return battle


def _view(session: Session, row: Claim) -> ClaimView:
    return ClaimView(battle_id=row.battle_id, target=row.target,
                     label=label_of(session, row.target), umpire=row.umpire,
                     since=row.since, reason=row.reason)


def _row(session: Session, battle_id: int, key: str) -> Claim | None:
    return session.exec(select(Claim).where(Claim.battle_id == battle_id,
                                            Claim.target == key)).first()


def _journal(session: Session, battle: Battle, message: str, reason: str = "") -> None:
    bound = get_bound(session, battle.id or 0, battle.current_bound)
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, kind=KIND,
                message=message, reason=reason)


def _overlapping(session: Session, battle: Battle, key: str) -> set[str]:
    """The keys whose claim would cover a unit this one covers: the target itself, the
    commands above and below it and its side (a side: every command of it)."""
    if key == LIM:
        return {LIM}
    commands = session.execute(sql_select(col(Command.id), col(Command.parent_id),
                                          col(Command.side_id))
                               .where(col(Command.side_id).in_(_side_ids(session, battle)))
                               ).all()
    kind, _sep, number = key.partition(":")
    if kind == "side":
        return {key} | {command_key(cid) for cid, _parent, sid in commands
                        if sid == int(number)}
    parents = {cid: parent for cid, parent, _sid in commands}
    below: set[int] = set()
    frontier = [int(number)]
    while frontier:
        current = frontier.pop()
        if current in below:
            continue
        below.add(current)
        frontier += [cid for cid, parent in parents.items() if parent == current]
    above = {key}
    command = session.get(Command, int(number))
    if command is not None:
        above.add(side_key(command.side_id))
        parent, seen = command.parent_id, set()
        while parent is not None and parent not in seen:
            seen.add(parent)
            above.add(command_key(parent))
            parent = parents.get(parent)
    return above | {command_key(c) for c in below}


def _side_ids(session: Session, battle: Battle) -> list[int]:
    return list(session.execute(sql_select(col(Side.id)).where(
        col(Side.campaign_id) == battle.campaign_id)).scalars())


def claim(*, session: Session, battle_id: int, side: str | None = None,
          command: str | None = None, lim: bool = False) -> ClaimView:
    """Claim a side, a command or the LIM cup of the battle for the session's umpire.

    Refused (:class:`ClaimedError`, one sentence naming the claimant and since when)
    when another umpire holds it, or a claim that overlaps it; claiming what one holds
    already changes nothing.
    """
    battle = _open_battle(session, battle_id)
    me = _umpire(session, battle)
    target = target_named(session, battle_id=battle_id, side=side, command=command, lim=lim)
    # One claim of a battle at a time: a corps and one of its divisions claimed at the same
    # instant from two desks would each find the other's claim not yet there. SQLite's
    # writers queue already (BEGIN IMMEDIATE); on PostgreSQL the battle's row is locked
    # until this transaction ends, and the second desk then reads the first's claim.
    session.execute(sql_select(col(Battle.id)).where(col(Battle.id) == battle_id)
                    .with_for_update())
    held = session.exec(select(Claim).where(Claim.battle_id == battle_id)).all()
    mine = next((c for c in held if c.target == target.key and c.umpire == me.name), None)
    if mine is not None:
        return _view(session, mine)
    overlap = _overlapping(session, battle, target.key)
    other = next((c for c in held if c.target in overlap and c.umpire != me.name), None)
    if other is not None:
        raise ClaimedError(_view(session, other).sentence + ".")
    row = Claim(battle_id=battle_id, target=target.key, umpire=me.name, since=now())
    try:
        with session.begin_nested():  # the loser of a race keeps its transaction usable
            session.add(row)
            session.flush()
    except IntegrityError as exc:
        winner = _row(session, battle_id, target.key)
        if winner is None:
            raise
        raise ClaimedError(_view(session, winner).sentence + ".") from exc
    _journal(session, battle, f"{me.name} claimed {target.label}.")
    return _view(session, row)


def _held(session: Session, battle_id: int, target: Target) -> Claim:
    row = _row(session, battle_id, target.key)
    if row is None:
        raise ServiceError(_("{target} is not claimed").format(target=target.label))
    return row


def _guarded(session: Session, statement: Executable, target: Target) -> None:
    """Run a statement on a claim row as it was read; 0 rows: someone changed it first."""
    result = session.execute(statement)
    if not isinstance(result, CursorResult) or result.rowcount != 1:
        raise ConcurrentChangeError(_("the claim on {target} was changed by someone else "
                                      "meanwhile: reload to see it").format(
                                          target=target.label))


def release(*, session: Session, battle_id: int, side: str | None = None,
            command: str | None = None, lim: bool = False) -> ClaimView:
    """End a claim: its holder's, or the chief's for anyone's; journalled. The view of the
    claim that ended."""
    battle = get_battle(session, battle_id)
    me = _umpire(session, battle)
    target = target_named(session, battle_id=battle_id, side=side, command=command, lim=lim)
    row = _held(session, battle_id, target)
    if row.umpire != me.name and not me.chief:
        raise ClaimedError(_view(session, row).sentence + _(": only {umpire} or the chief "
                                                             "umpire releases it").format(
                                                                 umpire=row.umpire))
    view = _view(session, row)
    _guarded(session, delete(Claim).where(col(Claim.id) == row.id,
                                          col(Claim.umpire) == row.umpire), target)
    session.expunge(row)
    whose = "" if row.umpire == me.name else f" ({row.umpire}'s)"
    _journal(session, battle, f"{me.name} released {target.label}{whose}.")
    return view


def take_over(*, session: Session, battle_id: int, reason: str, side: str | None = None,
              command: str | None = None, lim: bool = False) -> ClaimView:
    """The chief takes another umpire's claim over, with a reason (journalled)."""
    battle = _open_battle(session, battle_id)
    me = _umpire(session, battle)
    target = target_named(session, battle_id=battle_id, side=side, command=command, lim=lim)
    if not me.chief:
        raise ServiceError(_("only the chief umpire takes a claim over; {name} is a sector "
                             "umpire").format(name=me.name))
    row = _held(session, battle_id, target)
    if row.umpire == me.name:
        raise ServiceError(_("{target} is yours already").format(target=target.label))
    why = reason.strip()
    if not why:
        raise ServiceError(_("give a reason to take {target} over from {umpire}").format(
            target=target.label, umpire=row.umpire))
    before, since = row.umpire, now()
    _guarded(session, update(Claim).where(col(Claim.id) == row.id,
                                          col(Claim.umpire) == before)
             .values(umpire=me.name, since=since, reason=why)
             .execution_options(synchronize_session="fetch"), target)
    _journal(session, battle, f"{me.name} took {target.label} over from {before}.",
             reason=why)
    return ClaimView(battle_id=battle_id, target=target.key, label=target.label,
                     umpire=me.name, since=since, reason=why)


def claims(*, session: Session, battle_id: int) -> tuple[ClaimView, ...]:
    """The battle's claims, oldest first: on what, by whom, since when (and why, for a
    claim the chief took over)."""
    get_battle(session, battle_id)
    rows = session.exec(select(Claim).where(Claim.battle_id == battle_id)
                        .order_by(col(Claim.since), col(Claim.id))).all()
    return tuple(_view(session, r) for r in rows)


def end_claims(session: Session, *, battle_id: int, bound_id: int | None) -> int:
    """The close of a bound ends the battle's claims, with one journal line naming them
    (none when there were none, so a close without claims writes nothing more)."""
    rows = session.execute(sql_select(col(Claim.target), col(Claim.umpire))
                           .where(col(Claim.battle_id) == battle_id)
                           .order_by(col(Claim.id))).all()
    if not rows:
        return 0
    session.execute(delete(Claim).where(col(Claim.battle_id) == battle_id))
    listed = ", ".join(f"{label_of(session, str(t))} ({who})" for t, who in rows)
    add_journal(session, battle_id=battle_id, bound_id=bound_id, kind=KIND,
                message=f"Claims ended with the close of the bound: {listed}.")
    return len(rows)

