"""Each unit's movement field cites its own row (issue 18), on the umpire's order sheet and the
form's context, never BOW-1 for everything."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader
from scenario_demo import ligny
from service_helpers import call

from desk.services.printing.viewmodels import SheetMode
from desk.services.printing.views import order_sheet_model
from desk.services.screens.order_form import form_context
from desk.sheets import OrderSheet
from desk.store import CampaignStore

OWN_ROWS = {"Vichery's 13e Division": "BOW-2", "Girard's 7e Division": "BOW-4",
            "Grenadiers à pied de la Vieille Garde (Friant)": "BOW-12",
            "Grosse cavalerie de la Garde (Guyot)": "BOW-2"}


def test_each_unit_cites_the_row_it_moves_under_BOW_2_BOW_4_BOW_12(store: CampaignStore) -> None:
    battle, ids = ligny(store)
    for unit, row in OWN_ROWS.items():
        context = call(store, form_context, battle_id=battle, unit_id=ids[unit])
        assert context.clauses == {"movement": row, "rally": row}, unit
    with store.session() as session:
        model = order_sheet_model(session=session, side="French", mode=SheetMode.UMPIRE)
    cited = {b.name: {f.name: f.clause for f in b.fields} for b in model.units}
    for unit, row in OWN_ROWS.items():
        assert cited[unit]["movement"] == row, unit
    assert not any(c.get("movement") == "BOW-1" for c in cited.values())
    text = " ".join(p.extract_text() for p in PdfReader(BytesIO(OrderSheet().render(model))).pages)
    assert "BOW-4" in text and "BOW-12" in text
