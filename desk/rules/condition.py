"""Condition and losses every rules system shares: casualties, leaders, removal, skirmishers.

RULES.md has no clause for casualties, a leader falling, a unit destroyed,
captured or leaving the table, or skirmishers detached from their battalion:
these rules are campaign data in each ruleset's TOML (``[losses]``,
``[leaders]``, ``[skirmishers]``), and every finding and journal line about
them names that data key ("data: losses.casualties"), never an invented clause.

The state keys written here (``status``, ``leader``, ``leader_lost``,
``skirmishers``, ``removed_strength``) ride along in every system's state
mapping; :func:`carry` puts them back after a system's own typed state (which
knows nothing of them) has been rebuilt. Casualties count in the system's own
unit (figures, increments, SP) and the strength is the ``strength`` key the
store keeps in its own column. The data itself (:class:`ConditionData`,
:func:`load_condition`) is :mod:`desk.rules.condition_data`, re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from desk.i18n import N_, _
from desk.rules.base import (
    ERROR,
    WARNING,
    Advanced,
    EventKind,
    EventOutcome,
    FieldKind,
    FieldSpec,
    Finding,
    finding,
)
from desk.rules.coerce import as_int
from desk.rules.condition_data import ConditionData
from desk.rules.records import Names, StateRecord, state_record

KEYS = ("status", "leader", "leader_lost", "skirmishers", "removed_strength")
PRESENT = "present"
REMOVED = ("destroyed", "captured", "left-table")
STATUS_LABELS = {"destroyed": N_("destroyed"), "captured": N_("captured"),
                 "left-table": N_("off the table")}


def status_label(state: Mapping[str, object]) -> str:
    """The unit's removal in the desk's language ("destroyed"), or "" when present."""
    status = str(state.get("status") or PRESENT)
    return "" if status == PRESENT else _(STATUS_LABELS.get(status, status))

_NUM, _TEXT = FieldKind.NUMBER, FieldKind.TEXT
CASUALTIES, DETACHED, RETURNED = "casualties", "skirmishers-detached", "skirmishers-returned"
LEADER_LOST, LEADER_REPLACED = "leader-lost", "leader-replaced"


def condition_kinds(*, skirmishers: bool) -> tuple[EventKind, ...]:
    """The shared event kinds; ``skirmishers``: the system detaches skirmish lines."""
    kinds = [
        EventKind(CASUALTIES, N_("Casualties"), "data: losses.casualties", (
            FieldSpec("losses", N_("Casualties (in the unit's strength unit)"), _NUM,
                      clause="data: losses.casualties"),
            FieldSpec("cause", N_("Cause (fire, melee, rout …)"), _TEXT))),
        EventKind(LEADER_LOST, N_("Leader lost"), "data: leaders.lost_until_replaced", (
            FieldSpec("leader", N_("Leader"), _TEXT, names=Names.LEADERS),
            FieldSpec("fate", N_("Fate (killed, wounded, captured)"), _TEXT))),
        EventKind(LEADER_REPLACED, N_("Leader replaced"), "data: leaders.lost_until_replaced", (
            FieldSpec("leader", N_("New leader"), _TEXT, names=Names.LEADERS),)),
        EventKind("destroyed", N_("Destroyed"), "data: losses.removed"),
        EventKind("captured", N_("Captured"), "data: losses.removed"),
        EventKind("left-table", N_("Left the table"), "data: losses.removed", (
            FieldSpec("where", N_("Where it left"), _TEXT),)),
    ]
    if skirmishers:
        kinds += [
            EventKind(DETACHED, N_("Skirmishers detached"), "data: skirmishers.detached_max", (
                FieldSpec("figures", N_("Strength detached"), _NUM,
                          clause="data: skirmishers.detached_max"),)),
            EventKind(RETURNED, N_("Skirmishers returned"), "data: skirmishers.detached_max", (
                FieldSpec("lost", N_("Of them lost"), _NUM, clause="data: losses.casualties"),)),
        ]
    return tuple(kinds)


CODES = frozenset(k.code for k in condition_kinds(skirmishers=True))


def carry(before: Mapping[str, object], after: StateRecord) -> StateRecord:
    """``after`` with the condition keys of ``before`` it lacks (a system's typed state drops
    them)."""
    missing = [key for key in KEYS if key in before and key not in after]
    if not missing:
        return after
    # KEYS are the record's own keys; a loop over them is not a literal mypy can check.
    return state_record({**after, **{key: before[key] for key in missing}})


def _refused(state: Mapping[str, object], code: str, key: str, message: str) -> EventOutcome:
    refused = finding(code, ERROR, f"data: {key}", message)
    return EventOutcome(state=state_record(state), journal="", findings=(refused,))


# The journal is written in English (it is the campaign's record): one casualty is one
# "figure", not "1 figures". The units a ruleset counts in (``[losses] casualties``).
_ONE = {"figures": "figure", "increments": "increment"}


def _amount(count: int, unit: str) -> str:
    """``count`` of the ruleset's unit in the journal's words: "1 figure", "3 figures"."""
    return f"{count} {_ONE.get(unit, unit) if count == 1 else unit}"


def _strength(state: Mapping[str, object]) -> int:
    return max(0, as_int(state.get("strength")) or 0)


def apply_condition(data: ConditionData, *, state: Mapping[str, object], event: str,
                    values: Mapping[str, object], bound: int) -> EventOutcome:
    """One shared event on ``state``: the new state, its journal line, or a refusal."""
    unit = data.casualty_unit
    strength, new = _strength(state), state_record(state)
    if is_removed(state):
        return _refused(state, "LOSS_UNIT_REMOVED", "losses.removed",
                        _("The unit is {status}: nothing more happens to it in this "
                          "battle").format(status=status_label(state)))
    if event == CASUALTIES:
        lost = as_int(values.get("losses"))
        if lost is None or lost <= 0:
            return _refused(state, "LOSS_NOT_A_NUMBER", "losses.casualties",
                            _("Casualties must be a whole number above 0"))
        if lost > strength:
            return _refused(state, "LOSS_BEYOND_STRENGTH", "losses.casualties",
                            _("{lost} {unit} lost is more than the unit's {strength}").format(
                                lost=lost, unit=_(unit), strength=strength))
        new["strength"] = strength - lost
        cause = str(values.get("cause") or "").strip()
        line = (f"Bound {bound}: lost {_amount(lost, unit)}{' to ' + cause if cause else ''}: "
                f"{strength - lost} left (data: losses.casualties)")
        if strength - lost <= data.destroyed_at:
            new.update({"status": "destroyed", "removed_strength": 0})
            line += "; destroyed (data: losses.destroyed_at)"
        return EventOutcome(state=new, journal=line)
    if event in REMOVED:
        new.update({"status": event, "removed_strength": strength})
        if event != "left-table":  # a unit destroyed or captured is lost whole
            new["strength"] = 0
        where = str(values.get("where") or "").strip()
        label = {"destroyed": "destroyed", "captured": "captured",
                 "left-table": "left the table" + (f" at {where}" if where else "")}[event]
        return EventOutcome(state=new, journal=f"Bound {bound}: {label} with "
                            f"{_amount(strength, unit)} (data: losses.removed)")
    return _leader_or_skirmishers(data, state=new, event=event, values=values, bound=bound)


def _leader_or_skirmishers(data: ConditionData, *, state: StateRecord, event: str,
                           values: Mapping[str, object], bound: int) -> EventOutcome:
    strength, unit = _strength(state), data.casualty_unit
    name = str(values.get("leader") or "").strip()
    if event == LEADER_LOST:
        fate = str(values.get("fate") or "").strip() or "lost"
        who = name or str(state.get("leader") or "") or "its leader"
        state.update({"leader_lost": data.lost_until_replaced, "leader": ""})
        return EventOutcome(state=state, journal=f"Bound {bound}: {who} {fate} "
                                                 "(data: leaders.lost_until_replaced)")
    if event == LEADER_REPLACED:
        if not name:
            return _refused(state, "LEADER_UNNAMED", "leaders.lost_until_replaced",
                            _("Name the new leader"))
        state.update({"leader": name, "leader_lost": False})
        return EventOutcome(state=state, journal=f"Bound {bound}: {name} takes command "
                                                 "(data: leaders.lost_until_replaced)")
    out = as_int(state.get("skirmishers")) or 0
    if event == DETACHED:
        figures = as_int(values.get("figures"))
        most = int((strength + out) * data.detached_max)
        if figures is None or figures <= 0 or out + figures > most:
            return _refused(state, "SKIRMISHERS_TOO_MANY", "skirmishers.detached_max",
                            _("A battalion of {total} {unit} may detach 1 to {most} as "
                              "skirmishers ({out} already out)").format(
                                total=strength + out, unit=_(unit), most=most, out=out))
        state.update({"strength": strength - figures, "skirmishers": out + figures})
        return EventOutcome(state=state, journal=(
            f"Bound {bound}: detached {_amount(figures, unit)} as skirmishers: "
            f"{strength - figures} left in the battalion (data: skirmishers.detached_max)"))
    if event == RETURNED:
        lost = as_int(values.get("lost")) or 0
        if out == 0 or not 0 <= lost <= out:
            return _refused(state, "SKIRMISHERS_NONE_OUT", "skirmishers.detached_max",
                            _("The battalion has {out} {unit} out as skirmishers, so {lost} "
                              "cannot be lost among them").format(out=out, unit=_(unit),
                                                                  lost=lost)
                            if out else _("The battalion has no skirmishers out"))
        state.update({"strength": strength + out - lost, "skirmishers": 0})
        return EventOutcome(state=state, journal=(
            f"Bound {bound}: skirmishers rejoined, {_amount(out - lost, unit)} back"
            f"{f', {lost} lost' if lost else ''} (data: skirmishers.detached_max)"))
    raise ValueError(f"{event!r} is not a shared condition event")  # callers check CODES


def replay_condition(data: ConditionData, *, state: Mapping[str, object],
                     events: Sequence[Mapping[str, object]], bound: int
                     ) -> tuple[StateRecord, tuple[str, ...]]:
    """The shared events among ``events`` applied in order; the state and journal lines."""
    current, lines = state_record(state), list[str]()
    for event in events:
        kind = str(event.get("kind") or event.get("event") or "")
        if kind not in CODES:
            continue
        payload = event.get("data")
        outcome = apply_condition(data, state=current, event=kind, bound=bound,
                                  values=payload if isinstance(payload, Mapping) else {})
        if not outcome.findings:
            current, lines = state_record(outcome.state), [*lines, outcome.journal]
    return current, tuple(lines)


def condition_lines(state: Mapping[str, object], *, unit: str) -> tuple[str, ...]:
    """Plain lines for the unit panel and the sheets: removal, leader, skirmishers."""
    lines: list[str] = []
    if is_removed(state):
        lines.append(_("No longer in the battle: {status}").format(status=status_label(state)))
    if state.get("leader_lost") is True:
        lines.append(_("Leader lost: none named yet"))
    elif state.get("leader"):
        lines.append(_("Led by {leader}").format(leader=state["leader"]))
    if (out := as_int(state.get("skirmishers")) or 0) > 0:
        lines.append(_("{n} {unit} out as skirmishers").format(n=out, unit=_(unit)))
    return tuple(lines)


def is_removed(state: Mapping[str, object]) -> bool:
    """True when the unit was destroyed, captured or left the table."""
    return str(state.get("status") or PRESENT) != PRESENT


def removed_findings(state: Mapping[str, object]) -> list[Finding]:
    """A warning for an order given to a unit no longer in the battle, else nothing."""
    if not is_removed(state):
        return []
    return [finding("LOSS_ORDER_FOR_REMOVED", WARNING, "data: losses.removed",
                    _("The unit is {status}: an order for it has nothing to do").format(
                        status=status_label(state)))]


def with_condition(data: ConditionData, *, state: Mapping[str, object], event: str,
                   values: Mapping[str, object], bound: int,
                   own: Callable[[], EventOutcome]) -> EventOutcome:
    """A facade's ``apply_event``: the shared kinds here, the system's own through ``own``
    (its state given back the condition keys its typed state dropped)."""
    if event in CODES:
        return apply_condition(data, state=state, event=event, values=values, bound=bound)
    if is_removed(state):
        return _refused(state, "LOSS_UNIT_REMOVED", "losses.removed",
                        _("The unit is {status}: nothing more happens to it in this "
                          "battle").format(status=status_label(state)))
    outcome = own()
    return EventOutcome(state=carry(state, outcome.state), journal=outcome.journal,
                        findings=outcome.findings)


def advanced_with_condition(data: ConditionData, *, state: Mapping[str, object],
                            events: Sequence[Mapping[str, object]], bound: int,
                            own: Callable[[Sequence[Mapping[str, object]]], Advanced]) -> Advanced:
    """A facade's ``advance``: the system's own events and order through ``own``, then the
    shared events in the order recorded (they touch only strength and the condition keys)."""
    if not events:  # most units in most bounds: nothing to sort out, nothing to replay
        done = own(events)
        after = carry(state, done.state)
        # Most states lack no condition key: ``done`` is the answer as it stands.
        return done if after is done.state else Advanced(state=after, journal=done.journal)
    theirs = [e for e in events if str(e.get("kind") or e.get("event") or "") not in CODES]
    done = own(theirs)
    after, lines = replay_condition(data, state=carry(state, done.state), events=events,
                                    bound=bound)
    return Advanced(state=after, journal=(*done.journal, *lines))
