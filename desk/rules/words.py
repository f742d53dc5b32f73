"""The words of a written order that the rules data knows, and the fields they suggest.

Each ruleset's TOML data keeps a ``[words.<field>]`` table: for each value of
the field, the words (English and French) that say it in a written order::

    [words.rate]
    halt = ["halt", "hold", "halte"]

A flag field's value is written ``yes``. :class:`Worded` gives a rules system
``suggest(verbatim)`` (the fields the words ask for) and ``word_findings()`` (a
warning where the words written and the fields disagree). The findings cite the
data key they rest on (``words.rate.halt``), since RULES.md has no clause for
reading an order's words. Matching ignores case and accents, and takes whole
words only ("charge" is not found in "surcharged"); where several values of one
field are written, the first one written wins.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from desk.i18n import _, term
from desk.rules.base import WARNING, FieldSpec, Finding, finding
from desk.rules.ruleset import read_data_file


@dataclass(frozen=True)
class WordMatch:
    """One phrase found in an order: which field and value it says."""

    field: str
    value: Any
    phrase: str  # as the data file spells it


def fold(text: str) -> str:
    """Lower case, accents dropped, runs of blanks made one: "Carré" -> "carre"."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


@cache
def word_table(system_id: str) -> tuple[WordMatch, ...]:
    """Every (field, value, phrase) of a ruleset's ``[words]`` tables, longest phrase first."""
    raw = read_data_file(system_id, name=system_id).get("words", {})
    rows: list[WordMatch] = []
    for field, values in raw.items() if isinstance(raw, Mapping) else ():
        for value, phrases in values.items() if isinstance(values, Mapping) else ():
            typed: Any = True if value == "yes" else value
            rows += [WordMatch(str(field), typed, str(p)) for p in phrases if str(p).strip()]
    return tuple(sorted(rows, key=lambda m: -len(m.phrase)))


def matches(table: tuple[WordMatch, ...], verbatim: str) -> tuple[WordMatch, ...]:
    """The phrases written in ``verbatim``, one per field: the first written wins.

    A phrase inside a longer one found ("fast" in "stand fast") does not count.
    """
    text = fold(verbatim or "")
    spans: list[tuple[int, int, WordMatch]] = []
    for row in table:  # longest first, so a longer phrase claims its span first
        for hit in re.finditer(rf"(?<!\w){re.escape(fold(row.phrase))}(?!\w)", text):
            if not any(a <= hit.start() and hit.end() <= b for a, b, _ in spans):
                spans.append((hit.start(), hit.end(), row))
    found: dict[str, WordMatch] = {}
    for _start, _end, row in sorted(spans, key=lambda s: s[0]):
        found.setdefault(row.field, row)
    return tuple(found.values())


def _shown(value: Any) -> str:
    """A value as the data key names it ("yes", "halt"): the finding's citation."""
    if value is True:
        return "yes"
    if value in (False, None, ""):
        return "not set"
    return str(value)


def _said(value: Any) -> str:
    """A value in the reader's words ("oui", "pas de charge")."""
    if value is True:
        return _("yes")
    if value in (False, None, ""):
        return _("not set")
    return term(value)


class Worded:
    """``suggest`` and ``word_findings`` for a rules system whose data has ``[words]``."""

    id: str

    def suggest(self, verbatim: str) -> dict[str, Any]:
        """The fields the written words ask for: "Halte!" -> {"rate": "halt"}."""
        return {m.field: m.value for m in matches(word_table(self.id), verbatim)}

    def word_findings(self, *, verbatim: str, fields: Mapping[str, Any]) -> list[Finding]:
        """A warning for each field whose written word and value disagree."""
        out: list[Finding] = []
        # the field's label as the form shows it, in the reader's language ("allure")
        specs: tuple[FieldSpec, ...] = getattr(self, "order_fields", tuple)()
        labels = {spec.name: _(spec.label)[:1].lower() + _(spec.label)[1:] for spec in specs}
        for m in matches(word_table(self.id), verbatim):
            have = fields.get(m.field)
            if have == m.value or (isinstance(have, str) and have.strip().lower() == m.value):
                continue
            out.append(finding("WORDS_DISAGREE", WARNING, f"words.{m.field}.{_shown(m.value)}",
                               _("'{phrase}' written, {field} is {value}").format(
                                   phrase=m.phrase,
                                   field=labels.get(m.field, m.field.replace("_", " ")),
                                   value=_said(have))))
        return out
