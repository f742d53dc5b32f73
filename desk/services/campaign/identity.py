"""What tells one campaign from every other: its id and the moment it was made.

The window keys things kept outside the campaign file (the order drafts of
:mod:`desk.ui.orders.drafts`) by this together with the file's place, so a campaign
made again at the same path, or another campaign's file, never picks up what
was typed for this one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from desk.services.errors import NotFound
from desk.store.tables.campaign import Campaign


@dataclass(frozen=True)
class CampaignIdentity:
    """A campaign's id, name and creation time (ISO 8601, as stored)."""

    campaign_id: int
    name: str
    created: str


def campaign_identity(*, session: Session, campaign_id: int) -> CampaignIdentity:
    """The identity of one campaign of the open file."""
    campaign = session.get(Campaign, campaign_id)
    if campaign is None or campaign.id is None:
        raise NotFound(f"there is no campaign {campaign_id} in this file")
    created = campaign.created_at.isoformat() if campaign.created_at else ""
    return CampaignIdentity(campaign_id=campaign.id, name=campaign.name, created=created)
