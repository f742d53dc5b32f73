"""The soak's own record of what the umpire entered, kept apart from the desk's.

The evening (tests/soak/evening.py) writes here what each key press should have
done: an order saved, an event recorded, an undo, a redo, a bound closed or
reopened. At the end :func:`compare` reads the campaign back through the
services (a fresh session, not the window) and lists every difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from desk.services.bounds.events import list_events
from desk.services.couriers.batch import DISPATCH_SOURCE
from desk.services.orders.write import get_order
from desk.services.queries import order_table

# An order as the ledger knows it: (verbatim, fields, status); None: no order.
Entry = tuple[str, dict[str, Any], str] | None


@dataclass
class Change:
    """One undoable step: an order's before and after, or one event (+1 recorded)."""

    bound: int
    unit: int
    before: Entry = None
    after: Entry = None
    event: bool = False
    other: bool = False  # a step that touches neither orders nor events (a LIM chit,
    # a dispatch, a move on the board): only counted, so the undo stack stays mirrored


@dataclass
class Ledger:
    """Orders and event counts per bound and unit, and a mirror of the undo stack."""

    current: int
    orders: dict[int, dict[int, Entry]] = field(default_factory=dict)
    events: dict[int, dict[int, int]] = field(default_factory=dict)
    done: list[Change] = field(default_factory=list)
    undone: list[Change] = field(default_factory=list)

    def _push(self, change: Change) -> None:
        self.done.append(change)
        self.undone.clear()  # a new command drops what could be redone, as QUndoStack does

    def saved(self, unit: int, entry: Entry) -> None:
        """An order saved in the open bound."""
        bound = self.orders.setdefault(self.current, {})
        self._push(Change(self.current, unit, bound.get(unit), entry))
        bound[unit] = entry

    def recorded(self, unit: int) -> None:
        """An event recorded against a unit in the open bound."""
        counts = self.events.setdefault(self.current, {})
        counts[unit] = counts.get(unit, 0) + 1
        self._push(Change(self.current, unit, event=True))

    def pushed(self) -> None:
        """A command of another kind on the undo stack (see Change.other)."""
        self._push(Change(self.current, 0, other=True))

    def _apply(self, change: Change, *, forward: bool) -> None:
        if change.other:
            return
        if change.event:
            counts = self.events.setdefault(change.bound, {})
            counts[change.unit] = counts.get(change.unit, 0) + (1 if forward else -1)
        else:
            self.orders.setdefault(change.bound, {})[change.unit] = (
                change.after if forward else change.before)

    def undo(self) -> bool:
        """Ctrl+Z: False when there is nothing to undo."""
        if not self.done:
            return False
        change = self.done.pop()
        self._apply(change, forward=False)
        self.undone.append(change)
        return True

    def redo(self) -> bool:
        """Ctrl+Shift+Z: False when there is nothing to redo."""
        if not self.undone:
            return False
        change = self.undone.pop()
        self._apply(change, forward=True)
        self.done.append(change)
        return True

    def closed(self) -> None:
        """The bound closed; the next one starts with no orders and no events."""
        self.current += 1
        self.orders[self.current] = {}
        self.events[self.current] = {}
        self.done.clear()
        self.undone.clear()

    def reopened(self) -> None:
        """The last closed bound is open again; the one after it is gone."""
        self.orders.pop(self.current, None)
        self.events.pop(self.current, None)
        self.current -= 1
        self.done.clear()
        self.undone.clear()


def read_bound(session: Any, *, battle_id: int, bound: int) -> tuple[
        dict[int, Entry], dict[int, int], set[int]]:
    """The orders and event counts of one bound, as the services read them from the file,
    and the units whose order a dispatch became (delivered at once when its writer is near,
    or at a close): the courier's orders, which the ledger knows only once the umpire
    amends them (an amended order keeps its source)."""
    orders: dict[int, Entry] = {}
    couriers: set[int] = set()
    for row in order_table(session=session, battle_id=battle_id, bound=bound):
        if row.order_id is None:
            orders[row.unit_id] = None
            continue
        view = get_order(session=session, order_id=row.order_id)
        orders[row.unit_id] = (view.verbatim, dict(view.fields), view.status)
        if view.source == DISPATCH_SOURCE:
            couriers.add(row.unit_id)
    counts: dict[int, int] = {}
    for event in list_events(session=session, battle_id=battle_id, bound=bound):
        counts[event.unit_id] = counts.get(event.unit_id, 0) + 1
    return orders, counts, couriers


def baseline(store: Any, *, battle_id: int, bound: int) -> Ledger:
    """A ledger that starts from the campaign as the demo made it."""
    with store.session() as session:
        orders, counts, _couriers = read_bound(session, battle_id=battle_id, bound=bound)
    return Ledger(current=bound, orders={bound: orders}, events={bound: counts})


def compare(ledger: Ledger, store: Any, *, battle_id: int) -> list[str]:
    """Every difference between the ledger and the campaign file (empty: they agree)."""
    problems: list[str] = []
    with store.session() as session:
        for bound in sorted(ledger.orders):
            orders, counts, couriers = read_bound(session, battle_id=battle_id, bound=bound)
            for unit, stored in orders.items():
                expected = ledger.orders[bound].get(unit)
                if stored != expected and not (unit in couriers and expected is None):
                    problems.append(f"bound {bound}, unit {unit}: the file has {stored!r}, "
                                    f"the umpire entered {expected!r}")
            wanted = {u: n for u, n in ledger.events.get(bound, {}).items() if n}
            if counts != wanted:
                problems.append(f"bound {bound}: events per unit {counts} in the file, "
                                f"{wanted} entered")
    return problems
