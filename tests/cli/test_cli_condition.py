"""``desk event``, ``desk reinforcement`` and ``desk losses`` from a script: the window's
checks, one-line refusals with a non-zero exit, and a losses report read back with pypdf."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader

from desk.cli import main
from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.store import open_campaign


@pytest.fixture
def ba(tmp_path: Path, demo_cache: DemoCache) -> Path:
    return demo_cache.copy(system="belle-alliance", dest=tmp_path / "plancenoit.desk")


def _close(path: Path) -> None:
    with open_campaign(path) as store:
        with store.session() as session:
            battle = current_battle(session)[1].id or 0
        with store.session() as session:
            close_bound(session=session, battle_id=battle, backup=False)


def test_desk_event_records_with_the_windows_checks_and_refuses_in_one_line(
        ba: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", str(ba), "1/5e Ligne", "casualties", "losses=3",
                 "cause=musketry"]) == 0
    assert capsys.readouterr().out == ("Bound 1: lost 3 figures to musketry: 23 left "
                                       "(data: losses.casualties)\n")
    assert main(["event", str(ba), "2/5e Ligne", "became-MD"]) == 0
    assert "(BA-F2)" in capsys.readouterr().out
    before = ba.read_bytes()
    for args, said in (
        (["1/5e Ligne", "casualties", "losses=24"],
         "desk: 1/5e Ligne: 24 figures lost is more than the unit's 23 "
         "(data: losses.casualties)\n"),
        (["1/5e Ligne", "casualties", "losses=many"],
         "desk: losses must be a number, not 'many'\n"),
        (["1/5e Ligne", "casualties", "loss=3"],
         "desk: 'loss=3' is not a field of casualties as key=value (its fields: losses, "
         "cause)\n"),
        (["1/5e Ligne", "teleported"], "desk: Belle Alliance has no event 'teleported' (it "),
        (["Nobody", "became-MD"], "desk: this campaign has no unit called 'Nobody'\n"),
        (["2/5e Ligne", "rallied", "disorder=XD"], "desk: disorder must be one of none, LD"),
    ):
        assert main(["event", str(ba), *args]) == 1
        err = capsys.readouterr().err
        assert err.startswith(said) and err.count("\n") == 1
    assert ba.read_bytes() == before  # nothing written by a refusal
    assert main(["event", str(ba), "2/5e Ligne", "rallied", "disorder=LD"]) == 0
    assert main(["event", "--battle", "Nowhere", str(ba), "2/5e Ligne", "routed"]) == 1
    assert "there is no battle called 'Nowhere' (there are: Plancenoit)" in (
        capsys.readouterr().err)


def test_desk_losses_writes_a_report_by_side_command_and_bound_with_a_chart(
        ba: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reinforcement", str(ba), "Horse Battery No. 11", "2",
                 "--note", "by the Lasne road"]) == 0
    assert main(["reinforcement", str(ba), "1/5e Ligne", "1"]) == 0  # on at once: open bound
    main(["event", str(ba), "1/5e Ligne", "casualties", "losses=4"])
    main(["event", str(ba), "I/18th Infantry", "casualties", "losses=5"])
    _close(ba)
    assert main(["reinforcement", str(ba), "2/5e Ligne", "1"]) == 1
    assert capsys.readouterr().err.endswith(
        "desk: Bound 1 is already closed: a reinforcement can be due at the open bound 2 or "
        "later\n")
    main(["event", str(ba), "2/5e Ligne", "captured"])
    main(["event", str(ba), "1/5e Ligne", "skirmishers-detached", "figures=4"])
    out = tmp_path / "losses.pdf"
    assert main(["losses", str(ba), "-o", str(out)]) == 0
    assert capsys.readouterr().out.endswith(
        "losses of Plancenoit in figures: French 29, Prussian 5.\n")  # 4 + the 25 captured
    reader = PdfReader(BytesIO(out.read_bytes()))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Losses — Plancenoit" in text and "Losses by command — Prussian" in text
    assert "Brigade Bellair" in text  # a French command, by bound
    assert "captured" in text and "arrived" in text
    # The chart's legend: each side's strength on the table now; the Prussian battery is
    # on from bound 2, so bound 1's Prussian point lacks its 8 figures.
    legend = dict(re.findall(r"(French|Prussian): (\d+)", text))
    assert set(legend) == {"French", "Prussian"} and int(legend["Prussian"]) > 0
    assert not reader.pages[0].images  # reportlab's own vector graphics, not a picture


def test_a_unit_name_typed_loosely_is_found_and_a_slip_gets_did_you_mean(
        ba: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 30 (pick, don't spell): case and accents forgiven; a slip named with the
    # closest names instead of a bare "no unit called".
    assert main(["event", str(ba), "1/5E LIGNE", "casualties", "losses=1"]) == 0
    assert "Bound 1: lost 1 figure" in capsys.readouterr().out
    before = ba.read_bytes()
    assert main(["event", str(ba), "1/5e Lgne", "casualties", "losses=1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("desk: this campaign has no unit called '1/5e Lgne'; did you mean "
                          "'1/5e Ligne'") and err.count("\n") == 1, err
    assert ba.read_bytes() == before
