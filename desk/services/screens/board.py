"""What the window's map board shows: the umpire's view of a bound, trails, versions.

One read for the whole board: the map (its image only when the window does
not hold it already), every unit where it stood at the bound, each unit's
trail of earlier positions, and the version each move will take as
``seen_version`` (the unit's state row of the open bound).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.services.common import get_battle, get_bound
from desk.services.maps.board import MapInfo, map_info
from desk.services.maps.placing import trails
from desk.services.maps.view import map_view_model
from desk.services.maps.viewmodel import MapViewModel
from desk.services.positions.leaders import leader_trails, leader_versions
from desk.store.tables.bounds import UnitState


@dataclass(frozen=True)
class BoardData:
    """The board at one bound (``view`` None: the battle has no map yet)."""

    info: MapInfo | None
    view: MapViewModel | None
    trails: dict[int, tuple[tuple[float, float], ...]]
    versions: dict[int, int | None]  # unit id → its state version, for a move's guard
    bound: int
    current_bound: int
    editable: bool  # the open bound is shown: units may be moved
    # Leaders (most have no staff unit): each one's trail, and his version for a move's guard.
    leader_trails: dict[int, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    leader_versions: dict[int, int | None] = field(default_factory=dict)


def board_data(*, session: Session, battle_id: int, bound: int | None = None,
               known_map_version: int | None = None) -> BoardData:
    """The board at ``bound`` (default: the open bound); the image is left out when
    ``known_map_version`` is the stored map's version (the window has it)."""
    battle = get_battle(session, battle_id)
    number = battle.current_bound if bound is None else bound
    row_bound = get_bound(session, battle_id, number)
    info = map_info(session=session, battle_id=battle_id)
    editable = number == battle.current_bound and row_bound.status == "open"
    if info is None:
        return BoardData(info=None, view=None, trails={}, versions={}, bound=number,
                         current_bound=battle.current_bound, editable=False)
    view = map_view_model(session=session, bound=number, battle_id=battle_id,
                          with_image=known_map_version != info.version)
    versions: dict[int, int | None] = {}
    if editable:  # one query: each unit's state row of the open bound, and its version
        versions = {uid: version for uid, version in session.execute(
            sql_select(col(UnitState.unit_id), col(UnitState.version_id))
            .where(col(UnitState.bound_id) == row_bound.id)).all()}
    return BoardData(info=info, view=view,
                     trails=trails(session=session, battle_id=battle_id, up_to=number),
                     versions=versions, bound=number, current_bound=battle.current_bound,
                     editable=editable,
                     leader_trails=leader_trails(session=session, battle_id=battle_id,
                                                 up_to=number),
                     leader_versions=leader_versions(session=session, battle_id=battle_id)
                     if editable else {})
