"""A Belle Alliance campaign by mail with information travelling (issue 31), three bounds
played through the ``desk`` command and the public services, and what each player and
the umpire see.

Plancenoit 1815 as two armies of two corps each: the Armée du Nord (Napoléon) over VI
Corps (Lobau) and the Young Guard (Duhesme), the Army of the Lower Rhine (Blücher) over
IV Corps (Bülow) and II Corps (Pirch), read in by ``desk import-oob`` and set on the
demo's drawn map (0.1 cm a pixel). Six players: one per corps, one per army. With
``desk couriers --set information_travels=true`` every headquarters reports up the
chain at each close; the couriers lose and capture nothing so the evening is the same
on every run whatever the seeds (the rolls are made all the same, and checked).

Each bound the umpire moves 1/5e Ligne (Brigade Bellair, VI Corps) 100 pixels (10 cm)
east and I/11th Infantry (14. Brigade, II Corps) 100 pixels west, then closes. Every
headquarters is within a bound's ride of its superior, so news climbs one level a bound:
with bound 4 open, Lobau knows 1/5e Ligne (brigade, division, corps) as it stood at bound
2, 10 cm short of the truth, and Napoléon as at bound 1, 20 cm short; Pirch knows I/11th
Infantry (brigade, corps) as it stands, Blücher as at bound 2.

In bound 2 the umpire marks that 1/5e Ligne saw the Prussian I/18th Infantry (``desk
map-seen --by``): Bellair's brigade knows at once, Lobau from bound 4 by report, and
neither Napoléon nor Duhesme by then.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import col, select

from desk.services import versions
from desk.services.campaign.scenarios import load_scenario
from desk.services.knowledge.belief import REPORT, knowledge
from desk.services.knowledge.views import HeadquartersKnowledge
from desk.services.maps.demo import add_demo_map
from desk.services.maps.placing import place_unit
from desk.services.packets.seeds import revealed_seed
from desk.services.positions.queries import positions_at
from desk.services.rolls import check_rolls
from desk.store import open_campaign
from desk.store.tables.bounds import Bound
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command
from scenarios.evening import Evening, lines_with, pdf_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "verifiable-rolls.md"
FRENCH_MOVER, PRUSSIAN_MOVER = "1/5e Ligne", "I/11th Infantry"
YOUNG_GUARD = ("Young Guard foot battery", "1/1er Tirailleurs", "2/3e Voltigeurs")
SEEN = "I/18th Infantry"  # seen by FRENCH_MOVER in bound 2
PRUSSIANS = (SEEN, "Bülow and staff", "I/11th Infantry", "West Prussian Uhlans")
PLAYERS = (("Lobau", "French", "VI Corps"), ("Duhesme", "French", "Young Guard"),
           ("Napoléon", "French", "Armée du Nord"), ("Bülow", "Prussian", "IV Corps"),
           ("Pirch", "Prussian", "II Corps"),
           ("Blücher", "Prussian", "Army of the Lower Rhine"))


def _staff(name: str) -> dict[str, Any]:
    return {"name": name, "arm": "staff", "type": "staff", "strength": 3,
            "strength_unit": "figures", "imperial_guard": False, "soutien": None,
            "mother_unit": None, "attrs": {}}


def _army(name: str, leader: str, staff: str, commands: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": name, "level": "army", "leader": leader, "lim_eligible": True,
            "imperial_guard": False, "units": [_staff(staff)], "commands": commands}


def two_armies() -> dict[str, Any]:
    """The Plancenoit demo's order of battle with an army over two corps on each side."""
    oob = copy.deepcopy(load_scenario(rules_system="belle-alliance"))
    french, prussian = oob["sides"]
    french["leaders"].append({"name": "Napoléon", "rank": "Empereur", "rating": 5,
                              "command_range": 100})
    french["commands"] = [_army("Armée du Nord", "Napoléon", "Imperial headquarters",
                                french["commands"])]
    prussian["leaders"] += [
        {"name": "Blücher", "rank": "Generalfeldmarschall", "rating": 5, "command_range": 100},
        {"name": "Pirch", "rank": "Generalmajor", "rating": 3, "command_range": 60}]
    (iv,) = prussian["commands"]
    moved = [c for c in iv["commands"] if c["name"] in ("14. Brigade",
                                                        "Reserve cavalry of IV Corps")]
    iv["commands"] = [c for c in iv["commands"] if c not in moved]
    second = {"name": "II Corps", "level": "corps", "leader": "Pirch", "lim_eligible": True,
              "imperial_guard": False, "units": [_staff("Pirch and staff")], "commands": moved}
    prussian["commands"] = [_army("Army of the Lower Rhine", "Blücher", "Blücher and staff",
                                  [iv, second])]
    return oob


def _move(ev: Evening, name: str, dx: float) -> None:
    battle, unit_id = ev.battle_id, ev.units()[name]
    where = ev.call(positions_at, battle_id=battle)[unit_id]
    assert where.x is not None and where.y is not None
    seen = ev.call(versions.state_version, battle_id=battle, unit_id=unit_id)
    ev.attempt(f"move {name}", partial(ev.call, place_unit, battle_id=battle, unit_id=unit_id,
                                       x=where.x + dx, y=where.y, seen_version=seen))


@pytest.fixture(scope="module")
def mail(tmp_path_factory: pytest.TempPathFactory) -> Evening:
    """The campaign played once; every test below reads one step of it."""
    folder = tmp_path_factory.mktemp("by-mail")
    ev = Evening(folder, "belle-alliance", oob=two_armies())
    ev.call(add_demo_map, name="plancenoit-1815")
    ev.record("couriers", "couriers", "--set", "information_travels=true",
              "--set", "loss_chance=0", "--set", "capture_chance=0")
    for name, side, command in PLAYERS:
        ev.ok("players", "add", "--name", name, "--address", f"{name.lower()}@example.org",
              "--side", side, "--command", command)
    battle = ev.battle_id
    ev.said["start"] = ev.desk("knowledge", str(ev.path), "--command", "Armée du Nord")
    for bound in (1, 2, 3):
        _move(ev, FRENCH_MOVER, 100.0)
        _move(ev, PRUSSIAN_MOVER, -100.0)
        if bound == 2:
            ev.record("seen", "map-seen", "--side", "French", "--by", FRENCH_MOVER, SEEN)
            ev.record("bellair knows", "knowledge", "--command", "Brigade Bellair")
        ev.record(f"close {bound}", "close")
        ev.record(f"seed {bound}", "seed", "--bound", str(bound), "--rolls",
                  str(folder / f"rolls-{bound}.json"))
    ev.record("packets", "packets", "-o", str(folder / "packets"))
    ev.record("debrief", "debrief", "-o", str(folder / "debrief.pdf"))
    ev.record("knowledge", "knowledge", "--command", "Armée du Nord")
    ev.record("lobau knows", "knowledge", "--command", "VI Corps")
    assert battle == ev.battle_id
    return ev


def _packet(ev: Evening, side: str, player: str, kind: str) -> str:
    return pdf_text(ev.folder / "packets" / f"{side} - {player}" / f"bound-4-{kind}.pdf")


def _news(report: str, unit: str) -> str:
    """A unit's News in a situation report, as the PDF's text gives it: a cell a line, the
    news the first of "now", "bound N" or "no news" after the unit's name."""
    lines = report.splitlines()
    after = lines[lines.index(unit) + 1:][:6]
    return next(line for line in after if re.fullmatch(r"now|bound \d+|no news", line))


def _known(ev: Evening, command: str) -> HeadquartersKnowledge:
    with open_campaign(ev.path) as store, store.session() as session:
        command_id = session.exec(select(Command).where(Command.name == command)).one().id
    known: HeadquartersKnowledge = ev.call(knowledge, battle_id=ev.battle_id,
                                           command_id=command_id or 0)
    return known


def _x(ev: Evening, unit: str, bound: int) -> float | None:
    x: float | None = ev.call(positions_at, battle_id=ev.battle_id,
                              bound=bound)[ev.units()[unit]].x
    return x


def test_the_bounds_close_with_reports_up_the_chain(mail: Evening) -> None:
    assert mail.said["couriers"].code == 0, mail.said["couriers"].err
    assert "information_travels = True" in mail.said["couriers"].out
    for bound in (1, 2, 3):
        said = mail.said[f"close {bound}"]
        assert said.code == 0, said.err
        assert mail.said[f"move {FRENCH_MOVER}"].code == 0
    # Before any close the army knows its own staff only: every corps is "no news".
    assert "Lobau and staff: no news" in mail.said["start"].out
    assert mail.said["start"].out.startswith("Armée du Nord's headquarters at bound 1:")


def test_each_corps_packet_shows_only_what_reached_its_headquarters(mail: Evening) -> None:
    """Lobau's situation report and map: VI Corps as its headquarters heard of it (Bellair's
    brigade as of bound 2), none of the Young Guard, none of the unseen Prussians."""
    assert mail.said["packets"].code == 0, mail.said["packets"].err
    lobau = _known(mail, "VI Corps")
    mover = next(u for u in lobau.units if u.unit == FRENCH_MOVER)
    assert (mover.as_of, mover.arrived) == (2, 4)
    assert mover.x == _x(mail, FRENCH_MOVER, 2)
    told = _packet(mail, "French", "Lobau", "situation")
    assert _news(told, FRENCH_MOVER) == "bound 2"
    assert _news(told, "Lobau and staff") == "now"
    seen = _packet(mail, "French", "Lobau", "map")
    assert f"{FRENCH_MOVER} (" in seen and "as of bound 2" in seen
    for name in YOUNG_GUARD + PRUSSIANS[1:]:  # another corps' troops, and the enemy unseen
        assert name not in told and name not in seen, name
    # What 1/5e Ligne saw in bound 2 reached Lobau by his brigade's and division's reports.
    assert SEEN in told and SEEN in seen
    assert lines_with(mail.said["lobau knows"].out, f"  {SEEN}: seen at bound 2, known from "
                      "bound 4")
    assert lines_with(mail.said["bellair knows"].out, f"  {SEEN}: seen at bound 2, known "
                      "from bound 2")
    duhesme = _packet(mail, "French", "Duhesme", "situation") + _packet(
        mail, "French", "Duhesme", "map")
    assert SEEN not in duhesme  # another corps: nobody told it
    pirch = _packet(mail, "Prussian", "Pirch", "situation")
    assert _news(pirch, PRUSSIAN_MOVER) == "bound 3"
    for name in ("I/18th Infantry", "Bülow and staff", FRENCH_MOVER, "Lobau and staff"):
        assert name not in pirch and name not in _packet(mail, "Prussian", "Pirch", "map")


def test_the_army_packet_shows_the_corps_where_they_were_last_reported(mail: Evening) -> None:
    napoleon = _known(mail, "Armée du Nord")
    news = {u.unit: u for u in napoleon.units}
    # Bellair reported to Simmer, Simmer to Lobau, Lobau to the army: a bound each.
    assert (news[FRENCH_MOVER].as_of, news[FRENCH_MOVER].arrived) == (1, 4)
    assert news[FRENCH_MOVER].x == _x(mail, FRENCH_MOVER, 1) != _x(mail, FRENCH_MOVER, 4)
    assert news["Lobau and staff"].as_of == 3  # Lobau's own report of bound 3
    told = _packet(mail, "French", "Napoléon", "situation")
    assert _news(told, FRENCH_MOVER) == "bound 1"
    assert _news(told, "Lobau and staff") == "bound 3"
    assert _news(told, "Imperial headquarters") == "now"
    seen = _packet(mail, "French", "Napoléon", "map")
    assert "as of bound 1" in seen and "as of bound 3" in seen
    assert not any(name in told or name in seen for name in PRUSSIANS)
    blucher = _packet(mail, "Prussian", "Blücher", "situation")
    assert _news(blucher, PRUSSIAN_MOVER) == "bound 2"  # one level less than the French
    assert _news(blucher, "Bülow and staff") == "bound 3"
    # What the umpire reads at the terminal says the same.
    said = mail.said["knowledge"]
    assert said.code == 0, said.err
    assert lines_with(said.out, f"{FRENCH_MOVER}:", "as of bound 1, reported at bound 4")
    assert SEEN not in said.out  # Lobau heard of it at bound 4: his next report tells it


def test_the_debrief_shows_each_headquarters_belief_against_the_truth(mail: Evening) -> None:
    said = mail.said["debrief"]
    assert said.code == 0, said.err
    assert re.match(r"Wrote .*debrief\.pdf: bound 4 debrief, \d+ headquarters, \d+ beliefs",
                    said.out)
    text = pdf_text(mail.folder / "debrief.pdf")
    assert "What each headquarters knew — bound 4" in text
    for heading in ("Armée du Nord (French)", "VI Corps (French)",
                    "Army of the Lower Rhine (Prussian)", "II Corps (Prussian)"):
        assert heading in text
    army = text.split("Armée du Nord (French)", 1)[1].split("VI Corps (French)", 1)[0]
    # 1/5e Ligne stood at bound 1 where the army believes it; it has moved 200 px since.
    assert _row(army, FRENCH_MOVER)[-1] == "place, 20 cm off"
    corps = text.split("VI Corps (French)", 1)[1].split("(French)", 1)[0]
    assert _row(corps, FRENCH_MOVER)[-1] == "place, 10 cm off"
    assert "no news" not in corps
    pirch = text.split("II Corps (Prussian)", 1)[1]
    assert _row(pirch, PRUSSIAN_MOVER)[1] == "bound 3"  # true: nothing differs
    assert "cm off" not in " ".join(_row(pirch, PRUSSIAN_MOVER))


def _row(section: str, unit: str) -> list[str]:
    """A unit's row of a debrief table as the PDF's text gives it: a cell a line (unit,
    news, believed, in truth, and what differs when something does)."""
    lines = section.splitlines()
    start = lines.index(unit)
    row = lines[start:start + 5]
    return row if len(row) == 5 and row[4].startswith(("place", "formation", "strength",
                                                        "no news")) else row[:4]


def _players_script() -> str:
    """The script of docs/verifiable-rolls.md, as a player copies it from the page."""
    block = DOCS.read_text(encoding="utf-8").split("```python\n", 1)[1].split("```", 1)[0]
    assert "sys.argv[1]" in block
    return block


def test_a_players_script_recomputes_every_reports_fate(mail: Evening,
                                                        tmp_path: Path) -> None:
    script = tmp_path / "check.py"
    script.write_text(_players_script(), encoding="utf-8")
    with open_campaign(mail.path) as store, store.session() as session:
        written = {n: [(d.seq, d.fate, d.rolls) for d in session.exec(
            select(Dispatch).join(Bound, col(Bound.id) == col(Dispatch.bound_id))
            .where(Dispatch.kind == REPORT, Bound.number == n))] for n in (1, 2, 3)}
    for bound in (1, 2, 3):
        assert mail.said[f"seed {bound}"].code == 0, mail.said[f"seed {bound}"].err
        path = mail.folder / f"rolls-{bound}.json"
        ran = subprocess.run([sys.executable, str(script), str(path)], capture_output=True,
                             text=True, check=False, timeout=60)
        assert ran.returncode == 0, ran.stderr
        checked = dict(line.rsplit(" ", 1) for line in ran.stdout.splitlines())
        assert set(checked.values()) == {"ok"}
        reports = written[bound]
        assert len(reports) == 20  # 14 French and 6 Prussian headquarters under another
        published = {r["purpose"]: r for r in json.loads(path.read_text("utf-8"))["rolls"]}
        for seq, fate, rolls in reports:
            purpose = f"dispatch:{seq}:loss"
            assert checked[purpose] == "ok"
            # The published chance and the recomputed die give the fate the ledger holds.
            lost = int(published[purpose]["result"]) <= int(str(rolls["loss_chance"]))
            assert lost == (fate == "lost")
            assert fate == "delivered" or (fate == "in-transit" and bound == 3)
        shown = mail.call(revealed_seed, bound=bound)
        assert check_rolls(seed=shown.seed, records=shown.rolls) == ()
