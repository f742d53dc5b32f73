"""Helpers shared by the store tests (a module, not conftest, so it imports by a unique name)."""

import hashlib
from pathlib import Path

from desk.store import CampaignStore
from desk.store.tables.bounds import Bound, Order, UnitState
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Command, Side, Unit


def sha256(path: Path) -> str:
    """The file's hash, to prove a refused file was left byte-for-byte unchanged."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def add_little_oob(store: CampaignStore) -> dict[str, int]:
    """A campaign with one battle, one side, one command and two units; returns their ids."""
    with store.session() as session:
        campaign = Campaign(name="Plancenoit 1815", rules_system="belle-alliance")
        session.add(campaign)
        session.flush()
        assert campaign.id is not None
        battle = Battle(campaign_id=campaign.id, name="Plancenoit", date="1815-06-18")
        side = Side(campaign_id=campaign.id, name="French")
        session.add_all([battle, side])
        session.flush()
        assert side.id is not None
        command = Command(side_id=side.id, name="VI Corps", level="corps")
        session.add(command)
        session.flush()
        assert command.id is not None
        line = Unit(side_id=side.id, command_id=command.id, name="1/5e Ligne",
                    arm="infantry", unit_type="line-infantry", strength=24)
        session.add(line)
        session.flush()
        skirmish = Unit(side_id=side.id, command_id=command.id, name="1/5e Ligne (tirailleurs)",
                        arm="infantry", unit_type="skirmish-line", strength=4,
                        mother_unit_id=line.id, soutien_id=line.id)
        session.add(skirmish)
        session.flush()
        ids = {"campaign": campaign.id, "battle": battle.id, "side": side.id,
               "command": command.id, "unit": line.id, "skirmish": skirmish.id}
    return {k: int(v) for k, v in ids.items() if v is not None}


def add_bound_1_with_order(store: CampaignStore, ids: dict[str, int], *, verbatim: str,
                           state_unit: str, formation: str) -> None:
    """Bound 1 with one order (for ``ids["unit"]``) and one unit state: child rows to keep."""
    with store.session() as session:
        bound = Bound(battle_id=ids["battle"], number=1, game_time="16:30")
        session.add(bound)
        session.flush()
        assert bound.id is not None
        session.add(Order(bound_id=bound.id, unit_id=ids["unit"], verbatim=verbatim))
        session.add(UnitState(bound_id=bound.id, unit_id=ids[state_unit], formation=formation))


# The tables that hold recorded play: an upgrade must keep every one of their rows.
PLAY_TABLES = ("campaign", "battle", "side", "command", "unit", "bound", "unit_order",
               "unit_state", "bound_event", "journal")


def file_at_revision(path: Path, *, revision: str, rows_sql: str) -> None:
    """Make a campaign file at ``revision`` (not the head) holding ``rows_sql``'s rows."""
    from sqlalchemy import Connection, text

    from desk.store.engine import sqlite_engine
    from desk.store.migrations import run_foreign_keys_off, upgrade

    engine = sqlite_engine(path)

    def fill(conn: Connection) -> None:
        upgrade(conn, target=revision)
        for statement in rows_sql.split(";"):
            if statement.strip():
                conn.execute(text(statement))

    run_foreign_keys_off(engine, fill)
    engine.dispose()


def play_columns(path: Path) -> dict[str, list[str]]:
    """The recorded-play tables' columns, by table, as the file has them now."""
    from sqlalchemy import inspect

    from desk.store.engine import sqlite_engine

    engine = sqlite_engine(path)
    found = {t: [c["name"] for c in inspect(engine).get_columns(t)] for t in PLAY_TABLES}
    engine.dispose()
    return found


def play_rows(path: Path, *, columns: dict[str, list[str]] | None = None,
              ) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the recorded-play tables, by table, in id order.

    ``columns`` picks the columns to read, by table (default: all of them), so a test can
    compare a file upgraded to the head with what it held before, whatever later revisions add.
    """
    from sqlalchemy import text

    from desk.store.engine import sqlite_engine

    engine = sqlite_engine(path)
    with engine.connect() as conn:
        found = {}
        for t in PLAY_TABLES:
            picked = ", ".join(f'"{c}"' for c in columns[t]) if columns else "*"
            rows = conn.execute(text(f"SELECT {picked} FROM {t} ORDER BY id"))
            found[t] = [tuple(r) for r in rows]
    engine.dispose()
    return found
