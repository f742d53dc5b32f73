"""Undo and redo for the LIM pool of Battles of Waterloo: a pool put back exactly as it was.

Each LIM step (build, draw, Orders LIM option, activation roll, idling) changes
``lim_pool.state``, the ``lim_draw`` rows and the ``lim_move`` rows (the moves
recorded under each draw, with the positions they wrote) together. The desk takes a
:class:`LimSnapshot` of both before and after the step; undo puts "before"
back and redo puts "after" back, row for row (same ids, same seq). The pool
draws from the bound's own seed and the draw number (desk/services/rolls.py), so the
state after a draw is the one the same draw would give again: redo gives the same LIM.

A restore is refused (:class:`ConcurrentChangeError`) when the pool is no
longer as the step left it, e.g. another umpire drew since, so an undo never
wipes someone else's draw. The check is atomic: the restore takes
``seen_version``, the pool row's version as the caller last knew it (after
its own last step or restore), and locks the row with a guarded UPDATE on
that version before it compares and writes (see :mod:`desk.services.versions`).
The snapshot's own ``version`` is left out of the comparison: an undo raises
the version, so the snapshots further down the undo stack carry older ones.
The journal is append-only: a restore adds a line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from desk.rules.coerce import as_list
from desk.services.common import add_journal, get_battle, get_campaign, open_bound, rules_of
from desk.services.errors import ConcurrentChangeError, LimError
from desk.services.lim.positions_link import drop_positions, write_position
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim, inserted, refuse_unseen
from desk.store.tables.bounds import Bound
from desk.store.tables.lim import LimDraw, LimMove, LimPool


@dataclass(frozen=True)
class DrawRowSnapshot:
    """One ``lim_draw`` row as stored."""

    id: int
    seq: int
    lim: str
    command_id: int | None
    orders_option: str
    roll: int | None
    rating: int | None
    success: bool | None
    note: str


@dataclass(frozen=True)
class MoveRowSnapshot:
    """One ``lim_move`` row as stored (findings as canonical JSON)."""

    id: int
    draw_id: int
    unit_id: int
    movement: str
    destination_hex: str
    path_hexes: tuple[str, ...]
    row: str
    findings_json: str
    status: str
    override_reason: str


@dataclass(frozen=True)
class LimSnapshot:
    """The open bound's pool as stored: ``pool_id`` None means the bound has no pool."""

    bound: int
    pool_id: int | None
    seed: int
    chits: tuple[str, ...]
    first_lim: str
    state_json: str  # lim_pool.state as canonical JSON: immutable and comparable
    draws: tuple[DrawRowSnapshot, ...]
    moves: tuple[MoveRowSnapshot, ...] = ()  # the moves recorded under the draws
    version: int | None = field(default=None, compare=False)  # the pool row's, when taken

    @property
    def state(self) -> dict[str, object]:
        """``lim_pool.state`` as a fresh dict."""
        loaded: dict[str, object] = json.loads(self.state_json)
        return loaded

    def describe(self) -> str:
        """A few words for the journal: how far the turn had gone."""
        if self.pool_id is None:
            return "no pool"
        state = self.state
        return (f"{len(as_list(state.get('draws')))} LIMs drawn, {len(self.moves)} moves, "
                f"{len(as_list(state.get('activations')))} activation rolls, "
                f"{len(as_list(state.get('idle')))} commands idle")


def _open(session: Session, battle_id: int) -> Bound:
    battle = get_battle(session, battle_id)
    if not rules_of(get_campaign(session, battle.campaign_id)).has_lim_pool:
        raise LimError("only a Battles of Waterloo campaign has a LIM pool")
    return open_bound(session, battle)


def _pool(session: Session, bound: Bound) -> LimPool | None:
    return session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()


def _draws(session: Session, pool: LimPool) -> list[LimDraw]:
    return list(session.exec(select(LimDraw).where(LimDraw.pool_id == pool.id)
                             .order_by(col(LimDraw.seq))).all())


def _moves(session: Session, pool: LimPool) -> list[LimMove]:
    ids = [d.id for d in _draws(session, pool)]
    if not ids:
        return []
    return list(session.exec(select(LimMove).where(col(LimMove.draw_id).in_(ids))
                             .order_by(col(LimMove.id))).all())


def _take(session: Session, bound: Bound) -> LimSnapshot:
    pool = _pool(session, bound)
    if pool is None:
        return LimSnapshot(bound=bound.number, pool_id=None, seed=0, chits=(), first_lim="",
                           state_json="{}", draws=(), version=None)
    return LimSnapshot(
        bound=bound.number, pool_id=pool.id, seed=pool.seed, chits=tuple(pool.chits),
        first_lim=pool.first_lim, state_json=json.dumps(pool.state, sort_keys=True),
        draws=tuple(DrawRowSnapshot(id=d.id or 0, seq=d.seq, lim=d.lim, command_id=d.command_id,
                                    orders_option=d.orders_option, roll=d.roll,
                                    rating=d.rating, success=d.success, note=d.note)
                    for d in _draws(session, pool)),
        moves=tuple(MoveRowSnapshot(id=m.id or 0, draw_id=m.draw_id, unit_id=m.unit_id,
                                    movement=m.movement, destination_hex=m.destination_hex,
                                    path_hexes=tuple(m.path_hexes), row=m.row,
                                    findings_json=json.dumps(m.findings, sort_keys=True),
                                    status=m.status, override_reason=m.override_reason)
                    for m in _moves(session, pool)),
        version=pool.version_id)


def lim_snapshot(*, session: Session, battle_id: int) -> LimSnapshot:
    """The open bound's LIM pool and its draw rows as they are stored now."""
    return _take(session, _open(session, battle_id))


def restore_lim_pool(*, session: Session, battle_id: int, snapshot: LimSnapshot,
                     expect: LimSnapshot, reason: str = "undo",
                     seen_version: int | None) -> LimSnapshot:
    """Put the open bound's pool back as ``snapshot`` if it is still ``expect``; one journal line.

    ``expect`` is the pool as the step being undone (or redone) left it; anything
    else means someone changed it since, and nothing is written. ``seen_version``
    is the pool row's version as the caller last knew it (None: no pool).
    """
    bound = _open(session, battle_id)
    if snapshot.bound != bound.number or expect.bound != bound.number:
        raise LimError(f"the LIM step belongs to bound {snapshot.bound}, and bound "
                       f"{bound.number} is the open one: it cannot be taken back now")
    refuse_if_claimed(session=session, battle_id=bound.battle_id, lim=True)
    what = f"bound {bound.number}'s LIM pool"
    locked = _pool(session, bound)
    refuse_unseen(locked, seen=seen_version, what=what)
    if locked is not None:
        claim(session, LimPool, row_id=locked.id or 0, seen=seen_version, what=what)
    if _take(session, bound) != expect:
        raise ConcurrentChangeError(f"bound {bound.number}'s LIM pool was changed meanwhile "
                                    "(another umpire's draw or roll?): reload to see it")
    pool = _pool(session, bound)
    if pool is not None:
        for move in _moves(session, pool):
            if not any(m.id == move.id for m in snapshot.moves):
                session.delete(move)
        session.flush()
        for draw in _draws(session, pool):
            if not any(d.id == draw.id for d in snapshot.draws):
                session.delete(draw)
        if snapshot.pool_id != pool.id:
            session.delete(pool)
            pool = None
        session.flush()  # deletions first: a re-inserted row reuses its (pool, seq)
    if snapshot.pool_id is not None:
        if pool is None:
            pool = LimPool(id=snapshot.pool_id, bound_id=bound.id or 0)
        pool.seed, pool.chits, pool.first_lim = snapshot.seed, list(snapshot.chits), \
            snapshot.first_lim
        pool.state = snapshot.state
        session.add(pool)
        with inserted(what):  # two desks putting back a pool the bound had no longer
            session.flush()
        current = {d.id: d for d in _draws(session, pool)}
        for row in snapshot.draws:
            draw = current.get(row.id) or LimDraw(id=row.id, pool_id=snapshot.pool_id,
                                                  seq=row.seq, lim=row.lim)
            draw.seq, draw.lim, draw.command_id = row.seq, row.lim, row.command_id
            draw.orders_option, draw.roll, draw.rating = row.orders_option, row.roll, row.rating
            draw.success, draw.note = row.success, row.note
            session.add(draw)
        session.flush()
        # The positions the moves wrote follow them (positions_link): taken back, written again.
        drop_positions(session, draw_ids=[d.id for d in snapshot.draws] + [
            d.id for d in expect.draws])
        moves = {m.id: m for m in _moves(session, pool)}
        for saved in snapshot.moves:
            move = moves.get(saved.id) or LimMove(id=saved.id, draw_id=saved.draw_id,
                                                  unit_id=saved.unit_id, movement=saved.movement)
            move.draw_id, move.unit_id, move.movement = saved.draw_id, saved.unit_id, \
                saved.movement
            move.destination_hex, move.path_hexes = saved.destination_hex, list(saved.path_hexes)
            move.row, move.findings = saved.row, json.loads(saved.findings_json)
            move.status, move.override_reason = saved.status, saved.override_reason
            session.add(move)
            write_position(session, battle_id=battle_id, bound_id=bound.id or 0,
                           unit_id=saved.unit_id, draw_id=saved.draw_id,
                           hex_number=saved.destination_hex)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="lim", reason=reason,
                message=f"LIM pool of bound {bound.number} put back as it was "
                f"({snapshot.describe()}).")
    session.flush()
    return _take(session, bound)
