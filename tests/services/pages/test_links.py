"""A player's secret link (issue 32): issued once, kept only as its hash, resolved in
constant time; a wrong, revoked or reissued token is no one's."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from sqlmodel import select

from desk.services.errors import NotFound
from desk.services.packets.players import add_player
from desk.services.pages.links import (
    LinkRefused,
    form_token,
    form_token_ok,
    issue_link,
    issue_missing_links,
    link_states,
    reissue_link,
    resolve_token,
    revoke_link,
)
from desk.store import open_campaign
from desk.store.tables.players import PlayerLink


def test_a_link_is_shown_once_kept_hashed_and_stops_when_revoked(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        add_player(session=session, name="Anne", address="anne@example.org", side="French")
        add_player(session=session, name="Bernd", address="bernd@example.de", side="Prussian")
        made = issue_link(session=session, who="anne")  # by name, any case
        assert len(made.token) >= 43 and made.path == "/p/" + made.token  # 256 bits
        kept = session.exec(select(PlayerLink)).one()
        assert kept.token_hash == hashlib.sha256(made.token.encode()).hexdigest()
        assert made.token not in repr(kept.model_dump())  # the token itself is never kept
        found = resolve_token(session=session, token=made.token)
        assert found is not None and found.name == "Anne"
        for wrong in ("", made.token[:-1], made.token + "x", kept.token_hash, "x" * 10_000):
            assert resolve_token(session=session, token=wrong) is None
        with pytest.raises(LinkRefused, match="has a link already"):
            issue_link(session=session, who="Anne")
        again = reissue_link(session=session, who="anne@example.org")  # or by address
        assert resolve_token(session=session, token=made.token) is None
        assert resolve_token(session=session, token=again.token) is not None
        revoke_link(session=session, who="Anne")
        assert resolve_token(session=session, token=again.token) is None
        with pytest.raises(LinkRefused, match="no working link"):
            revoke_link(session=session, who="Anne")
        with pytest.raises(NotFound, match="no player is called 'Zoe'"):
            issue_link(session=session, who="Zoe")
        # desk serve at its start: a link for each player without one, none for the others.
        bernd = issue_link(session=session, who="Bernd")
        fresh = issue_missing_links(session=session)
        assert [f.player.name for f in fresh] == ["Anne"]
        assert all(s.issued_at for s in link_states(session=session))
        assert resolve_token(session=session, token=bernd.token) is not None


def test_a_forms_hidden_token_belongs_to_one_link_and_one_bound(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        add_player(session=session, name="Anne", address="anne@example.org", side="French")
        token = issue_link(session=session, who="Anne").token
        mark = form_token(session=session, token=token, bound=1)
        assert form_token_ok(session=session, token=token, bound=1, given=mark)
        assert not form_token_ok(session=session, token=token, bound=2, given=mark)
        assert not form_token_ok(session=session, token=token + "x", bound=1, given=mark)
        assert not form_token_ok(session=session, token=token, bound=1, given="")
        assert mark != hashlib.sha256(token.encode()).hexdigest()
