"""Belle Alliance's written order: its fields, the rules' defaults, its one-line summary.

The fields a player writes (BA-F4), how an order left partly empty is completed
(BA-1, BA-2), the line the order table shows, and what "carry on" keeps of the last
order. :class:`desk.rules.belle_alliance.BelleAlliance` answers through these.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.i18n import N_, _, term
from desk.rules.base import Completed, FieldKind, FieldSpec
from desk.rules.belle_alliance.data import BAData, Formation, Rate
from desk.rules.belle_alliance.model import read_order
from desk.rules.records import Names, OrderFields, fields_record


def order_fields(d: BAData) -> tuple[FieldSpec, ...]:
    """The fields of a written order, in form order (BA-F4)."""
    choice, text, flag = FieldKind.CHOICE, FieldKind.TEXT, FieldKind.FLAG
    return (
        FieldSpec("rate", N_("Rate of march"), choice, tuple(r.value for r in Rate),
                  d.default_rate.value, d.default_rate.value, "BA-1"),
        FieldSpec("destination", N_("Position to reach"), text, default="",
                  default_label=N_("as far as possible"), clause="BA-2", names=Names.FEATURES),
        FieldSpec("segment", N_("Segment of the movement phase"), text, clause="BA-2",
                  rare=True),
        FieldSpec("as_far_as_possible", N_("As far as possible"), flag, default=True,
                  default_label=N_("as far as possible"), clause="BA-2",
                  help=N_("Set by the desk when no position and no segment are given."),
                  derived=True),
        FieldSpec("formation", N_("Change of formation"), choice,
                  ("", *(f.value for f in Formation)), "", N_("keep"), "BA-3"),
        FieldSpec("fire", N_("Fire"), flag, clause="BA-10"),
        FieldSpec("attack", N_("Attack"), flag, clause="BA-10"),
        FieldSpec("direction", N_("Direction"), choice, ("forward", "backward", "sideways"),
                  "forward", "forward", "BA-4", rare=True),
        FieldSpec("terrain", N_("Terrain the unit stands in"), choice, ("", *d.terrain),
                  clause="BA-6", rare=True),
        FieldSpec("crossing", N_("Feature to cross"), text, clause="BA-20",
                  names=Names.FEATURES),
        FieldSpec("obstacles", N_("Obstacles passed (comma-separated)"), text, clause="BA-19",
                  names=Names.FEATURES, several=True, rare=True),
        FieldSpec("manoeuvres", N_("Wheel, rotation, splitting, assembly"), text,
                  clause="BA-5", rare=True),
        FieldSpec("pass_through", N_("Units passed through (comma-separated)"), text,
                  clause="BA-15", names=Names.UNITS, several=True, rare=True),
    )


def complete(data: BAData, fields: Mapping[str, object]) -> Completed:
    """No rate → normal (BA-1); no position and no segment → as far as possible (BA-2).

    Direction, when empty, is filled as forward and marked defaulted, so a
    sheet never prints "forward" as if the player had written it.
    """
    out = {k: (v.strip() if isinstance(v, str) else v) for k, v in fields.items()}
    defaulted: set[str] = set()
    rate = out.get("rate")
    if rate in (None, ""):
        out["rate"] = data.default_rate.value
        defaulted.add("rate")
    elif isinstance(rate, str):
        out["rate"] = rate.lower()
    if out.get("direction") in (None, ""):
        out["direction"] = "forward"
        defaulted.add("direction")
    out.setdefault("destination", "")
    out.setdefault("segment", "")
    if out["rate"] == Rate.HALT.value:  # a halt stands: never "as far as possible"
        out["as_far_as_possible"] = False
    elif not out["destination"] and not out["segment"]:
        out["destination"] = ""
        out["as_far_as_possible"] = True
        defaulted.update(("destination", "as_far_as_possible"))
    else:
        out["as_far_as_possible"] = False
    return Completed(fields=fields_record(out), defaulted=frozenset(defaulted))


def summarize(data: BAData, fields: Mapping[str, object]) -> str:
    """One line for the order table: "fast to Plancenoit, column of march, fire"."""
    order = read_order(data, complete(data, fields).fields)
    # In the reader's language (the order table shows it): the values through term().
    parts = [_("halt where it stands") if order.rate is Rate.HALT else term(order.rate_text)]
    parts[0] += _(" to {place}").format(place=order.destination) if order.destination else ""
    parts[0] += _(" in {segment}").format(segment=order.segment) if order.segment else ""
    parts[0] += _(" as far as possible") if order.as_far_as_possible else ""
    if order.formation:
        parts.append(_(data.formations[order.formation].label))
    parts += [w for w, on in ((_("fire"), order.fire), (_("attack"), order.attack)) if on]
    if order.direction_text != "forward":
        parts.append(term(order.direction_text))
    if order.crossing:
        parts.append(_("crossing {feature}").format(feature=order.crossing))
    return ", ".join(parts)


def continued(data: BAData, fields: Mapping[str, object]) -> OrderFields:
    """The last order carried on: a charge goes on at the normal rate, no fire or attack."""
    out = fields_record({k: v for k, v in fields.items() if k not in ("fire", "attack")})
    if str(out.get("rate") or "").lower() == Rate.CHARGE.value:
        out["rate"] = data.default_rate.value
    out.pop("formation", None)  # a change of formation ordered once is done
    return out
