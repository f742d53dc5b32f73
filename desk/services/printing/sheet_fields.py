"""The order fields of each unit's block on a sheet, in the players' or the umpire's words.

A unit's fields depend only on the choices the rules allow it now (its arm and state:
no charge for guns, nor during a charge's cooldown) and, where the rules cite a clause per
unit (Battles of Waterloo), on those clauses. A 500-unit side has a handful of distinct
such sets, so :class:`SheetFields` builds each set's fields once per sheet and hands the
same frozen tuple to every unit that has it (a side's page is built in 200 ms, issue 32).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from desk.i18n import _
from desk.rules.base import FieldKind, FieldSpec, RulesSystem, StateRecord
from desk.services.printing import vocabulary

Fields = tuple[tuple[FieldSpec, ...], tuple[str, ...]]  # the fields, and said in words


def _players_fields(specs: tuple[FieldSpec, ...]) -> Fields:
    """The fields in the players' words, without clause ids; the text fields a player
    says in the order's own words come back apart, as the phrases the sheet asks for."""
    shown: list[FieldSpec] = []
    said: list[str] = []
    for spec in specs:
        if spec.name in vocabulary.UMPIRES_FIELDS:
            continue
        if spec.kind is FieldKind.TEXT and spec.name in vocabulary.SAID_IN_WORDS:
            said.append(vocabulary.SAID_IN_WORDS[spec.name])
            continue
        shown.append(replace(spec, label=vocabulary.label(spec.name, spec.label), clause="",
                             help="", default_label=vocabulary.word(spec.default_label)
                             if spec.default_label in vocabulary.WORDS
                             else _(vocabulary.without_clauses(spec.default_label))))
    return tuple(shown), tuple(said)


def _umpires_fields(specs: tuple[FieldSpec, ...]) -> tuple[FieldSpec, ...]:
    """The umpire's copy: the rules' own labels, in the language in use."""
    return tuple(replace(spec, label=_(spec.label), help=_(spec.help),
                         # a default that is one of the choices stays that id, as the
                         # choices do on the umpire's copy
                         default_label=spec.default_label
                         if spec.default_label in spec.choices
                         else _(spec.default_label)) for spec in specs)


class SheetFields:
    """The fields of one sheet's units, each distinct set built once (see the module)."""

    def __init__(self, system: RulesSystem, *, for_players: bool) -> None:
        self.system = system
        self.for_players = for_players
        self.specs = system.order_fields()
        self._built: dict[object, Fields] = {}

    def of(self, *, arm: str, state: StateRecord | None, bound: int | None,
           clauses: Mapping[str, str] | None = None) -> Fields:
        """A unit's fields as a player of this arm sees them now (only the choices the
        rules allow the arm in its state, no field that does not apply), and the phrases
        said in words (players' sheets only; else empty)."""
        narrowed = self.system.order_choices(arm=arm, state=state, bound=bound)
        key = (tuple(sorted(narrowed.items())), tuple(sorted((clauses or {}).items())))
        found = self._built.get(key)
        if found is None:
            found = self._built[key] = self._build(narrowed, clauses)
        return found

    def _build(self, narrowed: Mapping[str, tuple[str, ...]],
               clauses: Mapping[str, str] | None) -> Fields:
        specs = []
        for spec in self.specs:
            if spec.derived:  # set by the desk, never written by a player
                continue
            if spec.kind is FieldKind.CHOICE and spec.name in narrowed:
                if not narrowed[spec.name]:  # e.g. limbering, for a battalion
                    continue
                spec = replace(spec, choices=narrowed[spec.name])
            if clauses:  # the unit's own row, not one clause for every unit
                spec = replace(spec, clause=clauses.get(spec.name, spec.clause))
            specs.append(spec)
        if self.for_players:
            return _players_fields(tuple(specs))
        return _umpires_fields(tuple(specs)), ()
