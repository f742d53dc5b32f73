"""The frozen view of a dispatch that the services hand to the ledger, the sheets and the CLI."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import get_battle
from desk.store.tables.bounds import Bound
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command, Leader, Side, Unit

# A SQL condition on the dispatch table (mypy reads ``Dispatch.bound_id == 3`` as a bool:
# SQLModel types the column as its Python value).
Condition = ColumnElement[bool] | bool


@dataclass(frozen=True)
class DispatchView:
    """One dispatch as the ledger shows it: who, to whom, when, by which road, and its fate."""

    id: int
    bound: int  # written in
    seq: int
    game_time: str
    writer: str
    writer_side: str
    recipient: str
    recipient_side: str
    kind: str
    text: str
    route: str
    via: tuple[str, ...]
    distance: float | None
    delay_bounds: int
    due_bound: int
    fate: str
    captor: str
    delivered_bound: int | None
    rolls: dict[str, object]
    override_reason: str
    version: int

    @property
    def state(self) -> str:
        """Its fate in a few words: "due at bound 3", "delivered at bound 3", "captured by …"."""
        if self.fate == "in-transit":
            return _("due at bound {n}").format(n=self.due_bound)
        if self.fate == "delivered":
            if self.delay_bounds == 0:
                return _("received at once (bound {n})").format(n=self.delivered_bound)
            return _("delivered at bound {n}").format(n=self.delivered_bound)
        if self.fate == "captured":
            return _("captured by the {side}").format(side=self.captor)
        return _("lost")


def dispatch_views(session: Session, *, battle_id: int,
                   where: tuple[Condition, ...] = ()) -> list[DispatchView]:
    """The battle's dispatches matching ``where`` (SQL conditions), in writing order."""
    get_battle(session, battle_id)
    rows = session.exec(select(Dispatch).where(Dispatch.battle_id == battle_id, *where)
                        .order_by(col(Dispatch.bound_id), col(Dispatch.seq))).all()
    if not rows:
        return []
    bounds = {b.id: b.number for b in session.exec(select(Bound)
                                                   .where(Bound.battle_id == battle_id))}
    leaders = {x.id: x for x in session.exec(select(Leader))}
    commands = {c.id: c for c in session.exec(select(Command))}
    units = {u.id: u for u in session.exec(select(Unit).where(
        col(Unit.id).in_([r.to_unit_id for r in rows if r.to_unit_id])))}
    sides = {s.id: s.name for s in session.exec(select(Side))}
    views = []
    for row in rows:
        writer = leaders.get(row.writer_id)
        if row.to_unit_id is not None:
            unit = units[row.to_unit_id]
            recipient, to_side = unit.name, unit.side_id
        else:
            command = commands[row.to_command_id or 0]
            recipient, to_side = command.name, command.side_id
        views.append(DispatchView(
            id=row.id or 0, bound=bounds.get(row.bound_id, 0), seq=row.seq,
            game_time=row.game_time, writer=writer.name if writer else "?",
            writer_side=sides.get(writer.side_id, "") if writer else "",
            recipient=recipient, recipient_side=sides.get(to_side, ""), kind=row.kind,
            text=row.text, route=row.route,
            via=tuple(commands[c].name for c in row.via if c in commands),
            distance=row.distance, delay_bounds=row.delay_bounds, due_bound=row.due_bound,
            fate=row.fate, captor=sides.get(row.captor_side_id or 0, ""),
            delivered_bound=row.delivered_bound, rolls=dict(row.rolls),
            override_reason=row.override_reason, version=row.version_id or 0))
    return views
