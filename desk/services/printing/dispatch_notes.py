"""The dispatches a side's order sheet carries: received, captured, and room to write.

Fog of war, as for the units: a dispatch delivered in the sheet's bound to
one of the sheet's units is printed on it (writer, time written, text); a
dispatch captured by the sheet's side appears on its intelligence page (written
in the bound before, the captor reading it now), never on the sender's; a lost
dispatch is on no player's page. A commander's sheet (one command) has room
for dispatches to each of his subordinate commands.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from desk.services.couriers.chain import chain_of
from desk.services.couriers.views import DispatchView, dispatch_views
from desk.services.printing.viewmodels import DispatchNote
from desk.store.tables.bounds import Bound
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command, Side


def _note(view: DispatchView) -> DispatchNote:
    return DispatchNote(writer=view.writer, writer_side=view.writer_side,
                        game_time=view.game_time, recipient=view.recipient, text=view.text)


def dispatch_notes(session: Session, *, battle_id: int, side: Side, bound: int, unit_ids: set[int],
                   ) -> tuple[tuple[DispatchNote, ...], tuple[DispatchNote, ...]]:
    """(delivered to the sheet's units in ``bound``, captured by ``side`` in the bound before)."""
    chain = chain_of(session, side_id=side.id or 0)
    received: list[DispatchNote] = []
    delivered = session.exec(select(Dispatch).where(
        Dispatch.battle_id == battle_id, Dispatch.fate == "delivered",
        Dispatch.delivered_bound == bound)).all()
    wanted = []
    for row in delivered:
        reached = ({row.to_unit_id} if row.to_unit_id is not None else
                   {u.id for u in chain.units_under(row.to_command_id or 0)})
        if reached & unit_ids:  # only the side's own: the chain holds no other side's units
            wanted.append(row.id)
    if wanted:
        received = [_note(v) for v in dispatch_views(session, battle_id=battle_id,
                                                     where=(col(Dispatch.id).in_(wanted),))]
    before = session.exec(select(Bound).where(Bound.battle_id == battle_id,
                                              Bound.number == bound - 1)).first()
    captured: list[DispatchNote] = []
    if before is not None:
        captured = [_note(v) for v in dispatch_views(session, battle_id=battle_id, where=(
            Dispatch.fate == "captured", Dispatch.captor_side_id == side.id,
            Dispatch.bound_id == before.id))]
    return tuple(received), tuple(captured)


def subordinates(session: Session, *, side: Side, command: str | None) -> tuple[str, ...]:
    """The commands directly under the sheet's one command (none for a whole side's sheet)."""
    if command is None:
        return ()
    rows = session.exec(select(Command).where(Command.side_id == side.id)).all()
    top = [c.id for c in rows if c.name == command.split(" / ")[-1]]
    return tuple(c.name for c in sorted(rows, key=lambda c: (c.sort_key, c.id or 0))
                 if c.parent_id in top)
