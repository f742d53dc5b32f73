"""The demo scenarios shipped in ``resources/scenarios``, one per rules system.

A demo is the same every time: its first bound's seed comes from
:data:`DEMO_MASTER_SEED` (:func:`desk.services.rolls.demo_bound_seed`), which no
packet, export or report prints; a campaign imported from the same scenario
file draws a fresh random seed instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from desk.resources import scenario_path

DEMO_SCENARIOS: dict[str, str] = {
    "belle-alliance": "plancenoit-1815.json",
    "battles-of-waterloo": "ligny-1815.json",
    "la-bataille": "leipzig-1813.json",
}


DEMO_MASTER_SEED = "umpires-desk demo campaigns, issue 27"  # a demo's rolls, not a game's


class ScenarioError(ValueError):
    """A scenario file is missing or not valid JSON."""


def load_scenario(*, rules_system: str) -> dict[str, Any]:
    """The demo scenario of a rules system, as the OOB JSON mapping."""
    try:
        name = DEMO_SCENARIOS[rules_system]
    except KeyError:
        known = ", ".join(DEMO_SCENARIOS)
        raise ScenarioError(f"no demo scenario for {rules_system!r} (known: {known})") from None
    path = scenario_path(name)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"the demo scenario {name} cannot be read: {exc}") from exc
    if not isinstance(data, dict):
        raise ScenarioError(f"the demo scenario {name} is not an order of battle")
    return data


def create_demo_campaign(*, path: Path, rules_system: str) -> int:
    """Write the demo scenario of ``rules_system`` into a new campaign file; return its units.

    A file that exists is refused; a file this call created is removed again if
    the import fails, so a failed demo leaves nothing half-made behind.
    """
    from desk.services.maps.demo import add_demo_map
    from desk.services.oob.importer import create_campaign_file  # it imports SQLModel
    from desk.store import open_campaign

    info = create_campaign_file(path=path, data=load_scenario(rules_system=rules_system),
                                demo_seed=DEMO_MASTER_SEED)
    # Its map of the ground with every unit on it, in a second transaction; a demo whose
    # map failed is removed like one whose import failed.
    try:
        with open_campaign(path) as store, store.session() as session:
            add_demo_map(session=session, name=Path(DEMO_SCENARIOS[rules_system]).stem)
    except BaseException:
        for leftover in (path, path.with_name(path.name + "-wal"),
                         path.with_name(path.name + "-shm")):
            leftover.unlink(missing_ok=True)
        raise
    return info.units
