"""Battles of Waterloo: what goes into a turn's LIM pool, read from the scenario.

:class:`PoolSpec` is the part of a scenario the pool needs (sides, commands
with their ``lim_eligible`` and ``imperial_guard`` flags, the battle's extra
``lims``); :func:`pool_chits` turns it into chits, named in the desk's way
("II Corps C/D", "French Strategic Movement", "Orders").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from desk.i18n import _
from desk.rules.battles_of_waterloo.data import LimKind, MovementTable
from desk.rules.records import SituationRecord


class PoolError(ValueError):
    """A pool operation the rules do not allow, or a malformed pool; one plain sentence."""


@dataclass(frozen=True)
class CommandSpec:
    """One command as the pool sees it."""

    name: str
    side: str
    lim_eligible: bool = True
    imperial_guard: bool = False


@dataclass(frozen=True)
class PoolSpec:
    """The scenario's contribution to every turn's pool (BOW-F4)."""

    sides: tuple[str, ...]
    commands: tuple[CommandSpec, ...]
    extra_lims: tuple[str, ...] = ()

    @classmethod
    def from_scenario(cls, data: Mapping[str, Any]) -> PoolSpec:
        """From the OOB/scenario JSON of docs/oob-format.md (nested commands included)."""
        try:
            sides = tuple(str(s["name"]) for s in data["sides"])
            commands = tuple(
                CommandSpec(name=str(c["name"]), side=str(side["name"]),
                            lim_eligible=bool(c.get("lim_eligible", True)),
                            imperial_guard=bool(c.get("imperial_guard", False)))
                for side in data["sides"]
                for c in _walk(side.get("commands", ()))
            )
            battle = data.get("battle") or {}
            extra = tuple(str(name) for name in battle.get("lims", ()))
        except (KeyError, TypeError, AttributeError) as exc:
            raise PoolError(f"the scenario lacks what the LIM pool needs ({exc!r})") from exc
        return cls(sides=sides, commands=commands, extra_lims=extra)


def _walk(commands: Any) -> Iterator[Mapping[str, Any]]:
    for command in commands:
        yield command
        yield from _walk(command.get("commands", ()))


@dataclass(frozen=True)
class Chit:
    """One LIM in the pool; ``command`` is set for a C/D LIM, ``side`` for side LIMs."""

    name: str
    kind: LimKind
    side: str | None = None
    command: str | None = None
    imperial_guard: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain form for the store."""
        return {"name": self.name, "kind": self.kind.value, "side": self.side,
                "command": self.command, "imperial_guard": self.imperial_guard}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Chit:
        """Inverse of :meth:`to_dict`."""
        return cls(name=str(data["name"]), kind=LimKind(data["kind"]),
                   side=data.get("side"), command=data.get("command"),
                   imperial_guard=bool(data.get("imperial_guard", False)))

    def situation(self) -> SituationRecord:
        """The situation keys this chit sets for :func:`evaluate` (lim_drawn, lim_kind …)."""
        return {"lim_drawn": self.name, "lim_kind": self.kind.value, "lim_side": self.side,
                "lim_command": self.command, "lim_imperial_guard": self.imperial_guard}


def pool_chits(spec: PoolSpec, table: MovementTable) -> tuple[Chit, ...]:
    """Every chit of one turn's pool, in a fixed order: C/D, Strategic, Orders, extras.

    A scenario that gives side-owned Orders LIMs ("Prussian Orders") puts those in the
    cup instead of the one Orders LIM that belongs to no side.
    """
    return tuple(entry.chit for entry in pool_entries(spec, table) if entry.in_pool)


@dataclass(frozen=True)
class PoolEntry:
    """One chit the rules and the scenario consider for the pool: in it or left out, and why."""

    chit: Chit
    in_pool: bool
    clause: str
    why: str


def pool_entries(spec: PoolSpec, table: MovementTable) -> tuple[PoolEntry, ...]:
    """The pool's composition with a clause and a reason per chit, left-out chits included."""
    entries = []
    for c in spec.commands:
        chit = Chit(name=f"{c.name} {table.cd_suffix}", kind=LimKind.CD, side=c.side,
                    command=c.name, imperial_guard=c.imperial_guard)
        if c.lim_eligible:
            entries.append(PoolEntry(chit, True, "BOW-2", _("{command}'s C/D LIM: its units "
                                                            "move when it is drawn").format(
                                                              command=c.name)))
        else:
            entries.append(PoolEntry(chit, False, "BOW-4", _(
                "{command}'s C/D LIM is not eligible (scenario): the command moves when the "
                "Orders LIM activates it (BOW-4, BOW-5) or in the No LIM phase").format(
                    command=c.name)))
    entries += [PoolEntry(Chit(name=f"{side} {table.strategic_suffix}", kind=LimKind.STRATEGIC,
                               side=side), True, "BOW-1",
                          _("every {side} unit in command may move strategically").format(
                              side=side))
                for side in spec.sides]
    extras: list[PoolEntry] = []
    for name in spec.extra_lims:
        extra = table.extra_lims.get(name)
        if extra is None:
            known = ", ".join(table.extra_lims)
            raise PoolError(f"the scenario names an unknown LIM {name!r} (known: {known}) (BOW-F4)")
        if extra.side not in spec.sides:
            raise PoolError(f"the {name} LIM needs a {extra.side} side in the scenario (BOW-F4)")
        chit = Chit(name=name, kind=extra.kind, side=extra.side)
        if extra.kind is LimKind.ORDERS:
            extras.append(PoolEntry(chit, True, "BOW-11", _(
                "the {side} Orders LIM (scenario): one option, for {side} units only").format(
                    side=extra.side)))
        else:
            extras.append(PoolEntry(chit, True, "BOW-F4", _("added by the scenario")))
    side_orders = any(e.chit.kind is LimKind.ORDERS for e in extras)
    # BOW-F3: the Orders LIM always enters the pool, at no command-point cost.
    entries.append(PoolEntry(
        Chit(name=table.orders_lim, kind=LimKind.ORDERS), not side_orders, "BOW-F3",
        _("replaced by the scenario's side-owned Orders LIMs") if side_orders
        else _("always in the cup, at no command-point cost")))
    entries += extras
    names = [e.chit.name for e in entries if e.in_pool]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise PoolError(f"two LIMs would share the name {duplicates[0]!r}: rename a command")
    return tuple(entries)
