"""The campaign view an organiser reads (issue 30): per battle and unit what it started with,
lost, got back and carried on; totals per side and per command, a command counting the
commands under it, here and in the losses report (whose corps row once showed 0 while its
brigades lost 7)."""

from __future__ import annotations

from typing import Any

from battle_helpers import ids_by_name
from scenario import scenario, unit
from service_helpers import call

from desk.cli import main as desk_main
from desk.services.battles.aftermath import commit_aftermath
from desk.services.battles.recovery import recovery_rules
from desk.services.battles.roster import CampaignTotal, campaign_order_of_battle
from desk.services.bounds.close import close_bound
from desk.services.bounds.events import record_event
from desk.services.condition.losses import losses_model
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.queries import unit_state
from desk.store import CampaignStore


def _corps() -> dict[str, Any]:
    """A French corps with its own battery and two brigades; a Prussian brigade alone."""
    return scenario("belle-alliance", sides=[
        {"name": "French", "leaders": [], "commands": [
            {"name": "VI Corps", "level": "corps", "units": [
                unit("Corps battery", "artillery", "foot-artillery", 8)],
             "commands": [
                 {"name": "1st Brigade", "level": "brigade", "units": [
                     unit("1/5e Ligne", "infantry", "line-infantry", 24),
                     unit("2/5e Ligne", "infantry", "line-infantry", 24)]},
                 {"name": "2nd Brigade", "level": "brigade", "units": [
                     unit("1/10e Ligne", "infantry", "line-infantry", 24)]}]}]},
        {"name": "Prussian", "leaders": [], "commands": [
            {"name": "15. Brigade", "level": "brigade", "units": [
                unit("1/15. IR", "infantry", "line-infantry", 24)]}]},
    ])


def _lose(store: CampaignStore, battle: int, unit_id: int, losses: int) -> None:
    """A casualties event in the open bound, as the window records it (data: losses)."""
    with store.session() as session:
        seen = unit_state(session=session, battle_id=battle, unit_id=unit_id,
                          with_events=True).version
        record_event(session=session, battle_id=battle, unit_id=unit_id, kind="casualties",
                     data={"losses": losses}, seen_version=seen)


def _by_name(totals: tuple[CampaignTotal, ...]) -> dict[str, CampaignTotal]:
    return {t.name: t for t in totals}


def test_a_corps_counts_its_brigades_in_the_campaign_view_and_the_losses_report(
        store: CampaignStore, capsys: Any) -> None:
    battle = call(store, create_campaign_from_scenario, data=_corps()).battle_id
    ids = ids_by_name(store)
    _lose(store, battle, ids["1/5e Ligne"], 4)  # 1st Brigade: 4 + 2 lost
    _lose(store, battle, ids["2/5e Ligne"], 2)
    _lose(store, battle, ids["1/10e Ligne"], 1)  # 2nd Brigade: 1 lost; the battery none
    call(store, close_bound, battle_id=battle, backup=False)

    losses = call(store, losses_model, battle_id=battle)
    rows = {c.command: c for c in losses.commands}
    assert [(c.command, c.depth) for c in losses.commands] == [
        ("VI Corps", 0), ("1st Brigade", 1), ("2nd Brigade", 1), ("15. Brigade", 0)]
    assert rows["1st Brigade"].total == 6 and rows["2nd Brigade"].total == 1
    assert rows["VI Corps"].total == 7  # its brigades' 7, though its own battery lost none
    assert rows["15. Brigade"].total == 0

    playing = _by_name(call(store, campaign_order_of_battle).totals)
    assert playing["French"].depth == -1 and playing["VI Corps"].depth == 0
    cell = playing["VI Corps"].battles[0]
    assert cell is not None and (cell.start, cell.after, cell.lost) == (80, None, None)

    call(store, commit_aftermath, battle_id=battle, backup=False,
         rules=recovery_rules(preset="ten-percent-lost"))
    oob = call(store, campaign_order_of_battle)
    totals = _by_name(oob.totals)
    assert [t.name for t in oob.totals] == [
        "French", "VI Corps", "1st Brigade", "2nd Brigade", "Prussian", "15. Brigade"]
    units = {u.unit: u.battles[0] for u in oob.units}
    first = units["1/5e Ligne"]
    assert first is not None and (first.start, first.end, first.lost) == (24, 20, 4)
    assert first.returned == 3 and first.after == 23  # 90 % of 4 is 3.6: 3 return
    corps, brigade = totals["VI Corps"].battles[0], totals["1st Brigade"].battles[0]
    assert brigade is not None and (brigade.start, brigade.lost, brigade.returned) == (48, 6, 4)
    assert corps is not None and (corps.start, corps.lost) == (80, 7)
    assert corps.returned == 4 and corps.after == 80 - 7 + 4  # 3 + 1 back; 0.9 of 1 man: 0
    side = totals["French"].battles[0]
    assert side == corps and totals["French"].strength == 77  # the corps is the whole side
    prussian = totals["Prussian"].battles[0]
    assert prussian is not None and (prussian.lost, prussian.after) == (0, 24)

    # The command line says the same, in the same words as the window.
    assert desk_main(["battles", str(store.path), "--units"]) == 0
    out = capsys.readouterr().out
    assert "1/5e Ligne (French): 24 → 23 (lost 4, returned 3)" in out
    assert "    VI Corps: 80 → 77 (lost 7, returned 4)" in out
    assert "  Prussian: 24 → 24" in out
