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
    N_("{side} saw {unit} in bound {bound} (seen by {by})."),
    N_("{side} saw {unit} in bound {bound}."),
    N_("Campaign {name} created with {n} units ({rules})."),
    N_("Bound {number} closed: {units} units carried into bound {next} ({without} without "
       "orders); the clock reads {clock}."),
    N_("Units deployed on the map: {n}."),
    # Belle Alliance's lines at the close (desk/rules/belle_alliance/state.py, events.py)
    N_("Bound {bound}: no order: moved at the {rate} rate as far as possible (BA-1, BA-2)"),
    N_("Bound {bound}: halted where it stood, moved {cm} cm (halt.moves_cm)"),
    N_("Charged in bound {bound}: may charge again from bound {again} (BA-14)"),
    N_("Negative melee factor in bound {penalty} (BA-13)"),
    N_("Negative melee factor through bound {penalty} (BA-13)"),
    N_("Still crossing {feature} since bound {since} (BA-20)"),
    N_("Bound {bound}: forced action: now at the {rate} rate (BA-1)"),
    N_("Bound {bound}: now in {label}"),
    # Condition and losses, every system's (desk/rules/condition.py); {counted}: the
    # system's strength unit (figures, increments, SP)
    N_("Bound {bound}: lost {lost} {counted} to {cause}: {left} left (data: losses.casualties)"),
    N_("Bound {bound}: lost {lost} {counted}: {left} left (data: losses.casualties)"),
    N_("Destroyed (data: losses.destroyed_at)"),  # after a loss line and "; "
    N_("Bound {bound}: destroyed with {n} {counted} (data: losses.removed)"),
    N_("Bound {bound}: captured with {n} {counted} (data: losses.removed)"),
    N_("Bound {bound}: left the table at {where} with {n} {counted} (data: losses.removed)"),
    N_("Bound {bound}: left the table with {n} {counted} (data: losses.removed)"),
    N_("Bound {bound}: {leader} takes command (data: leaders.lost_until_replaced)"),
    N_("Bound {bound}: {who} killed (data: leaders.lost_until_replaced)"),
    N_("Bound {bound}: {who} wounded (data: leaders.lost_until_replaced)"),
    N_("Bound {bound}: {who} captured (data: leaders.lost_until_replaced)"),
    N_("Bound {bound}: {who} lost (data: leaders.lost_until_replaced)"),
    N_("Bound {bound}: {who} {fate} (data: leaders.lost_until_replaced)"),
    N_("Bound {bound}: detached {n} {counted} as skirmishers: {left} left in the battalion "
       "(data: skirmishers.detached_max)"),
    N_("Bound {bound}: skirmishers rejoined, {n} {counted} back, {lost} lost "
       "(data: skirmishers.detached_max)"),
    N_("Bound {bound}: skirmishers rejoined, {n} {counted} back (data: skirmishers.detached_max)"),
    # Battles of Waterloo's lines (desk/rules/battles_of_waterloo/events.py, state.py)
    N_("Turn {bound}: now in command."),
    N_("Turn {bound}: now out of command (BOW-9, BOW-10)."),
    N_("Turn {bound}: its command failed to activate and does nothing more this turn "
       "(BOW-F3)."),
    N_("Turn {bound}: disrupted."),
    N_("Turn {bound}: no longer disrupted."),
    N_("Turn {bound}: routed (data: morale.rout)."),
    N_("Turn {bound}: rallied, now none (data: morale.rally)."),
    N_("Turn {bound}: rallied, now {disorder} (data: morale.rally)."),
    N_("Turn {bound}: ignored unknown event {event}."),
    N_("Turn {bound}: no longer idle, a failed activation lasts one turn (BOW-F3)."),
    #   the order's summary, "Tactical → Ligny": the most general, last
    N_("Turn {bound}: {label} → {destination}."),
    N_("Turn {bound}: {label}."),
    # La Bataille's lines (desk/rules/la_bataille/events.py, state.py, general.py)
    N_("Not recorded: {message}"),
    N_("Morale check not recorded: {message}"),
    N_("Rolled {roll} against morale {morale}: passes (LB-F2)"),
    N_("Rolled {roll} against morale {morale}: fails (LB-F2)"),
    N_("Rolled {roll} against {working}: passes (LB-F2)"),
    N_("Rolled {roll} against {working}: fails (LB-F2)"),
    N_("Rolled {roll}: {working}"),
    N_("Formed {formation} (LB-F4)"),
    N_("Entered general order in {terrain} (LB-6)"),
    N_("Entered {terrain} (LB-6)"),
    N_("Disordered (LB-F2)"),
    N_("Routed (LB-F2)"),
    N_("Rallied into {formation} (LB-F2)"),
    N_("Lost {n} increments: {left} left (LB-F5)"),
    N_("Held its position: {mp} MP spent (hold.mp_spent)"),
    N_("Changed formation {current} → {target}: {mp} MP, general order (LB-F3)"),
    N_("Changed formation {current} → {target}: {mp} MP (LB-14)"),
    N_("Changed formation {current} → {target}: {mp} MP for {arm} ({clause})"),
    #   LB-6 settling a unit's formation: alone, or after an event's line and "; "
    N_("{formation} in {terrain}: general order (LB-6)"),
    N_("Out of {terrain}: leaves general order for {fallback} (LB-6)"),
    N_("{disorder}: leaves general order for {fallback} (LB-6)"),
)
# Rules words, shown through term() (a line may begin with one, capitalised).
_WORDS = frozenset({"status", "kind", "rate", "disorder", "formation", "terrain", "fallback",
                    "current", "target", "arm", "counted"})
_ITS_LEADER = N_("its leader")  # a fallen leader the umpire did not name (condition.py)
_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # literal, name, literal, name, ...
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                    for i, p in enumerate(parts))
    return re.compile(f"^{regex}$", re.DOTALL)


def _value(name: str, text: str) -> str:
    if name in _WORDS:
        said = term(text[:1].lower() + text[1:])
        return said[:1].upper() + said[1:] if text[:1].isupper() else said
    if name == "who" and text == _ITS_LEADER:
        return _(text)
    if name == "label":  # a label of the rules' data ("column of attack")
        return _(text)
    if name == "fields":  # "rate, destination": the fields' names
        return ", ".join(term(f.strip()) for f in text.split(","))
    return text


def _one(message: str) -> str | None:
    """One sentence through the first template it matches (None: it matches none)."""
    for template in TEMPLATES:
        found = _pattern(template).match(message)
        if found:
            values = {k: _value(k, v) for k, v in found.groupdict().items()}
            return _(template).format(**values)
    return None


def shown(message: str) -> str:
    """A journal line in the language in use (as written when no template matches).

    A line of two sentences joined by "; " (La Bataille's event, then LB-6 settling
    the formation, its first letter lowered) is shown part by part when both match.
    """
    if current_language() == SOURCE_LANGUAGE:  # written in English: shown as written
        return message
    head, joined, tail = message.partition("; ")
    if joined:  # tried first: a template's last value would swallow the second sentence
        first, second = _one(head), _one(tail[:1].upper() + tail[1:])
        if first is not None and second is not None:
            return f"{first}; {second[:1].lower()}{second[1:]}"
    whole = _one(message)
    return message if whole is None else whole
