"""The chain of command as rows that add up: each unit's figure counted in its command and
in every command above it.

A corps that lost 7 men in its brigades lost 7 men: a report that sums by each
unit's own command alone shows the corps at 0 (its only direct units, the corps
guns, lost none). :func:`command_chain` gives the commands of a campaign in the
order of battle's order, each with its depth and side, and :func:`roll_up` adds
per-unit figures up the chain. The losses report and the campaign view both
total through here, so the two can never disagree about a command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.services.common import core_rows
from desk.store.tables.oob import Command, Side

_T = TypeVar("_T")


@dataclass(frozen=True)
class ChainCommand:
    """One command of the chain: where it stands in it and whose it is."""

    id: int
    name: str
    side: str
    depth: int  # 0: a top command (an army, a corps with no parent)
    ancestors: tuple[int, ...]  # its parent first, up to the top command


def command_chain(session: Session, *, campaign_id: int) -> tuple[ChainCommand, ...]:
    """The campaign's commands, side by side, each followed by those under it (sort keys)."""
    sides = dict(core_rows(session, sql_select(col(Side.id), col(Side.name))
                           .where(col(Side.campaign_id) == campaign_id)
                           .order_by(col(Side.id))).all())
    rows = core_rows(session, sql_select(col(Command.id), col(Command.parent_id),
                                         col(Command.side_id), col(Command.name))
                     .where(col(Command.side_id).in_(list(sides)))
                     .order_by(col(Command.sort_key), col(Command.id))).all()
    known = {cid for cid, _parent, _side, _name in rows}
    children: dict[int | None, list[tuple[int, int, str]]] = {}
    for cid, parent, side_id, name in rows:
        # A parent outside the campaign (or a loop's way in) makes a top command.
        children.setdefault(parent if parent in known else None, []).append(
            (cid, side_id, name))
    out: list[ChainCommand] = []
    seen: set[int] = set()

    def walk(parent: int | None, above: tuple[int, ...]) -> None:
        for cid, side_id, name in children.get(parent, ()):
            if cid in seen:  # a cycle in a hand-edited file: each command once
                continue
            seen.add(cid)
            out.append(ChainCommand(cid, name, sides.get(side_id, ""), len(above), above))
            walk(cid, (cid, *above))

    for side_id in sides:
        for cid, command_side, name in children.get(None, ()):
            if command_side == side_id and cid not in seen:
                seen.add(cid)
                out.append(ChainCommand(cid, name, sides[side_id], 0, ()))
                walk(cid, (cid,))
    return tuple(out)


def roll_up(chain: Sequence[ChainCommand], units: Iterable[tuple[int | None, _T]], *,
            zero: Callable[[], _T], add: Callable[[_T, _T], _T]) -> dict[int, _T]:
    """Each command's total of the per-unit values ``units`` gives as (command id, value):
    its own units' and every command's under it. Commands with no unit below are left out."""
    up = {c.id: c.ancestors for c in chain}
    totals: dict[int, _T] = {}
    for command_id, value in units:
        if command_id is None or command_id not in up:
            continue
        for cid in (command_id, *up[command_id]):
            totals[cid] = add(totals.get(cid, zero()), value)
    return totals
