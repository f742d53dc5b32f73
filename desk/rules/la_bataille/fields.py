"""The fields of a La Bataille order, their defaults and the one-line summary.

An empty formation keeps the current one; road march is a flag rather than a
formation on the form, because entering it has its own conditions (LB-9 …
LB-13); the first-action flag tells the desk whether a carre changes formation
before it moves (LB-3) and defaults to "yes" when the order changes formation.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.i18n import N_, _, term
from desk.rules.base import Completed, FieldKind, FieldSpec
from desk.rules.hexgrid import FROM_HEX, PATH_HEXES, TO_HEX
from desk.rules.la_bataille.data import Formation, LBData
from desk.rules.la_bataille.model import LIMBER_CHOICES, LBOrder
from desk.rules.la_bataille.working import fmt
from desk.rules.records import Names, fields_record

FORMATION_CHOICES: tuple[str, ...] = (
    Formation.COLUMN, Formation.LINE, Formation.CARRE, Formation.SKIRMISH,
    Formation.GENERAL_ORDER, Formation.LIMBERED, Formation.UNLIMBERED,
)

ORDER_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("formation", N_("Change of formation"), FieldKind.CHOICE, choices=FORMATION_CHOICES,
              default="", default_label=N_("keep formation"), clause="LB-F4",
              help=N_("Empty keeps the formation. A change costs 1 MP for infantry, 3 for "
                   "cavalry; general order is free (LB-F3); line in clear terrain only (LB-F4).")),
    FieldSpec("road_march", N_("Road march"), FieldKind.FLAG, default=False, default_label=N_("no"),
              clause="LB-9",
              help=N_("On road hexes only, broken down to battalions; ½ MP per road hex, no fire, "
                   "morale 12 steps worse (LB-9 … LB-13).")),
    FieldSpec("limber", N_("Limber / unlimber"), FieldKind.CHOICE, choices=LIMBER_CHOICES,
              default="", default_label=N_("as it is"), clause="LB-14",
              help=N_("Artillery only: limbered to move, unlimbered to fire; 2 MP (LB-14).")),
    FieldSpec("destination", N_("Destination"), FieldKind.TEXT, default="",
              default_label=N_("stays in place"), help=N_("Hex or place the unit moves to."),
              names=Names.FEATURES),
    FieldSpec(FROM_HEX, N_("Hex now"), FieldKind.TEXT, default="",
              default_label=N_("its recorded hex"), clause="LB-F3",
              help=N_("The hex the unit stands in: four digits, column then row (2314). The "
                      "desk fills it from the unit's recorded position and asks for it when "
                      "it has none.")),
    FieldSpec(TO_HEX, N_("Destination hex"), FieldKind.TEXT, default="",
              default_label=N_("stays in its hex"), clause="LB-F3",
              help=N_("The hex it moves to. With the hex it stands in, the desk counts the "
                      "hexes and their movement points (terrain, road march ½ MP per road hex).")),
    FieldSpec(PATH_HEXES, N_("Hexes on the way"), FieldKind.NUMBER, default=None,
              default_label=N_("the shortest way"), clause="LB-9",
              help=N_("Hexes the unit enters on its path, when you count them (a road that "
                      "winds); road hexes in road march (LB-9)."), rare=True),
    FieldSpec("fire", N_("Fire"), FieldKind.FLAG, default=False, default_label=N_("no"),
              clause="LB-11"),
    FieldSpec("melee", N_("Melee"), FieldKind.FLAG, default=False, default_label=N_("no"),
              clause="LB-1"),
    FieldSpec("first_action_is_formation_change", N_("Changes formation before moving"),
              FieldKind.FLAG, default=None, default_label=N_("yes when it changes formation"),
              clause="LB-3",
              help=N_("A carre that changes formation first keeps the rest of its MP (LB-3)."),
              rare=True),
    FieldSpec("hold", N_("Hold position"), FieldKind.FLAG, default=False, default_label=N_("no"),
              help=N_("Stays in its hex and spends no MP, but for a change of formation made "
                      "there (LB-F3); distinct from no order at all (campaign data "
                      "hold.mp_spent: RULES.md has no clause for it).")),
)


def _empty(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def complete_order(fields: Mapping[str, object]) -> Completed:
    """The order with its defaults filled in, and which fields were defaulted."""
    given = fields if isinstance(fields, Mapping) else {}
    completed: dict[str, object] = dict(given)
    defaulted: set[str] = set()
    for spec in ORDER_FIELDS:
        if spec.name in given and not _empty(given[spec.name]):
            continue
        defaulted.add(spec.name)
        if spec.name == "first_action_is_formation_change":
            # A written change of formation is taken to come first, as most orders mean it.
            completed[spec.name] = LBOrder.read(given).changes_formation
        else:
            completed[spec.name] = spec.default
    return Completed(fields=fields_record(completed), defaulted=frozenset(defaulted))


def summarize_order(data: LBData, fields: Mapping[str, object], *, arm: str = "") -> str:
    """One line: "form line (1 MP); to Mont-Saint-Jean (hex 1511); fire".

    With the unit's ``arm`` the formation change costs that arm's MP (LB-F3);
    without it (a summary of no one unit's order) both arms' costs are given.
    """
    order = LBOrder.read(fields if isinstance(fields, Mapping) else {})
    parts: list[str] = []
    if order.hold:
        parts.append(_("hold position ({mp} MP)").format(mp=fmt(data.number("hold.mp_spent"))))
    if order.road_march:
        parts.append(_("road march ({mp} MP per road hex)").format(
            mp=fmt(data.number("road_march.mp_per_hex"))))
    if order.formation == Formation.GENERAL_ORDER:
        parts.append(_("general order (free)"))
    elif order.formation in (Formation.LIMBERED, Formation.UNLIMBERED):
        parts.append(_("{formation} ({mp} MP)").format(
            formation=term(order.formation), mp=data.whole("artillery.limber_mp")))
    elif order.formation and arm:
        parts.append(_("form {formation} ({mp} MP)").format(
            formation=term(order.formation), mp=data.change_cost(arm)))
    elif order.formation:
        parts.append(_("form {formation} (inf {inf} MP, cav {cav} MP)").format(
            formation=term(order.formation), inf=data.change_cost("infantry"),
            cav=data.change_cost("cavalry")))
    if order.limber:
        parts.append(_("{formation} ({mp} MP)").format(
            formation=term(order.limber), mp=data.whole(f"artillery.{order.limber}_mp")))
    if not parts:
        parts.append(_("keep formation"))
    if order.destination and order.to_hex:
        parts.append(_("to {place} (hex {hex})").format(place=order.destination,
                                                       hex=order.to_hex))
    elif order.destination or order.to_hex:
        parts.append(_("to {place}").format(
            place=order.destination or _("hex {hex}").format(hex=order.to_hex)))
    parts.extend(word for word, wanted in ((_("fire"), order.fire), (_("melee"), order.melee))
                 if wanted)
    return "; ".join(parts)
