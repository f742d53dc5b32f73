"""A campaign's umpires (issue 33): added, listed and removed.

An umpire is a name (one line of plain text, unique in the campaign whatever its case),
a role (``chief``: reads every secret note, may take any claim over; ``sector``: the
others) and, on PostgreSQL, the database role that is them when they open the campaign.
Once a campaign names a chief, only a chief changes the roster: a sector umpire cannot
make himself chief. A store finds its umpire at its first session, so a change to the
roster counts for a desk from its next open (``CampaignStore.forget_identity``).
"""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle
from desk.services.errors import NotFound, ServiceError
from desk.services.names import loose
from desk.services.umpires.views import UmpireView
from desk.store.tables.campaign import Battle
from desk.store.tables.umpires import UMPIRE_ROLES, Claim, Umpire
from desk.store.who import identity_of


class UmpireRefused(ServiceError):
    """An umpire the roster cannot take: no name, a name taken, an unknown role."""


def _view(row: Umpire) -> UmpireView:
    return UmpireView(umpire_id=row.id or 0, name=row.name, role=row.role, db_role=row.db_role)


def _rows(session: Session, campaign_id: int) -> list[Umpire]:
    return list(session.exec(select(Umpire).where(Umpire.campaign_id == campaign_id)
                             .order_by(col(Umpire.id))))


def _may_change(session: Session, rows: list[Umpire]) -> None:
    """Only a chief changes a roster that names one (else anyone may: the first names).

    A desk is a chief not on the roster only when it opened the campaign before the roster
    named anyone (:func:`desk.store.who.identify` makes an unknown name a chief only then):
    it goes on naming the umpires it started with."""
    me = identity_of(session)
    if any(r.role == "chief" for r in rows) and not me.chief:
        raise UmpireRefused(_("only the chief umpire changes the umpires; {name} is not "
                              "the chief").format(name=me.name))


def _one_line(text: str, *, refusal: str) -> str:
    """``text`` stripped, refused with ``refusal`` (a template of ``{text}``) when it is
    not one line of plain text."""
    value = text.strip()
    if not value.isprintable():
        # A name is printed on one line of the history and the journal; a line break would
        # break both (and stamp rows with a name no umpire can type again).
        raise UmpireRefused(refusal.format(text=repr(text)))
    return value


def add_umpire(*, session: Session, name: str, role: str = "sector",
               db_role: str = "") -> UmpireView:
    """Name an umpire of the campaign (refused: a name taken, a role unknown)."""
    campaign, _battle = current_battle(session)
    name = _one_line(name, refusal=_("an umpire's name is one line of plain text: {text} "
                                     "is not"))
    if not name:
        raise UmpireRefused(_("give the umpire a name"))
    if role not in UMPIRE_ROLES:
        raise UmpireRefused(_("an umpire is {roles}, not {role!r}").format(
            roles=" or ".join(UMPIRE_ROLES), role=role))
    rows = _rows(session, campaign.id or 0)
    _may_change(session, rows)
    taken = next((r for r in rows if loose(r.name) == loose(name)), None)
    if taken is not None:
        raise UmpireRefused(_("the campaign has an umpire called {name} already").format(
            name=taken.name))
    db_role = _one_line(db_role, refusal=_("a database role is one line of plain text: "
                                           "{text} is not"))
    holder = next((r for r in rows if db_role and r.db_role == db_role), None)
    if holder is not None:
        raise UmpireRefused(_("the database role {role} is {name}'s already").format(
            role=db_role, name=holder.name))
    row = Umpire(campaign_id=campaign.id or 0, name=name, role=role, db_role=db_role)
    session.add(row)
    session.flush()
    return _view(row)


def umpires(*, session: Session) -> tuple[UmpireView, ...]:
    """The campaign's umpires, in the order they were named."""
    campaign, _battle = current_battle(session)
    return tuple(_view(r) for r in _rows(session, campaign.id or 0))


def remove_umpire(*, session: Session, name: str) -> UmpireView:
    """Remove an umpire from the roster; the claims they hold end with them. The rows they
    wrote keep their name (a journal line keeps saying who)."""
    campaign, _battle = current_battle(session)
    rows = _rows(session, campaign.id or 0)
    row = next((r for r in rows if loose(r.name) == loose(name)), None)
    if row is None:
        raise NotFound(_("the campaign has no umpire called {name!r} (its umpires: {names})")
                       .format(name=name, names=", ".join(r.name for r in rows) or "—"))
    _may_change(session, rows)
    battles = select(Battle.id).where(Battle.campaign_id == campaign.id)
    session.execute(delete(Claim).where(col(Claim.umpire) == row.name,
                                     col(Claim.battle_id).in_(battles)))
    session.delete(row)
    session.flush()
    return _view(row)
