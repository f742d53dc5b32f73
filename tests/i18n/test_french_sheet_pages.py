"""A players' sheet in French takes as many pages as in English.

French words run longer than English ones ("masse de bataillon", "activer le
commandement"); a row of tick boxes that no longer fits pushes a block onto a row
more, and a side's sheets onto a page more, which the umpire pays for at the
printer. The French words of the sheets are chosen to fit (the catalogue's
short forms), and this test holds them there for each demo, side and paper.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader

from desk import i18n
from desk.services.printing.viewmodels import Paper
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode
from desk.store import open_campaign

SYSTEMS = ("belle-alliance", "battles-of-waterloo", "la-bataille")


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory, demo_cache: DemoCache) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    return {system: demo_cache.copy(system=system, dest=folder / f"{system}.desk")
            for system in SYSTEMS}


def _pages(path: Path, *, language: str, side: str, fillable: bool, paper: Paper) -> int:
    with i18n.language(language), open_campaign(str(path), read_only=True) as store, \
            store.session() as session:
        model = order_sheet_model(session=session, side=side, mode=SheetMode.BLANK,
                                  fillable=fillable, paper=paper)
        return len(PdfReader(BytesIO(OrderSheet().render(model))).pages)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("side", ["French", "Prussian"])
def test_french_players_sheets_take_the_english_page_count(
        demos: dict[str, Path], system: str, side: str) -> None:
    for fillable in (False, True):
        for paper in (Paper.A4, Paper.LETTER):
            english = _pages(demos[system], language="en", side=side, fillable=fillable,
                             paper=paper)
            french = _pages(demos[system], language="fr", side=side, fillable=fillable,
                            paper=paper)
            assert french == english, (system, side, fillable, paper)
