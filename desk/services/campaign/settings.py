"""A campaign's settings that are not house rules: what a unit without an order does, and
what a player's page does with orders sent after the deadline."""

from __future__ import annotations

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.errors import ServiceError
from desk.store.tables.campaign import LATE_ORDERS_POLICIES, NO_ORDER_POLICIES, Campaign


class SettingError(ServiceError):
    """A setting's value is not one the desk knows (nothing was changed)."""


def set_no_order(*, session: Session, policy: str, campaign_id: int | None = None) -> str:
    """Store what a unit without an order does at the close; returns the value before.

    ``policy`` is ``continue``, ``hold`` or ``defaults``; ``campaign_id`` None is
    the file's (first) campaign. Anything else is refused and nothing changes.
    """
    if policy not in NO_ORDER_POLICIES:
        raise SettingError(f"no-order setting {policy!r} is not one of "
                           f"{', '.join(NO_ORDER_POLICIES)}: nothing changed")
    campaign = _campaign(session, campaign_id)
    before = campaign.no_order
    campaign.no_order = policy
    session.add(campaign)
    session.flush()
    return before


def set_late_orders(*, session: Session, policy: str, campaign_id: int | None = None) -> str:
    """Store what a player's page does with orders sent after the bound's deadline;
    returns the value before.

    ``policy`` is ``refuse`` (the page takes no more) or ``flag`` (they arrive as drafts
    marked late, for the umpire to decide); ``campaign_id`` None is the file's (first)
    campaign. Anything else is refused and nothing changes.
    """
    if policy not in LATE_ORDERS_POLICIES:
        raise SettingError(_("late-orders setting {policy!r} is not one of {known}: nothing "
                             "changed").format(policy=policy,
                                               known=", ".join(LATE_ORDERS_POLICIES)))
    campaign = _campaign(session, campaign_id)
    before = campaign.late_orders
    campaign.late_orders = policy
    session.add(campaign)
    session.flush()
    return before


def _campaign(session: Session, campaign_id: int | None) -> Campaign:
    query = select(Campaign).order_by(col(Campaign.id))
    if campaign_id is not None:
        query = query.where(col(Campaign.id) == campaign_id)
    campaign = session.exec(query).first()
    if campaign is None:
        raise SettingError("the database holds no campaign: nothing changed")
    return campaign
