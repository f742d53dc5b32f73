"""PDF documents: order sheets, fillable forms, quick-reference charts, bound reports.

Frozen view models in (:mod:`desk.services.printing.viewmodels`, filled by the services),
PDF bytes out; one renderer class per document. No database and no Qt here:
the caller decides where the bytes go.

>>> from desk.sheets import OrderSheet        # doctest: +SKIP
>>> pdf = OrderSheet().render(model)          # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desk.services.printing.errors import MixedFormError, NotADeskFormError, SheetError
from desk.services.printing.viewmodels import (
    ChartModel,
    Paper,
    ReportEvent,
    ReportModel,
    ReportOrder,
    SheetMode,
    SheetModel,
    UnitBlock,
)

if TYPE_CHECKING:
    from desk.sheets.bound_report import BoundReport
    from desk.sheets.chart_sheet import ChartSheet
    from desk.sheets.order_sheet import OrderSheet

__all__ = [
    "BoundReport", "ChartModel", "ChartSheet", "MixedFormError", "NotADeskFormError",
    "OrderSheet", "Paper", "ReportEvent", "ReportModel", "ReportOrder", "SheetError",
    "SheetMode", "SheetModel", "UnitBlock",
]

_RENDERERS = {
    "OrderSheet": "desk.sheets.order_sheet",
    "ChartSheet": "desk.sheets.chart_sheet",
    "BoundReport": "desk.sheets.bound_report",
}


def __getattr__(name: str) -> object:
    # The renderers import reportlab (0.15 s); load them only when asked for.
    module_name = _RENDERERS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'desk.sheets' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module_name), name)
