"""The window's language: Qt translators for the desk's own strings and Qt's standard dialogs.

The desk is written in English; a translation is a compiled Qt catalogue
(``resources/i18n/desk_fr.qm``, found through :mod:`desk.resources`), loaded
with Qt's own catalogue for the standard dialogs and buttons (``qtbase_fr.qm``,
shipped with PySide6). The choice is the :data:`~desk.ui.settings.LANGUAGE`
setting: the system's language by default, or English or French. Strings are
translated when a widget is built, so a new choice takes effect at the next
start (the menu says so).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QTranslator,
)
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu

from desk import i18n
from desk.resources import translations_dir
from desk.ui.settings import LANGUAGE, Settings

# The setting's values, with their names in the menu (a language's own name for itself).
LANGUAGES = (("system", QT_TRANSLATE_NOOP("Language", "System language")),
             ("en", "English"), ("fr", "Français"))
CATALOGUE = "desk"  # desk_fr.qm


def locale_for(language: str) -> QLocale:
    """The locale of a setting's value ("system" or an unknown value: the system's)."""
    if language == "en":
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)
    if language == "fr":
        return QLocale(QLocale.Language.French, QLocale.Country.France)
    return QLocale.system()


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Load and install the desk's and Qt's catalogues for ``language``; return those loaded.

    English needs none (the strings are written in it). A catalogue that is
    missing is skipped: the window then shows English, never an error.
    """
    locale = locale_for(language)
    try:  # the rules' and sheets' words follow the window (their gettext catalogue)
        i18n.use_language(locale.name())
    except i18n.UnknownLanguageError:
        i18n.use_language("en")  # a language the desk does not speak: English throughout
    if locale.language() in (QLocale.Language.English, QLocale.Language.C):
        return []
    installed: list[QTranslator] = []
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in ((CATALOGUE, str(translations_dir())), ("qtbase", qt_dir)):
        translator = QTranslator(app)  # the application keeps it alive
        if translator.load(locale, name, "_", folder):
            app.installTranslator(translator)
            installed.append(translator)
        else:
            translator.deleteLater()
    return installed


def remove_translators(app: QCoreApplication, translators: list[QTranslator]) -> None:
    """Take translators off again, and the rules' words back to English (tests that switch)."""
    i18n.use_language("en")
    for translator in translators:
        app.removeTranslator(translator)
        translator.deleteLater()


def fill_language_menu(menu: QMenu, *, window: QMainWindow, settings: Settings) -> None:
    """One checkable entry per language; a choice is saved and applies at the next start."""
    menu.clear()
    group = QActionGroup(menu)
    chosen = settings.get(LANGUAGE)
    for code, label in LANGUAGES:
        text = QCoreApplication.translate("Language", str(label)) if code == "system" \
            else str(label)
        action = menu.addAction(text)
        action.setObjectName(f"language_{code}")
        action.setCheckable(True)
        action.setChecked(code == chosen)
        group.addAction(action)

        def choose(_checked: bool = False, code: str = code) -> None:
            settings.set(LANGUAGE, code)
            settings.sync()
            window.statusBar().showMessage(QCoreApplication.translate(
                "Language", "The language changes at the next start of the desk."))

        action.triggered.connect(choose)
