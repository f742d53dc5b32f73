"""Typed La Bataille orders, unit states and situations, read forgivingly from plain mappings.

The protocol edge speaks in mappings that come from forms, JSON columns and
scripts; these readers never raise: a missing key takes its default, a value of
the wrong kind is read as missing. The checks then work on the typed values.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

LIMBER_CHOICES = ("limber", "unlimber")


def text(data: Mapping[str, object], key: str, default: str = "") -> str:
    """A stripped, lower-case id, or ``default`` when missing or not text."""
    value = data.get(key)
    return value.strip().lower() if isinstance(value, str) and value.strip() else default


def flag(data: Mapping[str, object], key: str, default: bool = False) -> bool:
    """A yes/no value; the strings a form or a JSON file may hold are understood."""
    value = data.get(key, default)
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "y", "on"}
    return value if isinstance(value, bool) else bool(value) if isinstance(value, int) else default


def number(data: Mapping[str, object], key: str) -> float | None:
    """A finite, non-negative number, or None."""
    value = data.get(key)
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return None
    if isinstance(value, int | float) and math.isfinite(value) and value >= 0:
        return float(value)
    return None


def whole(data: Mapping[str, object], key: str) -> int | None:
    """A whole non-negative number, or None."""
    value = number(data, key)
    return int(value) if value is not None and value == int(value) and value < 1e9 else None


def _route(value: object) -> tuple[str, ...] | None:
    if not isinstance(value, list | tuple):
        return None
    return tuple(str(h) for h in value)


def _measured(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): str(v) for k, v in value.items() if isinstance(v, str)}


@dataclass(frozen=True)
class LBOrder:
    """One bound's written order for a unit (see docs/rules-api-la-bataille.md)."""

    formation: str = ""  # "" keeps the current formation
    road_march: bool = False
    limber: str = ""  # "", "limber" or "unlimber"
    destination: str = ""
    fire: bool = False
    melee: bool = False
    first_action_is_formation_change: bool = False
    hold: bool = False  # hold position: no MP spent (campaign data hold.mp_spent)
    to_hex: str = ""  # the destination's hex number, when the umpire gives it

    @classmethod
    def read(cls, fields: Mapping[str, object]) -> LBOrder:
        """The order from its form fields."""
        limber = text(fields, "limber")
        return cls(
            formation=text(fields, "formation"),
            road_march=flag(fields, "road_march"),
            limber=limber if limber in LIMBER_CHOICES else "",
            destination=written.strip() if isinstance(written := fields.get("destination"), str)
            else "",
            fire=flag(fields, "fire"),
            melee=flag(fields, "melee"),
            first_action_is_formation_change=flag(fields, "first_action_is_formation_change"),
            hold=flag(fields, "hold"),
            to_hex=str(fields["to_hex"]).strip() if isinstance(fields.get("to_hex"), str | int)
            else "",
        )

    @property
    def changes_formation(self) -> bool:
        """True when the order changes formation, road march or limbering."""
        return bool(self.formation or self.road_march or self.limber)


@dataclass(frozen=True)
class LBState:
    """A unit's state between bounds."""

    formation: str
    disorder: str = "good-order"
    strength: int = 0  # increments
    terrain: str = ""  # "" until the umpire records the hex the unit stands in
    road: bool = False
    combat_formation: str = ""  # the formation kept underneath general order (LB-6)

    @classmethod
    def read(cls, state: Mapping[str, object], *, fallback_formation: str) -> LBState:
        """The state from its stored mapping."""
        terrain = text(state, "terrain")
        return cls(
            formation=text(state, "formation", fallback_formation),
            disorder=text(state, "disorder", "good-order"),
            strength=whole(state, "strength") or 0,
            terrain="clear" if terrain == "road" else terrain,
            road=flag(state, "road") or terrain == "road",
            combat_formation=text(state, "combat_formation"),
        )


@dataclass(frozen=True)
class LBSituation:
    """What the umpire knows about the unit's surroundings when the order is written."""

    bound: int = 0
    terrain: str = "clear"
    road: bool = False
    destination_terrain: str = ""
    destination_road: bool = False
    movement_allowance: float | None = None
    move_mp: float | None = None  # MP the move costs off the road, as the umpire reckons it
    hexes: int | None = None  # hexes the move enters
    road_hexes: int | None = None  # road hexes entered in road march
    broken_down: bool | None = None
    assaulting_carre: bool = False
    in_carre_hex: bool = False
    defensive_fire_suffered: bool = False
    in_carre: bool = False  # a battery firing from inside a carre
    batteries_firing_from_carre: int = 0  # other batteries already firing from that carre
    hexsides: int = 1  # hexsides the battery fires into
    stacked_increments: int | None = None  # increments already in the destination hex
    # False when neither the situation nor the unit's record says where it stands: the
    # checks then ask for its hex rather than take it for clear terrain without a road.
    place_known: bool = True
    hex: str = ""  # the hex it stands in, when known
    destination_hex: str = ""  # the hex it moves to, when known
    # The way along the road between the two hexes, from the scenario's hex data: None
    # when not measured (a typed count, or a hex without a road), () when no road joins them.
    road_route: tuple[str, ...] | None = None
    # The desk's working for a count it measured from the map, by situation key
    # ("road_hexes": "4 road hexes 2314 → 2318 along the road (scenario's hex data)").
    measured: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, situation: Mapping[str, object], *, terrain_default: str = "clear",
             road_default: bool = False) -> LBSituation:
        """The situation from its mapping; a "road" terrain is clear terrain with a road.

        Without a ``terrain`` the unit's recorded hex is used (``terrain_default``).
        """
        terrain = text(situation, "terrain", terrain_default or "clear")
        destination = text(situation, "destination_terrain")
        return cls(
            bound=whole(situation, "bound") or 0,
            terrain="clear" if terrain == "road" else terrain,
            road=flag(situation, "road", road_default) or terrain == "road",
            destination_terrain="clear" if destination == "road" else destination,
            destination_road=flag(situation, "destination_road") or destination == "road",
            movement_allowance=number(situation, "movement_allowance"),
            move_mp=number(situation, "move_mp"),
            hexes=whole(situation, "hexes"),
            road_hexes=whole(situation, "road_hexes"),
            broken_down=flag(situation, "broken_down") if "broken_down" in situation else None,
            assaulting_carre=flag(situation, "assaulting_carre"),
            in_carre_hex=flag(situation, "in_carre_hex"),
            defensive_fire_suffered=flag(situation, "defensive_fire_suffered"),
            in_carre=flag(situation, "in_carre"),
            batteries_firing_from_carre=whole(situation, "batteries_firing_from_carre") or 0,
            hexsides=whole(situation, "hexsides") or 1,
            stacked_increments=whole(situation, "stacked_increments"),
            place_known=bool(terrain_default) or "terrain" in situation or "road" in situation,
            hex=text(situation, "hex"),
            destination_hex=text(situation, "destination_hex"),
            road_route=_route(situation.get("road_route")),
            measured=_measured(situation.get("measured")),
        )

    @property
    def end_terrain(self) -> str:
        """Where the unit ends its move: the destination if given, else where it stands."""
        return self.destination_terrain or self.terrain

    @property
    def end_road(self) -> bool:
        """Whether a road runs through the hex where the unit ends."""
        return self.destination_road if self.destination_terrain else self.road
