"""A campaign's courier settings: its rules system's preset for a scale, and overrides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules.couriers import CourierDataError, CourierRules, courier_rules
from desk.services.common import get_campaign
from desk.services.errors import ServiceError
from desk.store.models import CourierSettings


class CourierRefused(ServiceError):
    """A dispatch or courier setting the desk refuses: one sentence, nothing changed."""


class HeadquartersUnplaced(CourierRefused):
    """The route's headquarters are not all placed and the umpire gave no delay."""


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


def set_courier_rules(*, session: Session, campaign_id: int, scale: str | None = None,
                      overrides: Mapping[str, Any] | None = None) -> CourierRules:
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
