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


def create_demo_campaign(*, target: Path | str, rules_system: str) -> int:
    """Write the demo scenario of ``rules_system``, with its map of the ground and every
    unit on it, into a new campaign: a file (one that exists is refused), or an empty
    PostgreSQL database given by its URL. Returns its units. A failure leaves nothing
    half-made behind: the file is removed, the database left empty
    (:func:`desk.services.oob.importer.create_campaign_at`)."""
    from desk.services.maps.demo import add_demo_map
    from desk.services.oob.importer import create_campaign_at

    name = Path(DEMO_SCENARIOS[rules_system]).stem
    info = create_campaign_at(target=str(target),
                              data=load_scenario(rules_system=rules_system),
                              demo_seed=DEMO_MASTER_SEED,
                              then=lambda session: add_demo_map(session=session, name=name))
    return info.units
