"""``desk import-forms`` while another umpire types the same unit's order (issue 14).

The import reads the bound's orders and writes drafts in one transaction. On
PostgreSQL at READ COMMITTED another desk may commit a typed order between
that read and the write: the import must then be refused as a whole (the
conflict error, one sentence), never overwrite the typed order nor fail with a
raw IntegrityError.
"""

from __future__ import annotations

from typing import Any

import pytest
from concurrency import between
from sheet_samples import fill_fields, pdf_fields

from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import ConcurrentChangeError
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.undo import order_snapshot
from desk.services.orders.write import write_order
from desk.services.printing.form_import import import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet
from desk.store import open_campaign


@pytest.mark.postgres
def test_a_typed_order_committed_during_an_import_refuses_the_import(pg_database: str,
                                                                     tmp_path: Any) -> None:
    with open_campaign(pg_database, create=True, backup_dir=tmp_path) as importer, \
            open_campaign(pg_database, backup_dir=tmp_path) as umpire:
        with importer.session() as session:
            battle = create_campaign_from_scenario(
                session=session, data=load_scenario(rules_system="belle-alliance")).battle_id
            pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                        fillable=True))
        prefix = sorted(n for n in pdf_fields(pdf) if n.endswith("-rate"))[0][:-len("rate")]
        unit = int(prefix.rstrip("-").rsplit("-u", 1)[1])
        filled = fill_fields(pdf, {prefix + "verbatim": "From the sheet."})

        def typed() -> None:  # the other umpire's desk: their own transaction, committed
            with umpire.session() as session:
                write_order(session=session, battle_id=battle, unit_id=unit,
                            verbatim="Typed at the desk.", fields={"destination": "the mill"},
                            seen_version=None)

        with between(importer, "unit_order", typed), \
                pytest.raises(ConcurrentChangeError, match="bound 1"), \
                importer.session() as session:
            import_filled_forms(session=session, sources=[("f.pdf", filled)])
        with importer.session() as session:
            stored = order_snapshot(session=session, battle_id=battle, unit_id=unit)
        assert stored is not None and stored.verbatim == "Typed at the desk."
