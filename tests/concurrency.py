"""Two desks on one campaign, with real connections: forced timings and races (issue 14).

On SQLite the two desks are two connections of one store (one writer per file,
BEGIN IMMEDIATE serialises them); on PostgreSQL two stores, each with its own
engine, on one database at its default isolation (READ COMMITTED).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from desk.services.errors import ConcurrentChangeError
from desk.store import CampaignStore, ConflictError

Write = Callable[[Any], Any]


def outcome(store: CampaignStore, write: Write) -> str:
    """Run ``write`` in one transaction: "ok", "conflict", or the unexpected error's repr."""
    try:
        with store.session() as session:
            write(session)
    except (ConcurrentChangeError, ConflictError):
        return "conflict"
    except Exception as exc:  # an IntegrityError, a deadlock ...: reported, never swallowed
        return f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    return "ok"


def race(desk_a: CampaignStore, desk_b: CampaignStore, ours: Write,
         theirs: Write) -> tuple[str, str]:
    """Start both writes at the same moment from two threads; their outcomes (A, B)."""
    barrier = threading.Barrier(2)
    results: dict[str, str] = {}

    def run(name: str, store: CampaignStore, write: Write) -> None:
        barrier.wait()
        results[name] = outcome(store, write)

    threads = [threading.Thread(target=run, args=("a", desk_a, ours)),
               threading.Thread(target=run, args=("b", desk_b, theirs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results.get("a", "hung"), results.get("b", "hung")


@contextmanager
def between(desk_a: CampaignStore, table: str, theirs: Callable[[], Any]) -> Iterator[None]:
    """Inside the block, the first statement of desk A that reads ``table`` is followed,
    before A goes on, by ``theirs`` (desk B's write, committed on its own connection).

    The forced timing of the defect: B commits between A's read and A's write,
    within A's one transaction. PostgreSQL only: on SQLite, A holds the file's
    write lock from its BEGIN IMMEDIATE, so B could only wait.
    """
    done: list[bool] = []

    def after(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if not done and statement.lstrip().upper().startswith("SELECT") \
                and f"FROM {table}" in statement:
            done.append(True)
            failed: list[BaseException] = []

            def run() -> None:
                try:
                    theirs()
                except BaseException as exc:  # re-raised in the test's thread below
                    failed.append(exc)

            worker = threading.Thread(target=run)
            worker.start()
            worker.join(timeout=30)
            assert not worker.is_alive(), "desk B's write hung"
            if failed:
                raise failed[0]

    event.listen(desk_a.engine, "after_cursor_execute", after)
    try:
        yield
    finally:
        event.remove(desk_a.engine, "after_cursor_execute", after)
    assert done, f"desk A never read {table}"
