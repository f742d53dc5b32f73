"""The units a close advances (desk.services.common.unit_infos, issue 28): each one's facts
are the UnitInfo its constructor makes, every field set (it is built without ``__init__``),
and its state is the unit_state row's, on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import fields

from scenario import generated
from service_helpers import call
from sqlmodel import select

from desk.rules.base import UnitInfo
from desk.services.common import state_of, unit_infos
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import CampaignStore
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.oob import Unit


def test_a_units_facts_and_state_as_the_rows_hold_them(any_store: CampaignStore) -> None:
    info = call(any_store, create_campaign_from_scenario,
                data=generated("belle-alliance", units=6))
    with any_store.session() as session:
        unit = session.exec(select(Unit).order_by(Unit.id)).first()  # type: ignore[arg-type]
        assert unit is not None
        unit.attrs, unit.imperial_guard = {"élite": True}, True
        session.add(unit)
    names = {f.name for f in fields(UnitInfo)}
    with any_store.session() as session:
        bound = session.exec(select(Bound).where(Bound.battle_id == info.battle_id)).one()
        found = unit_infos(session, info.id, bound_id=bound.id or 0)
        rows = {r.unit_id: r for r in session.exec(
            select(UnitState).where(UnitState.bound_id == bound.id))}
        units = {u.id: u for u in session.exec(select(Unit))}
        assert len(found) == 6 == len(rows)
        for facts, state in found:
            assert set(vars(facts)) == names
            row = units[facts.id]
            assert facts == UnitInfo(id=row.id or 0, name=row.name, arm=row.arm,
                                     unit_type=row.unit_type, side=facts.side,
                                     command=facts.command, strength=row.strength,
                                     imperial_guard=row.imperial_guard, attrs=row.attrs)
            assert facts.side and facts.command
            assert state == state_of(rows[facts.id])
    first = min(found, key=lambda pair: pair[0].id)[0]
    assert first.imperial_guard is True and first.attrs == {"élite": True}
