"""Optimistic locking: a stale edit is refused with a clear conflict, and nothing is lost."""

import pytest
from sqlmodel import select
from store_helpers import add_little_oob

from desk.store import CampaignStore, ConflictError, open_campaign
from desk.store.tables.oob import Unit


def test_second_stale_edit_of_a_unit_is_a_conflict(store: CampaignStore) -> None:
    ids = add_little_oob(store)
    # Umpire A opens the unit's form: loaded, then the read transaction ends
    # (the desk never holds a transaction open while someone types).
    with (
        pytest.raises(ConflictError, match="Another umpire changed a unit") as conflict,
        store.session(expire_on_commit=False) as form_a,
    ):
        unit_a = form_a.get(Unit, ids["unit"])
        assert unit_a is not None and unit_a.version_id == 1
        form_a.commit()
        # Umpire B edits and saves the same unit meanwhile.
        with store.session() as form_b:
            unit_b = form_b.get(Unit, ids["unit"])
            assert unit_b is not None
            unit_b.strength = 20
        # A saves a stale copy when the block ends.
        unit_a.strength = 18
    assert conflict.value.table == "unit"
    with store.session() as check:
        unit = check.get(Unit, ids["unit"])
        assert unit is not None
        assert (unit.strength, unit.version_id) == (20, 2)


def test_conflict_through_the_session_block_rolls_back(store: CampaignStore) -> None:
    ids = add_little_oob(store)
    with pytest.raises(ConflictError), store.session(expire_on_commit=False) as form_a:
        unit_a = form_a.exec(select(Unit).where(Unit.id == ids["unit"])).one()
        form_a.commit()
        with store.session() as form_b:
            other = form_b.get(Unit, ids["unit"])
            assert other is not None
            other.name = "1/5e Ligne (renamed)"
        unit_a.strength = 3
        skirmish = form_a.get(Unit, ids["skirmish"])
        assert skirmish is not None
        skirmish.strength = 2  # part of the same save: rolled back with it
    with store.session() as check:
        assert check.get(Unit, ids["unit"]).name == "1/5e Ligne (renamed)"  # type: ignore[union-attr]
        assert check.get(Unit, ids["unit"]).strength == 24  # type: ignore[union-attr]
        assert check.get(Unit, ids["skirmish"]).strength == 4  # type: ignore[union-attr]


def test_two_desks_on_one_postgresql_campaign_conflict(pg_database: str) -> None:
    with open_campaign(pg_database, create=True) as desk_a, open_campaign(pg_database) as desk_b:
        ids = add_little_oob(desk_a)
        with pytest.raises(ConflictError), desk_a.session(expire_on_commit=False) as form_a:
            unit_a = form_a.get(Unit, ids["unit"])
            assert unit_a is not None
            form_a.commit()
            with desk_b.session() as form_b:
                unit_b = form_b.get(Unit, ids["unit"])
                assert unit_b is not None
                unit_b.strength = 20
            unit_a.strength = 18
        with desk_a.session() as check:
            assert check.get(Unit, ids["unit"]).strength == 20  # type: ignore[union-attr]
