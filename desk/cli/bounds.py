"""Subcommands on a battle's bounds: ``close`` (with the close summary first) and ``diff``."""

from __future__ import annotations

import argparse
from typing import Any

from desk.cli import add_battle_option, battle_id_of
from desk.cli.numbers import bound_number
from desk.i18n import _


def register(subparsers: Any) -> None:
    """Add ``close`` and ``diff`` to the ``desk`` parser."""
    close = subparsers.add_parser(
        "close", help=_("close the open bound"),
        description=_("Close the open bound of a battle: the summary first (units without "
                      "an order and what each will do, orders that overrule the rules), then "
                      "every unit's state carried into the next bound. A backup is taken "
                      "first."))
    close.add_argument("campaign", help=_("campaign file or database URL"))
    add_battle_option(close)
    close.set_defaults(handler=run_close)

    diff = subparsers.add_parser(
        "diff", help=_("what changed for which unit between two bounds"),
        description=_("Compare every unit's state at the starts of two bounds of a battle: "
                      "formation, disorder, strength and the rest of its state."))
    diff.add_argument("campaign", help=_("campaign file or database URL"))
    diff.add_argument("a", type=bound_number, help=_("the first bound"))
    diff.add_argument("b", type=bound_number, help=_("the second bound"))
    add_battle_option(diff)
    diff.set_defaults(handler=run_diff)


def print_summary(summary: Any) -> None:
    """The close summary (desk.services.screens.close_summary.CloseSummary) as text."""
    print(_("Closing bound {n}: {units} units.").format(n=summary.bound, units=summary.units))
    if summary.without_order:
        print(_("{count} without an order ({setting}):").format(
            count=len(summary.without_order), setting=summary.no_order))
        for step in summary.without_order_steps:
            print(f"  {step}")
    if getattr(summary, "late", ()):
        print(_("Late, no orders returned (their units follow the campaign's setting, "
                "{setting}): {names}").format(setting=summary.no_order,
                                              names=", ".join(summary.late)))
    for unit, reason in summary.overruled:
        print(_("  overrules the rules: {unit}: {reason}").format(unit=unit, reason=reason))


def run_close(args: argparse.Namespace) -> int:
    """``desk close CAMPAIGN [--battle NAME]``."""
    from desk.services.bounds.close import close_bound
    from desk.services.screens.close_summary import close_summary
    from desk.store import open_campaign

    with open_campaign(args.campaign) as store, store.session() as session:
        battle_id = battle_id_of(session, args)
        print_summary(close_summary(session=session, battle_id=battle_id))
        report = close_bound(session=session, battle_id=battle_id)
    print(_("Bound {closed} closed; bound {opened} open, the clock reads {time}.").format(
        closed=report.closed_bound, opened=report.opened_bound, time=report.game_time))
    return 0


def _value(value: Any) -> str:
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
