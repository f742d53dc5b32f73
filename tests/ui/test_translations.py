"""The window in French: a complete, fresh catalogue, loaded before the window is built.

The catalogue test runs the real ``pyside6-lupdate`` over desk/ui into a
temporary .ts and compares it with the committed one, then compiles the
committed .ts with ``pyside6-lrelease`` and compares it with the committed
.qm: a string marked in the code but not translated, or a .qm not rebuilt
after an edit of the .ts, fails here (run ``packaging/update-translations``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desk.resources import translations_dir
from desk.services.screens.close_summary import CloseSummary
from desk.ui.dialogs import Dialogs
from desk.ui.language import fill_language_menu, install_translators, remove_translators
from desk.ui.main_window import MainWindow
from desk.ui.settings import LANGUAGE, Settings

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PLACEHOLDER = re.compile(r"\{\w+\}")


def _tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (it ships with PySide6)")
    return path


def _messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(ts).getroot()
    return {(context.findtext("name", ""), message.findtext("source", "")): message
            for context in root.iter("context") for message in context.iter("message")}


def test_every_marked_string_has_a_finished_french_translation(tmp_path: Path) -> None:
    committed = translations_dir() / "desk_fr.ts"
    fresh = tmp_path / "fresh.ts"
    files = sorted(str(p) for p in (ROOT / "desk" / "ui").rglob("*.py"))
    files.append(str(translations_dir() / "table_marks.py"))
    subprocess.run([_tool("pyside6-lupdate"), "-locations", "none", *files, "-ts", str(fresh)],
                   check=True, capture_output=True)
    in_code = set(_messages(fresh))
    messages = _messages(committed)
    assert in_code, "lupdate found no marked string"
    missing = sorted(in_code - set(messages))
    assert not missing, f"marked in the code, not in desk_fr.ts (update-translations): {missing}"
    for key in sorted(in_code):
        translation = messages[key].find("translation")
        assert translation is not None
        assert translation.get("type") not in ("unfinished", "vanished", "obsolete"), key
        # a count's plural forms (numerus), each a whole translation; else the one text
        forms = [f.text or "" for f in translation.iter("numerusform")] or \
            [translation.text or ""]
        for text in forms:
            assert text.strip(), f"no French for {key}"
            # a translation must use the very placeholders that .format() fills
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(key[1])), key
            assert ("%n" in text) == ("%n" in key[1]), key  # a count keeps its number


def test_the_tables_strings_are_marked_for_lupdate() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "translation_marks", ROOT / "packaging" / "translation-marks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = (translations_dir() / "table_marks.py").read_text(encoding="utf-8")
    assert committed == module.marks(), "table_marks.py is stale: run update-translations"


def test_committed_qm_is_compiled_from_the_committed_ts(tmp_path: Path) -> None:
    compiled = tmp_path / "desk_fr.qm"
    subprocess.run([_tool("pyside6-lrelease"), "-removeidentical",
                    str(translations_dir() / "desk_fr.ts"), "-qm", str(compiled)],
                   check=True, capture_output=True)
    committed = translations_dir() / "desk_fr.qm"
    assert committed.read_bytes() == compiled.read_bytes(), \
        "desk_fr.qm is stale: run packaging/update-translations"


@pytest.fixture
def french(qapp: QApplication) -> Iterator[list[Any]]:
    translators = install_translators(qapp, "fr")
    yield translators
    remove_translators(qapp, translators)


def _menu_titles(window: MainWindow) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_the_window_in_french(french: list[Any], make_window: Any) -> None:
    assert len(french) == 2  # the desk's catalogue and Qt's own (qtbase_fr, from PySide6)
    window = make_window("belle-alliance")
    titles = _menu_titles(window)
    assert titles[:5] == ["&Fichier", "É&dition", "U&nité", "&Bond", "&Imprimer"]
    assert window.actions_by_name["close_bound"].text() == "&Clore le bond…"
    assert window.table_model.headerData(0, Qt.Orientation.Horizontal) == "Unité"
    assert window.filter_edit.placeholderText() == "Filtrer unités et ordres (Ctrl+F)"
    assert "bond" in window.statusBar().currentMessage()
    assert window.filter_edit.accessibleName() == "Filtre"  # the accessibility table's too
    text = Dialogs(window).close_text(CloseSummary(bound=3, units=12, without_order=("Ney",),
                                                   overruled=()))
    assert text.startswith("Clore le bond 3 pour 12 unités ?")
    assert "1 unité sans ordre (elle poursuit son dernier ordre" in text  # singular
    many = Dialogs(window).close_text(CloseSummary(bound=3, units=1, without_order=("Ney", "Lobau"),
                                                   overruled=()))
    assert many.startswith("Clore le bond 3 pour 1 unité ?")
    assert "2 unités sans ordre (chacune poursuit" in many
    arriving = Dialogs(window).close_text(CloseSummary(
        bound=3, units=12, without_order=(), overruled=(), arrivals=("Bülow",)))
    assert arriving.endswith("Renforts attendus au bond 4 : Bülow")
    # Qt's own buttons come from qtbase_fr
    box = QMessageBox(QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.Cancel)
    assert box.button(QMessageBox.StandardButton.Cancel).text().replace("&", "") == "Annuler"
    # the rules' words on the form come from their gettext catalogue, in the same language
    rate = window.form.editors["rate"]
    assert rate.accessibleName() == "Allure"
    formation = window.form.editors["formation"]
    labels = [formation.itemText(i) for i in range(formation.count())]
    assert "colonne de marche" in labels


def test_switching_back_leaves_the_rules_in_english(french: list[Any], qapp: QApplication,
                                                    make_window: Any) -> None:
    remove_translators(qapp, list(french))
    french.clear()
    window = make_window("belle-alliance")
    assert window.form.editors["rate"].accessibleName() == "Rate of march"


def test_english_by_default(make_window: Any) -> None:
    window = make_window("belle-alliance")
    assert _menu_titles(window)[:5] == ["&File", "&Edit", "&Unit", "&Bound", "&Print"]
    text = Dialogs(window).close_text(CloseSummary(bound=3, units=12, without_order=(),
                                                   overruled=()))
    assert text == "Close bound 3 for 12 units?"
    one = Dialogs(window).close_text(CloseSummary(bound=3, units=1, without_order=("Ney",),
                                                  overruled=()))
    assert one.startswith("Close bound 3 for 1 unit?\n\n1 unit without an order")
    arriving = Dialogs(window).close_text(CloseSummary(
        bound=3, units=12, without_order=(), overruled=(), arrivals=("Bülow", "Pirch (on a roll)")))
    assert arriving == ("Close bound 3 for 12 units?\n\n"
                        "Reinforcements due in bound 4: Bülow, Pirch (on a roll)")


def test_english_needs_no_catalogue(qapp: QApplication) -> None:
    assert install_translators(qapp, "en") == []


def test_the_language_menu_saves_the_choice(make_window: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    settings = Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat))
    assert settings.get(LANGUAGE) == "system"
    fill_language_menu(window.language_menu, window=window, settings=settings)
    actions = {a.objectName(): a for a in window.language_menu.actions()}
    assert set(actions) == {"language_system", "language_en", "language_fr"}
    assert actions["language_system"].isChecked()
    actions["language_fr"].trigger()
    assert settings.get(LANGUAGE) == "fr"
    assert actions["language_fr"].isChecked() and not actions["language_system"].isChecked()
    assert "next start" in window.statusBar().currentMessage()



def test_the_keys_table_names_the_keys_in_french(french: list[Any], qtbot: QtBot) -> None:
    from desk.ui.help.keys import KEYS, KeysDialog

    dialog = KeysDialog()
    qtbot.addWidget(dialog)
    keys = [row[0] for row in dialog.rows()]
    assert "Ctrl+Entrée" in keys and "Ctrl+Z, Ctrl+Maj+Z" in keys  # Qt's own key names
    assert "Tab, touches fléchées" in keys
    assert len(keys) == len(KEYS) and not any("Shift" in k or "Enter" in k for k in keys)
