"""The layers below the window in French: the command line, an order sheet, a finding.

English stays the default: an English sheet made after a French one is the same bytes
as one made before it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader
from sqlmodel import Session

from desk import i18n
from desk.cli import main
from desk.rules.base import Severity, UnitInfo
from desk.rules.belle_alliance import system
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode
from desk.store import open_campaign


def desk(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "desk", *args], capture_output=True,
                          text=True, timeout=120, env={**os.environ, **env})


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory, demo_cache: DemoCache) -> Path:
    return demo_cache.copy(system="belle-alliance",
                           dest=tmp_path_factory.mktemp("french") / "plancenoit.desk")


@pytest.fixture
def session(demo: Path) -> Iterator[Session]:
    with open_campaign(str(demo), read_only=True) as store, store.session() as session:
        yield session


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def _sheet(session: Session, mode: SheetMode) -> bytes:
    return OrderSheet().render(order_sheet_model(session=session, side="French", mode=mode))


def test_info_in_french_with_the_option(demo: Path) -> None:
    result = desk("--language", "fr", "info", str(demo))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Campagne :      Plancenoit 1815"
    assert "Bond en cours : 1 (ouvert, heure de jeu 16:30)" in lines
    assert any(line.startswith("Schéma :        révision 0") for line in lines)
    assert any(line.startswith("Sans ordre :    ") for line in lines)


def test_info_follows_the_environment_and_english_is_the_default(demo: Path) -> None:
    french = desk("info", str(demo), LANGUAGE="", LC_ALL="", LANG="fr_FR.UTF-8")
    assert french.stdout.startswith("Campagne :"), french.stderr
    english = desk("info", str(demo), LANGUAGE="", LC_ALL="", LANG="C.UTF-8")
    assert english.stdout.startswith("Campaign:      Plancenoit 1815"), english.stderr
    assert "Current bound: 1 (open, game time 16:30)" in english.stdout


def test_an_unknown_language_is_one_line_and_exit_1(demo: Path) -> None:
    result = desk("--language=xx", "info", str(demo))
    assert result.returncode == 1
    assert result.stderr.strip() == \
        "desk: no translation for language 'xx' (available: en, fr)"
    assert result.stdout == ""


def test_main_restores_the_language_after_a_french_call(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--language", "fr", "info", str(demo)]) == 0
    assert "Règle :" in capsys.readouterr().out
    assert i18n.current_language() == "en"
    assert main(["info", str(demo)]) == 0
    assert "Rules system:" in capsys.readouterr().out


def test_a_players_sheet_in_french_shows_french_labels_and_words(session: Session) -> None:
    with i18n.language("fr"):
        text = _text(_sheet(session, SheetMode.BLANK))
    for words in ("Ordres — French", "Écrivez un ordre par unité dans la case Ordre",
                  "Allure", "sinon normale", "rapide", "pas de charge", "colonne de marche",
                  "carré", "tirailleurs", "sinon garder", "sinon en avant",
                  "feuille d'ordres", "Page 1 sur"):
        assert words in text, words
    for english in ("else ", "Rate", "column of march", "Write one order"):
        assert english not in text, english


def test_the_umpires_copy_in_french_keeps_clause_ids(session: Session) -> None:
    with i18n.language("fr"):
        text = _text(_sheet(session, SheetMode.UMPIRE))
    assert "Copie de l'arbitre — French" in text
    assert "Position à atteindre" in text and "BA-2" in text
    assert "Ordre tel qu'écrit" in text


def test_english_sheets_are_the_same_bytes_before_and_after_a_french_one(
        session: Session) -> None:
    before = _sheet(session, SheetMode.BLANK)
    with i18n.language("fr"):
        french = _sheet(session, SheetMode.BLANK)
    after = _sheet(session, SheetMode.BLANK)
    assert french != before
    assert after == before


INFANTRY = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                    side="French", command="VI Corps", strength=24)


@pytest.mark.parametrize(("house", "expected"), [
    ({}, "A chargé au bond 5 : peut charger de nouveau à partir du bond 10 (BA-14)"),
    ({"charge": {"cooldown_bounds": 3}},
     "A chargé au bond 5 : peut charger de nouveau à partir du bond 9 (règle maison) (BA-14)"),
])
def test_a_belle_alliance_finding_in_french_keeps_its_code_and_clause(
        house: dict[str, object], expected: str) -> None:
    rules = system(house)
    bound = 8 if house else 9
    with i18n.language("fr"):
        found = rules.check(unit=INFANTRY, state={"formation": "line", "last_charge_bound": 5},
                            fields=rules.complete({"rate": "charge"}).fields,
                            situation={"bound": bound, "terrain": "open"})
    cooldown = next(f for f in found if f.code == "BA_CHARGE_COOLDOWN")
    assert cooldown.clause == "BA-14" and cooldown.severity is Severity.ERROR
    assert cooldown.message == expected


@pytest.mark.parametrize("system_id", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_the_french_charts_still_fit_one_page(system_id: str) -> None:
    from desk.services.printing.views import chart_model
    from desk.sheets import ChartSheet

    with i18n.language("fr"):
        renderer = ChartSheet()
        text = _text(renderer.render(chart_model(system_id=system_id)))
    assert renderer.page_count == 1
    assert "aide-mémoire" in text or "Mouvement et commandement" in text


def test_a_french_fillable_sheet_imports_back_as_the_same_order(
        demo: Path, tmp_path: Path) -> None:
    from pypdf import PdfWriter
    from sqlmodel import select

    from desk.services.printing.form_import import import_filled_forms
    from desk.store.tables.bounds import Order
    from desk.store.tables.oob import Side, Unit

    campaign = tmp_path / "copy.desk"
    campaign.write_bytes(demo.read_bytes())
    with open_campaign(str(campaign), read_only=True) as store, store.session() as session:
        with i18n.language("fr"):
            pdf = OrderSheet().render(order_sheet_model(
                session=session, side="French", mode=SheetMode.BLANK, fillable=True))
        side = session.exec(select(Side).where(Side.name == "French")).one()
        unit = session.exec(select(Unit).where(Unit.side_id == side.id,
                                               Unit.arm == "infantry")).first()
        assert unit is not None
        unit_id = unit.id
    writer = PdfWriter(clone_from=BytesIO(pdf))
    prefix = f"c1-b1-u{unit_id}-"
    for page in writer.pages:
        writer.update_page_form_field_values(page, {
            prefix + "verbatim": "En ligne derrière la haie, feu sur les Prussiens.",
            prefix + "rate": "fast", prefix + "formation": "line", prefix + "fire": "/Yes"},
            auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    with i18n.language("fr"), open_campaign(str(campaign)) as store, \
            store.session() as session:
        import_filled_forms(session=session, sources=[("f.pdf", out.getvalue())])
        session.commit()
    with open_campaign(str(campaign), read_only=True) as store, store.session() as session:
        order = session.exec(select(Order).where(Order.unit_id == unit_id)).one()
        assert order.fields == {"rate": "fast", "formation": "line", "fire": True}
