"""The La Bataille sheets say where each unit stands: its hex and that hex's terrain.

The Leipzig demo's units in general order stand in Möckern's village hexes;
the filled sheet printed "General order in : fires…" before the scenario's
hexes were known to the state lines (issue 18).
"""

from __future__ import annotations

from pathlib import Path

from demo_cache import DemoCache
from sheet_samples import pdf_text

from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet
from desk.store import open_campaign


def test_the_filled_la_bataille_sheet_names_the_terrain_of_general_order_LB_7(demo_cache: DemoCache,
        tmp_path: Path) -> None:
    path = tmp_path / "mockern.desk"
    demo_cache.copy(system="la-bataille", dest=path)
    with open_campaign(path, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=False))
    text = " ".join(pdf_text(pdf).split())
    assert "General order in :" not in text and "in :" not in text
    assert "General order in village: fires at printed value" in text
    assert "hex 1410" in text  # 1/1er Régiment d'artillerie de marine, in Möckern
    assert "a hex not yet recorded" not in text  # every demo unit starts in a scenario hex
