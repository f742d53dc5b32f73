"""Subcommands on a battle's bounds: ``close`` (with the close summary first), ``diff``, and
``record`` (what every unit did in a closed bound)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desk.cli import CliError
from desk.cli.arguments import Subparsers, add_battle_option, add_campaign_argument, battle_id_of
from desk.cli.numbers import bound_number
from desk.i18n import _

if TYPE_CHECKING:
    from desk.services.screens.close_summary import CloseSummary


def register(subparsers: Subparsers) -> None:
    """Add ``close``, ``diff`` and ``record`` to the ``desk`` parser."""
    close = subparsers.add_parser(
        "close", help=_("close the open bound"),
        description=_("Close the open bound of a battle: the summary first (units without "
                      "an order and what each will do, orders that overrule the rules), then "
                      "every unit's state carried into the next bound. A backup is taken "
                      "first."))
    add_campaign_argument(close)
    add_drop_drafts(close)
    add_battle_option(close)
    close.set_defaults(handler=run_close)

    diff = subparsers.add_parser(
        "diff", help=_("what changed for which unit between two bounds"),
        description=_("Compare every unit's state at the starts of two bounds of a battle: "
                      "formation, disorder, strength and the rest of its state."))
    add_campaign_argument(diff)
    diff.add_argument("a", type=bound_number, help=_("the first bound"))
    diff.add_argument("b", type=bound_number, help=_("the second bound"))
    add_battle_option(diff)
    diff.set_defaults(handler=run_diff)

    record = subparsers.add_parser(
        "record", help=_("what every unit did in a closed bound"),
        description=_("The bound's record, as the close wrote it: for every unit, the order "
                      "applied or what it did without one, the moves and events recorded, "
                      "its state before → after."))
    add_campaign_argument(record)
    record.add_argument("--bound", type=bound_number,
                        help=_("the closed bound (default: the last closed)"))
    add_battle_option(record)
    record.set_defaults(handler=run_record)


def add_drop_drafts(parser: argparse.ArgumentParser) -> None:
    """``--drop-drafts``: close although some units' orders are still drafts."""
    parser.add_argument("--drop-drafts", action="store_true",
                        help=_("close although some orders are drafts not saved as orders "
                               "(imported from a filled sheet, or a dispatch delivered): "
                               "the close does not apply them, and those units follow the "
                               "no-order setting; without it the close is refused"))


def refuse_drafts(summary: CloseSummary, *, drop: bool) -> None:
    """Without ``--drop-drafts``, a bound with draft orders is not closed: one sentence."""
    if summary.drafts and not drop:
        raise CliError(_("bound {n} has draft orders not saved as orders, which the close "
                         "would not apply: {names}; save them in the window, or give "
                         "--drop-drafts to close without them; nothing was changed").format(
                             n=summary.bound, names=", ".join(summary.drafts)))


def print_summary(summary: CloseSummary) -> None:
    """The close summary as text: every list the window's close question shows."""
    print(_("Closing bound {n}: {units} units.").format(n=summary.bound, units=summary.units))
    if summary.drafts:
        print(_("Drafts not saved as orders, not applied (these units follow the no-order "
                "setting, {setting}): {names}").format(setting=summary.no_order,
                                                         names=", ".join(summary.drafts)))
    if summary.without_order:
        print(_("{count} without an order ({setting}):").format(
            count=len(summary.without_order), setting=summary.no_order))
        for step in summary.without_order_steps:
            print(f"  {step}")
    if summary.lim_moved:
        print(_("Moved under the LIMs (no written order; the close applies the moves "
                "recorded):"))
        for line in summary.lim_moved:
            print(f"  {line}")
    if summary.late:
        print(_("Late, no orders returned (their units follow the campaign's setting, "
                "{setting}): {names}").format(setting=summary.no_order,
                                              names=", ".join(summary.late)))
    if summary.arrivals:
        print(_("Reinforcements due in bound {n}: {names}").format(
            n=summary.bound + 1, names=", ".join(summary.arrivals)))
    if summary.arriving:
        print(_("Dispatches arriving in bound {n}, to become their recipients' orders:").format(
            n=summary.bound + 1))
        for line in summary.arriving:
            print(f"  {line}")
    for unit, reason in summary.overruled:
        print(_("  overrules the rules: {unit}: {reason}").format(unit=unit, reason=reason))


def run_close(args: argparse.Namespace) -> int:
    """``desk close CAMPAIGN [--drop-drafts] [--battle NAME]``."""
    from desk.services.bounds.close import close_bound
    from desk.services.screens.close_summary import close_summary
    from desk.store import open_campaign

    with open_campaign(args.campaign) as store, store.session() as session:
        battle_id = battle_id_of(session, args)
        summary = close_summary(session=session, battle_id=battle_id)
        print_summary(summary)
        refuse_drafts(summary, drop=args.drop_drafts)
        report = close_bound(session=session, battle_id=battle_id)
    print(_("Bound {closed} closed; bound {opened} open, the clock reads {time}.").format(
        closed=report.closed_bound, opened=report.opened_bound, time=report.game_time))
    for line in report.arrivals:
        print(f"  {line}")
    if report.dispatches_delivered:
        print(_("{n} dispatches delivered as orders of bound {opened}.").format(
            n=report.dispatches_delivered, opened=report.opened_bound))
    return 0


def _value(value: object) -> str:
    return "—" if value in (None, "", {}, []) else str(value)


def run_diff(args: argparse.Namespace) -> int:
    """``desk diff CAMPAIGN A B [--battle NAME]``."""
    from desk.services.battles.diff import bound_diff
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        diff = bound_diff(session=session, battle_id=battle_id_of(session, args),
                          a=args.a, b=args.b)
    print(_("{battle}, bound {a} → bound {b}: {n} units changed.").format(
        battle=diff.battle, a=diff.a, b=diff.b, n=len(diff.units)))
    for unit in diff.units:
        said = "; ".join(f"{key} {_value(old)} → {_value(new)}"
                         for key, old, new in unit.changes)
        print(f"  {unit.unit} ({unit.side}): {said}")
    return 0


def run_record(args: argparse.Namespace) -> int:
    """``desk record CAMPAIGN [--bound N] [--battle NAME]``."""
    from desk.services.bounds.record import bound_record
    from desk.services.common import get_battle
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        battle_id = battle_id_of(session, args)
        bound = args.bound or max(1, get_battle(session, battle_id).current_bound - 1)
        record = bound_record(session=session, battle_id=battle_id, bound=bound)
    print(_("{battle}, the record of bound {bound} ({time}): {n} units.").format(
        battle=record.battle, bound=record.bound, time=record.game_time, n=len(record.units)))
    for unit in record.units:
        print(f"  {unit.unit} ({unit.side}): {unit.did}")
        for line in (*unit.moves, *unit.events, *unit.journal):
            print(f"    {line}")
        print("    " + (f"{unit.before} → {unit.after}" if unit.changed
                        else _("{state} (unchanged)").format(state=unit.before)))
    for note in record.notes:
        print(f"  {note}")
    return 0
