"""Battles of Waterloo's written order: its fields, the defaults, its one-line summary.

The movement type, destination, Orders LIM option and rally a player writes
(BOW-1, BOW-11), how an order left partly empty is completed, and the line the
order table shows. :class:`desk.rules.battles_of_waterloo.BattlesOfWaterloo`
answers through these.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.i18n import N_, _, term
from desk.rules.base import Completed, FieldKind, FieldSpec
from desk.rules.battles_of_waterloo.data import (
    Factor,
    MovementTable,
    MovementType,
    OrdersOption,
    Phase,
)
from desk.rules.battles_of_waterloo.model import as_enum, as_text
from desk.rules.coerce import as_bool
from desk.rules.records import Names, fields_record


def order_fields(table: MovementTable) -> tuple[FieldSpec, ...]:
    """Movement type, destination, the Orders LIM option and a rally attempt."""
    labels = table.labels
    return (
        # Cited by the row a unit usually moves under (field_clauses gives each unit
        # its own: BOW-2, BOW-4, BOW-9, BOW-12); without a unit, the C/D LIM's row.
        FieldSpec("movement", N_("Movement"), FieldKind.CHOICE,
                  choices=tuple(m.value for m in MovementType),
                  default=MovementType.NONE.value, default_label=labels[MovementType.NONE],
                  clause=table.row_for(Phase.OPERATIONS, Factor.CD_LIM).id,
                  help=N_("Which movement type the unit uses now (BOW-1 … BOW-10).")),
        FieldSpec("destination", N_("Destination"), FieldKind.TEXT,
                  help=N_("Where the unit goes, in the player's words."), names=Names.FEATURES),
        FieldSpec("orders_option", N_("Orders LIM option"), FieldKind.CHOICE,
                  choices=tuple(o.value for o in OrdersOption), clause="BOW-11",
                  help=N_("Only when the Orders LIM is drawn: exactly one of the three "
                          "options.")),
        FieldSpec("rally", N_("Rally / recover"), FieldKind.FLAG, default=False,
                  default_label=N_("no"), clause="BOW-1",
                  help=N_("Some rows forbid rallying and recovering (BOW-1, BOW-5, BOW-7).")),
    )


def complete(fields: Mapping[str, object]) -> Completed:
    """Fill in "no movement" and "no rally" when left empty; normalise the ids."""
    done = fields_record(fields)
    defaulted: set[str] = set()
    movement = as_enum(MovementType, fields.get("movement"))
    if movement is None and not as_text(fields.get("movement")):
        done["movement"] = MovementType.NONE.value
        defaulted.add("movement")
    elif movement is not None:
        done["movement"] = movement.value
    option = as_enum(OrdersOption, fields.get("orders_option"))
    done["orders_option"] = option.value if option else None
    if fields.get("rally") in (None, ""):
        done["rally"] = False
        defaulted.add("rally")
    return Completed(fields=done, defaulted=frozenset(defaulted))


def summarize(table: MovementTable, fields: Mapping[str, object], *, english: bool = False) -> str:
    """"Tactical → Plancenoit (Orders: move-unit; rally)", in the reader's language, or in
    English for the journal (``english``: the journal is written in English and shown in
    the reader's language, :mod:`desk.services.journal_text`)."""
    movement = as_enum(MovementType, fields.get("movement")) or MovementType.NONE
    label = table.labels[movement]  # the data's label
    text = label if english else _(label)
    if destination := as_text(fields.get("destination")):
        text += f" → {destination}"
    extras = []
    if option := as_enum(OrdersOption, fields.get("orders_option")):
        extras.append(("Orders: {option}" if english else _("Orders: {option}")).format(
            option=option.value.replace("-", " ") if english else term(option)))
    if as_bool(fields.get("rally")):
        extras.append("rally" if english else _("rally"))
    return f"{text} ({'; '.join(extras)})" if extras else text
