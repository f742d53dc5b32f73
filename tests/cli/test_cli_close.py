"""``desk close`` (and ``end-battle``) say everything the close will do, run as the
command runs them over demo campaigns: the drafts it would not apply (refused without
--drop-drafts), the reinforcements and dispatches due, the moves recorded under the LIMs
(BOW-2); and ``turn-in`` calls no command late before its deadline (issue 27)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from io import BytesIO
from pathlib import Path

from cli_run import desk
from pypdf import PdfReader, PdfWriter

from desk.services.common import current_battle
from desk.services.history import journal
from desk.services.queries import order_table, unit_state
from desk.store import open_campaign


def _close_lines(path: Path, bound: int) -> list[str]:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        _c, battle = current_battle(session)
        return [j.message for j in journal(session=session, battle_id=battle.id or 0,
                                           bound=bound)]


def _import_two_drafts(path: Path, tmp_path: Path) -> list[str]:
    """A fillable French sheet printed, two units' orders written on it, imported back:
    two draft orders (an import never saves an order). Their units' names, in OOB order."""
    sheet = tmp_path / "french.pdf"
    printed = desk("sheets", str(path), "--side", "French", "--fillable", "-o", str(sheet))
    assert printed.returncode == 0, printed.stderr
    names = [n for n in (PdfReader(sheet).get_fields() or {}) if n.endswith("-verbatim")][:2]
    writer = PdfWriter(clone_from=sheet)
    for page in writer.pages:
        writer.update_page_form_field_values(page, {n: "Advance on Plancenoit." for n in names},
                                             auto_regenerate=False)
    filled = BytesIO()
    writer.write(filled)
    back = tmp_path / "filled.pdf"
    back.write_bytes(filled.getvalue())
    imported = desk("import-forms", str(path), str(back))
    assert imported.returncode == 0, imported.stderr
    with open_campaign(path, read_only=True) as store, store.session() as session:
        _c, battle = current_battle(session)
        rows = order_table(session=session, battle_id=battle.id or 0)
    drafts = [r.unit for r in rows if r.status == "draft"]
    assert len(drafts) == 2
    return drafts


def test_close_refuses_imported_drafts_unless_told_and_then_names_them(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    drafts = _import_two_drafts(path, tmp_path)
    before = path.read_bytes()

    refused = desk("close", str(path))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    (line,) = refused.stderr.strip().splitlines()
    assert "--drop-drafts" in line and all(name in line for name in drafts)
    assert "nothing was changed" in line and path.read_bytes() == before
    assert all(name in refused.stdout for name in drafts)  # the summary said it first
    ended = desk("end-battle", str(path))  # ending the battle closes the bound: the same
    assert ended.returncode == 1 and "--drop-drafts" in ended.stderr
    assert path.read_bytes() == before

    closed = desk("close", str(path), "--drop-drafts")
    assert closed.returncode == 0, closed.stderr
    said = next(s for s in closed.stdout.splitlines() if s.startswith("Drafts not saved"))
    assert all(name in said for name in drafts) and "not applied" in said
    lines = _close_lines(path, 1)
    for name in drafts:
        assert f"The draft order of {name} was not saved as an order: not applied at the " \
               "close." in lines


def test_close_prints_the_reinforcements_and_dispatches_due(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    assert desk("reinforcement", str(path), "1/5e Ligne", "2").returncode == 0
    assert desk("reinforcement", str(path), "2/5e Ligne", "3").returncode == 0
    sent = desk("dispatch", str(path), "--from", "Lobau", "--to", "19e Division",
                "--text", "Advance on Plancenoit", "--delay", "1")
    assert sent.returncode == 0, sent.stderr

    closed = desk("close", str(path))
    assert closed.returncode == 0, closed.stderr
    out = closed.stdout
    assert "Reinforcements due in bound 2: 1/5e Ligne" in out
    assert "Dispatches arriving in bound 2" in out
    assert "  Lobau → 19e Division: 'Advance on Plancenoit'" in out
    # Neither reinforcement is on the table in bound 1: none is "without an order".
    assert "1/5e Ligne:" not in out and "2/5e Ligne:" not in out
    assert not any("No order for 2/5e Ligne" in m or "No order for 1/5e Ligne" in m
                   for m in _close_lines(path, 1))
    assert "1/5e Ligne arrives in bound 2" in out  # what the close did, said after it


def test_close_tells_the_moves_recorded_under_the_lims_BOW_2(tmp_path: Path) -> None:
    path = tmp_path / "ligny.desk"
    assert desk("demo", str(path), "--rules", "battles-of-waterloo").returncode == 0
    assert desk("lim", str(path), "draw", "--chit", "IV Corps C/D").returncode == 0
    moved = desk("lim", str(path), "move", "Vichery's 13e Division", "--type", "tactical",
                 "--to", "1209")
    assert moved.returncode == 0, moved.stderr

    closed = desk("close", str(path))
    assert closed.returncode == 0, closed.stderr
    told = "Vichery's 13e Division: moved under LIM 1: Tactical → 1209 (BOW-2)"
    assert told in closed.stdout
    assert "Vichery's 13e Division: holds" not in closed.stdout
    assert "41 without an order" in closed.stdout  # 42 units, one moved under LIM 1
    lines = _close_lines(path, 1)
    assert ("No written order for Vichery's 13e Division in bound 1: moved under LIM 1: "
            "Tactical → 1209 (BOW-2).") in lines
    with open_campaign(path, read_only=True) as store, store.session() as session:
        _c, battle = current_battle(session)
        (row,) = [r for r in order_table(session=session, battle_id=battle.id or 0)
                  if r.unit == "Vichery's 13e Division"]
        state = unit_state(session=session, battle_id=battle.id or 0, unit_id=row.unit_id,
                           bound=2)
    assert state.data["last_movement"] == "tactical"  # what it did, not "none" (a hold)
    assert "(41 without orders)" in " ".join(lines)


def test_turn_in_says_not_returned_yet_until_the_deadline_passes(tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    assert desk("players", str(path), "add", "--name", "Bernd", "--address",
                "bernd@example.de", "--side", "Prussian").returncode == 0
    soon = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    assert desk("deadline", str(path), soon).returncode == 0
    board = desk("turn-in", str(path))
    assert board.returncode == 0, board.stderr
    rows = [r for r in board.stdout.splitlines() if r.startswith("  ")]
    assert rows and all("not returned yet" in r for r in rows)
    assert not any(" late " in r for r in rows)
