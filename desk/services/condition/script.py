"""What a script names by words: a unit by its name, an event's data as ``key=value`` text.

The command line records events with the same service as the window
(:func:`desk.services.bounds.events.record_event`, same rules, same refusals);
this module only turns the words of a command into what that service takes,
refusing anything odd with one sentence that names the word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from desk.i18n import _
from desk.rules.base import EventKind, FieldKind
from desk.rules.coerce import as_bool, as_float
from desk.services.bounds.events import record_event
from desk.services.common import campaign_units, get_battle, get_campaign, rules_of
from desk.services.dto import EventView
from desk.services.errors import NotFound, ServiceError
from desk.services.names import loosely_named, not_found
from desk.services.queries import unit_state
from desk.store.tables.oob import Unit


def find_unit(*, session: Session, campaign_id: int, name: str) -> Unit:
    """The unit called ``name`` (or numbered so), else NotFound; a name two units share is
    refused, naming their commands."""
    units = campaign_units(session, campaign_id)
    found = [(u, c) for u, _s, c in units if u.name == name]
    if not found and name.isdigit():
        found = [(u, c) for u, _s, c in units if u.id == int(name)]
    if not found:  # the umpire's case and accents forgiven ("1/5E LIGNE", "Roder")
        same = set(loosely_named(name, [u.name for u, _s, _c in units]))
        found = [(u, c) for u, _s, c in units if u.name in same]
    if not found:
        raise NotFound(not_found(_("this campaign has no unit called {name}").format(
            name=repr(name)), name, [u.name for u, _s, _c in units]))
    if len(found) > 1:
        raise ServiceError(_("{count} units are called {name} (in {commands}): give its "
                             "number instead").format(count=len(found), name=repr(name),
                                                      commands=", ".join(c for _u, c in found)))
    return found[0][0]


def event_data(kind: EventKind, pairs: Sequence[str]) -> dict[str, object]:
    """``["losses=3", "cause=fire"]`` as the event's data, typed by its fields."""
    fields = {f.name: f for f in kind.fields}
    data: dict[str, object] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        spec = fields.get(key.strip())
        if not sep or spec is None:
            listed = ", ".join(fields) or _("none")
            raise ServiceError(_("{pair} is not a field of {event} as key=value (its fields: "
                                 "{listed})").format(pair=repr(pair), event=kind.code,
                                                     listed=listed))
        value: Any = text.strip()
        if spec.kind is FieldKind.NUMBER:
            number = as_float(value)
            if number is None:
                raise ServiceError(_("{key} must be a number, not {value}").format(
                    key=key, value=repr(value)))
            value = int(number) if number.is_integer() else number
        elif spec.kind is FieldKind.FLAG:
            value = as_bool(value, None)
            if value is None:
                raise ServiceError(_("{key} must be yes or no, not {value}").format(
                    key=key, value=repr(text)))
        elif spec.kind is FieldKind.CHOICE and value not in spec.choices:
            raise ServiceError(_("{key} must be one of {choices}, not {value}").format(
                key=key, choices=", ".join(c for c in spec.choices if c), value=repr(value)))
        data[spec.name] = value
    return data


def record_named_event(*, session: Session, battle_id: int, unit: str, kind: str,
                       pairs: Sequence[str]) -> EventView:
    """Record ``kind`` against the unit called ``unit`` with ``key=value`` data, as the
    window would (the unit's state version read in the same transaction)."""
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    kinds = {k.code: k for k in system.event_kinds()}
    if kind not in kinds:
        raise ServiceError(_("{system} has no event {kind} (it has: {listed})").format(
            system=system.name, kind=repr(kind), listed=", ".join(kinds)))
    data = event_data(kinds[kind], pairs)
    row = find_unit(session=session, campaign_id=battle.campaign_id, name=unit)
    seen = unit_state(session=session, battle_id=battle_id, unit_id=row.id or 0,
                      with_events=True).version
    return record_event(session=session, battle_id=battle_id, unit_id=row.id or 0, kind=kind,
                        data=data, seen_version=seen)
