"""The desk's words in the reader's language, below the window (gettext, no Qt).

The command line, the PDF sheets, the players' vocabulary and the rules' findings
speak through the standard library's :mod:`gettext`, domain ``desk``, catalogues in
``resources/locale/<lang>/LC_MESSAGES/desk.mo`` (found through :mod:`desk.resources`,
so a checkout, a wheel and the frozen bundle all work). English is the source
language and the default: with no catalogue chosen every string is its own id.

How ``_()`` reaches the rules. The rules, the sheets and the command line call
``_("...")`` at the moment they build a sentence; the catalogue it reads is held by
one module-level object, :data:`_ACTIVE`, that only the program's entry points set:
the command line (``desk --language fr ...``, or the LANGUAGE/LC_ALL/LC_MESSAGES/LANG
environment) through :func:`language`, the window through :func:`use_language` with
its language setting. This is the single documented exception to the desk's "no
globals" rule, for the same reason as logging's root logger: the language is a fact
about the process, not about a call, and threading a translator through every
``check()``, ``finding()`` and sheet flowable would change every rules signature for
no gain in testability (:func:`language` sets and restores it around a test).
The alternative, rules returning message ids and parameters rendered later, would
change the :class:`~desk.rules.base.Finding` shape the store and the window read.

Strings evaluated when a module is imported (tables of labels, FieldSpec labels)
are marked with :func:`N_` and translated where they are shown, with :func:`_`.
Placeholders are named and formatted after translation:
``_("Bound {n} report").format(n=3)``.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from desk.resources import resources_dir

DOMAIN = "desk"
SOURCE_LANGUAGE = "en"


class _Active:
    """The catalogue in use (English, the identity, until an entry point says otherwise)."""

    def __init__(self) -> None:
        self.translations: _gettext.NullTranslations = _gettext.NullTranslations()
        self.language: str = SOURCE_LANGUAGE


_ACTIVE = _Active()


class UnknownLanguageError(ValueError):
    """A language was asked for by name and the desk has no catalogue for it."""


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/desk.mo``."""
    return resources_dir() / "locale"


def available_languages() -> tuple[str, ...]:
    """The languages the desk speaks: English and every shipped catalogue, sorted."""
    found = {SOURCE_LANGUAGE}
    root = locale_dir()
    if root.is_dir():
        found.update(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return tuple(sorted(found))


def _normalise(name: str) -> str:
    """``fr_FR.UTF-8`` → ``fr_FR``; ``fr-CA`` → ``fr_CA``."""
    return name.split(".")[0].split("@")[0].replace("-", "_").strip()


def environment_language() -> str | None:
    """The language the standard environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES,
    LANG, in gettext's order), the first the desk has a catalogue for; None when none."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if not value:
            continue
        for wanted in value.split(":"):
            resolved = _resolve(_normalise(wanted))
            if resolved is not None:
                return resolved
        return None  # the first variable set decides, as gettext reads it
    return None


def _resolve(name: str) -> str | None:
    """The shipped language for ``name`` (``fr_CA`` falls back to ``fr``), or None."""
    if not name or name in ("C", "POSIX"):
        return None
    shipped = available_languages()
    for candidate in (name, name.split("_")[0]):
        if candidate in shipped:
            return candidate
    return None


def _load(name: str) -> _gettext.NullTranslations:
    if name == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(locale_dir()), languages=[name])


def use_language(name: str | None) -> str:
    """Speak ``name`` ("fr", "fr_FR", "en") from now on; None or "" follows the
    environment. Returns the language in use. The window calls this once with its
    setting; an unknown name raises :class:`UnknownLanguageError` and changes nothing."""
    if name:
        resolved = _resolve(_normalise(name))
        if resolved is None:
            raise UnknownLanguageError(
                f"no translation for language '{name}' "
                f"(available: {', '.join(available_languages())})"
            )
    else:
        resolved = environment_language() or SOURCE_LANGUAGE
    translations = _load(resolved)
    _ACTIVE.translations, _ACTIVE.language = translations, resolved
    return resolved


def current_language() -> str:
    """The language in use, e.g. ``"en"`` or ``"fr"``."""
    return _ACTIVE.language


@contextmanager
def language(name: str | None) -> Iterator[str]:
    """Speak ``name`` inside the block and restore the previous language after it
    (the command line's entry point, and tests)."""
    saved = (_ACTIVE.translations, _ACTIVE.language)
    try:
        yield use_language(name)
    finally:
        _ACTIVE.translations, _ACTIVE.language = saved


def _(message: str) -> str:
    """``message`` in the language in use (itself in English or when untranslated)."""
    if not message:  # gettext's "" is the catalogue's header, never a sentence
        return message
    return _ACTIVE.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in use."""
    return _ACTIVE.translations.ngettext(singular, plural, n)


def term(value: object) -> str:
    """A rules system's word for a value, in the language in use: a choice id, a state
    word, an arm or a unit type ("column-of-march", "good-order", "light-cavalry") is
    spelled plainly and looked up in the catalogue ("colonne de marche", "bon ordre",
    "cavalerie légère"); an unknown one stays spelled plainly. The one place the
    window, the sheets and the rules' sentences turn an id into words.
    (The catalogue's entries come from :mod:`desk.rules.terms`.)"""
    text = str(getattr(value, "value", value)).replace("-", " ").replace("_", " ").strip()
    return _(text) if text else text


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (import-time tables)."""
    return message
