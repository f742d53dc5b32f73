"""A player's secret link to their own page (issue 32).

The link carries a random token of 256 bits (:func:`secrets.token_urlsafe`); the campaign
keeps only its SHA-256, so a copy of the file mailed around opens no one's page. The
token is shown once, when issued; the umpire can reissue it (the old one stops working)
or revoke it. A token is looked up by its hash and the hashes compared in constant time;
a wrong or revoked token is simply no one's (None), as a wrong address is.

The forms of a page carry a hidden token of their own (CSRF): the HMAC of the link's hash
and the bound under the campaign's form secret, so a form copied from another page, an
old bound's, or a revoked link's is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle
from desk.services.errors import NotFound, ServiceError
from desk.services.packets.players import PlayerView, players
from desk.store.columns import now
from desk.store.tables.players import PlayerLink

TOKEN_BYTES = 32  # 256 bits: the issue asks for at least 128
PAGE_PREFIX = "/p/"


class LinkRefused(ServiceError):
    """A link that cannot be issued or revoked as asked."""


@dataclass(frozen=True)
class IssuedLink:
    """A link just issued: the token (shown this once) and its page's path."""

    player: PlayerView
    token: str
    path: str


@dataclass(frozen=True)
class LinkState:
    """Whether a player has a working link, and since when (the token is never kept)."""

    player: PlayerView
    issued_at: datetime | None  # None: no working link


def token_hash(token: str) -> str:
    """The SHA-256 of a token, in hex: what the campaign keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def page_path(token: str) -> str:
    """The page's path for a token: ``/p/<token>``."""
    return PAGE_PREFIX + token


def find_player(*, session: Session, who: str) -> PlayerView:
    """The one player called ``who`` (or written to at that address), in one sentence
    when there is none or several."""
    wanted = who.strip().casefold()
    listed = players(session=session)
    found = [p for p in listed if wanted in (p.name.casefold(), p.address.casefold())]
    if not found:
        raise NotFound(_("no player is called {who!r} (the players are {names})").format(
            who=who, names=", ".join(p.name for p in listed) or _("none yet")))
    if len(found) > 1:
        raise LinkRefused(_("{n} players are called {who!r}: name one by their address").format(
            n=len(found), who=who))
    return found[0]


def _active(session: Session, player_id: int) -> list[PlayerLink]:
    return list(session.exec(select(PlayerLink).where(
        PlayerLink.player_id == player_id, col(PlayerLink.revoked_at).is_(None))))


def _new_link(session: Session, player: PlayerView) -> IssuedLink:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session.add(PlayerLink(player_id=player.player_id, token_hash=token_hash(token)))
    session.flush()
    return IssuedLink(player=player, token=token, path=page_path(token))


def issue_link(*, session: Session, who: str) -> IssuedLink:
    """A first link for a player; refused when they have one (reissue it instead: the
    token of the one they have cannot be shown again)."""
    player = find_player(session=session, who=who)
    if _active(session, player.player_id):
        raise LinkRefused(_("{name} has a link already: reissue it to get a new one (the "
                            "old one then stops working)").format(name=player.name))
    return _new_link(session, player)


def reissue_link(*, session: Session, who: str) -> IssuedLink:
    """A new link for a player; the one they had (if any) stops working."""
    player = find_player(session=session, who=who)
    for row in _active(session, player.player_id):
        row.revoked_at = now()
        session.add(row)
    return _new_link(session, player)


def revoke_link(*, session: Session, who: str) -> PlayerView:
    """Stop a player's link working; refused when they have none."""
    player = find_player(session=session, who=who)
    rows = _active(session, player.player_id)
    if not rows:
        raise LinkRefused(_("{name} has no working link").format(name=player.name))
    for row in rows:
        row.revoked_at = now()
        session.add(row)
    session.flush()
    return player


def issue_missing_links(*, session: Session) -> tuple[IssuedLink, ...]:
    """A first link for every player who has no working one (``desk serve`` at its start)."""
    active = set(session.exec(select(PlayerLink.player_id).where(
        col(PlayerLink.revoked_at).is_(None))))
    return tuple(_new_link(session, p) for p in players(session=session)
                 if p.player_id not in active)


def link_states(*, session: Session) -> tuple[LinkState, ...]:
    """Every player and whether their link works (for ``desk serve`` at its start)."""
    active = {row.player_id: row.created_at for row in session.exec(
        select(PlayerLink).where(col(PlayerLink.revoked_at).is_(None)))}
    return tuple(LinkState(player=p, issued_at=active.get(p.player_id))
                 for p in players(session=session))


def resolve_token(*, session: Session, token: str) -> PlayerView | None:
    """The player whose working link carries ``token``; None for any other token."""
    if not token or len(token) > 200:  # no hash of a megabyte for a made-up address
        return None
    wanted = token_hash(token)
    row = session.exec(select(PlayerLink).where(PlayerLink.token_hash == wanted)).first()
    if row is None or row.revoked_at is not None \
            or not hmac.compare_digest(row.token_hash, wanted):
        return None
    return next((p for p in players(session=session) if p.player_id == row.player_id), None)


def form_token(*, session: Session, token: str, bound: int) -> str:
    """The hidden token of a page's form: HMAC-SHA256 of the link's hash and the bound
    under the campaign's form secret (never shown anywhere else)."""
    campaign, _battle = current_battle(session)
    message = f"{token_hash(token)}|{bound}".encode()
    return hmac.new(campaign.form_secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def form_token_ok(*, session: Session, token: str, bound: int, given: str) -> bool:
    """Whether a posted form's hidden token is this link's for this bound (constant time)."""
    return bool(given) and hmac.compare_digest(
        form_token(session=session, token=token, bound=bound), given)
