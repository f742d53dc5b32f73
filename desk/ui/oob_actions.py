"""The order of battle's files: import a JSON order of battle as a new campaign, export
it; add units from a spreadsheet's CSV to the open campaign, export them as CSV.

A mixin of the main window (under :class:`~desk.ui.file_actions.FileActions`).
The services check a whole file before they write anything: a bad row refuses
it with its line and reason, in one dialog, and the campaign is unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CAMPAIGN_FILTER = "Campaigns (*.desk);;All files (*)"
CSV_FILTER = "Units (*.csv);;All files (*)"


class OobActions:
    """Import and export of the order of battle (mixed into the main window)."""

    ops: Any
    dialogs: Any
    campaign_requested: Any

    def _save_path(self, title: str, suggested: str, filters: str) -> Path | None:
        path: Path | None = self.dialogs.save_path(title, suggested, filters)
        return path

    def _open_path(self, title: str, filters: str) -> Path | None:
        path: Path | None = self.dialogs.open_path(title, filters)
        return path

    def _write_file(self, path: Path, text: str) -> None:
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:  # a full disk, a folder not ours: one dialog
            self.dialogs.show_error(OSError(f"{path.name} could not be written: "
                                            f"{exc.strerror or exc}"))

    def import_oob(self) -> None:
        """Import an order-of-battle JSON file as a new campaign file, and open it."""
        source = self._open_path("Import order of battle", "Order of battle (*.json);;"
                                 "All files (*)")
        if source is None:
            return
        path = self._save_path("New campaign file", f"{source.stem}.desk", CAMPAIGN_FILTER)
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
        self.campaign_requested.emit(str(path))

    def export_oob(self) -> None:
        """Write the order of battle as JSON."""
        from desk.services.oob.export import export_oob_json

        path = self._save_path("Export order of battle", "order-of-battle.json",
                               "Order of battle (*.json)")
        if path is None:
            return
        data = self.guard(lambda: self.ops.read(export_oob_json,  # type: ignore[attr-defined]
                                                battle_id=self.ops.battle_id))
        if data is not None:
            self._write_file(path, json.dumps(data, indent=2, ensure_ascii=False))

    def add_units_csv(self) -> None:
        """Add the units of a CSV file (side, command path, name, arm, type, strength,
        formation) to the campaign, with their state in the open bound."""
        source = self._open_path("Add units from CSV", CSV_FILTER)
        if source is None:
            return
        from desk.services.oob.text_input import in_file, read_text_file

        def add() -> Any:
            with in_file(source.name):  # "units.csv, line 3: …"; a UTF-8 BOM is no column
                return self.ops.add_units_csv(read_text_file(source))

        report = self.guard(add)  # type: ignore[attr-defined]
        if report is not None:
            self.statusBar().showMessage(  # type: ignore[attr-defined]
                report.sentence(source.name))

    def export_units_csv(self) -> None:
        """Write every unit as a CSV row (the format :meth:`add_units_csv` reads)."""
        from desk.services.oob.csv_units import export_units_csv

        path = self._save_path("Export units as CSV", "units.csv", CSV_FILTER)
        if path is None:
            return
        text = self.guard(lambda: self.ops.read(export_units_csv,  # type: ignore[attr-defined]
                                                battle_id=self.ops.battle_id))
        if text is not None:
            self._write_file(path, text)
