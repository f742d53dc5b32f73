"""``desk dispatch`` / ``dispatches`` / ``dispatch-rule`` / ``couriers``, run as the
command runs them."""

from __future__ import annotations

from pathlib import Path

from cli_run import desk

from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.store import open_campaign


def _close(path: Path) -> None:
    with open_campaign(path) as store, store.session() as session:
        _campaign, battle = current_battle(session)
        close_bound(session=session, battle_id=battle.id or 0, backup=False)


def test_write_list_rule_and_deliver_dispatches_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    assert desk("couriers", str(path), "--set", "loss_chance=0", "--set",
                "capture_chance=0").returncode == 0
    shown = desk("couriers", str(path))
    assert "loss_chance = 0" in shown.stdout and "limit_per_leader = 3" in shown.stdout
    # The umpire's delay (the demo's units are placed: without it, the distance decides).
    sent = desk("dispatch", str(path), "--from", "Lobau", "--to", "19e Division",
                "--text", "Advance on Plancenoit", "--delay", "1")
    assert sent.returncode == 0, sent.stderr
    assert "Lobau → 19e Division: 'Advance on Plancenoit' — due at bound 2" in sent.stdout
    other = desk("dispatch", str(path), "--from", "Lobau", "--to", "20e Division",
                 "--text", "Attack", "--delay", "2")
    assert other.returncode == 0, other.stderr
    ruled = desk("dispatch-rule", str(path), "2", "--fate", "captured", "--captor", "Prussian",
                 "--reason", "Uhlans on the Lasne road")
    assert ruled.returncode == 0 and "captured by the Prussian" in ruled.stdout

    before = path.read_bytes()
    enemy = desk("dispatch", str(path), "--from", "Lobau", "--to", "I/18th Infantry",
                 "--text", "Surrender", "--delay", "1")
    assert enemy.returncode == 1 and "Traceback" not in enemy.stderr
    assert len(enemy.stderr.strip().splitlines()) == 1 and "chain of command" in enemy.stderr
    short = desk("dispatch", str(path), "--from", "Lobau", "--to", "19e Division",
                 "--text", "Now", "--delay", "0")
    assert short.returncode == 1 and "below the campaign's minimum" in short.stderr
    assert path.read_bytes() == before

    _close(path)
    listed = desk("dispatches", str(path))
    assert listed.returncode == 0, listed.stderr
    assert "delivered at bound 2" in listed.stdout and "captured by the Prussian" in listed.stdout
    prussian = desk("dispatches", str(path), "--side", "Prussian", "--bound", "1")
    assert prussian.stdout.count("\n") == 1 and "Attack" in prussian.stdout
    unknown = desk("dispatches", str(path), "--side", "Saxon")
    assert unknown.returncode == 1 and "no side named 'Saxon'" in unknown.stderr
