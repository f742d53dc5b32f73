"""The colour schemes: every pair the desk draws is readable, and the views follow a change."""

from __future__ import annotations

from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desk.ui.orders.table import STATE
from desk.ui.palette import (
    DARK,
    LIGHT,
    PAIRS,
    SCHEMES,
    Colours,
    DeskPalette,
    Scheme,
    SchemeChoice,
    contrast,
)
from desk.ui.settings import COLOUR_SCHEME, Settings


def _scheme(palette: DeskPalette) -> Scheme:
    """The palette's scheme, read afresh (mypy would keep an earlier assert's narrowing)."""
    return palette.scheme


@pytest.fixture
def restore_app_palette(qapp: QApplication) -> Any:
    """Dark-mode tests restyle the application: put it back for the next test."""
    style, palette = qapp.style().name(), qapp.palette()
    yield
    qapp.setStyle(style)
    qapp.setPalette(palette)


def test_contrast_matches_the_wcag_formula() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    # the old colours on a dark base: what issue 16 measured
    assert contrast("#b3261e", "#1e1e1e") == pytest.approx(2.55, abs=0.01)
    assert contrast("#ffffff", "#fff2b3") == pytest.approx(1.13, abs=0.01)


@pytest.mark.parametrize("scheme", list(Scheme))
def test_every_pair_is_readable(scheme: Scheme) -> None:
    colours = SCHEMES[scheme]
    poor = [f"{fg} on {bg}: {contrast(getattr(colours, fg), getattr(colours, bg)):.2f}"
            for fg, bg, least in PAIRS
            if contrast(getattr(colours, fg), getattr(colours, bg)) < least]
    assert not poor, f"{scheme}: {poor}"


def test_every_colour_is_in_some_pair() -> None:
    used = {name for fg, bg, _least in PAIRS for name in (fg, bg)}
    assert used == set(Colours.__dataclass_fields__), "a colour no contrast test looks at"


def test_schemes_differ_in_every_background() -> None:
    for name in ("base", "alternate_base", "window", "changed", "note"):
        assert getattr(LIGHT, name) != getattr(DARK, name)


def test_dark_choice_draws_the_dark_backgrounds(qapp: QApplication,
                                                 restore_app_palette: Any) -> None:
    palette = DeskPalette(SchemeChoice.LIGHT)
    palette.apply()
    seen: list[bool] = []
    palette.changed.connect(lambda: seen.append(True))
    palette.set_choice(SchemeChoice.DARK)
    assert seen == [True]
    assert palette.scheme is Scheme.DARK
    drawn = qapp.palette()
    assert drawn.color(QPalette.ColorRole.Base).name() == DARK.base
    assert drawn.color(QPalette.ColorRole.AlternateBase).name() == DARK.alternate_base
    assert drawn.color(QPalette.ColorRole.Window).name() == DARK.window
    assert drawn.color(QPalette.ColorRole.Highlight).name() == DARK.highlight
    palette.set_choice(SchemeChoice.LIGHT)
    assert qapp.palette().color(QPalette.ColorRole.Base).name() == LIGHT.base


def test_system_choice_follows_the_platform(qapp: QApplication) -> None:
    palette = DeskPalette(SchemeChoice.SYSTEM)
    system = qapp.styleHints().colorScheme()
    assert palette.scheme is (Scheme.DARK if system == Qt.ColorScheme.Dark else Scheme.LIGHT)


def test_system_change_is_followed_unless_overridden(qapp: QApplication,
                                                     restore_app_palette: Any) -> None:
    following, light = DeskPalette(SchemeChoice.SYSTEM), DeskPalette(SchemeChoice.LIGHT)
    hints = qapp.styleHints()
    before = hints.colorScheme()
    try:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # what the platform says
        assert following.scheme is Scheme.DARK
        assert light.scheme is Scheme.LIGHT
        assert qapp.palette().color(QPalette.ColorRole.Window).name() == DARK.window
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert _scheme(following) is Scheme.LIGHT  # the signal changed it
    finally:
        hints.colorSchemeChanged.emit(before)


def test_desk_remembers_the_choice(tmp_path: Any, restore_app_palette: Any) -> None:
    from PySide6.QtCore import QSettings

    from desk.ui.app import Desk

    ini = str(tmp_path / "desk.ini")
    desk = Desk(Settings(QSettings(ini, QSettings.Format.IniFormat)))
    assert desk.palette.choice is SchemeChoice.SYSTEM
    desk.palette.set_choice(SchemeChoice.DARK)
    desk.settings.sync()
    again = Desk(Settings(QSettings(ini, QSettings.Format.IniFormat)))
    assert again.palette.choice is SchemeChoice.DARK
    assert again.palette.scheme is Scheme.DARK


def test_stored_choice_is_read_back_and_a_bad_one_means_system(tmp_path: Any) -> None:
    from PySide6.QtCore import QSettings

    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert DeskPalette.choice_of(settings.get(COLOUR_SCHEME)) is SchemeChoice.SYSTEM
    settings.set(COLOUR_SCHEME, "dark")
    assert DeskPalette.choice_of(settings.get(COLOUR_SCHEME)) is SchemeChoice.DARK
    assert DeskPalette.choice_of("purple") is SchemeChoice.SYSTEM


def test_views_ask_the_palette_at_data_time(make_window: Any,
                                            restore_app_palette: Any) -> None:
    window = make_window()
    rows = window.table_model.rows()
    window.select_unit(rows[0].unit_id)
    missing = next(r for r, row in enumerate(rows) if row.status == "none")
    index = window.table_model.index(missing, STATE)
    light = index.data(Qt.ItemDataRole.ForegroundRole).color().name()
    assert light == LIGHT.missing
    window.findChild(type(window.actions_by_name["keys"]), "scheme_dark").trigger()
    assert window.palette_.scheme is Scheme.DARK
    assert index.data(Qt.ItemDataRole.ForegroundRole).color().name() == DARK.missing
    assert DARK.note in window.form.draft_note.styleSheet()


def test_no_colour_is_hard_coded_outside_the_palette() -> None:
    import re
    from pathlib import Path

    import desk.ui

    folder = Path(desk.ui.__file__).parent
    found = [f"{path.name}: {match}" for path in folder.rglob("*.py") if path.name != "palette.py"
             for match in re.findall(r"#[0-9a-fA-F]{6}\b|QColor\(\"", path.read_text())]
    assert not found


def test_a_scheme_change_after_the_window_went_reaches_no_dead_widget(
        make_window: Any, qtbot: QtBot, restore_app_palette: Any) -> None:
    window = make_window()
    palette = DeskPalette(SchemeChoice.LIGHT)  # outlives the window, as the Desk's does
    from desk.ui.app import build_window

    other = build_window(store=window.ops.store, palette=palette)
    other.select_unit(other.table_model.rows()[0].unit_id)
    other.close()
    other.deleteLater()
    qtbot.wait(10)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # deleted now
    assert not shiboken6.isValid(other)
    palette.set_choice(SchemeChoice.DARK)  # must not touch the deleted window's widgets
    assert palette.scheme is Scheme.DARK
