"""Every roll the desk makes in a bound comes from that bound's own seed.

Each bound carries a fresh random seed of 128 bits (``bound.seed``, 32 hex
digits), drawn with :func:`secrets.randbits` when the bound opens; only the
first bound of a battle takes its seed from the scenario's ``Battle.seed``, so
a demo starts the same every time. Knowing one bound's seed therefore tells
nothing about the next one's draws.

The procedure, so that a player holding the seed can recompute every roll by
hand or in any language (issue 22 publishes a commitment to the seed):

1. ``purpose`` names the roll, e.g. ``lim-draw:3`` (the third LIM of the
   bound) or ``activation:2:IV Corps`` (the second activation roll, by IV
   Corps).
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
import secrets
from dataclasses import dataclass

SEED_BITS = 128
_PREFIX = "umpires-desk/v1"
_SPAN = 2 ** 64


def new_bound_seed() -> str:
    """A fresh 128-bit seed for a bound, as 32 lowercase hex digits."""
    return f"{secrets.randbits(SEED_BITS):032x}"


def first_bound_seed(battle_seed: int) -> str:
    """The first bound's seed: the scenario's ``Battle.seed`` written as 32 hex digits."""
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
