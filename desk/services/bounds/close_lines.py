"""The close's journal line for a unit without an order of its own, written and read here.

The close writes one line per such unit ("No order for Lobau in bound 3: continues
its bound 2 order: normal → the mill." / "No written order for Vichery in bound 1:
moved under LIM 1: …."); the bound's record reads back what each unit did from it and
the order table which bound's order a unit continued. One wording, so a change to it
reaches every reader: the English line is the journal's (its French comes from the
journal's own patterns when shown).
"""

from __future__ import annotations

import re


def continues(bound: int, summary: str) -> str:
    """What a unit that carries on does: "continues its bound 2 order: normal → the mill"."""
    return f"continues its bound {bound} order: {summary}"


def moved_under(moves: list[str]) -> str:
    """What a unit moved under the LIMs did: "moved under LIM 1: Tactical → 1209 (BOW-2)"."""
    return "moved under " + ", ".join(moves)


def no_order_line(*, unit: str, bound: int, says: str, written: bool = False) -> str:
    """The close's line: ``written``, the unit had no written order but moved under a LIM."""
    return f"No {'written ' if written else ''}order for {unit} in bound {bound}: {says}."


NO_ORDER = re.compile(r"^No (?P<written>written )?order for .+ in bound \d+: (?P<says>.+?)\.?$",
                      re.DOTALL)
CONTINUED = re.compile(r": continues its bound (\d+) order")
# The same lines as SQL LIKE patterns, to select them in the journal.
CONTINUES_LIKE = "No order for % in bound %: continues its bound %"
MOVED_LIKE = "No written order for % in bound %: moved under %"
