"""Every roll the desk makes in a bound comes from that bound's own seed.

Each bound carries a fresh random seed of 128 bits (``bound.seed``, 32 hex
digits), drawn with :func:`secrets.randbits` when the bound is created, the
first bound of a battle included: the scenario's ``Battle.seed`` is a small
number anyone can read, and a commitment to it fell to a brute force in a few
thousand tries (issue 27). Knowing one bound's seed therefore tells nothing
about any other bound's draws. A demo campaign alone derives its first bound's
seed from a master seed that nothing prints (:func:`demo_bound_seed`), so a demo
starts the same every time.

The procedure, so that a player holding the seed can recompute every roll by
hand or in any language (issue 22 publishes a commitment to the seed):

1. ``purpose`` names the roll, e.g. ``lim-draw:3`` (the third LIM of the
   bound), ``activation:2:IV Corps`` (the second activation roll, by IV
   Corps), ``reinforcement:41`` (unit 41's arrival roll at the bound's close)
   or ``recovery:41:3`` (the d100 of unit 41's third lost figure after the
   battle, in the battle's last bound).
2. For ``k = 0, 1, 2 …`` take ``h = SHA-256("umpires-desk/v1|" + seed + "|"
   + purpose + "|" + k)`` (UTF-8, ``k`` in decimal) and read its first 8 bytes
   as a big-endian unsigned number ``x``.
3. For a choice among ``n`` (n chits left in the cup, or a d10's 10 faces),
   accept the first ``x`` below ``2**64 - (2**64 mod n)`` and answer ``x mod n``
   (the rejection keeps every answer equally likely). A die shows ``1 + answer``.

A LIM drawn by the desk is the chit at that index among the chits still in the
cup, in the pool's own order (C/D LIMs, Strategic, Orders, extras, as listed
by the cup view).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

SEED_BITS = 128
_PREFIX = "umpires-desk/v1"
_SPAN = 2 ** 64


def new_bound_seed() -> str:
    """A fresh 128-bit seed for a bound, as 32 lowercase hex digits."""
    return f"{secrets.randbits(SEED_BITS):032x}"


def demo_bound_seed(master: str, *, battle: str, bound: int) -> str:
    """A demo's seed for bound ``bound`` of ``battle``: HMAC-SHA256 keyed by the demo's
    ``master`` seed over "battle|bound", its first 128 bits as 32 hex digits. Without the
    master, the seed is as unknowable as a random one; with it, the demo is reproduced."""
    message = f"{battle}|{bound}".encode()
    return hmac.new(master.encode(), message, hashlib.sha256).hexdigest()[:SEED_BITS // 4]


def first_bound_seed(battle_seed: int) -> str:
    """The seed of a bound stored without one (a battle started before each first bound
    drew its own): the scenario's ``Battle.seed`` as 32 hex digits, as the desk then used
    it, so the commitments printed for such a bound still check. No bound gets it now."""
    return f"{battle_seed % 2 ** SEED_BITS:032x}"


@dataclass(frozen=True)
class RollStream:
    """The deterministic rolls of one purpose in one bound (see the module's procedure)."""

    seed: str
    purpose: str

    def below(self, n: int) -> int:
        """A whole number 0 … n - 1, every one equally likely."""
        if n < 1:
            raise ValueError(f"nothing to choose from ({n})")
        limit = _SPAN - _SPAN % n
        k = 0
        while True:
            text = f"{_PREFIX}|{self.seed}|{self.purpose}|{k}".encode()
            x = int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
            if x < limit:
                return x % n
            k += 1

    def die(self, sides: int) -> int:
        """One die of ``sides`` faces: 1 … sides."""
        return 1 + self.below(sides)


def rng_for(*, seed: str, purpose: str) -> RollStream:
    """The roll stream of ``purpose`` in the bound whose seed is ``seed``."""
    return RollStream(seed=seed, purpose=purpose)


def lim_draw_purpose(seq: int) -> str:
    """The purpose of the desk's draw of the ``seq``-th LIM of the bound."""
    return f"lim-draw:{seq}"


def activation_purpose(attempt: int, command: str) -> str:
    """The purpose of the bound's ``attempt``-th activation roll, made by ``command``."""
    return f"activation:{attempt}:{command}"


def reinforcement_purpose(unit_id: int) -> str:
    """The purpose of a reinforcement's arrival roll, made at the close of the bound."""
    return f"reinforcement:{unit_id}"


def recovery_purpose(unit_id: int, figure: int) -> str:
    """The purpose of the d100 of a unit's ``figure``-th lost figure after a battle
    (rolled from the seed of the battle's last bound)."""
    return f"recovery:{unit_id}:{figure}"


def commitment(seed: str) -> str:
    """The published commitment to a bound's seed: SHA-256 of its 32 hex digits (UTF-8),
    as 64 hex digits. Printed in every packet before the bound is played; once the seed is
    revealed, anyone checks ``commitment(seed)`` against what the packet said."""
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass(frozen=True)
class RollRecord:
    """One roll of a bound as the desk lists it for the players.

    ``among``: the choices (a LIM draw: the chits still in the cup, in the pool's order);
    empty for a die, then ``sides`` gives its faces. ``result``: what the desk recorded
    (a chit's name, or the die's face as text). ``rolled_by``: ``desk`` (recomputable from
    the seed) or ``typed`` (real dice at the table, or a chit pulled from a real cup:
    listed, never recomputed)."""

    purpose: str
    result: str
    rolled_by: str = "desk"
    among: tuple[str, ...] = ()
    sides: int = 0
    what: str = ""

    def to_dict(self) -> dict[str, object]:
        """The record as JSON-ready data (the form ``desk seed --rolls`` writes)."""
        return {"purpose": self.purpose, "result": self.result, "rolled_by": self.rolled_by,
                "among": list(self.among), "sides": self.sides, "what": self.what}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> RollRecord:
        """A record read back from :meth:`to_dict`'s data."""
        among = data.get("among") or []
        return cls(purpose=str(data["purpose"]), result=str(data["result"]),
                   rolled_by=str(data.get("rolled_by") or "desk"),
                   among=tuple(str(a) for a in among) if isinstance(among, list) else (),
                   sides=int(str(data.get("sides") or 0)), what=str(data.get("what") or ""))


def recompute(*, seed: str, record: RollRecord) -> str:
    """What the procedure gives for ``record`` from ``seed`` alone (no database): the
    chosen name among ``record.among``, or the die's face."""
    stream = rng_for(seed=seed, purpose=record.purpose)
    if record.among:
        return record.among[stream.below(len(record.among))]
    return str(stream.die(record.sides))


def check_rolls(*, seed: str, records: tuple[RollRecord, ...]) -> tuple[RollRecord, ...]:
    """The desk's rolls among ``records`` that the seed does not reproduce (empty: every
    roll checks). Rolls typed in from real dice are skipped: the seed did not make them."""
    return tuple(r for r in records
                 if r.rolled_by == "desk" and recompute(seed=seed, record=r) != r.result)
