"""What each headquarters knows, and when: situation reports up the chain (issue 31).

The Plancenoit demo with its headquarters placed (couriers_demo): Brigade Tromelin's
headquarters (1/107e Ligne, about 200 cm out) is two bounds' ride from the 20e
Division's (its battery, 100 cm from Lobau's staff), which is one bound's ride from VI
Corps'. So what Tromelin reports at the close of bound 2 reaches the division at bound
4, rides on in the division's report of that close and reaches Lobau at bound 5: at
bound 5 VI Corps knows 1/107e Ligne where it stood at bound 2, though the brigade has
fallen back since.
Loss and capture are off for that evening (``loss_chance`` and ``capture_chance`` 0),
then forced on to see a lost report leave "no news" and a captured one name its captor.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from cli_run import desk
from couriers_demo import Demo, pixel, plancenoit
from pypdf import PdfReader
from service_helpers import call
from sqlmodel import col, select

from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.couriers import set_courier_rules
from desk.services.couriers.ledger import override_dispatch
from desk.services.knowledge.belief import REPORT, knowledge
from desk.services.knowledge.views import UnitBelief
from desk.services.maps.view import map_view_model
from desk.services.packets.plan import packet_models
from desk.services.packets.players import add_player
from desk.services.positions.record import position_version, record_position
from desk.sheets.situation_report import SituationReport
from desk.store import CampaignStore
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Side

BRIGADE_UNIT = "1/107e Ligne"  # Brigade Tromelin's headquarters (its first placed unit)
DIVISION_UNIT = "Foot battery 2/8e Artillerie"  # the 20e Division's own unit


def _travelling(store: CampaignStore, **overrides: object) -> None:
    with store.session() as session:
        campaign_id = session.exec(select(Side)).first()
        assert campaign_id is not None
        set_courier_rules(session=session, campaign_id=campaign_id.campaign_id,
                          overrides={"information_travels": True, **overrides})


def _move(store: CampaignStore, demo: Demo, unit: str, x: float) -> None:
    """The unit moves along the road to ``x`` cm in the open bound."""
    seen = call(store, position_version, battle_id=demo.battle, unit_id=demo.units[unit])
    px, py = pixel(x, 0.0)
    call(store, record_position, battle_id=demo.battle, unit_id=demo.units[unit], x=px, y=py,
         seen_version=seen)


def _belief(store: CampaignStore, demo: Demo, command: str, unit: str,
            bound: int | None = None) -> UnitBelief:
    view = call(store, knowledge, battle_id=demo.battle, command_id=demo.commands[command],
                bound=bound)
    return next(u for u in view.units if u.unit == unit)


@dataclass(frozen=True)
class _Report:
    writer_command_id: int
    fate: str
    captor_side_id: int | None
    delay_bounds: int


def _reports(store: CampaignStore) -> list[_Report]:
    with store.session() as session:
        return [_Report(r.writer_command_id, r.fate, r.captor_side_id, r.delay_bounds)
                for r in session.exec(select(Dispatch).where(Dispatch.kind == REPORT)
                                      .order_by(col(Dispatch.id)))]


def test_the_corps_knows_the_brigade_where_it_stood_three_bounds_ago(
        store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store, loss_chance=0, capture_chance=0)
    for bound in range(1, 5):  # the brigade's headquarters falls back 10 cm a bound
        _move(store, demo, BRIGADE_UNIT, 200.0 - 10 * bound)
        call(store, close_bound, battle_id=demo.battle, backup=False)
        if bound == 2:  # nothing of the brigade has reached the corps yet
            assert _belief(store, demo, "VI Corps", BRIGADE_UNIT).as_of is None
    heard = _belief(store, demo, "VI Corps", BRIGADE_UNIT)  # bound 5 is open
    assert (heard.as_of, heard.arrived, heard.own) == (2, 5, False)
    assert heard.x == pixel(180.0, 0.0)[0]  # where it stood at bound 2, not at 160 cm now
    # The division hears from its brigade faster, and the corps from the division.
    assert _belief(store, demo, "20e Division", BRIGADE_UNIT).as_of == 3
    assert _belief(store, demo, "VI Corps", DIVISION_UNIT).as_of == 4
    own = _belief(store, demo, "VI Corps", "Lobau and staff")
    assert (own.own, own.as_of) == (True, 5)
    # Looking back: at bound 4 the corps knew the brigade as of bound 1.
    assert _belief(store, demo, "VI Corps", BRIGADE_UNIT, bound=4).as_of == 1
    reports = _reports(store)
    assert reports and {r.fate for r in reports} <= {"delivered", "in-transit"}
    tromelin = [r for r in reports if r.writer_command_id == demo.commands["Brigade Tromelin"]]
    # 206 to 215 cm from the division's battery at 120 cm a bound
    assert [r.delay_bounds for r in tromelin] == [2, 2, 2, 2]
    # What the umpire reads at the command line: the corps' headquarters, unit by unit.
    said = desk("knowledge", str(store.path), "--command", "VI Corps")
    assert said.returncode == 0, said.stderr
    lines = said.stdout.splitlines()
    assert lines[0] == "VI Corps's headquarters at bound 5:"
    assert f"  {BRIGADE_UNIT}: x {pixel(180.0, 0.0)[0]:g}, y {pixel(0.0, 0.0)[1]:g}" \
        in "\n".join(lines)
    assert any(line.startswith(f"  {BRIGADE_UNIT}: ") and line.endswith(
        "(as of bound 2, reported at bound 5)") for line in lines)
    assert any(line.startswith("  Lobau and staff: ") and line.endswith("(its own)")
               for line in lines)


def _situation_text(store: CampaignStore, folder_part: str) -> str:
    with store.session() as session:
        packets = packet_models(session=session, with_maps=False)
    packet = next(p for p in packets if folder_part in p.folder)
    pdf = PdfReader(io.BytesIO(SituationReport().render(packet.situation)))
    return " ".join((page.extract_text() or "") for page in pdf.pages)


def test_the_packets_show_what_reached_each_headquarters(store: CampaignStore) -> None:
    demo = plancenoit(store)
    call(store, add_player, name="Lobau", address="lobau@example.org", side="French",
         command="VI Corps")
    told = _situation_text(store, "Lobau")
    assert "News" not in told and "no news" not in told  # the setting off: the truth
    _travelling(store, loss_chance=0, capture_chance=0)
    for bound in range(1, 5):
        _move(store, demo, BRIGADE_UNIT, 200.0 - 10 * bound)
        call(store, close_bound, battle_id=demo.battle, backup=False)
    told = _situation_text(store, "Lobau")
    assert "News" in told and "now" in told and "bound 2" in told
    assert "Prussian" not in told and "I/18th Infantry" not in told  # fog of war kept
    # The brigade's own line, as Lobau's report says it: its news is of bound 2.
    news = re.search(r"bound (\d+)", told.split(BRIGADE_UNIT, 1)[1])
    assert news is not None and news.group(1) == "2"


def test_a_lost_report_leaves_no_news(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store, loss_chance=100)
    for _bound in range(3):
        call(store, close_bound, battle_id=demo.battle, backup=False)
    assert {r.fate for r in _reports(store)} == {"lost"}
    assert _belief(store, demo, "VI Corps", BRIGADE_UNIT).as_of is None
    assert _belief(store, demo, "VI Corps", DIVISION_UNIT).as_of is None


def test_the_umpire_overrules_a_lost_report(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store, loss_chance=100)
    call(store, close_bound, battle_id=demo.battle, backup=False)  # bound 2 is open
    with store.session() as session:
        lost = session.exec(select(Dispatch).where(
            Dispatch.kind == REPORT,
            Dispatch.writer_command_id == demo.commands["20e Division"])).one()
        lost_id, version = lost.id or 0, lost.version_id
    call(store, override_dispatch, dispatch_id=lost_id, fate="in-transit", due_bound=3,
         reason="the galloper got through after all", seen_version=version)
    call(store, close_bound, battle_id=demo.battle, backup=False)  # bound 3 opens: it arrives
    heard = _belief(store, demo, "VI Corps", DIVISION_UNIT)
    assert (heard.as_of, heard.arrived) == (1, 3)
    # The bound-2 report of the same division was lost as rolled: no newer news.
    assert _belief(store, demo, "VI Corps", BRIGADE_UNIT).as_of is None


def test_a_report_riding_past_the_enemy_is_captured(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store, loss_chance=0, capture_chance=100)
    call(store, close_bound, battle_id=demo.battle, backup=False)
    with store.session() as session:
        prussians = session.exec(select(Side).where(Side.name == "Prussian")).one().id
    division = [r for r in _reports(store)
                if r.writer_command_id == demo.commands["20e Division"]]
    # Its route to Lobau passes 10 cm from a Prussian brigade (capture distance 30 cm).
    assert [(r.fate, r.captor_side_id) for r in division] == [("captured", prussians)]
    # The captor reads it: the Prussian map shows the division's battery where the report
    # placed it, as seen at bound 1 (the bound it was true), though it moves on after.
    _move(store, demo, DIVISION_UNIT, 50.0)
    prussian = call(store, map_view_model, side="Prussian", battle_id=demo.battle,
                    with_image=False)
    battery = next(m for m in prussian.markers if m.name == DIVISION_UNIT)
    assert (battery.seen_bound, battery.x) == (1, pixel(0.0, 100.0)[0])
    assert battery.detail.startswith("about ")
    # Lobau's own map does not gain it as an enemy, and the French see no Prussian news.
    french = call(store, map_view_model, side="French", battle_id=demo.battle,
                  with_image=False)
    assert all(m.seen_bound is None for m in french.markers)


def test_without_the_setting_no_report_is_written(store: CampaignStore) -> None:
    demo = plancenoit(store)
    call(store, close_bound, battle_id=demo.battle, backup=False)
    assert _reports(store) == []
    assert _belief(store, demo, "VI Corps", BRIGADE_UNIT).as_of is None


def test_a_reopened_bound_takes_its_reports_back(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store, loss_chance=0, capture_chance=0)
    call(store, close_bound, battle_id=demo.battle, backup=False)
    written = len(_reports(store))
    assert written > 0
    call(store, reopen_bound, battle_id=demo.battle, backup=False)
    assert _reports(store) == []
    call(store, close_bound, battle_id=demo.battle, backup=False)
    assert len(_reports(store)) == written  # the same reports again, not twice
