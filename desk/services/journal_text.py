"""Journal lines in the reader's language, rendered when shown.

The journal is append-only text in the database, written in English by the
services ("Order for 1/5e Ligne cancelled."), so that a campaign file reads the
same on every desk and old files keep working without a schema change. A line
is translated when it is shown: :func:`shown` matches it against the services'
templates below, translates the template through the gettext catalogue and puts
the values back in (a status or an event kind through :func:`desk.i18n.term`).
A line that matches no template (an older wording, a rules system's own
sentence) is shown as written.
"""

from __future__ import annotations

import re
from functools import cache

from desk.i18n import N_, SOURCE_LANGUAGE, _, current_language, term

# The services' journal sentences, most specific first (the first match wins).
TEMPLATES: tuple[str, ...] = (
    N_("Order for {unit}: {summary} (defaults: {fields})"),
    N_("Order for {unit} amended: {summary}"),
    N_("Order for {unit} imported from a filled sheet as a draft: {summary}"),
    N_("Order for {unit} put back as it was ({status})."),
    N_("Order for {unit} cancelled."),
    N_("Order for {unit}: {summary}"),
    N_("Umpire overruled the rules for {unit}'s order: {findings}"),
    N_("Event {kind} of {unit} struck out."),
    N_("{side} no longer saw {unit} in bound {bound}."),
    N_("{side} saw {unit} in bound {bound}."),
    N_("Campaign {name} created with {n} units ({rules})."),
    N_("Bound {number} closed: {units} units carried into bound {next} ({without} without "
       "orders); the clock reads {clock}."),
    # Belle Alliance's lines at the close (desk/rules/belle_alliance/state.py, events.py)
    N_("Bound {bound}: no order: moved at the {rate} rate as far as possible (BA-1, BA-2)"),
    N_("Bound {bound}: halted where it stood, moved {cm} cm (halt.moves_cm)"),
    N_("Charged in bound {bound}: may charge again from bound {again} (BA-14)"),
    N_("Negative melee factor in bound {penalty} (BA-13)"),
    N_("Negative melee factor through bound {penalty} (BA-13)"),
    N_("Still crossing {feature} since bound {since} (BA-20)"),
    N_("Bound {bound}: forced action: now at the {rate} rate (BA-1)"),
    N_("Bound {bound}: now in {label}"),
)
_WORDS = frozenset({"status", "kind", "rate"})  # rules words, shown through term()
_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # literal, name, literal, name, ...
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                    for i, p in enumerate(parts))
    return re.compile(f"^{regex}$", re.DOTALL)


def _value(name: str, text: str) -> str:
    if name in _WORDS:
        return term(text)
    if name == "label":  # a label of the rules' data ("column of attack")
        return _(text)
    if name == "fields":  # "rate, destination": the fields' names
        return ", ".join(term(f.strip()) for f in text.split(","))
    return text


def shown(message: str) -> str:
    """A journal line in the language in use (as written when no template matches)."""
    if current_language() == SOURCE_LANGUAGE:  # written in English: shown as written
        return message
    for template in TEMPLATES:
        found = _pattern(template).match(message)
        if found:
            values = {k: _value(k, v) for k, v in found.groupdict().items()}
            return _(template).format(**values)
    return message
