"""Several battles in one campaign: starting one, ending it with its aftermath, the diff.

The campaign order of battle. ``Unit.strength`` is a unit's *campaign* strength:
what it has between battles, and what it brought to the battle being played (the
current strength within a battle is ``UnitState.strength``, carried bound to
bound). The ``battle_unit`` table records, per battle, the units taking part with
the campaign strength each started with and, once the battle has ended, its
strength at the last bound, what the aftermath gave back and the strength it
carries on (``after_strength``, written back into ``Unit.strength``). A unit's
strength across the battles is its ``battle_unit`` rows in battle order (one
indexed query).

Within a battle, the units taking part in a bound are those with a state in it
(:func:`desk.services.common.unit_records` with ``bound_id``): a battle is started
with a state in bound 1 for each unit of the commands chosen, and a unit added
or arriving later gets its state in the bound it joins.

Modules: :mod:`.roster` (listing, starting), :mod:`.recovery` (the rules of what
comes back, with presets), :mod:`.aftermath` (ending a battle: preview, review,
commit), :mod:`.diff` (what changed between two bounds).
"""

from __future__ import annotations

from desk.services.errors import ServiceError


class BattleRefused(ServiceError):
    """A battle cannot be started or ended as asked; nothing was changed."""
