"""News of the enemy carried by a dispatch (issue 31).

A situation report carries up the chain what its headquarters knows of the enemy; a
leader's own dispatch may carry it down (``desk dispatch --with-news``). Either way the
news is what the writer's headquarters knew when it was written (desk.services.knowledge
.belief), kept in the dispatch's ``news`` so a later sighting never changes what was
sent; the recipient's headquarters knows it once the dispatch is delivered.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlmodel import Session

from desk.i18n import _
from desk.services.common import add_journal, get_battle
from desk.services.couriers.settings import rules_for
from desk.services.errors import NotFound, ServiceError
from desk.services.knowledge.belief import Known
from desk.services.knowledge.views import EnemyNews
from desk.store.tables.bounds import Bound
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command


class NewsRefused(ServiceError):
    """A dispatch cannot carry news: information does not travel in this campaign."""


def enemy_news(known: Iterable[EnemyNews], *, as_of: int) -> dict[str, object]:
    """The ``news`` of a dispatch written at bound ``as_of`` carrying ``known``."""
    return {"as_of": as_of, "enemy": [{"unit_id": n.unit_id, "as_of": n.as_of}
                                      for n in sorted(known, key=lambda n: n.unit_id)]}


def carry_news(*, session: Session, dispatch_id: int) -> int:
    """Have the dispatch ``dispatch_id`` carry what its writer's headquarters knows of the
    enemy in the bound it was written (beyond what the whole side knows); how many enemy
    units that names."""
    row = session.get(Dispatch, dispatch_id)
    if row is None:
        raise NotFound(_("there is no dispatch number {id}").format(id=dispatch_id))
    battle = get_battle(session, row.battle_id)
    if not rules_for(session, campaign_id=battle.campaign_id).information_travels:
        raise NewsRefused(_("information does not travel in this campaign (desk couriers "
                            "--set information_travels=true): a dispatch carries no news; "
                            "nothing written."))
    bound, writer = session.get(Bound, row.bound_id), session.get(Command, row.writer_command_id)
    if bound is None or writer is None:
        raise NotFound(_("there is no dispatch number {id}").format(id=dispatch_id))
    known = Known(session, battle_id=row.battle_id, bound=bound.number).news_of(writer)
    row.news = enemy_news(known.values(), as_of=bound.number)
    session.add(row)
    add_journal(session, battle_id=row.battle_id, bound_id=row.bound_id, kind="dispatch",
                message=f"Dispatch {bound.number}.{row.seq} carries {writer.name}'s news of "
                f"{len(known)} enemy units.")
    session.flush()
    return len(known)
