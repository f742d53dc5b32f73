"""Battles of Waterloo: the LIM pool of one turn, as pure functions over a frozen state.

A turn's pool holds a C/D LIM per eligible command, each side's Strategic
Movement LIM, the Orders LIM and the scenario's extra French LIMs (BOW-F4).
Chits come out one at a time: the one the umpire pulled from the cup at the
table, or the one the services choose from the bound's own seed
(desk/services/rolls.py), so a turn can be replayed and audited; the initiative
winner may name the first. (Without either, a legacy generator by seed, turn and
draw number decides, for the rules' own tests.) Every activation roll is kept with the rating it was
tested against (BOW-F1), and a failed roll idles the command for the rest of the
turn (BOW-F3). The services persist :meth:`PoolState.to_dict` in ``lim_pool`` and
:func:`draw_rows` in ``lim_draw``; nothing here touches the database.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from desk.i18n import _
from desk.rules.battles_of_waterloo.data import LimKind, MovementTable, OrdersOption, load_table
from desk.rules.battles_of_waterloo.pool_spec import Chit, PoolError, PoolSpec, pool_chits


class DrawRow(TypedDict):
    """One draw as the store's ``lim_draw`` row keeps it: the LIM, the Orders option and,
    under the Orders LIM, the command's activation roll (None where no roll was made)."""

    seq: int
    lim: str
    command: str | None
    orders_option: str
    roll: int | None
    rating: int | None
    success: bool | None

@dataclass(frozen=True)
class Draw:
    """One chit out of the pool, in draw order, with the Orders LIM's option once chosen."""

    seq: int
    lim: str
    orders_option: OrdersOption | None = None
    source: str = "desk"  # desk (drawn by the desk, seeded), cup (pulled at the table), first


@dataclass(frozen=True)
class ActivationRecord:
    """One activation roll: under the Orders LIM (``draw_seq``) or in the No LIM phase (None)."""

    command: str
    roll: int
    rating: int
    success: bool
    draw_seq: int | None
    rolled_by: str = "typed"  # typed (real dice at the table) or desk (the bound's seed)

    @property
    def clause(self) -> str:
        """The clause the roll's outcome falls under: under the Orders LIM a success moves
        the command (BOW-4) and a failure idles it (BOW-5); in the No LIM phase, BOW-6 and
        BOW-7. The services' journal and the window's LIM panel both read it here."""
        if self.draw_seq is not None:
            return "BOW-4" if self.success else "BOW-5"
        return "BOW-6" if self.success else "BOW-7"


@dataclass(frozen=True)
class PoolState:
    """The pool of one turn: its chits, what has been drawn and rolled, who is idle."""

    turn: int
    seed: int
    chits: tuple[Chit, ...]
    first_lim: str | None = None
    draws: tuple[Draw, ...] = ()
    activations: tuple[ActivationRecord, ...] = ()
    idle: frozenset[str] = frozenset()
    die_sides: int = 10

    @property
    def remaining(self) -> tuple[Chit, ...]:
        """The chits still in the pool, in the pool's own (build) order."""
        drawn = {d.lim for d in self.draws}
        return tuple(c for c in self.chits if c.name not in drawn)

    @property
    def exhausted(self) -> bool:
        """Every chit drawn: the No LIM and Out of Command phases follow."""
        return len(self.draws) == len(self.chits)

    def chit(self, name: str) -> Chit:
        """The chit called ``name`` (PoolError if the pool has none)."""
        for chit in self.chits:
            if chit.name == name:
                return chit
        raise PoolError(f"there is no LIM called {name!r} in this turn's pool")

    def to_dict(self) -> dict[str, object]:
        """Plain form for the store (``lim_pool.state``)."""
        return {
            "turn": self.turn,
            "seed": self.seed,
            "die_sides": self.die_sides,
            "first_lim": self.first_lim,
            "chits": [c.to_dict() for c in self.chits],
            "draws": [
                {"seq": d.seq, "lim": d.lim, "source": d.source,
                 "orders_option": d.orders_option.value if d.orders_option else None}
                for d in self.draws
            ],
            "activations": [
                {"command": a.command, "roll": a.roll, "rating": a.rating,
                 "success": a.success, "draw_seq": a.draw_seq, "rolled_by": a.rolled_by}
                for a in self.activations
            ],
            "idle": sorted(self.idle),
        }

    @classmethod
    def from_dict(cls, data: Any) -> PoolState:
        """Inverse of :meth:`to_dict`; a malformed mapping raises PoolError."""
        try:
            return cls(
                turn=int(data["turn"]),
                seed=int(data["seed"]),
                die_sides=int(data.get("die_sides", 10)),
                first_lim=data.get("first_lim") or None,
                chits=tuple(Chit.from_dict(c) for c in data["chits"]),
                draws=tuple(
                    Draw(seq=int(d["seq"]), lim=str(d["lim"]),
                         orders_option=OrdersOption(d["orders_option"])
                         if d.get("orders_option") else None,
                         source=str(d.get("source") or "desk"))
                    for d in data.get("draws", ())
                ),
                activations=tuple(
                    ActivationRecord(command=str(a["command"]), roll=int(a["roll"]),
                                     rating=int(a["rating"]), success=bool(a["success"]),
                                     draw_seq=None if a.get("draw_seq") is None
                                     else int(a["draw_seq"]),
                                     rolled_by=str(a.get("rolled_by") or "typed"))
                    for a in data.get("activations", ())
                ),
                idle=frozenset(str(c) for c in data.get("idle", ())),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PoolError(f"the stored LIM pool is malformed ({exc!r})") from exc


def build_pool(
    scenario: PoolSpec, *, turn: int, seed: int, table: MovementTable | None = None
) -> PoolState:
    """The pool of ``turn``: every chit the scenario gives, none drawn yet (BOW-F4)."""
    data = table if table is not None else load_table()
    return PoolState(turn=turn, seed=seed, chits=pool_chits(scenario, data),
                     die_sides=data.die_sides)


def next_turn(pool: PoolState, scenario: PoolSpec, *, table: MovementTable | None = None) -> (
    PoolState
):
    """The pool rebuilt for the next turn: every chit back, nobody idle (BOW-F3 lasts one turn)."""
    return build_pool(scenario, turn=pool.turn + 1, seed=pool.seed, table=table)


def _rng(pool: PoolState) -> random.Random:
    # One generator per draw, seeded by battle seed, turn and draw number: the
    # order depends on nothing else, so replaying a turn from its stored state
    # (or from scratch) draws the same chits in the same order.
    return random.Random(f"bow-lim:{pool.seed}:{pool.turn}:{len(pool.draws)}")


def draw(pool: PoolState, *, first: str | None = None,
         chit: str | None = None) -> tuple[PoolState, Chit]:
    """Draw the next chit.

    ``first``: the initiative winner's choice, first draw only. ``chit``: the
    chit the umpire pulled from the cup at the table (or the one the desk's
    seeded roll chose); it must still be in the cup. Neither: the legacy
    generator by battle seed, turn and draw number.
    """
    remaining = pool.remaining
    if not remaining:
        raise PoolError(_("every LIM of this turn has been drawn: the No LIM phase follows"))
    source = "desk"
    if first is not None:
        if pool.draws:
            raise PoolError(_("only the first LIM of the turn may be chosen by the initiative "
                              "winner"))
        picked = _in_cup(pool, first)
        source = "first"
    elif chit is not None:
        picked = _in_cup(pool, chit)
        source = "cup"
    else:
        picked = remaining[_rng(pool).randrange(len(remaining))]
    drawn = Draw(seq=len(pool.draws) + 1, lim=picked.name, source=source)
    state = replace(pool, draws=(*pool.draws, drawn),
                    first_lim=picked.name if first is not None else pool.first_lim)
    return state, picked


def _in_cup(pool: PoolState, name: str) -> Chit:
    wanted = name.strip().casefold()
    found = next((c for c in pool.chits if c.name.casefold() == wanted), None)
    left = ", ".join(c.name for c in pool.remaining)
    if found is None:
        raise PoolError(_("there is no LIM called {lim} in this turn's pool; in the cup: "
                          "{left} (BOW-F4)").format(lim=repr(name), left=left))
    if any(d.lim == found.name for d in pool.draws):
        raise PoolError(_("{lim} was already drawn this turn: it is no longer in the cup; "
                          "in it: {left} (BOW-F4)").format(lim=found.name, left=left))
    return found


def choose_orders_option(pool: PoolState, *, option: OrdersOption | str) -> PoolState:
    """Record the one option taken for the Orders LIM just drawn (BOW-11)."""
    try:
        chosen = OrdersOption(option)
    except ValueError as exc:
        raise PoolError(f"{option!r} is not an Orders LIM option (move-unit, activate-command, "
                        "move-leaders) (BOW-11)") from exc
    last = pool.draws[-1] if pool.draws else None
    if last is None or pool.chit(last.lim).kind is not LimKind.ORDERS:
        raise PoolError("an option is chosen only when the Orders LIM has just been drawn (BOW-11)")
    if last.orders_option is not None:
        raise PoolError(f"this Orders LIM was already used to {last.orders_option}: exactly one "
                        "option per draw (BOW-11)")
    return replace(pool, draws=(*pool.draws[:-1], replace(last, orders_option=chosen)))


def _activation_draw(pool: PoolState, command: str) -> int | None:
    # Under the Orders LIM (option ii, BOW-4/5) or, once the pool is empty, in the No LIM
    # phase (BOW-6/7). Anywhere else a roll has no place in the turn.
    last = pool.draws[-1] if pool.draws else None
    if last is not None and last.orders_option is OrdersOption.ACTIVATE_COMMAND:
        if any(a.draw_seq == last.seq for a in pool.activations):
            if pool.exhausted:  # the Orders LIM was the last chit: its roll is kept, and the
                return None     # No LIM phase's rolls follow (BOW-6)
            raise PoolError("the Orders LIM activates only one command (BOW-4)")
        if any(c.kind is LimKind.CD and c.command == command for c in pool.chits):
            raise PoolError(f"{command}'s C/D LIM is in the pool, so the Orders LIM may not "
                            "activate it (BOW-4)")
        return last.seq
    if pool.exhausted:
        return None
    raise PoolError("an activation is rolled under the Orders LIM's second option or in the "
                    "No LIM phase, once the pool is empty (BOW-4, BOW-6)")


def record_activation(pool: PoolState, *, command: str, roll: int, rating: int,
                      rolled_by: str = "typed") -> PoolState:
    """Keep one d10 activation roll and its rating; success when roll ≤ rating (BOW-F1).

    A failure idles the command for the rest of the turn (BOW-F3); a second
    attempt by the same command in one turn is refused.
    """
    sides = pool.die_sides
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= sides:
        raise PoolError(f"an activation roll is one d{sides}: a whole number 1–{sides}, "
                        f"not {roll!r} (BOW-F1)")
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= sides:
        raise PoolError(f"a leader's rating must be a whole number 0–{sides}, not {rating!r}")
    if command in pool.idle:
        raise PoolError(f"{command} failed its activation and does nothing more this turn (BOW-F3)")
    if any(a.command == command for a in pool.activations):
        raise PoolError(f"{command} has already tried to activate this turn (BOW-6)")
    seq = _activation_draw(pool, command)
    record = ActivationRecord(command=command, roll=roll, rating=rating,
                              success=roll <= rating, draw_seq=seq, rolled_by=rolled_by)
    state = replace(pool, activations=(*pool.activations, record))
    return state if record.success else idle(state, command=command)


def idle(pool: PoolState, *, command: str) -> PoolState:
    """The command does nothing more this turn (BOW-F3); idling twice changes nothing."""
    return replace(pool, idle=pool.idle | {command})


def draw_rows(pool: PoolState) -> list[DrawRow]:
    """One plain row per draw for the store's ``lim_draw`` table, with any Orders-LIM roll."""
    rows: list[DrawRow] = []
    for d in pool.draws:
        roll = next((a for a in pool.activations if a.draw_seq == d.seq), None)
        chit = pool.chit(d.lim)
        rows.append({
            "seq": d.seq,
            "lim": d.lim,
            "command": roll.command if roll else chit.command,
            "orders_option": d.orders_option.value if d.orders_option else "",
            "roll": roll.roll if roll else None,
            "rating": roll.rating if roll else None,
            "success": roll.success if roll else None,
        })
    return rows
