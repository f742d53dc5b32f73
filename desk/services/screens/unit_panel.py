"""The unit panel: a unit seen from a bound — state, changes since the bound before,
crossings under way, history and the bound's events, and the secret notes on it that the
umpire at this desk may read (issue 33: their own; the chief's: every umpire's).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from desk.rules.base import Finding, UnitInfo
from desk.services.bounds.events import list_events
from desk.services.common import (
    get_battle,
    get_campaign,
    get_unit,
    rules_of,
    unit_info_of,
)
from desk.services.dto import (
    CrossingView,
    EventView,
    HistoryEntry,
    StateChange,
    UnitStateView,
)
from desk.services.history import crossings_in_progress, unit_history
from desk.services.positions.queries import position_of
from desk.services.positions.views import PositionView
from desk.services.queries import state_changes, unit_state
from desk.services.umpires.notes import NoteTarget, SecretNoteView, secret_notes
from desk.store.who import identity_of


@dataclass(frozen=True)
class UnitPanelData:
    """A unit in one bound: its state, what changed since the bound before, its history."""

    unit: UnitInfo
    bound: int
    state: UnitStateView
    changes: tuple[StateChange, ...]
    charge_from: int | None
    crossings: tuple[CrossingView, ...]
    history: tuple[HistoryEntry, ...]
    events: tuple[EventView, ...]
    # Morale and movement allowance as the rules read them; where it stands at this bound.
    standing: tuple[str, ...] = ()
    position: PositionView | None = None
    # What the check would refuse a charge for, from the rules' own check (BA-12, BA-14 …):
    # "May charge." only when there is nothing.
    charge_refusals: tuple[Finding, ...] = ()
    # The secret notes on the unit this umpire may read, and whether they are the chief
    # (who reads every umpire's, so the panel names each note's author).
    notes: tuple[SecretNoteView, ...] = ()
    chief: bool = False


def unit_panel(*, session: Session, battle_id: int, unit_id: int,
               bound: int | None = None) -> UnitPanelData:
    """A unit seen from a bound: state (with the bound's events), changes, crossings, history."""
    battle = get_battle(session, battle_id)
    number = battle.current_bound if bound is None else bound
    info = unit_info_of(session, get_unit(session, unit_id))
    view = unit_state(session=session, battle_id=battle_id, unit_id=unit_id, bound=number,
                      with_events=True)
    # The start of the bound is read once, for the changes since the bound before and the
    # charge cooldown both (state_diff and charge_available_from would each read it again).
    start = unit_state(session=session, battle_id=battle_id, unit_id=unit_id, bound=number)
    changes: tuple[StateChange, ...] = ()
    if number > 1:
        changes = state_changes(unit_state(session=session, battle_id=battle_id,
                                           unit_id=unit_id, bound=number - 1), start)
    crossings = tuple(c for c in crossings_in_progress(session=session, battle_id=battle_id,
                                                       bound=number) if c.unit_id == unit_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    state = view.as_mapping()
    return UnitPanelData(
        unit=info, bound=number, state=view, changes=changes,
        charge_from=system.charge_available_from(state=start.as_mapping())
        if system.has_charge_cooldown else None,
        crossings=crossings,
        history=unit_history(session=session, battle_id=battle_id, unit_id=unit_id),
        events=list_events(session=session, battle_id=battle_id, bound=number, unit_id=unit_id),
        standing=system.standing(unit=info, state=state),
        position=position_of(session=session, battle_id=battle_id, unit_id=unit_id,
                             bound=number),
        charge_refusals=system.charge_refusals(unit=info, state=state, bound=number),
        notes=secret_notes(session=session, target=NoteTarget("unit", unit_id, info.name)),
        chief=identity_of(session).chief,
    )
