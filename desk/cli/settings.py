"""Subcommand ``settings``: a campaign's settings that are not house rules.

``desk settings CAMPAIGN --no-order continue|hold|defaults`` says what a unit
without an order does when a bound closes; ``--couriers auto|on|off`` whether a
commander's orders to his subordinates' units go by courier (the courier setting
``use``, also shown by ``desk couriers``); with no option it prints the settings
as they are.
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
    settings.set_defaults(handler=run_settings)


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
    """``desk settings CAMPAIGN [--no-order continue|hold|defaults] [--couriers auto|on|off]``."""
    from desk.services.campaign.info import campaign_overview
    from desk.services.campaign.settings import set_no_order
    from desk.services.common import current_battle
    from desk.services.couriers import rules_for
    from desk.services.couriers.settings import set_couriers
    from desk.store import open_campaign

    if args.no_order is None and args.couriers is None:
        with open_campaign(args.campaign, read_only=True) as store, \
                store.session() as session:
            current = campaign_overview(session=session).no_order
            campaign, _battle = current_battle(session)
            couriers = _couriers_line(session, rules_for(session,
                                                         campaign_id=campaign.id or 0).use)
        print(_("Units without an order: {setting}: {meaning}").format(
            setting=current, meaning=_(NO_ORDER_HELP.get(current, "?"))))
        print(couriers)
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
    print("\n".join(lines))
    return 0
