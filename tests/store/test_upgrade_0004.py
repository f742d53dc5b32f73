"""Revision 0004: a file written at 0003 keeps every row; each bound gets its own seed and
the LIM draws get a table for the moves made under them."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows

from desk.store import head_revision, open_campaign

_ROWS = """
INSERT INTO campaign (id, name, rules_system, house_rules, created_at, form_secret, no_order,
  version_id) VALUES (1, 'Ligny 1815', 'battles-of-waterloo', '{}', '2026-01-01 00:00:00',
  'ab12', 'continue', 1);
INSERT INTO battle (id, campaign_id, name, date, start_time, minutes_per_bound,
  current_bound, seed, version_id) VALUES (1, 1, 'Ligny', '1815-06-16', '14:30', 60, 2, 1606, 2);
INSERT INTO side (id, campaign_id, name, version_id) VALUES (1, 1, 'French', 1);
INSERT INTO command (id, side_id, parent_id, name, level, leader_id, lim_eligible,
  imperial_guard, sort_key, version_id) VALUES (1, 1, NULL, 'IV Corps', 'corps', NULL, 1, 0, 1, 1);
INSERT INTO unit (id, side_id, command_id, name, arm, unit_type, strength, strength_unit,
  mother_unit_id, soutien_id, imperial_guard, sort_key, attrs, version_id)
  VALUES (1, 1, 1, 'Vichery', 'infantry', 'infantry', 8, 'SP', NULL, NULL, 0, 1, '{}', 1);
INSERT INTO bound (id, battle_id, number, game_time, status, closed_at, version_id)
  VALUES (1, 1, 1, '14:30', 'closed', '2026-01-01 00:10:00', 2),
         (2, 1, 2, '15:30', 'open', NULL, 1);
INSERT INTO unit_order (id, bound_id, unit_id, verbatim, fields, completed, defaulted, findings,
  status, override_reason, source, updated_at, version_id)
  VALUES (1, 1, 1, 'Attack Saint-Amand', '{"movement": "tactical"}',
          '{"movement": "tactical", "rally": false}', '["rally"]', '[]', 'accepted', '',
          'desk', '2026-01-01 00:00:00', 1);
INSERT INTO unit_state (id, bound_id, unit_id, formation, disorder, strength, data, version_id)
  VALUES (1, 1, 1, 'normal', 'none', 8, '{}', 1), (2, 2, 1, 'normal', 'none', 8, '{}', 1);
INSERT INTO bound_event (id, bound_id, unit_id, kind, data, created_at)
  VALUES (1, 1, 1, 'out-of-command', '{}', '2026-01-01 00:00:00');
INSERT INTO journal (id, battle_id, bound_id, unit_id, kind, message, reason, clause, created_at)
  VALUES (1, 1, 1, 1, 'close', 'Bound 1 closed.', '', '', '2026-01-01 00:10:00');
INSERT INTO lim_pool (id, bound_id, seed, chits, first_lim, state, version_id)
  VALUES (1, 1, 1606, '["IV Corps C/D"]', '', '{}', 3);
INSERT INTO lim_draw (id, pool_id, seq, lim, command_id, orders_option, roll, rating, success,
  note) VALUES (1, 1, 1, 'IV Corps C/D', 1, '', NULL, NULL, NULL, '');
"""


def test_a_0003_file_upgraded_keeps_every_row_and_seeds_each_bound(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_ROWS)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    columns = play_columns(path)  # 0003's, plus 0004's seed (other revisions may add more)
    columns["bound"] = [*columns["bound"], "seed"]

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.engine.connect() as conn:
            draws = conn.execute(text("SELECT id, lim FROM lim_draw")).all()
            moves = conn.execute(text("SELECT count(*) FROM lim_move")).scalar()
    after = play_rows(path, columns=columns)
    assert {t: after[t] for t in PLAY_TABLES if t != "bound"} == \
        {t: before[t] for t in PLAY_TABLES if t != "bound"}
    assert [row[:-1] for row in after["bound"]] == before["bound"]
    seeds = [row[-1] for row in after["bound"]]
    # Bound 1 takes the scenario's seed (1606 = 0x646), bound 2 a fresh random one.
    assert seeds[0] == f"{1606:032x}"
    assert len(seeds[1]) == 32 and seeds[1] != seeds[0]  # type: ignore[arg-type]
    assert (draws, moves) == ([(1, "IV Corps C/D")], 0)
