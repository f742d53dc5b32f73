"""Subcommand ``settings``: a campaign's settings that are not house rules.

``desk settings CAMPAIGN --no-order continue|hold|defaults`` says what a unit
without an order does when a bound closes; ``--couriers auto|on|off`` whether a
commander's orders to his subordinates' units go by courier (the courier setting
``use``, also shown by ``desk couriers``); ``--late-orders refuse|flag`` what a
player's page does with orders sent after the bound's deadline; with no option it
prints the settings as they are.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.i18n import N_, _

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from sqlmodel import Session

# Marked N_: the words are read when asked for, in the language in use (``_(...)``).
NO_ORDER_HELP = {
    "continue": N_("continues its last order (never a charge, fire or attack); "
                   "a unit that never had one holds"),
    "hold": N_("holds where it stands"),
    "defaults": N_("the rules' defaults for no order (Belle Alliance: normal rate, as far as "
                   "possible)"),
}
COURIERS_HELP = {
    "auto": N_("by courier where the battle has a calibrated map or a hex grid, else none"),
    "on": N_("a commander's orders to his subordinates' units go by courier, as dispatches"),
    "off": N_("no couriers: every order on a sheet is an order (a table game without a map)"),
}
LATE_ORDERS_HELP = {
    "refuse": N_("a player's page takes no more orders once the deadline has passed"),
    "flag": N_("orders sent from a player's page after the deadline arrive as drafts marked "
               "late, for the umpire to decide"),
}


def register(subparsers: Subparsers) -> None:
    """Add ``settings`` to the ``desk`` parser."""
    settings = subparsers.add_parser(
        "settings", help=_("show or change a campaign's settings"),
        description=_("Show or change a campaign's settings (not its house rules)."),
    )
    add_campaign_argument(settings)
    settings.add_argument(
        "--no-order", choices=tuple(NO_ORDER_HELP), dest="no_order",
        help=_("what a unit without an order does at the close: ")
             + "; ".join(f"{k}: {_(v)}" for k, v in NO_ORDER_HELP.items()),
    )
    settings.add_argument(
        "--couriers", choices=tuple(COURIERS_HELP),
        help=_("whether a commander's orders to his subordinates' units go by courier: ")
             + "; ".join(f"{k}: {_(v)}" for k, v in COURIERS_HELP.items()),
    )
    settings.add_argument(
        "--late-orders", choices=tuple(LATE_ORDERS_HELP), dest="late_orders",
        help=_("what a player's page does with orders sent after the deadline: ")
             + "; ".join(f"{k}: {_(v)}" for k, v in LATE_ORDERS_HELP.items()),
    )
    settings.set_defaults(handler=run_settings)


def _late_line(setting: str) -> str:
    """"Orders after the deadline: refuse: …"."""
    return _("Orders after the deadline: {setting}: {meaning}").format(
        setting=setting, meaning=_(LATE_ORDERS_HELP.get(setting, "?")))


def _couriers_line(session: Session, use: str) -> str:
    """"Couriers: auto: …", with what auto gives in the current battle."""
    from desk.services.common import current_battle
    from desk.services.couriers import couriers_in_use

    said = _("Couriers: {setting}: {meaning}").format(
        setting=use, meaning=_(COURIERS_HELP.get(use, "?")))
    if use == "auto":
        _campaign, battle = current_battle(session)
        said += (_(" (this battle: in use)") if couriers_in_use(session, battle_id=battle.id or 0)
                 else _(" (this battle: none)"))
    return said


def run_settings(args: argparse.Namespace) -> int:
    """``desk settings CAMPAIGN [--no-order continue|hold|defaults] [--couriers auto|on|off]
    [--late-orders refuse|flag]``."""
    from desk.services.campaign.info import campaign_overview
    from desk.services.campaign.settings import set_late_orders, set_no_order
    from desk.services.common import current_battle
    from desk.services.couriers import rules_for
    from desk.services.couriers.settings import set_couriers
    from desk.store import open_campaign

    if args.no_order is None and args.couriers is None and args.late_orders is None:
        with open_campaign(args.campaign, read_only=True) as store, \
                store.session() as session:
            overview = campaign_overview(session=session)
            current = overview.no_order
            campaign, _battle = current_battle(session)
            couriers = _couriers_line(session, rules_for(session,
                                                         campaign_id=campaign.id or 0).use)
        print(_("Units without an order: {setting}: {meaning}").format(
            setting=current, meaning=_(NO_ORDER_HELP.get(current, "?"))))
        print(couriers)
        print(_late_line(overview.late_orders))
        return 0
    lines = []
    with open_campaign(args.campaign) as store, store.session() as session:
        if args.no_order is not None:
            before = set_no_order(session=session, policy=args.no_order)
            said = _("Units without an order: {setting}: {meaning}").format(
                setting=args.no_order, meaning=_(NO_ORDER_HELP[args.no_order]))
            if before != args.no_order:
                said += _("; was {before}.").format(before=before)
            lines.append(said)
        if args.couriers is not None:
            campaign, _battle = current_battle(session)
            was = set_couriers(session=session, campaign_id=campaign.id or 0, use=args.couriers)
            said = _couriers_line(session, args.couriers)
            if was != args.couriers:
                said += _("; was {before}.").format(before=was)
            lines.append(said)
        if args.late_orders is not None:
            was = set_late_orders(session=session, policy=args.late_orders)
            said = _late_line(args.late_orders)
            if was != args.late_orders:
                said += _("; was {before}.").format(before=was)
            lines.append(said)
    print("\n".join(lines))
    return 0
