"""The demo campaigns' maps: the project's own drawing of each scenario's ground, every unit on it.

``resources/maps/<scenario>.png`` and ``.json`` are made by
``packaging/render-demo-maps.py``; the JSON gives the image, its scale (two
points and their distance), for hex maps three hex centres, and each side's
deployment zone. Units the scenario already places (by hex) keep their place;
the others stand in rows in their side's zone; every leader then stands just
behind the middle of his command's units.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from desk.resources import resources_dir
from desk.services.common import current_battle
from desk.services.maps.board import calibrate_scale, import_map
from desk.services.maps.hexes import calibrate_hexes
from desk.services.maps.leaders import deploy_leaders
from desk.services.maps.placing import deploy_unplaced


def demo_map(name: str) -> tuple[bytes, dict[str, Any]] | None:
    """The drawn map of scenario ``name`` (e.g. ``plancenoit-1815``) and its JSON, if any."""
    folder = resources_dir() / "maps"
    meta_path = folder / f"{name}.json"
    if not meta_path.is_file():
        return None
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    return (folder / str(meta["image"])).read_bytes(), meta


def add_demo_map(*, session: Session, name: str) -> int:
    """Store scenario ``name``'s map in the campaign, calibrate it, deploy the units;
    returns how many units were placed (0 when the scenario has no map)."""
    found = demo_map(name)
    if found is None:
        return 0
    image, meta = found
    battle_id = current_battle(session)[1].id or 0
    info = import_map(session=session, data=image, name=str(meta["image"]), seen_version=None,
                      battle_id=battle_id)
    scale = meta.get("scale")
    if scale:
        first, second = scale["points"]
        info = calibrate_scale(session=session, first=tuple(first), second=tuple(second),
                               distance=float(scale["distance"]), unit=str(scale["unit"]),
                               seen_version=info.version, battle_id=battle_id)
    centres = meta.get("hex_centres")
    if centres:
        calibrate_hexes(session=session, centres=[(x, y, str(n)) for x, y, n in centres],
                        seen_version=info.version, battle_id=battle_id)
    zones = {side: zone for side, zone in meta["deploy"].items()}
    placed = deploy_unplaced(session=session, battle_id=battle_id, zones=zones)
    deploy_leaders(session=session, battle_id=battle_id, zones=zones)  # beside their commands
    return placed
