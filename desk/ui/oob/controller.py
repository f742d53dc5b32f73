"""The order of battle's files: import a JSON order of battle as a new campaign, export
it; add units from a spreadsheet's CSV to the open campaign, export them as CSV.

The services check a whole file before they write anything: a bad row refuses
it with its line and reason, in one dialog, and the campaign is unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.services.dto import ImportReport
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations

translate = QCoreApplication.translate  # lupdate reads translate("OobController", "...") calls

def campaign_filter() -> str:
    """The file dialogs' filter for campaign files, in the window's language."""
    return translate("OobController", "Campaigns (*.desk);;All files (*)")


def csv_filter() -> str:
    """The file dialogs' filter for units' CSV files, in the window's language."""
    return translate("OobController", "Units (*.csv);;All files (*)")


class OobController(Controller):
    """Import and export of the order of battle."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 request_campaign: Callable[[str], None],
                 show_status: Callable[[str], None]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.request_campaign = request_campaign
        self.show_status = show_status

    def import_oob(self) -> None:
        """Import an order-of-battle JSON file as a new campaign file, and open it."""
        source = self.dialogs.open_path(
            translate("OobController", "Import order of battle"),
            translate("OobController", "Order of battle (*.json);;All files (*)"))
        if source is None:
            return
        path = self.dialogs.save_path(
            translate("OobController", "New campaign file"), f"{source.stem}.desk",
                                      campaign_filter())
        if path is None:
            return
        from desk.services.oob.importer import create_campaign_file
        from desk.services.oob.text_input import in_file, read_text_file

        try:
            with in_file(source.name):  # the refusal names the file, its line or path
                create_campaign_file(path=path, text=read_text_file(source))
        except Exception as exc:
            self.dialogs.show_error(exc)
            return
        self.request_campaign(str(path))

    def export_oob(self) -> None:
        """Write the order of battle as JSON."""
        from desk.services.oob.export import export_oob_json

        path = self.dialogs.save_path(translate("OobController", "Export order of battle"),
                                      "order-of-battle.json",
                            translate("OobController", "Order of battle (*.json)"))
        if path is None:
            return
        data = self.guard(lambda: self.ops.read(
            lambda s: export_oob_json(session=s, battle_id=self.ops.battle_id)))
        if data is not None:
            self.write_file(path, json.dumps(data, indent=2, ensure_ascii=False))

    def add_units_csv(self) -> None:
        """Add the units of a CSV file (side, command path, name, arm, type, strength,
        formation) to the campaign, with their state in the open bound."""
        source = self.dialogs.open_path(
            translate("OobController", "Add units from CSV"), csv_filter())
        if source is None:
            return
        from desk.services.oob.text_input import in_file, read_text_file

        def add() -> ImportReport:
            with in_file(source.name):  # "units.csv, line 3: …"; a UTF-8 BOM is no column
                return self.ops.add_units_csv(read_text_file(source))

        report = self.guard(add)
        if report is not None:
            self.show_status(report.sentence(source.name))

    def export_units_csv(self) -> None:
        """Write every unit as a CSV row (the format :meth:`add_units_csv` reads)."""
        from desk.services.oob.csv_units import export_units_csv

        path = self.dialogs.save_path(
            translate("OobController", "Export units as CSV"), "units.csv",
                                      csv_filter())
        if path is None:
            return
        text = self.guard(lambda: self.ops.read(
            lambda s: export_units_csv(session=s, battle_id=self.ops.battle_id)))
        if text is not None:
            self.write_file(path, text)
