"""A Belle Alliance unit's state between bounds, typed, and its plain (JSON) form.

The plain form always has "formation", "disorder" and "strength", plus the
keys this system adds: "last_charge_bound" (BA-14), "melee_penalty_bound"
(BA-13), "fast_this_bound" (BA-10), "charged_this_bound", "rate_this_bound"
(BA-1, BA-9, BA-11, BA-12), "crossing" ({"feature", "kind", "since_bound"},
BA-20/21) and "terrain" (BA-3, BA-6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from desk.rules.belle_alliance.data import BAData, Disorder, Formation, Rate
from desk.rules.belle_alliance.model import as_disorder, as_formation, as_text
from desk.rules.coerce import as_int


@dataclass(frozen=True)
class CrossingProgress:
    """A crossing begun and not yet completed (it may last several bounds)."""

    feature: str
    kind: str
    since_bound: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain form for the state mapping."""
        return {"feature": self.feature, "kind": self.kind, "since_bound": self.since_bound}


@dataclass(frozen=True)
class UnitState:
    """Formation, disorder and what the next orders must remember."""

    formation: Formation | None
    disorder: Disorder | None  # None: the stored value is not a degree of disorder
    strength: int
    last_charge_bound: int | None = None
    melee_penalty_bound: int | None = None
    fast_this_bound: bool = False
    charged_this_bound: bool = False
    rate_this_bound: Rate | None = None
    crossing: CrossingProgress | None = None
    terrain: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain, JSON-serialisable form."""
        return {
            "formation": self.formation.value if self.formation else None,
            "disorder": (self.disorder or Disorder.NONE).value,
            "strength": self.strength,
            "last_charge_bound": self.last_charge_bound,
            "melee_penalty_bound": self.melee_penalty_bound,
            "fast_this_bound": self.fast_this_bound,
            "charged_this_bound": self.charged_this_bound,
            "rate_this_bound": self.rate_this_bound.value if self.rate_this_bound else None,
            "crossing": self.crossing.to_dict() if self.crossing else None,
            "terrain": self.terrain,
        }

    def but(self, **changes: Any) -> UnitState:
        """A copy with some fields changed."""
        return replace(self, **changes)


def read_state(data: BAData, value: Mapping[str, Any]) -> UnitState:
    """The typed state; odd or missing values read as unknown, never raise."""
    if not isinstance(value, Mapping):
        value = {}
    crossing = value.get("crossing")
    progress = None
    if isinstance(crossing, Mapping) and as_text(crossing.get("feature")):
        progress = CrossingProgress(
            feature=as_text(crossing.get("feature")),
            kind=as_text(crossing.get("kind")),
            since_bound=as_int(crossing.get("since_bound")),
        )
    try:
        rate: Rate | None = Rate(as_text(value.get("rate_this_bound")))
    except ValueError:
        rate = None
    return UnitState(
        formation=as_formation(value.get("formation")),
        disorder=as_disorder(data, value.get("disorder")),
        strength=max(0, as_int(value.get("strength")) or 0),
        last_charge_bound=as_int(value.get("last_charge_bound")),
        melee_penalty_bound=as_int(value.get("melee_penalty_bound")),
        fast_this_bound=value.get("fast_this_bound") is True,
        charged_this_bound=value.get("charged_this_bound") is True,
        rate_this_bound=rate,
        crossing=progress,
        terrain=as_text(value.get("terrain")) or None,
    )
