"""Battles of Waterloo: the few in-turn events the umpire records against a unit.

Most of what happens in a turn lives in the LIM pool (draws, rolls, idling);
against a unit the desk records only a change of command status (which moves
it between the Out of Command rows BOW-9/10 and the rest) and its command's
failed activation (idle for the rest of the turn, BOW-F3), plus disruption.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.i18n import N_, _
from desk.rules.base import ERROR, WARNING, EventKind, EventOutcome, FieldKind, FieldSpec, finding
from desk.rules.battles_of_waterloo.model import as_text
from desk.rules.coerce import as_bool
from desk.rules.records import state_record

EVENT_KINDS: tuple[EventKind, ...] = (
    EventKind(
        code="command-status",
        label=N_("Command status"),
        clause="BOW-9",
        fields=(FieldSpec("in_command", N_("In command"), FieldKind.FLAG, default=True,
                          default_label=N_("yes"), clause="BOW-9"),),
    ),
    EventKind(code="activation-failed", label=N_("Command failed its activation"),
              clause="BOW-F3"),
    EventKind(
        code="disorder",
        label=N_("Disruption"),
        clause="BOW-1",
        fields=(FieldSpec("disrupted", N_("Disrupted"), FieldKind.FLAG, default=True,
                          default_label=N_("yes")),),
        condition=True,
    ),
    EventKind(code="routed", label=N_("Routed"), clause="data: morale.rout",
              condition=True),
    EventKind(code="rallied", label=N_("Rallied"), clause="data: morale.rally",
              condition=True),
)


def event_code(event: Mapping[str, object]) -> str:
    """The event's code from a stored event mapping (``event``, ``kind`` or ``code`` key)."""
    for key in ("event", "kind", "code"):
        if text := as_text(event.get(key)):
            return text
    return ""


def apply_one(*, state: Mapping[str, object], event: str, data: Mapping[str, object],
              bound: int) -> EventOutcome:
    """The unit's state after one event, and the journal line that says why."""
    new = state_record(state)
    values = data if isinstance(data, Mapping) else {}
    if event == "command-status":
        in_command = bool(as_bool(values.get("in_command"), True))
        new["in_command"] = in_command
        status = "in command" if in_command else "out of command (BOW-9, BOW-10)"
        return EventOutcome(state=new, journal=f"Turn {bound}: now {status}.")
    if event == "activation-failed":
        new["idle"] = True
        return EventOutcome(state=new, journal=f"Turn {bound}: its command failed to activate "
                            "and does nothing more this turn (BOW-F3).")
    if event == "disorder":
        disrupted = bool(as_bool(values.get("disrupted"), True))
        new["disorder"] = "disrupted" if disrupted else "none"
        return EventOutcome(state=new, journal=f"Turn {bound}: "
                            f"{'disrupted' if disrupted else 'no longer disrupted'}.")
    if event == "routed":
        new.update({"routed": True,
                    "disorder": as_text(values.get("rout_disorder")) or "disrupted"})
        return EventOutcome(state=new, journal=f"Turn {bound}: routed (data: morale.rout).")
    if event == "rallied":
        if not as_bool(state.get("routed")) and state.get("disorder") in (None, "none"):
            refused = finding("BOW_RALLY_NOTHING", ERROR, "data: morale.rally",
                              _("The unit is neither routed nor disrupted: there is nothing "
                                "to rally"))
            return EventOutcome(state=new, journal="", findings=(refused,))
        new.update({"routed": False, "disorder": as_text(values.get("rally_disorder")) or "none"})
        return EventOutcome(state=new, journal=f"Turn {bound}: rallied, now {new['disorder']} "
                            "(data: morale.rally).")
    unknown = finding("BOW_UNKNOWN_EVENT", WARNING, "BOW-1",
                      _("{event} is not an event Battles of Waterloo records; "
                        "nothing changed.").format(
                          event=repr(event)))
    return EventOutcome(state=new, journal=f"Turn {bound}: ignored unknown event {event!r}.",
                        findings=(unknown,))
