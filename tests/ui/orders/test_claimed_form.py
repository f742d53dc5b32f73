"""The window's order form for a unit another umpire has claimed (issue 33): read-only,
its header saying whose claim since when instead of "closed bound"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot
from sqlmodel import select

from desk.services.common import current_battle
from desk.services.umpires.claims import claim
from desk.services.umpires.roster import add_umpire
from desk.store import backup_sqlite, open_campaign
from desk.store.tables.oob import Unit


def test_a_unit_claimed_by_another_umpire_shows_read_only_saying_by_whom(
        qtbot: QtBot, demo_files: dict[str, Path], tmp_path: Path,
        scripted_dialogs: Any) -> None:
    from desk.ui.app import build_window

    path = backup_sqlite(store_or_path=demo_files["belle-alliance"], dest=tmp_path / "c.desk")
    with open_campaign(path, umpire="") as store, store.session() as session:
        add_umpire(session=session, name="Anne", role="chief")
        add_umpire(session=session, name="Bob")
    with open_campaign(path, umpire="Bob") as store, store.session() as session:
        battle = current_battle(session)[1].id or 0
        claim(session=session, battle_id=battle, command="VI Corps")
        units = {u.name: u.id or 0 for u in session.exec(select(Unit))}
    store = open_campaign(path)  # on a file: the chief, Anne, who has not taken it over
    try:
        window = build_window(store=store, dialogs=scripted_dialogs(),
                              backup_dir=tmp_path / "backups")
        qtbot.addWidget(window)
        window.select_unit(units["1/5e Ligne"])
        header = window.form.header.text()
        assert "claimed by Bob since" in header and "UTC, read-only" in header
        assert "closed bound" not in header
        assert not window.form.save_button.isEnabled()
        assert not window.form.verbatim_edit.isEnabled()
        window.select_unit(units["Horse Battery No. 11"])  # the Prussians: no one's
        assert "read-only" not in window.form.header.text()
        assert window.form.verbatim_edit.isEnabled()
    finally:
        store.close()
