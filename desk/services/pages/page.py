"""A player's page (issue 32), built only from that player's packet (issue 22): the
situation report, the order sheet's units with their fields, the dispatches delivered
to them, the commitment to the bound's seed and the map view. What the packet does not
hold, the page cannot show: fog of war is the packet's, already tested there.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle, get_bound
from desk.services.errors import NotFound
from desk.services.maps.viewmodel import MapViewModel
from desk.services.packets.deadlines import deadline_of
from desk.services.packets.plan import PacketModel, packet_models
from desk.services.pages.views import PageUnit, PlayerPage
from desk.services.printing.formfields import VERBATIM, FormValue
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.campaign import Campaign
from desk.store.tables.maps import BattleMap
from desk.store.tables.players import PlayerSubmission


def player_packet(*, session: Session, player_id: int, with_map: bool = False) -> PacketModel:
    """The player's packet of the open bound (NotFound when the player is gone)."""
    found = packet_models(session=session, with_maps=with_map, player_id=player_id)
    if not found:
        raise NotFound(_("there is no such player"))
    return found[0]


def order_intake(session: Session, campaign: Campaign, bound: Bound, when: datetime) -> str:
    """What a player's page does with orders for ``bound`` sent at ``when``: ``"open"``
    (taken), ``"late"`` (the deadline has passed and the campaign's late-orders setting is
    ``flag``: taken as drafts marked late) or ``"closed"`` (refused)."""
    if bound.status != "open":
        return "closed"
    due = deadline_of(session, bound)
    if due is None or when <= due:
        return "open"
    return "late" if campaign.late_orders == "flag" else "closed"


def _sent(order: Order) -> dict[str, FormValue]:
    """An imported draft's fields as the player wrote them, as a form gives them back."""
    return {k: v if isinstance(v, bool) else str(v) for k, v in order.fields.items()
            if v is not None and k != VERBATIM}


def player_page(*, session: Session, player_id: int, now: datetime | None = None) -> PlayerPage:
    """The page of one player at the current battle's open bound."""
    when = now or datetime.now(UTC)
    packet = player_packet(session=session, player_id=player_id)
    campaign, battle = current_battle(session)
    bound = get_bound(session, battle.id or 0, packet.sheet.bound)
    ids = [b.unit_id for b in packet.sheet.units]
    orders = {o.unit_id: o for o in session.exec(select(Order).where(
        Order.bound_id == bound.id, col(Order.unit_id).in_(ids)))}
    units = []
    for block in packet.sheet.units:
        order = orders.get(block.unit_id)
        if order is None or order.status == "cancelled":
            units.append(PageUnit(block=block))
        elif order.source == "form":  # the player's own (from this page or a paper form)
            units.append(PageUnit(block=block, sent=_sent(order), verbatim=order.verbatim))
        else:
            units.append(PageUnit(block=block, entered=True))
    last = session.exec(select(PlayerSubmission).where(
        PlayerSubmission.player_id == player_id, PlayerSubmission.bound_id == bound.id)
        .order_by(col(PlayerSubmission.id).desc())).first()
    has_map = session.exec(select(BattleMap.id).where(
        BattleMap.battle_id == battle.id)).first() is not None
    situation = packet.situation
    due = deadline_of(session, bound)
    intake = order_intake(session, campaign, bound, when)
    received = last.created_at if last is not None else None
    return PlayerPage(
        player=packet.player.name if packet.player else packet.side, side=packet.side,
        command=packet.player.command if packet.player else None,
        campaign=situation.campaign, battle=situation.battle, bound=situation.bound,
        game_time=situation.game_time, deadline=due, deadline_text=situation.deadline,
        taking_orders=intake != "closed", late=intake == "late", situation=situation,
        dispatches=packet.sheet.dispatches, commitment=packet.commitment, has_map=has_map,
        units=tuple(units), received_at=received,
        received_late=received is not None and due is not None and _aware(received) > due)


def _aware(when: datetime) -> datetime:
    """A stored time as UTC (SQLite hands some back without their zone)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def player_map(*, session: Session, player_id: int) -> MapViewModel | None:
    """The player's map view, as their packet's (None: the battle has no map)."""
    return player_packet(session=session, player_id=player_id, with_map=True).map
