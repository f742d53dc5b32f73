"""A player's page model (issue 32) is their packet's: the same situation, units,
dispatches and commitment; the map view is the packet's map."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import select

from desk.services.maps.seen import mark_seen
from desk.services.packets.plan import packet_models
from desk.services.packets.players import add_player
from desk.services.pages.page import player_map, player_page
from desk.store import open_campaign
from desk.store.tables.oob import Side, Unit


def test_the_page_shows_what_the_packet_holds_and_nothing_more(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        anne = add_player(session=session, name="Anne", address="anne@example.org",
                          side="French")
        add_player(session=session, name="Bernd", address="bernd@example.de", side="Prussian")
        prussians = session.exec(select(Side.id).where(Side.name == "Prussian")).one()
        french = session.exec(select(Side.id).where(Side.name == "French")).one()
        seen = session.exec(select(Unit).where(Unit.side_id == prussians)).first()
        assert seen is not None and seen.id is not None and french is not None
        mark_seen(session=session, unit_id=seen.id, side_id=french)
        seen_name = seen.name
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        page = player_page(session=session, player_id=anne.player_id)
        packet = next(p for p in packet_models(session=session)
                      if p.player is not None and p.player.name == "Anne")
        view = player_map(session=session, player_id=anne.player_id)
    assert page.situation == packet.situation and page.commitment == packet.commitment
    assert [u.block for u in page.units] == list(packet.sheet.units)
    assert page.dispatches == packet.sheet.dispatches
    assert page.taking_orders and page.received_at is None and page.has_map
    assert view == packet.map
    assert [e.name for e in page.situation.enemy] == [seen_name]
