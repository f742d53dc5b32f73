"""Subcommand ``lim``: a Battles of Waterloo turn's LIM cup from the command line.

``desk lim CAMPAIGN pool | record | pending | seed | draw [--chit NAME] | first CHIT |
option OPTION | roll COMMAND [--value N] | move UNIT --type T [--to HEX] [--under N]
[--replace]``:
the same services as the window's LIM panel, so a whole turn can be scripted. Each
write reads the pool's version and writes in one transaction; a refusal is one line
on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.cli.numbers import count
from desk.i18n import _

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from sqlmodel import Session

    from desk.services.lim.views import CupView
    from desk.store.tables.oob import Command, Unit


def register(subparsers: Subparsers) -> None:
    """Add ``lim`` and its actions to the ``desk`` parser."""
    lim = subparsers.add_parser(
        "lim", help=_("the LIM cup of a Battles of Waterloo turn"),
        description=_("Show the LIM cup, record the chits drawn, the activation rolls and "
                      "the moves made under each LIM (Battles of Waterloo)."))
    add_campaign_argument(lim)
    actions = lim.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, text in (("pool", _("what is in the cup, drawn or left out, with the clause")),
                       ("record", _("every LIM drawn in order, with rolls and moves")),
                       ("pending", _("units of the current activation still to move")),
                       ("seed", _("the bound's seed (every roll the desk made can be "
                                  "recomputed from it)"))):
        actions.add_parser(name, help=text).set_defaults(handler=run_lim)
    draw = actions.add_parser("draw", help=_("the next LIM: from the cup, or drawn by the desk"))
    draw.add_argument("--chit", help=_("the chit pulled from the cup at the table (default: "
                                       "the desk draws from the bound's seed)"))
    draw.add_argument("--anyway", action="store_true",
                      help=_("draw although units of the current LIM have not moved"))
    draw.set_defaults(handler=run_lim)
    first = actions.add_parser("first", help=_("the initiative winner's first LIM"))
    first.add_argument("chit")
    first.set_defaults(handler=run_lim)
    option = actions.add_parser("option", help=_("the option taken for the Orders LIM (BOW-11)"))
    option.add_argument("option", choices=("move-unit", "activate-command", "move-leaders"))
    option.set_defaults(handler=run_lim)
    roll = actions.add_parser("roll", help=_("a command's activation roll"))
    roll.add_argument("command", help=_("the command's name"))
    roll.add_argument("--value", type=count, help=_("the d10 as rolled at the table (default: "
                                                  "the desk rolls from the bound's seed)"))
    roll.add_argument("--rating", type=count, help=_("the rating (default: its leader's)"))
    roll.add_argument("--anyway", action="store_true",
                      help=_("roll although units of the current activation have not moved"))
    roll.set_defaults(handler=run_lim)
    move = actions.add_parser("move", help=_("a unit's move under an activation"))
    move.add_argument("unit", help=_("the unit's name"))
    move.add_argument("--type", required=True, dest="movement",
                      help=_("movement type (tactical, restricted-strategic …)"))
    move.add_argument("--to", default="", dest="hex", help=_("destination hex (e.g. 2314)"))
    move.add_argument("--path", default="", help=_("hexes passed, comma-separated"))
    move.add_argument("--under", type=count, help=_("the activation's number (default: the "
                                                  "current one)"))
    move.add_argument("--reason", default="", help=_("the umpire's reason to overrule"))
    move.add_argument("--replace", action="store_true",
                      help=_("replace the unit's move already recorded under this LIM"))
    move.set_defaults(handler=run_lim)


def _named(session: Session, model: type[Command] | type[Unit], campaign_id: int, name: str,
           missing: str) -> int:
    """The id of the one command or unit called ``name`` (case and accents forgiven), else
    ValueError with the closest names."""
    from sqlalchemy import select as sql_select
    from sqlmodel import col, select

    from desk.services.names import loosely_named, not_found
    from desk.store.tables.oob import Side

    sides = [s.id for s in session.exec(select(Side).where(Side.campaign_id == campaign_id))]
    rows: list[tuple[int, str]] = [
        (int(row_id), str(row_name)) for row_id, row_name in session.execute(
            sql_select(col(model.id), col(model.name)).where(col(model.side_id).in_(sides)))]
    same = set(loosely_named(name, [n for _id, n in rows]))  # case and accents forgiven
    found = [row_id for row_id, row_name in rows if row_name in same]
    if not found:
        raise ValueError(not_found(missing.format(name=repr(name)), name,
                                   [n for _id, n in rows]))
    return found[0]


def _print_record(view: CupView) -> None:
    from desk.sheets.lim_record import roll_text

    print(_("Bound {bound}, {phase} phase: {n} LIMs drawn.").format(
        bound=view.bound, phase=view.phase, n=len(view.activations)))
    for act in view.activations:
        extra = [x for x in (act.source, act.orders_option, roll_text(act)) if x]
        print(f"{act.seq:>3}. {act.lim}" + (f" ({'; '.join(extra)})" if extra else ""))
        for m in act.moves:
            where = f" → {m.destination_hex}" if m.destination_hex else ""
            why = f" — {m.override_reason}" if m.status == "overruled" else ""
            print(f"       {m.unit}: {m.movement}{where} ({m.row or m.status}){why}")


def _print_pending(session: Session, battle_id: int, view: CupView) -> None:
    """The units the current activation lets move, as the window's activation table lists
    them: moved (and how), ordered to move with no move yet, or free to move."""
    from desk.services.lim import moves, units

    current = view.current
    if current is None:
        print(_("No LIM drawn yet in bound {bound}.").format(bound=view.bound))
        return
    every = units.activation_units(session=session, battle_id=battle_id)
    may = [u for u in every if u.movement_types]
    moved = {m.unit_id: m for m in current.moves}
    waiting = {p.unit_id: p for p in moves.pending_moves(session=session, battle_id=battle_id)}
    # A unit moved by an overrule is listed too, as the window lists it.
    listed = [u for u in every if u.movement_types or u.unit_id in moved]
    still = sum(1 for u in may if u.unit_id not in moved)
    print(_("LIM {seq} ({lim}): {n} units may move; {moved} moved, {still} still to "
            "move.").format(seq=current.seq, lim=current.lim, n=len(may), moved=len(moved),
                            still=still))
    for unit in listed:
        if unit.unit_id in moved:
            move = moved[unit.unit_id]
            where = f" → {move.destination_hex}" if move.destination_hex else ""
            said = _("moved: {movement}{where} ({row})").format(
                movement=move.movement, where=where, row=move.row or move.status)
        elif unit.unit_id in waiting:
            said = _("to move ({ordered} ordered)").format(ordered=waiting[unit.unit_id].ordered)
        else:
            said = _("may move: {types} ({row})").format(types=", ".join(unit.movement_types),
                                                        row=unit.row)
        print(f"  {unit.unit} ({unit.command}): {said}")


def run_lim(args: argparse.Namespace) -> int:
    """``desk lim CAMPAIGN ACTION …``."""
    from desk.services.common import current_battle
    from desk.services.lim import cup, moves
    from desk.store import open_campaign
    from desk.store.tables.oob import Command, Unit

    writes = args.action in ("draw", "first", "option", "roll", "move")
    with open_campaign(args.campaign, read_only=not writes) as store, \
            store.session() as session:
        campaign, battle = current_battle(session)
        battle_id, campaign_id = battle.id or 0, campaign.id or 0
        view = cup.cup(session=session, battle_id=battle_id)
        seen = view.version
        if args.action == "pool":
            print(_("Bound {bound}, {phase} phase; in the cup: {n}.").format(
                bound=view.bound, phase=view.phase, n=len(view.in_cup)))
            for item in view.items:
                print(f"  {item.status:<8} {item.clause:<7} {item.chit} — {item.why}")
        elif args.action == "record":
            _print_record(view)
        elif args.action == "pending":
            _print_pending(session, battle_id, view)
        elif args.action == "seed":
            print(cup.bound_seed(session=session, battle_id=battle_id))
        elif args.action == "draw":
            act = cup.record_draw(session=session, battle_id=battle_id, chit=args.chit,
                                  draw_anyway=args.anyway, seen_version=seen)
            print(_("LIM {seq}: {lim}").format(seq=act.seq, lim=act.lim))
        elif args.action == "first":
            act = cup.choose_first(session=session, battle_id=battle_id, chit=args.chit,
                                   seen_version=seen)
            print(_("LIM {seq}: {lim}").format(seq=act.seq, lim=act.lim))
        elif args.action == "option":
            act = cup.take_option(session=session, battle_id=battle_id, option=args.option,
                                  seen_version=seen)
            print(_("LIM {seq}: {lim}, option {option}").format(
                seq=act.seq, lim=act.lim, option=act.orders_option))
        elif args.action == "roll":
            from desk.sheets.lim_record import roll_text

            command = _named(session, Command, campaign_id, args.command,
                             _("there is no command called {name} in this campaign"))
            act = cup.record_roll(session=session, battle_id=battle_id, command_id=command,
                                  value=args.value, rating=args.rating,
                                  draw_anyway=args.anyway, seen_version=seen)
            print(roll_text(act))
        else:
            current = view.current
            if args.under is None and current is None:
                raise ValueError(_("no LIM has been drawn yet: draw one first"))
            seq = args.under if args.under is not None else current.seq if current else 0
            unit = _named(session, Unit, campaign_id, args.unit,
                          _("there is no unit called {name} in this campaign"))
            move = moves.record_move(
                session=session, battle_id=battle_id, seq=seq, unit_id=unit,
                movement=args.movement, destination_hex=args.hex,
                path_hexes=[h for h in args.path.split(",") if h.strip()],
                override_reason=args.reason, replace=args.replace, seen_version=seen)
            print(_("{unit} moves under LIM {seq}: {movement} ({row})").format(
                unit=move.unit, seq=move.seq, movement=move.movement,
                row=move.row or _("overruled")))
    return 0
