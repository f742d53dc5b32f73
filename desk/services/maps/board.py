"""Import a battle's map into the campaign file, read it back, calibrate it.

Keyword-only use cases, each inside the caller's one transaction, returning
frozen :class:`MapInfo`. A write takes the ``version_id`` of the map row the
caller saw (None: "I saw no map"), so a second umpire's import or calibration
is never silently overwritten. Anything refused changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle, get_battle
from desk.services.maps.calibration import Point, Scale, scale_calibration, scale_of
from desk.services.maps.images import MapRefused, load_map_image
from desk.services.versions import claim, inserted, refuse_unseen
from desk.store.tables.maps import BattleMap, BattleMapImage


@dataclass(frozen=True)
class MapInfo:
    """A battle's map as stored, without its bytes (see :func:`map_image`)."""

    battle_id: int
    name: str
    image_format: str
    width: int
    height: int
    scale: Scale | None
    hex_grid: bool
    version: int

    @property
    def megapixels(self) -> float:
        """The image's size in millions of pixels."""
        return self.width * self.height / 1e6


def info_of(row: BattleMap) -> MapInfo:
    """The frozen view of a map row."""
    return MapInfo(battle_id=row.battle_id, name=row.name, image_format=row.image_format,
                   width=row.width, height=row.height, scale=scale_of(row.calibration),
                   hex_grid=bool(row.calibration.get("hex")), version=row.version_id or 0)


def _battle_id(session: Session, battle_id: int | None) -> int:
    if battle_id is None:
        return current_battle(session)[1].id or 0
    return get_battle(session, battle_id).id or 0


def _row(session: Session, battle_id: int) -> BattleMap | None:
    return session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()


def import_map(*, session: Session, data: bytes, name: str, page: int | None = None,
               seen_version: int | None, battle_id: int | None = None) -> MapInfo:
    """Store the image of ``data`` (PNG, JPEG, or page ``page`` of a PDF) as the battle's map.

    A map imported over another replaces it, its calibration too (the old
    calibration's pixels mean nothing on a new image).
    """
    image = load_map_image(data, page=page)
    bid = _battle_id(session, battle_id)
    row = _row(session, bid)
    refuse_unseen(row, seen=seen_version, what=_("the battle's map"))
    if row is None:
        row = BattleMap(battle_id=bid, name=name, image_format=image.image_format,
                        width=image.width, height=image.height)
    else:
        claim(session, BattleMap, row_id=row.id or 0, seen=seen_version,
              what=_("the battle's map"))
        row.name, row.image_format = name, image.image_format
        row.width, row.height, row.calibration = image.width, image.height, {}
        session.execute(delete(BattleMapImage).where(col(BattleMapImage.map_id) == row.id))
    session.add(row)
    with inserted(_("the battle's map")):
        session.flush()
    session.add(BattleMapImage(map_id=row.id or 0, data=image.data))
    session.flush()
    return info_of(row)


def map_info(*, session: Session, battle_id: int | None = None) -> MapInfo | None:
    """The battle's map (None before one is imported)."""
    row = _row(session, _battle_id(session, battle_id))
    return info_of(row) if row is not None else None


def map_image(*, session: Session, battle_id: int | None = None) -> bytes:
    """The stored image's bytes (PNG or JPEG), or a refusal when there is no map."""
    data = session.exec(select(BattleMapImage.data).join(
        BattleMap, col(BattleMap.id) == BattleMapImage.map_id).where(
        BattleMap.battle_id == _battle_id(session, battle_id))).first()
    if data is None:
        raise MapRefused(_("this battle has no map yet: import one with desk map-import"))
    return data


def calibration(*, session: Session, battle_id: int | None = None) -> dict[str, object]:
    """A copy of the map's calibration JSON (empty before any)."""
    row = _row(session, _battle_id(session, battle_id))
    return dict(row.calibration) if row is not None else {}


def existing_map(session: Session, battle_id: int | None, seen_version: int | None) -> BattleMap:
    """The battle's map row, locked at the version the caller saw, or a refusal."""
    row = _row(session, _battle_id(session, battle_id))
    if row is None:
        raise MapRefused(_("this battle has no map yet: import one with desk map-import"))
    claim(session, BattleMap, row_id=row.id or 0, seen=seen_version,
          what=_("the battle's map"))
    return row


def calibrate_scale(*, session: Session, first: Point, second: Point, distance: float,
                    unit: str, seen_version: int | None,
                    battle_id: int | None = None) -> MapInfo:
    """Fix the map's scale: ``distance`` ``unit`` between the pixels ``first`` and ``second``."""
    row = existing_map(session, battle_id, seen_version)
    entry = scale_calibration(first=first, second=second, distance=distance, unit=unit,
                              width=row.width, height=row.height)
    row.calibration = {**row.calibration, "scale": entry}  # a new dict: JSON is not tracked
    session.add(row)
    session.flush()
    return info_of(row)
