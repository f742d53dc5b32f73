"""Belle Alliance: the passage of a unit's state from one bound to the next.

:func:`advance_state` replays the bound's events (each idempotent, see
``belle_alliance.events``), then applies the order carried out: the charge
cooldown (BA-14) and melee penalty (BA-13), the new formation, a crossing still
in progress (BA-20), and clears what lasts one bound only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desk.rules.belle_alliance.data import BAData, Rate
from desk.rules.belle_alliance.events import apply
from desk.rules.belle_alliance.model import Carried, UnitState, as_text
from desk.rules.belle_alliance.rates import charge_again_from, fmt


def advance_state(
    data: BAData, state: UnitState, order: Carried, *, no_order: bool,
    events: Sequence[Mapping[str, object]], bound: int, arm: str = "", unit_type: str = "",
    morale: Mapping[str, str] | None = None,
) -> tuple[UnitState, tuple[str, ...]]:
    """The state for bound ``bound + 1`` after ``order`` was carried out in ``bound``."""
    for event in events:
        if isinstance(event, Mapping):
            kind = as_text(event.get("kind") or event.get("event"))
            info = event.get("data")
            state, _, _ = apply(data, state, kind, info if isinstance(info, Mapping) else event,
                                bound, arm=arm, unit_type=unit_type, morale=morale)
    journal: list[str] = []
    if no_order:
        journal.append(f"Bound {bound}: no order: moved at the {data.default_rate.value} rate as "
                       "far as possible (BA-1, BA-2)")
    if order.rate is Rate.HALT and not no_order:
        journal.append(f"Bound {bound}: halted where it stood, moved "
                       f"{fmt(data.halt_moves_cm)} cm (halt.moves_cm)")
    charged = order.rate is Rate.CHARGE or state.charged_this_bound
    last, penalty = state.last_charge_bound, state.melee_penalty_bound
    if charged:
        last, penalty = bound, bound + data.melee_penalty_bounds
        again = charge_again_from(data, last_charge_bound=bound)
        journal.append(f"Charged in bound {bound}: may charge again from bound {again} (BA-14)")
        if data.melee_penalty_bounds:
            span = f"in bound {penalty}" if penalty == bound + 1 else f"through bound {penalty}"
            journal.append(f"Negative melee factor {span} (BA-13)")
    elif penalty is not None and penalty <= bound:
        penalty = None
    formation = order.formation or state.formation
    if order.formation and order.formation != state.formation:
        journal.append(f"Bound {bound}: now in {data.formations[order.formation].label}")
    if state.crossing is not None:
        journal.append(f"Still crossing {state.crossing.feature} since bound "
                       f"{state.crossing.since_bound} (BA-20)")
    new = state.but(
        formation=formation, last_charge_bound=last, melee_penalty_bound=penalty,
        fast_this_bound=False, charged_this_bound=False, rate_this_bound=None,
        terrain=state.terrain or order.terrain or None,
    )
    return new, tuple(journal)
