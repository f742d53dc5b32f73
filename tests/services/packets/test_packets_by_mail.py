"""A two-player Belle Alliance bound run by mail (issue 22): packets out, a filled form
back in, the late player's commands named at the close and left to the campaign's
setting, the seed revealed and checked; the fog-of-war test over every file."""

from __future__ import annotations

import email
from datetime import UTC, datetime, timedelta
from email.policy import default
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from sqlmodel import col, select

from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.errors import ServiceError
from desk.services.history import journal
from desk.services.maps.seen import mark_seen
from desk.services.packets.deadlines import DeadlineRefused, set_deadline, turn_in_board
from desk.services.packets.plan import packet_models
from desk.services.packets.players import PlayerRefused, add_player, players
from desk.services.packets.seeds import revealed_seed
from desk.services.printing.form_import import import_filled_forms
from desk.services.rolls import check_rolls, commitment
from desk.services.screens.close_summary import close_summary
from desk.sheets.packets import PacketFolderRefused, write_packets
from desk.sheets.reminders import write_reminders
from desk.store import open_campaign
from desk.store.tables.oob import Side, Unit


def _texts(folder: Path) -> str:
    """Every word a player can read in a packet folder: each PDF's text, each mail's
    body and the text of the PDFs it carries."""
    out = []
    for path in sorted(folder.rglob("*")):
        if path.suffix == ".pdf":
            out += [p.extract_text() for p in PdfReader(path).pages]
        elif path.suffix == ".eml":
            message = email.message_from_bytes(path.read_bytes(), policy=default)
            for part in message.walk():
                if part.get_content_type() == "text/plain":
                    out.append(part.get_content())
                elif part.get_content_type() == "application/pdf":
                    data = part.get_payload(decode=True)
                    assert isinstance(data, bytes)  # a decoded attachment
                    out += [p.extract_text() for p in PdfReader(BytesIO(data)).pages]
    return "\n".join(out)


def _units(path: Path) -> dict[str, list[tuple[int, str]]]:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        sides = {s.id: s.name for s in session.exec(select(Side))}
        found: dict[str, list[tuple[int, str]]] = {}
        for unit in session.exec(select(Unit).order_by(col(Unit.id))):
            found.setdefault(sides[unit.side_id], []).append((unit.id or 0, unit.name))
    return found


def test_a_two_player_bound_runs_by_mail(campaign: Path, tmp_path: Path) -> None:
    units = _units(campaign)
    seen_id, seen_name = units["Prussian"][0]
    with open_campaign(campaign) as store, store.session() as session:
        add_player(session=session, name="Anne", address="anne@example.org", side="French")
        add_player(session=session, name="Bernd", address="bernd@example.de", side="Prussian",
                   command="IV Corps")
        french = session.exec(select(Side.id).where(Side.name == "French")).one()
        mark_seen(session=session, unit_id=seen_id, side_id=french or 0)
        set_deadline(session=session, bound=None,
                     when=datetime.now(UTC).replace(microsecond=0) + timedelta(days=2))
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        models = packet_models(session=session)
        _c, battle = current_battle(session)
        battle_id = battle.id or 0
    out = tmp_path / "out"
    written = write_packets(models, out, sender="umpire@example.org")
    assert [p.mailed_to for p in written] == [("anne@example.org",), ("bernd@example.de",)]
    for packet in written:
        assert {n.split("-", 2)[-1] for n in packet.files} == {
            "situation.pdf", "orders.pdf", "map.pdf", "mail.eml"}
    french_text, prussian_text = (_texts(p.folder) for p in written)
    # Fog of war: 0 names of the other side's unseen units in any file of the folder.
    unseen_prussians = [n for _i, n in units["Prussian"] if n != seen_name]
    assert [n for n in unseen_prussians if n in french_text] == []
    assert seen_name in french_text  # the one the French saw is reported
    assert [n for _i, n in units["French"] if n in prussian_text] == []
    # Every packet carries the commitment to the bound's seed.
    promised = models[0].commitment
    assert french_text.count(promised) >= 3 and prussian_text.count(promised) >= 3
    mail = email.message_from_bytes((written[0].folder / "bound-1-mail.eml").read_bytes(),
                                    policy=default)
    assert (mail["To"], mail["From"]) == ("anne@example.org", "umpire@example.org")
    assert len(list(mail.iter_attachments())) == 3

    # The French form comes back filled; the Prussian player does not answer.
    orders = written[0].folder / "bound-1-orders.pdf"
    fields = PdfReader(orders).get_fields() or {}
    verbatim = [n for n in fields if n.endswith("-verbatim")]
    writer = PdfWriter(clone_from=orders)
    for page in writer.pages:
        writer.update_page_form_field_values(
            page, {n: "Advance on Plancenoit." for n in verbatim}, auto_regenerate=False)
    filled = BytesIO()
    writer.write(filled)
    with open_campaign(campaign) as store, store.session() as session:
        assert import_filled_forms(session=session, sources=[("anne.pdf", filled.getvalue())])
        board = turn_in_board(session=session)
        late = {r.command for r in board.late}
        assert late and all(r.side == "Prussian" for r in board.late)
        assert all(r.addresses == ("bernd@example.de",) for r in board.late)
        summary = close_summary(session=session, battle_id=battle_id)
        assert {s.split(": ", 1)[1] for s in summary.late} == late
    reminded = write_reminders(board, tmp_path / "reminders", campaign="Plancenoit")
    assert len(reminded) == 1 and set(reminded[0][1]) == {f"Prussian: {c}" for c in late}
    with open_campaign(campaign) as store, store.session() as session:
        close_bound(session=session, battle_id=battle_id, backup=False)
        lines = [j.message for j in journal(session=session, battle_id=battle_id, bound=1)]
        shown = revealed_seed(session=session, bound=1)
    assert any("Late at the close" in m and "Prussian: IV Corps" in m and "continue" in m
               for m in lines)
    assert commitment(shown.seed) == promised
    assert check_rolls(seed=shown.seed, records=shown.rolls) == ()


def test_bad_input_is_refused_in_one_sentence_and_nothing_is_written(
        campaign: Path, tmp_path: Path) -> None:
    with open_campaign(campaign) as store:
        with store.session() as session, pytest.raises(PlayerRefused, match="not a mail"):
            add_player(session=session, name="Anne", address="anne at home", side="French")
        with store.session() as session:
            assert players(session=session) == ()
        with store.session() as session, pytest.raises(DeadlineRefused, match="already past"):
            set_deadline(session=session, bound=None, when=datetime(2020, 1, 1, tzinfo=UTC))
        with store.session() as session:
            assert turn_in_board(session=session).deadline is None
        with store.session() as session, pytest.raises(ServiceError):
            add_player(session=session, name="Anne", address="a@b.org", side="Austrian")
        with store.session() as session:
            models = packet_models(session=session)
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    with pytest.raises(PacketFolderRefused, match="not empty"):
        write_packets(models, full)
    assert [p.name for p in full.iterdir()] == ["keep.txt"]
