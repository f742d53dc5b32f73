"""The window in French shows no English word of the game.

The French translators are installed, the window is built over each demo
campaign and played a little (orders entered, one overruled, a LIM drawn), then
every visible text is collected: labels, buttons, group titles, tabs, combo
items, table and tree headers and cells. The texts lose the campaign's own
proper names first (units, commands, leaders, sides, features: "F/11th
Infantry" is a name), and dotted data keys ("words.rate.charge"); what is left
must hold none of a short list of English words of the domain. A string that
slips past the catalogues (a rules id spelled out, an English journal line, a
TOML label) fails here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QTabWidget,
    QTreeView,
    QWidget,
)
from scripted_dialogs import scripted
from sqlmodel import select

from desk.store.tables.oob import Command, Leader, Side, Unit
from desk.store.tables.terrain import TerrainFeature
from desk.ui.language import install_translators, remove_translators
from desk.ui.main_window import MainWindow
from desk.ui.screenshots import _play_a_little

# English words of the game that a French screen must not show.
ENGLISH = ("infantry", "cavalry", "artillery", "column", "line", "order", "orders", "bound",
           "unit", "units", "disorder", "march", "halt", "keep", "fast", "forward",
           "backward", "square", "skirmish", "written", "default", "strategic", "tactical",
           "withdrawal", "screening", "none", "cancelled", "accepted", "rest", "work")
_WORD = re.compile(r"[^\W\d_]+")


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    translators = install_translators(qapp, "fr")
    yield
    remove_translators(qapp, translators)


def _model_texts(view: QAbstractItemView) -> list[str]:
    model = view.model()
    texts: list[str] = []

    def count(kind: str, parent: QModelIndex) -> int:
        try:
            return int(getattr(model, kind)(parent))
        except TypeError:  # a list model's columnCount takes no parent in PySide
            return 1

    for column in range(count("columnCount", QModelIndex())):
        texts.append(str(model.headerData(column, Qt.Orientation.Horizontal) or ""))

    def walk(parent: QModelIndex, depth: int) -> None:
        for row in range(count("rowCount", parent)):
            for column in range(count("columnCount", parent)):
                index = model.index(row, column, parent)
                texts.append(str(model.data(index) or ""))
                if column == 0 and depth < 4 and isinstance(view, QTreeView):
                    walk(index, depth + 1)

    walk(QModelIndex(), 0)
    return texts


def visible_texts(window: QWidget) -> list[str]:
    """Every text the window shows (its visible widgets, and its views' whole models)."""
    texts: list[str] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window):
            continue
        if isinstance(widget, QLabel):
            texts.append(re.sub(r"<[^>]+>", " ", widget.text()))
        elif isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            texts += _model_texts(widget)
    return [t for t in texts if t.strip()]


def proper_names(window: MainWindow) -> list[str]:
    """The campaign's own names, longest first (they are data, not the desk's words)."""
    with window.ops.store.session() as session:
        names = {*session.exec(select(Unit.name)), *session.exec(select(Command.name)),
                 *session.exec(select(Side.name)), *session.exec(select(Leader.name)),
                 *session.exec(select(TerrainFeature.name))}
    cup = window.ops.lim.cup() if window.lim_panel is not None else None
    names |= {item.chit for item in cup.items} if cup is not None else set()  # scenario's LIMs
    return sorted((n for n in names if n), key=len, reverse=True)


def english_words(texts: list[str], names: list[str]) -> set[tuple[str, str]]:
    """(word, text) for each English word left once the names and data keys are gone."""
    found = set()
    for text in texts:
        plain = text
        for name in names:
            plain = plain.replace(name, " ")
        plain = re.sub(r"\S+\.\S+", " ", plain)  # words.rate.charge: a data key, cited
        for word in _WORD.findall(plain.lower()):
            if word in ENGLISH:
                found.add((word, text))
    return found


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_the_french_window_shows_no_english_word(french: None, make_window: Any,
                                                 system: str) -> None:
    window = make_window(system)
    window.resize(1366, 768)
    window.show()
    QApplication.processEvents()
    scripted(window).reason = "Décision de l'arbitre"
    _play_a_little(window)
    QApplication.processEvents()
    texts = visible_texts(window)
    assert len(texts) > 100  # the walk reached the tables, not only the buttons
    assert english_words(texts, proper_names(window)) == set()


def test_the_walk_catches_an_english_word() -> None:
    texts = ["colonne de marche", "F/11th Infantry", "keep formation (par défaut)",
             "▲ words.rate.charge  'charge' écrit"]
    assert english_words(texts, ["F/11th Infantry"]) == {
        ("keep", "keep formation (par défaut)")}
