"""Import filled PDF order sheets as draft orders of the open bound.

A fillable sheet's field names carry campaign, bound and unit
(:mod:`desk.services.printing.formfields`). Every file is read and judged before
anything is written, in the caller's one transaction: a sheet of another
campaign, of another bound, of a closed bound, or naming a unit of another
campaign or of the other side... refuses the whole import with one sentence,
and nothing is written.

Each unit with anything filled in gets a *draft* order (source ``form``): its
fields completed by the rules system (the defaults marked) and checked like a
typed order, the findings stored — but not refused, since the umpire has yet
to look at it. A unit whose order the umpire already typed keeps it.

One unit's bad field refuses nothing else: "two" written in a number field, or
a value a list does not offer, is left out of that unit's order, whose draft
carries the finding (:data:`FORM_FIELD_REFUSED`) for the umpire to correct;
every other unit's order is imported as it was written.

The written words are read as the order form reads them as the umpire types
(:func:`desk.rules.words.read_words`): "Hold the village" with the rate left
empty arrives as a halt, and the draft carries a finding that says the field
was read from the words (``WORDS_READ``); a field the player filled otherwise
keeps its value and the draft carries the words' disagreement.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.base import (
    FieldKind,
    FieldSpec,
    Finding,
    RulesSystem,
    Severity,
    SituationRecord,
    UnitInfo,
)
from desk.rules.hexgrid import FROM_HEX, PATH_HEXES, TO_HEX
from desk.rules.records import OrderFields
from desk.rules.words import WordReading, read_findings, read_words
from desk.services.bounds.events import state_now
from desk.services.common import (
    add_journal,
    campaign_units,
    current_battle,
    open_bound,
    rules_of,
    unit_info,
)
from desk.services.errors import BoundClosedError, ClaimedError, ServiceError
from desk.services.oob.names import campaign_names
from desk.services.orders.text import text_too_long
from desk.services.orders.write import situation_for
from desk.services.positions.record import PositionRefused
from desk.services.positions.situation import HEX_REFUSED
from desk.services.printing.form_dispatch import form_writers, send_as_dispatches
from desk.services.printing.formfields import VERBATIM, FilledForm, FormValue, read_filled_form
from desk.services.printing.views import campaign_key
from desk.services.umpires.guard import claims_on_units, refusal
from desk.services.versions import inserted
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.campaign import Battle


class FormRefused(ServiceError):
    """A filled sheet cannot be imported; nothing was written."""


@dataclass(frozen=True)
class ImportedOrder:
    """One draft order written from a filled sheet."""

    unit_id: int
    unit: str
    summary: str
    defaulted: tuple[str, ...]
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class FormImport:
    """What an import did: orders written, units left blank, typed orders kept."""

    bound: int
    imported: tuple[ImportedOrder, ...]
    blank: tuple[str, ...]
    kept: tuple[str, ...]
    # Units of a subordinate command filled on a commander's sheet: sent as dispatches
    # (where the campaign uses couriers); those the couriers refused are drafts, imported.
    dispatched: tuple[str, ...] = ()



HEX_FIELDS = (FROM_HEX, TO_HEX, PATH_HEXES)
# A field of a filled sheet that the order cannot take as written ("two" for a number).
FORM_FIELD_REFUSED = "DESK_FORM_FIELD_REFUSED"


def _situation(session: Session, *, battle: Battle | None, bound: Bound, info: UnitInfo,
               completed: Mapping[str, object], system: RulesSystem,
               ) -> tuple[SituationRecord, str]:
    """The situation a typed order gets, and a bad hex's sentence ("" if none): a sheet
    whose hex is off the map is imported as a draft that says so, not refused whole."""
    if battle is None:
        return {"bound": bound.number}, ""
    try:
        return situation_for(session, battle=battle, bound=bound, info=info,
                             completed=completed, situation=None, system=system), ""
    except PositionRefused as exc:
        plain = {k: v for k, v in completed.items() if k not in HEX_FIELDS}
        return situation_for(session, battle=battle, bound=bound, info=info, completed=plain,
                             situation=None, system=system), str(exc)


def _typed_value(spec: FieldSpec, raw: FormValue) -> tuple[Any, Finding | None]:
    """A form value as the order field's type (None for "left empty"), or None and the
    finding that says why the order cannot take it as written."""
    if spec.kind is FieldKind.FLAG:
        return (True if raw is True else None), None  # an unticked box: the rules' default
    text = str(raw).strip() if not isinstance(raw, bool) else ""
    if not text:
        return None, None
    if spec.kind is FieldKind.NUMBER:
        try:
            number = int(text) if text.lstrip("-").isdigit() else float(text)
        except ValueError:
            number = math.nan
        if isinstance(number, float) and not math.isfinite(number):  # "two", "1e400", "nan"
            return None, _field_finding(spec, _("{spec_label} must be a number, not {text}").format(
                spec_label=spec.label, text=repr(text)))
        return number, None
    if spec.kind is FieldKind.CHOICE and spec.choices and text not in spec.choices:
        return None, _field_finding(spec, _("{spec_label} cannot be {text} (choose from "
                                            "{value})").format(
            spec_label=spec.label, text=repr(text),
            value=', '.join(c for c in spec.choices if c)))
    return text, None


def _field_finding(spec: FieldSpec, said: str) -> Finding:
    """The finding of a field left out of an imported order: an error, so the draft is
    not accepted as it stands (the umpire corrects it, or overrules with a reason)."""
    cited = f" ({spec.clause})" if spec.clause else ""
    return Finding(FORM_FIELD_REFUSED, Severity.ERROR, spec.clause,
                   _("{said}{cited}: left out of the order; correct it before accepting the "
                     "order").format(said=said, cited=cited))


def import_filled_forms(*, session: Session, sources: Sequence[tuple[str, bytes | Path]],
                        battle: str | None = None) -> FormImport:
    """Read filled sheets (label, bytes or path) and write their orders as drafts into the
    open bound of a battle (the current one when None)."""
    forms: list[tuple[str, FilledForm]] = [
        (label, read_filled_form(source, label=label)) for label, source in sources]
    return import_forms(session=session, forms=forms, battle=battle)


def import_forms(*, session: Session, forms: Sequence[tuple[str, FilledForm]],
                 battle: str | None = None, late: Finding | None = None) -> FormImport:
    """Write the orders of filled forms (label, values read back) as drafts, judged as
    :func:`import_filled_forms` judges a PDF's: the same signature of who may order which
    unit. A player's page (issue 32) hands its posted fields in here as one form;
    ``late``: the finding each of its drafts carries first when it came after the deadline
    (such a unit's order is a draft for the umpire, never sent on as a dispatch)."""
    campaign, battle_row = current_battle(session, battle)
    system = rules_of(campaign)
    specs = {s.name: s for s in system.order_fields()}
    key = campaign_key(campaign)
    units = {u.id: (u, side, command) for u, side, command in campaign_units(
        session, campaign.id or 0)}
    # A name its side repeats is told apart by its command: "Md Foot Bty (3. Brigade)".
    labels = campaign_names(session, campaign.id or 0).units
    for label, form in forms:
        if form.campaign_id != campaign.id or form.campaign_key not in ("", key):
            raise FormRefused(_("{label} is a sheet of another campaign, not of "
                                "{campaign_name}; nothing was imported").format(
                                  label=label, campaign_name=campaign.name))
        row = session.exec(select(Bound).where(Bound.battle_id == battle_row.id,
                                               Bound.number == form.bound)).first()
        if row is not None and row.status != "open":
            raise FormRefused(_("{label} is for bound {bound}, which is closed; nothing was "
                                "imported").format(
                                  label=label, bound=form.bound))
        if form.bound != battle_row.current_bound:
            raise FormRefused(_("{label} is for bound {bound}, but the open bound is "
                                "{current_bound}; nothing was imported").format(
                                  label=label, bound=form.bound,
                                  current_bound=battle_row.current_bound))
        foreign = sorted({name for filled in form.values.values() for name in filled}
                         - set(specs) - {VERBATIM})
        if foreign:
            raise FormRefused(_("{label} is a sheet of another rules system (fields {value}); "
                                "nothing was imported").format(
                                  label=label, value=', '.join(foreign[:5])))
        strangers = sorted(set(form.values) - set(units))
        if strangers:
            raise FormRefused(_("{label} names units this campaign does not have (numbers "
                                "{value}); nothing was imported").format(
                                  label=label, value=', '.join(map(str, strangers[:5]))))
        _check_signature(label, form, secret=campaign.form_secret, names=labels)
    try:
        bound = open_bound(session, battle_row)
    except BoundClosedError as exc:
        raise FormRefused(_("{exc}; nothing was imported").format(
                              exc=exc)) from exc
    values: dict[int, OrderFields] = {}
    verbatims: dict[int, str] = {}
    refused: dict[int, list[Finding]] = {}  # the fields each unit's order cannot take
    readings: dict[int, WordReading] = {}  # what the written words made of the fields
    for _label, form in forms:
        for unit_id, filled in form.values.items():
            name = labels.get(unit_id, units[unit_id][0].name)
            too_long = text_too_long(fields={k: str(v) for k, v in filled.items() if k != VERBATIM},
                                     verbatim=str(filled.get(VERBATIM, "")), specs=specs.values())
            if too_long:  # a sheet's field holds what no sheet can print: refused before typing
                raise FormRefused(_("{label}: {name}: {too_long}; nothing was imported").format(
                                      label=_label, name=name, too_long=too_long))
            typed = {key: _typed_value(specs[key], raw)
                     for key, raw in filled.items() if key in specs}
            refused[unit_id] = [f for _v, f in typed.values() if f is not None]
            verbatims[unit_id] = str(filled.get(VERBATIM, "")).strip()
            # the words as the form reads them: "Hold the village" with no rate is a halt
            readings[unit_id] = read_words(
                system, verbatim=verbatims[unit_id],
                fields={k: v for k, (v, _f) in typed.items() if v is not None})
            values[unit_id] = readings[unit_id].fields
            if late is not None and (values[unit_id] or verbatims[unit_id]
                                     or refused[unit_id]):  # a unit left blank stays blank
                refused[unit_id].insert(0, late)
    # Read and written in this one transaction: an order another desk changed meanwhile
    # fails the ORM's version check; a first order it wrote meanwhile, the unique insert.
    writers = form_writers(session, forms=[form for _label, form in forms],
                           campaign_id=campaign.id or 0)
    # A unit with a field left out is not sent as a dispatch: its draft says what to correct.
    sent, held = send_as_dispatches(
        session, battle_id=battle_row.id or 0, bound=bound, units=units,
        writers={u: w for u, w in writers.items() if not refused.get(u)}, values=values,
        verbatims=verbatims, labels=labels, system=system)
    for unit_id, finding in held.items():  # over the limit ...: a draft that says so
        refused.setdefault(unit_id, []).append(finding)
    with inserted(f"an order of bound {bound.number}"):
        done = _write(session, system=system, battle_id=battle_row.id or 0, bound=bound,
                      units=units, values=values, verbatims=verbatims, labels=labels,
                      refused=refused, readings=readings)
    return replace(done, dispatched=sent)


def _check_signature(label: str, form: FilledForm, *, secret: str,
                     names: Mapping[int, str]) -> None:
    """Refuse a form that gives orders to units its sheet was not printed for.

    The sheet's binding (side, command, unit ids) is signed with the campaign's
    secret when printed; the fields actually present must all be covered by it.
    """
    binding = form.binding
    if binding is None or not form.signature:
        raise FormRefused(_("{label} was printed by an older desk, which did not sign its "
                            "sheets: print the fillable sheet again and fill that one; nothing "
                            "was imported").format(
                              label=label))
    if (not binding.verifies(secret, form.signature) or binding.campaign_id != form.campaign_id
            or binding.bound != form.bound):
        raise FormRefused(_("{label} does not carry this campaign's signature (the sheet was "
                            "altered, or printed from another campaign file): refused, nothing "
                            "was imported").format(
                              label=label))
    outside = sorted(set(form.values) - set(binding.unit_ids))
    if outside:
        named = ", ".join(names.get(u, f"unit {u}") for u in outside[:5])
        more = f" and {len(outside) - 5} more" if len(outside) > 5 else ""
        raise FormRefused(_("{label} names {named}{more}, which its sheet was not printed for: "
                            "refused, nothing was imported").format(
                              label=label, named=named, more=more))


def _write(session: Session, *, system: RulesSystem, battle_id: int, bound: Bound,
           units: Mapping[int | None, tuple[Any, str, str]], values: dict[int, OrderFields],
           verbatims: dict[int, str], labels: Mapping[int, str],
           refused: Mapping[int, list[Finding]],
           readings: Mapping[int, WordReading]) -> FormImport:
    existing = {o.unit_id: o for o in session.exec(
        select(Order).where(Order.bound_id == bound.id,
                            col(Order.unit_id).in_(list(values))))}
    imported: list[ImportedOrder] = []
    blank: list[str] = []
    kept: list[str] = []
    # Another umpire's claim refuses the import as a whole, as it refuses a typed order:
    # one query for all the sheet's units (none at all when the battle has no claims).
    held = claims_on_units(session, battle_id=battle_id, unit_ids=values)
    for unit_id in sorted(values, key=lambda u: units[u][0].sort_key):
        unit, side, command = units[unit_id]
        name = labels.get(unit_id, unit.name)
        fields, verbatim = values[unit_id], verbatims[unit_id]
        if not fields and not verbatim and not refused.get(unit_id):
            blank.append(name)
            continue
        order = existing.get(unit_id)
        if order is not None and order.status != "cancelled" and order.source != "form":
            kept.append(name)  # the umpire's typed order wins over a sheet
            continue
        if unit_id in held:
            raise ClaimedError(refusal(held[unit_id], what=name))
        info = unit_info(unit, side=side, command=command)
        completed = system.complete(fields)
        state = state_now(session, system=system, info=info, bound=bound)
        # The same situation a typed order gets: crossings from the terrain table,
        # the LIM pool's word on the command (Battles of Waterloo).
        battle = session.get(Battle, battle_id)
        situation, off_map = _situation(session, battle=battle, bound=bound, info=info,
                                        completed=completed.fields, system=system)
        findings = system.check(unit=info, state=state, fields=completed.fields,
                                situation=situation)
        if off_map:  # a hex off the map: kept as written, refused until corrected
            findings.insert(0, Finding(HEX_REFUSED, Severity.ERROR, "", off_map))
        findings[:0] = refused.get(unit_id, [])  # what the sheet gave that it cannot take
        reading = readings.get(unit_id)
        if reading is not None:  # the fields read from the words, and where they disagree
            findings += [*read_findings(system, reading),
                         *system.word_findings(verbatim=verbatim, fields=completed.fields)]
        order = order or Order(bound_id=bound.id or 0, unit_id=unit_id)
        order.fields, order.verbatim, order.source = dict(fields), verbatim, "form"
        order.completed, order.defaulted = dict(completed.fields), sorted(completed.defaulted)
        order.findings = [f.to_dict() for f in findings]
        order.status, order.override_reason = "draft", ""
        session.add(order)
        summary = system.summarize(completed.fields)
        add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit_id,
                    kind="import", message=f"Order for {name} imported from a filled "
                    f"sheet as a draft: {summary}" + (
                        f" (read from the words: {', '.join(sorted(reading.read))})"
                        if reading is not None and reading.read else ""))
        imported.append(ImportedOrder(unit_id, name, summary, tuple(order.defaulted),
                                      tuple(findings)))
    session.flush()
    return FormImport(bound=bound.number, imported=tuple(imported), blank=tuple(blank),
                      kept=tuple(kept))
