"""Situation reports up the chain of command, by courier, at each close (issue 31).

With the campaign's courier setting ``information_travels`` on, the close of a bound has
every headquarters with a superior write it a report of what it knows then
(desk.services.knowledge.belief): its own units as they stand, and the rest as last
reported to it, each entry with the bound it was true; and the enemy it knows was seen
(in the dispatch's ``news``, as a leader's dispatch carries it: desk.services.knowledge
.news). The report rides as any dispatch
does: from the writer's headquarters to the superior's, delayed by the distance at the
campaign's courier speed (the minimum delay when the headquarters are not both placed),
lost or captured on the rolls of the closed bound's seed (``dispatch:N:loss`` …), so a
player's script recomputes every fate from the revealed seed. Reports are dispatches of
kind ``report`` in the courier ledger, where the umpire may overrule a fate with a
reason; a reopened bound takes its reports back.
"""

from __future__ import annotations

from sqlalchemy import delete, func, insert
from sqlmodel import Session, col, select

from desk.rules.couriers import delay_for, route_length
from desk.services.common import add_journal, get_battle
from desk.services.couriers.chain import Places
from desk.services.couriers.settings import rules_for
from desk.services.couriers.write import fate_of
from desk.services.knowledge.belief import REPORT, Known
from desk.services.knowledge.news import enemy_news
from desk.store.columns import now
from desk.store.tables.bounds import Bound
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Side


def send_reports(*, session: Session, battle_id: int, bound: Bound) -> int:
    """Write the reports of the close of ``bound``; how many (0 with the setting off)."""
    battle = get_battle(session, battle_id)
    rules = rules_for(session, campaign_id=battle.campaign_id)
    if not rules.information_travels:
        return 0
    seq = int(session.exec(select(func.coalesce(func.max(Dispatch.seq), 0))
                           .where(Dispatch.bound_id == bound.id)).one())
    places = Places(session, battle_id=battle_id, bound=bound.number)
    # Read once, for every headquarters: the positions the couriers measure by are the
    # ones the reports tell.
    everyone = Known(session, battle_id=battle_id, bound=bound.number, places=places.placed)
    # Rows, not Dispatch objects: one insert for the close's sixty reports (each a dispatch
    # like any other once written; the ledger and the deliveries read them as such).
    rows: list[dict[str, object]] = []
    stamp = now()
    for side in session.exec(select(Side).where(Side.campaign_id == battle.campaign_id)
                             .order_by(col(Side.id))):
        chain = everyone.chain(side.id or 0)
        for command in everyone.commands_of(side.id or 0):
            superior = command.parent_id
            if superior is None or command.leader_id is None:
                continue
            entries = [{"unit_id": b.unit_id, "as_of": b.as_of, "hex": b.hex, "x": b.x,
                        "y": b.y, "formation": b.formation, "strength": b.strength}
                       for b in everyone.units_of(command) if b.as_of is not None]
            news = enemy_news(everyone.news_of(command).values(), as_of=bound.number)
            points = [places.of_command(chain, command.id or 0),
                      places.of_command(chain, superior)]
            placed = [p for p in points if p is not None]
            distance = route_length(placed) if len(placed) == len(points) else None
            delay = (delay_for(distance, rules) if distance is not None
                     else rules.min_delay_bounds)
            seq += 1
            rolled = fate_of(session, seq=seq, rules=rules, seed=bound.seed, points=points,
                             places=places, side_id=side.id or 0)
            rows.append({
                "battle_id": battle_id, "bound_id": bound.id or 0, "seq": seq,
                "writer_id": command.leader_id, "writer_command_id": command.id or 0,
                "to_command_id": superior, "to_unit_id": None, "game_time": bound.game_time,
                "kind": REPORT, "text": f"Situation report of {command.name} at the end of "
                f"bound {bound.number}", "fields": {"as_of": bound.number, "units": entries},
                "news": news, "route": "direct", "via": [], "distance": distance,
                "delay_bounds": delay, "due_bound": bound.number + delay,
                "fate": rolled.fate, "captor_side_id": rolled.captor_side_id,
                "rolls": rolled.rolls, "delivered_bound": None, "override_reason": "",
                "created_at": stamp, "version_id": 1})
    written = len(rows)
    if written:
        table = Dispatch.__table__  # type: ignore[attr-defined]
        session.connection().execute(insert(table), rows)
        add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="dispatch",
                    message=f"Bound {bound.number}: {written} situation reports sent up the "
                    "chain of command.")
    return written


def withdraw_reports(*, session: Session, bound_id: int) -> None:
    """Reopen's part: the reports the close of the bound ``bound_id`` wrote go with it."""
    session.execute(delete(Dispatch).where(col(Dispatch.bound_id) == bound_id,
                                           col(Dispatch.kind) == REPORT)
                    .execution_options(synchronize_session=False))
