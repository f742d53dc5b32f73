"""The gettext catalogues: every marked string has a French translation, with the same
placeholders, and the committed .mo says what its .po says (not stale)."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

from desk import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "resources" / "locale"
MARKERS = {"_", "N_"}


def marked_strings() -> dict[str, str]:
    """Every literal passed to _() or N_() below the window, with where it is."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "desk").rglob("*.py")):
        if "ui" in path.relative_to(ROOT / "desk").parts[:1]:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in MARKERS and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str) and node.args[0].value):
                found.setdefault(node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def read_po(path: Path) -> dict[str, str]:
    """msgid → msgstr of a .po file (obsolete entries left out)."""
    catalogue: dict[str, str] = {}
    text = path.read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        current: str | None = None
        parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}
        for line in lines:
            keyword, _sep, rest = line.partition(" ")
            if keyword in parts:
                current, line = keyword, rest
            if current and line.startswith('"'):
                parts[current].append(ast.literal_eval(line))
        if parts["msgid"] or parts["msgstr"]:
            catalogue["".join(parts["msgid"])] = "".join(parts["msgstr"])
    return catalogue


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"(?<!\{)\{(\w*)[^{}]*\}", text))


def languages() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/desk.po"))


def test_french_is_shipped() -> None:
    assert "fr" in i18n.available_languages()
    assert LOCALE / "fr" / "LC_MESSAGES" / "desk.po" in languages()


@pytest.mark.parametrize("po", languages(), ids=lambda p: p.parts[-3])
def test_every_marked_string_is_translated_with_its_placeholders(po: Path) -> None:
    catalogue = read_po(po)
    missing = {s: where for s, where in marked_strings().items() if not catalogue.get(s)}
    assert not missing, (f"{len(missing)} marked strings have no translation in {po.name}; "
                         "run packaging/update-translations-gettext and translate: "
                         + "; ".join(f"{w}: {s!r}" for s, w in list(missing.items())[:10]))
    wrong = [s for s, t in catalogue.items()
             if s and t and placeholders(s) != placeholders(t)]
    assert not wrong, f"placeholders differ in {po.name}: {wrong}"


@pytest.mark.parametrize("po", languages(), ids=lambda p: p.parts[-3])
def test_the_compiled_catalogue_matches_its_source(po: Path) -> None:
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo} is missing: run packaging/update-translations-gettext"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    source = {k: v for k, v in read_po(po).items() if k and v}
    stale = [k for k, v in source.items() if compiled.gettext(k) != v]
    assert not stale, (f"{mo} is stale against {po.name} (run "
                       f"packaging/update-translations-gettext): {stale[:5]}")
    # and no translation lives only in the .mo (one removed from the .po)
    catalog = getattr(compiled, "_catalog", {})
    extra = [k for k in catalog if isinstance(k, str) and k and k not in source]
    assert not extra, f"{mo} holds strings its .po no longer has: {extra[:5]}"


def test_the_template_holds_every_marked_string() -> None:
    template = read_po(LOCALE / "desk.pot")
    missing = [s for s in marked_strings() if s not in template]
    assert not missing, ("desk.pot is stale (run packaging/update-translations-gettext): "
                         f"{missing[:5]}")


def test_english_is_the_default_and_a_language_is_restored() -> None:
    assert i18n.current_language() == "en"
    assert i18n._("Order as written") == "Order as written"
    with i18n.language("fr_FR.UTF-8") as chosen:
        assert chosen == "fr"
        assert i18n._("Order as written") == "Ordre tel qu'écrit"
        assert i18n._("") == ""  # never the catalogue's header
    assert i18n._("Order as written") == "Order as written"


def test_an_unknown_language_is_one_clear_refusal_and_changes_nothing() -> None:
    with pytest.raises(i18n.UnknownLanguageError, match=r"no translation for language 'xx' "
                       r"\(available: en, fr\)"):
        i18n.use_language("xx")
    assert i18n.current_language() == "en"


def test_the_environment_picks_the_first_shipped_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert i18n.environment_language() == "fr"
    monkeypatch.setenv("LANGUAGE", "de:fr")
    assert i18n.environment_language() == "fr"
    monkeypatch.setenv("LANGUAGE", "C")
    assert i18n.environment_language() is None
