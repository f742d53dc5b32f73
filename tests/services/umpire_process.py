"""One umpire's desk as a process of its own, for tests/services/test_two_umpires_pg.py.

``python umpire_process.py PLAN.json`` opens the campaign at the plan's URL (as the
database role the URL names: the desk finds its umpire from it) and, once the plan's
``go`` file exists, makes ``writes`` writes through the services, as a script or a
window does: it reads the version that guards a write in one transaction
(:mod:`desk.services.versions`), then writes with it as ``seen_version`` in another.
Even writes amend the order of one of its own units (in turn), odd ones record an event
on the unit both umpires share. A write refused with the desk's conflict sentence is
read again and retried, as a window reloads.

It prints one line per outcome, flushed once the transaction has committed:
``order UNIT VERSION TEXT``, ``event ID STATE_VERSION``, ``conflict SENTENCE``,
``after`` when the plan's ``after`` file first appears (it then makes ``after_writes``
more and stops), and ``done N`` at the end. Any other error escapes with its
traceback on stderr: the test counts those as raw database errors.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from desk.services.bounds.events import record_event
from desk.services.errors import ConcurrentChangeError
from desk.services.orders.write import write_order
from desk.services.versions import order_version, state_version
from desk.store import CampaignStore, ConflictError, open_campaign

# Belle Alliance accepts this event any number of times (BA-1), so every write can land.
EVENT_KIND, EVENT_DATA = "rate-changed", {"rate": "normal", "forced": True}


def say(line: str) -> None:
    """One outcome line, on its way to the test before the next write begins."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def write_once(store: CampaignStore, plan: dict[str, Any], n: int) -> str:
    """Write ``n`` of the plan (read its version, then write with it); its outcome line."""
    battle = int(plan["battle"])
    if n % 2 == 0:
        own = [int(u) for u in plan["units"]]
        unit = own[(n // 2) % len(own)]
        text = f"{plan['tag']}-{n}"
        with store.session() as session:
            seen = order_version(session=session, battle_id=battle, unit_id=unit)
        with store.session() as session:
            view = write_order(session=session, battle_id=battle, unit_id=unit,
                               verbatim=text, fields={"destination": text},
                               seen_version=seen)
        return f"order {unit} {view.version} {text}"
    shared = int(plan["shared"])
    with store.session() as session:
        seen = state_version(session=session, battle_id=battle, unit_id=shared)
    with store.session() as session:
        event = record_event(session=session, battle_id=battle, unit_id=shared,
                             kind=EVENT_KIND, data=EVENT_DATA, seen_version=seen)
    return f"event {event.id} {event.state_version}"


def main(plan_file: str) -> int:
    """Run the plan; 0 when every write landed."""
    plan = json.loads(Path(plan_file).read_text(encoding="utf-8"))
    go, after = Path(plan["go"]), Path(plan.get("after") or "/nonexistent")
    with open_campaign(plan["url"]) as store:
        say(f"umpire {store.identity.name}")
        while not go.exists():
            time.sleep(0.01)
        limit = int(plan["writes"])
        n = 0
        while n < limit:
            try:
                line = write_once(store, plan, n)
            except (ConcurrentChangeError, ConflictError) as refused:
                say(f"conflict {refused}")
                continue  # reload (the next try reads the version again) and write again
            say(line)
            n += 1
            if limit > n + int(plan.get("after_writes", 0)) and after.exists():
                say("after")
                limit = n + int(plan["after_writes"])
        say(f"done {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
