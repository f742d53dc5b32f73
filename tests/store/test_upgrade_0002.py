"""Revision 0002: a campaign file written at 0001 keeps every row and gets a form secret."""

from pathlib import Path

from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows

from desk.store import list_backups, open_campaign
from desk.store.migrations import head_revision

_ROWS = """
INSERT INTO campaign (id, name, rules_system, house_rules, created_at, version_id)
  VALUES (1, 'Plancenoit 1815', 'belle-alliance', '{}', '2026-01-01 00:00:00', 1),
         (2, 'Ligny 1815', 'belle-alliance', '{}', '2026-01-02 00:00:00', 1);
INSERT INTO battle (id, campaign_id, name, date, start_time, minutes_per_bound,
  current_bound, seed, version_id) VALUES (1, 1, 'Plancenoit', '1815-06-18', '16:30', 15, 1, 0, 1);
INSERT INTO side (id, campaign_id, name, version_id) VALUES (1, 1, 'French', 1);
INSERT INTO command (id, side_id, parent_id, name, level, leader_id, lim_eligible,
  imperial_guard, sort_key, version_id) VALUES (1, 1, NULL, 'VI Corps', 'corps', NULL, 1, 0, 1, 1);
INSERT INTO unit (id, side_id, command_id, name, arm, unit_type, strength, strength_unit,
  mother_unit_id, soutien_id, imperial_guard, sort_key, attrs, version_id)
  VALUES (1, 1, 1, '1/5e Ligne', 'infantry', 'line-infantry', 24, 'figures', NULL, NULL, 0, 2,
          '{}', 1);
INSERT INTO bound (id, battle_id, number, game_time, status, closed_at, version_id)
  VALUES (1, 1, 1, '16:30', 'open', NULL, 1);
INSERT INTO unit_order (id, bound_id, unit_id, verbatim, fields, completed, defaulted, findings,
  status, override_reason, source, updated_at, version_id)
  VALUES (1, 1, 1, 'Hold the church', '{}', '{}', '[]', '[]', 'draft', '', 'desk',
          '2026-01-01 00:00:00', 1);
INSERT INTO unit_state (id, bound_id, unit_id, formation, disorder, strength, data, version_id)
  VALUES (1, 1, 1, 'line', 'none', 24, '{}', 1);
INSERT INTO bound_event (id, bound_id, unit_id, kind, data, created_at)
  VALUES (1, 1, 1, 'disorder', '{"to": "LD"}', '2026-01-01 00:00:00');
INSERT INTO journal (id, battle_id, bound_id, unit_id, kind, message, reason, clause, created_at)
  VALUES (1, 1, 1, 1, 'order', 'Order for 1/5e Ligne.', '', '', '2026-01-01 00:00:00');
"""



def test_a_0001_file_upgraded_keeps_every_row_and_gets_a_secret_each(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0001", rows_sql=_ROWS)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    # Later revisions may add columns: read 0001's, plus the secret and 0003's no_order.
    columns = play_columns(path)
    columns["campaign"] = [*columns["campaign"], "form_secret", "no_order"]

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()  # on to the head, through every revision
    after = play_rows(path, columns=columns)
    secrets = [row[-2] for row in after["campaign"]]
    # Every row kept as it was; the campaign rows gain the secret (then 0003's no_order).
    assert {t: after[t] for t in PLAY_TABLES if t != "campaign"} == \
        {t: before[t] for t in PLAY_TABLES if t != "campaign"}
    assert [row[:-2] for row in after["campaign"]] == before["campaign"]
    assert all(isinstance(s, str) and len(s) == 64 and int(s, 16) >= 0 for s in secrets)
    assert secrets[0] != secrets[1]  # one secret per campaign, not one for all
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == f"before-upgrade-0001-to-{head_revision()}"
