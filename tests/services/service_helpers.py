"""Helpers shared by the services tests (a module of its own: ``conftest`` is not
importable by name when several test folders each have one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from desk.store import CampaignStore
from desk.store.tables import metadata

T = TypeVar("T")


def call(store: CampaignStore, fn: Callable[..., T], **kwargs: object) -> T:
    """Run one service function in its own transaction, as the window does."""
    with store.session() as session:
        return fn(session=session, **kwargs)


def present(value: T | None) -> T:
    """``value``, asserted to be there: a row or view the test has just made."""
    assert value is not None, "expected a value, found None"
    return value


def all_rows(store: CampaignStore) -> dict[str, list[tuple[str, ...]]]:
    """Every row of every desk table, each value as its repr, sorted: two equal results
    mean two equal databases."""
    rows: dict[str, list[tuple[str, ...]]] = {}
    with store.engine.connect() as conn:
        for table in metadata.sorted_tables:
            result = conn.execute(table.select()).all()
            rows[table.name] = sorted(tuple(repr(v) for v in r) for r in result)
    return rows


def script(store: CampaignStore, fn: Callable[..., T], **kwargs: object) -> T:
    """Run a write of recorded play as a script does: read the version that guards it
    (one transaction), then pass it as ``seen_version`` to the write (another)."""
    from desk.services import versions
    from desk.services.orders.write import get_order

    name = fn.__name__
    if name == "write_order":
        seen = call(store, versions.order_version, battle_id=kwargs["battle_id"],
                    unit_id=kwargs["unit_id"])
    elif name in ("amend_order", "cancel_order"):
        seen = call(store, get_order, order_id=kwargs["order_id"]).version
    elif name == "record_event":
        seen = call(store, versions.state_version, battle_id=kwargs["battle_id"],
                    unit_id=kwargs["unit_id"])
    else:  # a LIM step
        seen = call(store, versions.pool_version, battle_id=kwargs["battle_id"])
    return call(store, fn, seen_version=seen, **kwargs)
