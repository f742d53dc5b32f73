"""The main window on each demo campaign as PNG, offscreen: ``python -m desk.ui.screenshots OUT``.

Each demo is made afresh in a temporary folder and played a little (a few
orders entered, one of them overruled, a LIM drawn in Battles of Waterloo) so
the picture shows the desk at work, then ``widget.grab()`` writes
``OUT/<system>.png``, and Belle Alliance once more in the dark scheme
(``OUT/belle-alliance-dark.png``), and Battles of Waterloo too with its
LIM panel at work. Nothing outside OUT and the temporary folder is touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from desk.rules.findings import Finding
    from desk.ui.lim.panel import LimPanel
    from desk.ui.main_window import MainWindow

SYSTEMS = ("belle-alliance", "battles-of-waterloo", "la-bataille")
# (rules system, scheme, file name): each picture taken
SHOTS = (*((system, "light", system) for system in SYSTEMS),
         ("belle-alliance", "dark", "belle-alliance-dark"),
         ("battles-of-waterloo", "dark", "battles-of-waterloo-dark"))


def _play_the_cup(panel: LimPanel) -> None:
    """Battles of Waterloo: IV Corps' C/D LIM pulled from the cup, two moves recorded."""
    from PySide6.QtCore import Qt

    found = panel.pool_list.findItems("IV Corps C/D", Qt.MatchFlag.MatchStartsWith)
    if not found:
        return
    panel.pool_list.setCurrentItem(found[0])
    panel.controller.record_pulled()
    for row, where in zip(panel.allowed_model.rows()[::2][:2], ("2314", "2415"), strict=False):
        panel.allowed.setCurrentIndex(panel.allowed_model.index(
            panel.allowed_model.rows().index(row), 0))
        panel.movement_box.setCurrentIndex(panel.movement_box.findData("tactical"))
        panel.hex_edit.setText(where)
        panel.controller.record_move()


def _play_a_little(window: MainWindow) -> None:
    """Enter a few orders so the table and the form show defaults and findings."""
    from PySide6.QtWidgets import QComboBox, QLineEdit

    rows = window.table_model.rows()
    if window.lim_panel is not None:
        _play_the_cup(window.lim_panel)
    for row in rows[1:6]:
        window.select_unit(row.unit_id)
        window.form.verbatim_edit.setPlainText(f"{row.unit}: follow the brigade's lead")
        window.orders.save_order()
    if {"rate", "crossing"} <= set(window.form.editors):  # a charge across the Lasne
        cavalry = next((r for r in rows if r.arm == "cavalry"), rows[0])
        window.select_unit(cavalry.unit_id)
        window.form.verbatim_edit.setPlainText("Charge the battery on the Lasne")
        rate, crossing = window.form.editors["rate"], window.form.editors["crossing"]
        if isinstance(rate, QComboBox) and isinstance(crossing, QLineEdit):
            rate.setCurrentIndex(rate.findData("fast"))
            crossing.setText("Lasne")
        window.form.check_now()
    else:
        window.select_unit(rows[7].unit_id)


def render(out: Path) -> list[Path]:
    """Write one PNG per rules system into ``out``; return their paths."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from desk.services.campaign.scenarios import create_demo_campaign
    from desk.store import open_campaign
    from desk.ui.app import build_window
    from desk.ui.dialogs import Dialogs
    from desk.ui.palette import DeskPalette, SchemeChoice

    class _Answers(Dialogs):
        """The screenshot's umpire: gives a reason, confirms, never blocks on a dialog."""

        reason = "Umpire's ruling: the bridge was already taken"

        def ask_override_reason(self, *, unit: str, findings: Sequence[Finding]) -> str | None:
            return self.reason

        def show_error(self, error: BaseException) -> bool:
            print(f"screenshots: {error}", file=sys.stderr)
            return False

        def confirm_draw_pending(self, *, lim: str, units: Sequence[str]) -> bool:
            return True

    app = QApplication.instance() or QApplication(sys.argv[:1])
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for system, scheme, name in SHOTS:
            path = Path(tmp) / f"{name}.desk"
            create_demo_campaign(target=path, rules_system=system)
            palette = DeskPalette(SchemeChoice(scheme))
            palette.apply()
            with open_campaign(path) as store:
                window = build_window(store=store, dialogs=_Answers(None),
                                      backup_dir=Path(tmp) / "backups", palette=palette)
                window.resize(1366, 768)  # a club laptop's screen
                window.show()
                app.processEvents()
                _play_a_little(window)
                app.processEvents()
                target = out / f"{name}.png"
                window.grab().save(str(target))
                written.append(target)
                window.close()
                window.deleteLater()
                app.processEvents()
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m desk.ui.screenshots OUTDIR``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m desk.ui.screenshots OUTDIR", file=sys.stderr)
        return 2
    for path in render(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
