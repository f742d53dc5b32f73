"""``desk settings CAMPAIGN --no-order continue|hold|defaults`` and ``--late-orders
refuse|flag``, run as the command runs it."""

from __future__ import annotations

from pathlib import Path

from cli_run import desk


def test_settings_shows_changes_and_info_reports_the_no_order_setting(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    shown = desk("settings", str(path))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Units without an order: continue: continues its last order")
    changed = desk("settings", str(path), "--no-order", "hold")
    assert changed.returncode == 0, changed.stderr
    assert changed.stdout.strip() == ("Units without an order: hold: holds where it stands; "
                                      "was continue.")
    info = desk("info", str(path))
    assert "No order:      hold (what a unit without an order does" in info.stdout


def test_an_unknown_setting_is_a_usage_error_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    before = path.read_bytes()
    refused = desk("settings", str(path), "--no-order", "wander")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "invalid choice: 'wander'" in refused.stderr
    assert path.read_bytes() == before


def test_settings_changes_what_a_players_page_does_with_late_orders(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    shown = desk("settings", str(path))
    assert shown.returncode == 0, shown.stderr
    assert ("Orders after the deadline: refuse: a player's page takes no more orders once "
            "the deadline has passed") in shown.stdout
    changed = desk("settings", str(path), "--late-orders", "flag")
    assert changed.returncode == 0, changed.stderr
    assert changed.stdout.strip().startswith("Orders after the deadline: flag: orders sent")
    assert changed.stdout.strip().endswith("; was refuse.")
    refused = desk("settings", str(path), "--late-orders", "sometimes")
    assert refused.returncode == 2 and "invalid choice: 'sometimes'" in refused.stderr
