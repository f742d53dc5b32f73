"""Two umpires share one Belle Alliance evening on a PostgreSQL server (issue 33), played
through the ``desk`` command and the public services, and what each umpire sees.

The campaign is made on the server by ``desk demo URL``, its map and every unit on it.
Anne is the chief and takes the French; Bruno, a sector umpire, claims the Prussian IV
Corps. Each enters his side's orders while a third desk listens to the campaign's live
notices; Anne's tries at a Prussian battery (an order, a move on the map, an event, making
it a reinforcement) are refused with Bruno's name, from the services and from the command
line; Anne keeps a secret note that Bruno's desk never lists and no
sheet, report or packet prints; the close (Anne's) ends Bruno's claim; the report, the
record and a unit's history say who entered each order.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

import pytest
from cli_run import desk
from pg import PgServer
from pypdf import PdfReader
from sqlalchemy.engine import make_url

from desk.services.errors import ClaimedError
from desk.services.history import unit_history
from desk.services.maps.placing import place_unit
from desk.services.orders.write import write_order
from desk.services.positions.record import position_version
from desk.services.queries import order_table
from desk.store import open_campaign
from desk.store.live import Announcement, ChangeListener

FRENCH = ("1/5e Ligne", "2/5e Ligne", "Lobau and staff")
PRUSSIAN = ("12-pdr Foot Battery No. 5", "Bülow and staff")
SECRET = "Grouchy will not come: QXJ-note"


@dataclass
class Evening:
    """The campaign's URL, the notices a third desk heard, and what each step said."""

    url: str
    folder: Path
    heard: list[Announcement] = field(default_factory=list)
    said: dict[str, str] = field(default_factory=dict)
    refusal: str = ""
    move_refusal: str = ""

    def units(self) -> dict[str, tuple[int, int]]:
        """Each unit's id and the battle's id, by name."""
        with open_campaign(self.url, read_only=True) as store, store.session() as session:
            from desk.services.common import current_battle

            _campaign, battle = current_battle(session)
            rows = order_table(session=session, battle_id=battle.id or 0)
            return {r.unit: (r.unit_id, battle.id or 0) for r in rows}

    def order(self, umpire: str, unit: str, verbatim: str) -> None:
        """``umpire`` writes a halt for ``unit``, as the window would."""
        unit_id, battle_id = self.units()[unit]
        with open_campaign(self.url, umpire=umpire) as store, store.session() as session:
            write_order(session=session, battle_id=battle_id, unit_id=unit_id,
                        fields={"rate": "halt"}, verbatim=verbatim, seen_version=None)


def _run(*args: str, umpire: str) -> str:
    done = desk("--umpire", umpire, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _text(pdf: Path) -> str:
    """A PDF's words, one space between each (a table cell wraps where its column ends)."""
    pages = PdfReader(BytesIO(pdf.read_bytes())).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split())


@pytest.fixture(scope="module")
def evening(pg_server: PgServer,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Evening]:
    """The evening played once; each test reads one part of it."""
    url = pg_server.create_database()  # empty: the organiser's command makes the campaign
    ev = Evening(url=url, folder=tmp_path_factory.mktemp("two-umpires"))
    made = desk("demo", url)
    assert made.returncode == 0, made.stderr
    ev.said["demo"] = made.stdout
    heard: queue.Queue[Announcement] = queue.Queue()
    listener = ChangeListener(make_url(url), on_change=heard.put, on_status=lambda _: None)
    listener.start()
    assert listener.listening.wait(10)
    try:
        ev.said["anne"] = _run("umpires", url, "add", "Anne", "--role", "chief", umpire="Anne")
        ev.said["bruno"] = _run("umpires", url, "add", "Bruno", "--role", "sector",
                                umpire="Anne")
        ev.said["claim"] = _run("claims", url, "claim", "--command", "IV Corps", umpire="Bruno")
        for unit in FRENCH:
            ev.order("Anne", unit, f"{unit}: hold where you stand")
        for unit in PRUSSIAN:
            ev.order("Bruno", unit, f"{unit}: hold the heights")
        with pytest.raises(ClaimedError) as refused:
            ev.order("Anne", PRUSSIAN[0], "Limber up and retire")
        ev.refusal = str(refused.value)
        ev.said["event refused"] = desk("--umpire", "Anne", "event", url, PRUSSIAN[0],
                                        "casualties", "losses=1").stderr
        ev.said["reinforcement refused"] = desk("--umpire", "Anne", "reinforcement", url,
                                                PRUSSIAN[0], "3").stderr
        battery, battle = ev.units()[PRUSSIAN[0]]
        with pytest.raises(ClaimedError) as moved, \
                open_campaign(url, umpire="Anne") as store, store.session() as session:
            place_unit(session=session, battle_id=battle, unit_id=battery, x=200.0, y=200.0,
                       seen_version=position_version(session=session, battle_id=battle,
                                                     unit_id=battery))
        ev.move_refusal = str(moved.value)
        ev.said["note"] = _run("notes", url, "add", "--unit", FRENCH[0], "--text", SECRET,
                               umpire="Anne")
        ev.said["anne's notes"] = _run("notes", url, "list", umpire="Anne")
        ev.said["bruno's notes"] = _run("notes", url, "list", umpire="Bruno")
        ev.said["claims before"] = _run("claims", url, umpire="Anne")
        ev.said["close"] = _run("close", url, umpire="Anne")
        ev.said["claims after"] = _run("claims", url, umpire="Anne")
        for name in ("report", "sheets", "packets"):
            (ev.folder / name).mkdir()
        _run("report", url, "--bound", "1", "-o", str(ev.folder / "report" / "b1.pdf"),
             umpire="Bruno")
        for side in ("French", "Prussian"):
            _run("sheets", url, "--side", side, "--filled", "-o",
                 str(ev.folder / "sheets" / f"{side}.pdf"), umpire="Anne")
        _run("packets", url, "--bound", "2", "-o", str(ev.folder / "packets"), umpire="Anne")
    finally:
        listener.stop()
    while not heard.empty():
        ev.heard.append(heard.get())
    yield ev
    pg_server.drop_database(url)


def test_the_organisers_command_made_the_demo_on_the_server(evening: Evening) -> None:
    assert evening.said["demo"].startswith("Wrote postgresql+psycopg://")
    assert "Belle Alliance demo" in evening.said["demo"]


def test_each_umpire_is_named_and_bruno_holds_iv_corps(evening: Evening) -> None:
    assert "Anne" in evening.said["anne"] and "Bruno" in evening.said["bruno"]
    assert evening.said["claim"].strip() == "IV Corps is claimed by Bruno."
    assert "IV Corps: Bruno since" in evening.said["claims before"]


def test_a_claimed_command_refuses_the_other_umpire_naming_the_claimant(
        evening: Evening) -> None:
    assert "claimed by Bruno since" in evening.refusal
    for step in ("event refused", "reinforcement refused"):
        refused = evening.said[step].strip().splitlines()
        assert len(refused) == 1 and "claimed by Bruno" in refused[0], step  # no traceback
    assert f"{PRUSSIAN[0]}: IV Corps is claimed by Bruno since" in evening.move_refusal


def test_a_third_desk_heard_each_umpires_orders_as_theirs(evening: Evening) -> None:
    units = evening.units()
    orders = [n for n in evening.heard if "unit_order" in n.tables]
    by = {u: n.umpire for n in orders for u in n.units}
    assert {by[units[u][0]] for u in FRENCH} == {"Anne"}
    assert {by[units[u][0]] for u in PRUSSIAN} == {"Bruno"}
    assert all(SECRET not in n.to_payload() for n in evening.heard)  # no game text


def test_the_chiefs_secret_note_is_hers_alone(evening: Evening) -> None:
    assert SECRET in evening.said["anne's notes"]
    assert SECRET not in evening.said["bruno's notes"]
    printed = [evening.folder / "report" / "b1.pdf",
               *sorted((evening.folder / "sheets").glob("*.pdf")),
               *sorted((evening.folder / "packets").rglob("*.pdf"))]
    assert len(printed) >= 4
    for pdf in printed:
        assert "QXJ" not in _text(pdf), pdf.name


def test_the_close_ends_the_claim_and_the_record_names_who_entered_each_order(
        evening: Evening) -> None:
    assert "IV Corps" not in evening.said["claims after"]
    text = _text(evening.folder / "report" / "b1.pdf")
    assert "entered by Anne" in text and "entered by Bruno" in text
    unit_id, battle_id = evening.units()[PRUSSIAN[0]]
    with open_campaign(evening.url, read_only=True) as store, store.session() as session:
        first = unit_history(session=session, battle_id=battle_id, unit_id=unit_id)[0]
    assert first.order_umpire == "Bruno"
