"""A campaign's courier settings: its rules system's preset for a scale, and overrides.

Whether the campaign uses couriers at all is the setting ``use``: ``auto`` (the
default) when the battle has a calibrated map or its scenario's hex grid, the
ground a courier rides over; ``on`` or ``off`` whatever the map. Where couriers
are not used, what a commander's sheet says for his subordinates' units is an
order like any other (a table game without a map has no couriers).
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules.couriers import USE_AUTO, USE_ON, CourierDataError, CourierRules, courier_rules
from desk.services.common import get_battle, get_campaign
from desk.services.errors import ServiceError
from desk.store.tables.couriers import CourierSettings
from desk.store.tables.maps import BattleMap
from desk.store.tables.positions import HexGrid


class CourierRefused(ServiceError):
    """A dispatch or courier setting the desk refuses: one sentence, nothing changed."""


class HeadquartersUnplaced(CourierRefused):
    """The route's headquarters are not all placed and the umpire gave no delay."""


class DispatchLimitReached(CourierRefused):
    """The leader has written his limit of dispatches this bound and no reason overrules it."""

    def __init__(self, message: str, *, leader: str, written: int, bound: int) -> None:
        super().__init__(message)
        self.leader, self.written, self.bound = leader, written, bound


def couriers_in_use(session: Session, *, battle_id: int) -> bool:
    """Whether a commander's orders to his subordinates' units go by courier in this
    battle (the setting ``use``; ``auto``: the battle has a calibrated map or a hex grid)."""
    battle = get_battle(session, battle_id)
    use = rules_for(session, campaign_id=battle.campaign_id).use
    if use != USE_AUTO:
        return use == USE_ON
    calibration = session.exec(select(BattleMap.calibration).where(
        BattleMap.battle_id == battle_id)).first() or {}
    if calibration.get("scale") or calibration.get("hex"):
        return True
    return session.exec(select(HexGrid.id).where(HexGrid.battle_id == battle_id)).first() \
        is not None


def rules_for(session: Session, *, campaign_id: int) -> CourierRules:
    """The campaign's courier rules (its system's first preset when it set none)."""
    campaign = get_campaign(session, campaign_id)
    row = session.exec(select(CourierSettings)
                       .where(CourierSettings.campaign_id == campaign_id)).first()
    try:
        return courier_rules(campaign.rules_system, scale=row.scale if row else "",
                             overrides=row.overrides if row else None)
    except CourierDataError as exc:  # a hand-edited file: say so
        raise CourierRefused(str(exc)) from exc


def set_couriers(*, session: Session, campaign_id: int, use: str) -> str:
    """Store whether the campaign uses couriers (``auto``, ``on``, ``off``); returns the
    value before. Anything else is refused and nothing changes."""
    before = rules_for(session, campaign_id=campaign_id).use
    set_courier_rules(session=session, campaign_id=campaign_id, overrides={"use": use})
    return before


def set_courier_rules(*, session: Session, campaign_id: int, scale: str | None = None,
                      overrides: Mapping[str, object] | None = None) -> CourierRules:
    """Choose the preset scale and/or override numbers (merged into earlier overrides)."""
    campaign = get_campaign(session, campaign_id)
    row = session.exec(select(CourierSettings)
                       .where(CourierSettings.campaign_id == campaign_id)).first()
    if row is None:
        row = CourierSettings(campaign_id=campaign_id)
    merged = {**row.overrides, **(overrides or {})}
    chosen = row.scale if scale is None else scale
    try:
        rules = courier_rules(campaign.rules_system, scale=chosen, overrides=merged)
    except CourierDataError as exc:
        raise CourierRefused(_('{exc} Nothing changed.').format(exc=exc)) from exc
    row.scale, row.overrides = chosen, merged
    session.add(row)
    session.flush()
    return rules
