"""Revision 0007: a campaign file written at 0003 keeps every row and becomes one open battle
with every unit taking part at its order-of-battle strength."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows

from desk.services.battles.roster import battles, unit_strengths
from desk.store import list_backups, open_campaign
from desk.store.engine import sqlite_engine

_ROWS = """
INSERT INTO campaign (id, name, rules_system, house_rules, created_at, form_secret, no_order,
  version_id)
  VALUES (1, 'Plancenoit 1815', 'belle-alliance', '{}', '2026-01-01 00:00:00', 'ab12', 'hold', 1),
         (2, 'Ligny 1815', 'la-bataille', '{}', '2026-01-02 00:00:00', 'cd34', 'continue', 3);
INSERT INTO battle (id, campaign_id, name, date, start_time, minutes_per_bound,
  current_bound, seed, version_id) VALUES (1, 1, 'Plancenoit', '1815-06-18', '16:30', 15, 2, 0, 1);
INSERT INTO side (id, campaign_id, name, version_id) VALUES (1, 1, 'French', 1);
INSERT INTO command (id, side_id, parent_id, name, level, leader_id, lim_eligible,
  imperial_guard, sort_key, version_id) VALUES (1, 1, NULL, 'VI Corps', 'corps', NULL, 1, 0, 1, 1);
INSERT INTO unit (id, side_id, command_id, name, arm, unit_type, strength, strength_unit,
  mother_unit_id, soutien_id, imperial_guard, sort_key, attrs, version_id)
  VALUES (1, 1, 1, 'Lobau', 'staff', 'staff', 1, 'figures', NULL, NULL, 0, 1, '{}', 1),
         (2, 1, 1, '1/5e Ligne', 'infantry', 'line-infantry', 24, 'figures', NULL, NULL, 0, 2,
          '{}', 1);
INSERT INTO bound (id, battle_id, number, game_time, status, closed_at, version_id)
  VALUES (1, 1, 1, '16:30', 'closed', '2026-01-01 00:10:00', 2),
         (2, 1, 2, '16:45', 'open', NULL, 1);
INSERT INTO unit_order (id, bound_id, unit_id, verbatim, fields, completed, defaulted, findings,
  status, override_reason, source, updated_at, version_id)
  VALUES (1, 1, 2, 'Advance on Plancenoit', '{"destination": "Plancenoit"}',
          '{"rate": "normal", "destination": "Plancenoit"}', '["rate"]', '[]', 'accepted', '',
          'desk', '2026-01-01 00:00:00', 1),
         (2, 2, 1, 'Hold', '{}', '{}', '[]', '[]', 'draft', '', 'desk',
          '2026-01-01 00:11:00', 1);
INSERT INTO unit_state (id, bound_id, unit_id, formation, disorder, strength, data, version_id)
  VALUES (1, 1, 2, 'line', 'none', 24, '{}', 1), (2, 2, 2, 'line', 'LD', 23, '{}', 1);
INSERT INTO bound_event (id, bound_id, unit_id, kind, data, created_at)
  VALUES (1, 1, 2, 'disorder', '{"to": "LD"}', '2026-01-01 00:00:00');
INSERT INTO journal (id, battle_id, bound_id, unit_id, kind, message, reason, clause, created_at)
  VALUES (1, 1, 1, 2, 'close', 'Bound 1 closed.', '', '', '2026-01-01 00:10:00');
"""


def test_a_0003_file_upgraded_keeps_every_row_and_is_one_open_battle(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_ROWS)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    columns = play_columns(path)  # those of 0003: later revisions may add more

    with open_campaign(path, backup_dir=tmp_path / "backups") as store, \
            store.session() as session:
        (battle,) = battles(session=session, campaign_id=1)
        strengths = unit_strengths(session=session, unit_id=2)
    assert play_rows(path, columns=columns) == before  # every row kept, column for column
    # The new columns: the battle is open, the campaigns have no recovery rules yet.
    added = play_rows(path, columns={**{t: ["id"] for t in PLAY_TABLES},
                                     "battle": ["status", "ended_at"], "campaign": ["recovery"]})
    assert added["battle"] == [("open", None)]
    assert added["campaign"] == [("{}",), ("{}",)]
    assert (battle.name, battle.status, battle.units) == ("Plancenoit", "open", 2)
    assert [(s.battle, s.start) for s in strengths] == [("Plancenoit", 24)]
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        taking_part = conn.execute(text(
            "SELECT battle_id, unit_id, start_strength, end_strength FROM battle_unit "
            "ORDER BY unit_id")).all()
    engine.dispose()
    assert [tuple(r) for r in taking_part] == [(1, 1, 1, None), (1, 2, 24, None)]
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason.startswith("before-upgrade-0003-to-")
