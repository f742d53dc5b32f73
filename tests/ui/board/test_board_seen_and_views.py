"""Mark enemy units seen from the window, and save a side's view as a PDF or a PNG.

Fog of war, as for the sheets (tests/services/maps/test_map_view.py): the French
view names the one Prussian unit ticked seen and no other, in the PDF's text;
the PNG is painted from the side's view model alone, and an unseen Prussian's
place on it is the map's own colour, untouched.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from board_helpers import open_board
from pypdf import PdfReader
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.history import journal
from desk.services.maps.view import map_view_model
from desk.ui.accessibility import unnamed
from desk.ui.board.seen_dialog import UNIT_ROLE, SeenDialog
from desk.ui.board.view_dialog import ViewDialog
from desk.ui.board.view_export import render_view
from desk.ui.main_window import MainWindow


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _prussians(window: MainWindow) -> dict[int, str]:
    return {r.unit_id: r.unit for r in window.table_model.rows() if r.side == "Prussian"}


def _mark(window: MainWindow, qtbot: QtBot, *, filter_text: str, unit_id: int,
          seen: bool) -> SeenDialog:
    window.actions_by_name["mark_seen"].trigger()
    dialog = window.board_tools.dialog
    assert isinstance(dialog, SeenDialog) and dialog.isVisible()
    dialog.side.setCurrentIndex(dialog.side.findText("French"))
    qtbot.keyClicks(dialog.filter, filter_text)
    dialog.set_seen(f"unit:{unit_id}", seen)
    return dialog


def _save(window: MainWindow, qtbot: QtBot, path: Path, *, side: str | None, png: bool) -> Path:
    scripted(window).save_to = path
    window.actions_by_name["save_map_view"].trigger()
    dialog = window.board_tools.dialog
    assert isinstance(dialog, ViewDialog)
    dialog.who.setCurrentIndex(max(0, dialog.who.findData(side)) if side else 0)
    dialog.grab().save("/tmp/view-dialog.png")  # looked at by hand
    assert unnamed(dialog) == []
    (dialog.png if png else dialog.pdf).setChecked(True)
    dialog.accept()
    qtbot.waitUntil(lambda: window.board_tools.saved is not None or bool(scripted(window).errors),
                    timeout=20_000)
    assert not scripted(window).errors, scripted(window).errors
    assert window.board_tools.saved is not None
    return Path(window.board_tools.saved)


def test_a_unit_ticked_seen_is_on_the_french_pdf_and_no_other_prussian(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    prussians = _prussians(window)
    seen_id, seen_name = next((uid, name) for uid, name in prussians.items()
                              if name.startswith("I/11th"))
    dialog = _mark(window, qtbot, filter_text="11th", unit_id=seen_id, seen=True)
    shown = [dialog.units.item(r) for r in range(dialog.units.count())
             if not dialog.units.item(r).isHidden()]
    assert shown and all("11th" in item.text() for item in shown)
    assert all("Prussian" in dialog.units.item(r).text() for r in range(dialog.units.count()))
    dialog.grab().save("/tmp/seen-dialog.png")  # looked at by hand
    assert unnamed(dialog) == []
    dialog.accept()
    assert "Sightings of bound 1 saved (1 changed)" in window.statusBar().currentMessage()
    lines = [j.message for j in window.ops.read(lambda s: journal(session=s,
                                                                  battle_id=window.ops.battle_id))]
    assert f"French saw {seen_name} in bound 1." in lines

    pdf = tmp_path / "french.pdf"
    _save(window, qtbot, pdf, side="French", png=False)
    text = _pdf_text(pdf)
    assert seen_name in text and "View of the French" in text
    assert not [n for uid, n in prussians.items() if uid != seen_id and n in text]
    # The umpire's view shows every unit.
    umpire = tmp_path / "umpire.pdf"
    _save(window, qtbot, umpire, side=None, png=False)
    assert all(name in _pdf_text(umpire) for name in prussians.values())

    # Opened again with its marker chosen on the board: the French see it, its row is the
    # current one, ticked; unticked, the mark goes (and the journal says so).
    board.panel.scene.markers[f"unit:{seen_id}"].setSelected(True)
    window.side_box.setCurrentIndex(0)  # all sides: the dialog picks the side from the unit
    window.actions_by_name["mark_seen"].trigger()
    dialog = window.board_tools.dialog
    assert dialog.side.currentText() == "French"
    assert dialog.units.currentItem().data(UNIT_ROLE) == f"unit:{seen_id}"
    assert dialog.units.currentItem().checkState() == Qt.CheckState.Checked
    dialog.reject()
    dialog = _mark(window, qtbot, filter_text="", unit_id=seen_id, seen=False)
    assert f"unit:{seen_id}" in dialog.choices.seen[dialog.side_id()]
    dialog.accept()
    lines = [j.message for j in window.ops.read(lambda s: journal(session=s,
                                                                  battle_id=window.ops.battle_id))]
    assert f"French no longer saw {seen_name} in bound 1." in lines
    _save(window, qtbot, pdf, side="French", png=False)
    text = _pdf_text(pdf)  # read once, not once per name
    assert not [n for n in prussians.values() if n in text]


def test_a_sighting_names_the_unit_that_saw_it(make_window: Any, qtbot: QtBot) -> None:
    """Issue 31: "Which unit" records who of the side saw; "The whole side" records none.
    Chosen from the keyboard (Alt+W is the box's mnemonic), its entries the side's own units."""
    window = make_window("belle-alliance")
    open_board(window, qtbot)
    prussians = _prussians(window)
    first, second = [uid for uid, name in prussians.items() if name.startswith("I/")][:2]
    dialog = _mark(window, qtbot, filter_text="", unit_id=first, seen=True)
    assert dialog.observer.itemText(0) == "The whole side" and dialog.observer_id() is None
    french = [dialog.observer.itemText(i) for i in range(1, dialog.observer.count())]
    assert french and not any(name in text for text in french for name in prussians.values())
    label = next(w for w in dialog.findChildren(QLabel) if w.text() == "&Which unit")
    assert label.buddy() is dialog.observer  # Alt+W reaches it
    qtbot.keyClick(dialog.observer, Qt.Key.Key_Down)
    observer = dialog.observer_id()
    assert observer is not None
    dialog.set_seen(f"unit:{second}", True)
    assert {(c.key, c.by) for c in dialog.changes()} == {(f"unit:{first}", (observer,)),
                                                         (f"unit:{second}", (observer,))}
    dialog.grab().save("/tmp/seen-dialog-observer.png")  # looked at by hand
    assert unnamed(dialog) == []
    dialog.accept()
    lines = [j.message for j in window.ops.read(lambda s: journal(session=s,
                                                                  battle_id=window.ops.battle_id))]
    seen_by = dialog.observer.itemText(1).split(" · ")[0]
    assert f"French saw {prussians[first]} in bound 1 (seen by {seen_by})." in lines
    # Opened again, the box is back at the whole side: a later tick names no unit.
    window.actions_by_name["mark_seen"].trigger()
    again = window.board_tools.dialog
    assert isinstance(again, SeenDialog) and again.observer_id() is None
    again.reject()


def test_the_png_of_a_side_paints_no_unseen_enemy(make_window: Any, qtbot: QtBot,
                                                 tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    open_board(window, qtbot)
    prussians = _prussians(window)
    seen_id = next(uid for uid, name in prussians.items() if name.startswith("I/11th"))
    _mark(window, qtbot, filter_text="", unit_id=seen_id, seen=True).accept()
    path = tmp_path / "french"  # the suffix is added
    written = _save(window, qtbot, path, side="French", png=True)
    QImage(str(written)).save("/tmp/french-view.png")  # looked at by hand
    assert written == path.with_name("french.png") and written.exists()

    model = window.ops.read(lambda s: map_view_model(session=s, side="French",
                                                     battle_id=window.ops.battle_id))
    umpire = window.ops.read(lambda s: map_view_model(session=s, battle_id=window.ops.battle_id))
    picture = render_view(model)
    drawn = {m.unit_id for m in picture.drawn}
    assert seen_id in drawn and not (set(prussians) - {seen_id}) & drawn
    on_disk = QImage(str(written))
    painted = QImage.fromData(picture.png)
    assert (on_disk.width(), on_disk.height()) == (painted.width(), painted.height())
    assert max(on_disk.width(), on_disk.height()) <= 4096
    # Pixels: where an unseen Prussian stands (its whole block and a margin), the picture
    # is the bare map, untouched; the umpire's picture, which shows it, differs there.
    bare = QImage.fromData(render_view(replace(model, markers=())).png)
    everyone = QImage.fromData(render_view(umpire).png)
    checked = 0
    for marker in umpire.markers:
        if marker.unit_id not in prussians or marker.unit_id == seen_id:
            continue
        x, y = marker.x * picture.factor, picture.top + marker.y * picture.factor
        reach = picture.half + 3
        spot = QRectF(x - reach, y - reach, 2 * reach, 2 * reach)
        if any(box.intersects(spot) for box in picture.boxes):
            continue  # under a French unit's label: not a place to look
        area = spot.toAlignedRect()
        assert painted.copy(area) == bare.copy(area), marker.name
        assert everyone.copy(area) != bare.copy(area), marker.name
        checked += 1
    assert checked >= len(prussians) - 3
    # A big map is scaled to at most the longer side asked for.
    small = QImage.fromData(render_view(model, max_side=600).png)
    assert small.width() == 600


def test_a_read_only_campaign_keeps_only_the_saved_views(make_window: Any, qtbot: QtBot,
                                                         tmp_path: Path) -> None:
    window = make_window("la-bataille", read_only=True)
    open_board(window, qtbot)
    actions = window.actions_by_name
    assert not actions["calibrate_scale"].isEnabled()
    assert not actions["calibrate_hexes"].isEnabled() and not actions["mark_seen"].isEnabled()
    menu = window.board.panel.tools_button.menu()
    assert [a.objectName() for a in menu.actions()] == [
        "calibrate_scale", "calibrate_hexes", "mark_seen", "save_map_view"]
    path = _save(window, qtbot, tmp_path / "umpire.pdf", side=None, png=False)
    assert "View" not in _pdf_text(path) and "Umpire's view" in _pdf_text(path)
