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

:func:`read_words` is the one reading of an order's words against its fields,
used by the order form as the umpire types, by its Hold key (:func:`hold_order`)
and by the import of filled sheets, so the three cannot disagree: a field the
words ask for is set where it is still at its default (or was set by the words
before, ``owned``); where the umpire gave another value, the words and the
fields disagree and the caller asks which one stands.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from functools import cache

from desk.i18n import _, term
from desk.rules.base import WARNING, FieldKind, FieldSpec, Finding, RulesSystem, finding
from desk.rules.records import OrderFields, fields_record
from desk.rules.ruleset import read_data_file


@dataclass(frozen=True)
class WordMatch:
    """One phrase found in an order: which field and value it says."""

    field: str
    value: str | bool  # the data key's value; "yes" read as True
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
            typed: str | bool = True if value == "yes" else str(value)
            rows += [WordMatch(str(field), typed, str(p)) for p in phrases if str(p).strip()]
    return tuple(sorted(rows, key=lambda m: -len(m.phrase)))


@cache
def _patterns(table: tuple[WordMatch, ...]) -> tuple[tuple[WordMatch, re.Pattern[str]], ...]:
    """Each phrase of a table as a whole-word pattern, folded and compiled once: the form
    reads the words at every keystroke, and folding 80 phrases each time was most of it."""
    return tuple((row, re.compile(rf"(?<!\w){re.escape(fold(row.phrase))}(?!\w)"))
                 for row in table)


def matches(table: tuple[WordMatch, ...], verbatim: str) -> tuple[WordMatch, ...]:
    """The phrases written in ``verbatim``, one per field: the first written wins.

    A phrase inside a longer one found ("fast" in "stand fast") does not count.
    """
    text = fold(verbatim or "")
    spans: list[tuple[int, int, WordMatch]] = []
    for row, pattern in _patterns(table):  # longest first: a longer phrase claims its span
        for hit in pattern.finditer(text):
            if not any(a <= hit.start() and hit.end() <= b for a, b, _ in spans):
                spans.append((hit.start(), hit.end(), row))
    found: dict[str, WordMatch] = {}
    for _start, _end, row in sorted(spans, key=lambda s: s[0]):
        found.setdefault(row.field, row)
    return tuple(found.values())


def _shown(value: object) -> str:
    """A value as the data key names it ("yes", "halt"): the finding's citation."""
    if value is True:
        return "yes"
    if value in (False, None, ""):
        return "not set"
    return str(value)


def _said(value: object) -> str:
    """A value in the reader's words ("oui", "pas de charge")."""
    if value is True:
        return _("yes")
    if value in (False, None, ""):
        return _("not set")
    return term(value)


def agrees(have: object, value: object) -> bool:
    """True when a field's value is the one the words ask for ("halt" == Rate.HALT)."""
    return have == value or (isinstance(have, str) and have.strip().lower() == value)


class Worded:
    """``suggest`` and ``word_findings`` for a rules system whose data has ``[words]``."""

    id: str

    def suggest(self, verbatim: str) -> OrderFields:
        """The fields the written words ask for: "Halte!" -> {"rate": "halt"}."""
        return fields_record({m.field: m.value for m in matches(word_table(self.id), verbatim)})

    def word_findings(self, *, verbatim: str, fields: Mapping[str, object]) -> list[Finding]:
        """A warning for each field whose written word and value disagree."""
        out: list[Finding] = []
        # the field's label as the form shows it, in the reader's language ("allure")
        specs: tuple[FieldSpec, ...] = getattr(self, "order_fields", tuple)()
        labels = {spec.name: _(spec.label)[:1].lower() + _(spec.label)[1:] for spec in specs}
        for m in matches(word_table(self.id), verbatim):
            if agrees(fields.get(m.field), m.value):
                continue
            out.append(finding("WORDS_DISAGREE", WARNING, f"words.{m.field}.{_shown(m.value)}",
                               _("'{phrase}' written, {field} is {value}").format(
                                   phrase=m.phrase,
                                   field=labels.get(m.field, m.field.replace("_", " ")),
                                   value=_said(fields.get(m.field)))))
        return out


@dataclass(frozen=True)
class WordReading:
    """What an order's written words make of its fields (see :func:`read_words`).

    ``fields``: the order's fields after the reading (the words' values set where
    the field was at its default or set by the words before); ``read``: the values
    the words set; ``disagree``: the values the words ask for where the umpire
    gave another one (the fields keep it); ``phrases``: the phrase written for
    each field the words name, as the data spells it.
    """

    fields: OrderFields
    read: dict[str, object] = _field(default_factory=dict)
    disagree: dict[str, object] = _field(default_factory=dict)
    phrases: dict[str, str] = _field(default_factory=dict)

    @property
    def agreed(self) -> bool:
        """True when nothing the words ask for is refused by the fields."""
        return not self.disagree

    def applied(self) -> dict[str, object]:
        """The fields with the words' values where they disagree too (the umpire chose the
        words)."""
        return {**self.fields, **self.disagree}


def _plain(value: object) -> object:
    return getattr(value, "value", value)


def at_default(spec: FieldSpec, value: object) -> bool:
    """True when a field is not given, or given as its default (a sheet's "normal")."""
    if value in (None, "") or (value is False and spec.kind is FieldKind.FLAG):
        return True
    return spec.default is not None and _plain(value) == _plain(spec.default)


def read_words(system: RulesSystem, *, verbatim: str, fields: Mapping[str, object],
               owned: Mapping[str, object] | None = None,
               kept: Collection[str] = ()) -> WordReading:
    """Read ``verbatim`` against the ``fields`` given (defaults left out).

    A field the words ask for takes their value when it is at its default, or
    when it still holds the value the words set before (``owned``); a field in
    ``kept`` (the umpire set it by hand) never changes. A field the words set
    before and no longer ask for returns to its default. Every other field whose
    completed value is not the words' is a disagreement, left as given.
    """
    specs = {s.name: s for s in system.order_fields() if not s.derived}
    owned = owned or {}
    asked = {m.field: m for m in matches(word_table(system.id), verbatim)
             if m.field in specs}
    out = dict(fields)
    read: dict[str, object] = {}
    for name, value in owned.items():  # the words set it and no longer ask for it
        if name not in asked and name not in kept and agrees(out.get(name), value):
            out.pop(name, None)
    for name, m in asked.items():
        given = out.get(name)
        free = at_default(specs[name], given) or (name in owned and agrees(given, owned[name]))
        if name in kept or not free:
            continue
        if at_default(specs[name], given) and agrees(
                system.complete(fields_record({k: v for k, v in out.items() if k != name}))
                .fields.get(name),
                m.value):
            continue  # the rules' default already says what the words say
        out[name] = m.value
        read[name] = m.value
    completed = system.complete(fields_record(out)).fields
    disagree: dict[str, object] = {name: m.value for name, m in asked.items()
                if not agrees(completed.get(name), m.value)}
    return WordReading(fields=fields_record(out), read=read, disagree=disagree,
                       phrases={name: m.phrase for name, m in asked.items()})


def read_findings(system: RulesSystem, reading: WordReading) -> list[Finding]:
    """A note on each field the words set: the order's fields were read from its words."""
    specs = {s.name: s for s in system.order_fields()}
    out: list[Finding] = []
    for name, value in reading.read.items():
        label = _(specs[name].label) if name in specs else name.replace("_", " ")
        out.append(finding("WORDS_READ", WARNING, f"words.{name}.{_shown(value)}",
                           _("'{phrase}' written: {field} set to {value} from the "
                             "words").format(phrase=reading.phrases.get(name, ""),
                                               field=label[:1].lower() + label[1:],
                                               value=_said(value))))
    return out


@dataclass(frozen=True)
class HoldOrder:
    """An order to hold, as the Hold key writes it: its text and its fields."""

    verbatim: str
    fields: dict[str, object]


def hold_order(system: RulesSystem, *, verbatim: str, fields: Mapping[str, object],
               word: str) -> HoldOrder | None:
    """The order to hold where it stands, in this system's terms (``hold_fields()``),
    the other fields kept; an empty text becomes ``word`` ("Hold"). None: the system
    has no order to hold."""
    hold = system.hold_fields()
    if not hold:
        return None
    return HoldOrder(verbatim=verbatim.strip() or word, fields={**fields, **hold})
