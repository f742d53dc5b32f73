"""Subcommand ``settings``: a campaign's settings that are not house rules.

``desk settings CAMPAIGN --no-order continue|hold|defaults`` says what a unit
without an order does when a bound closes; with no option it prints the
settings as they are.
"""

from __future__ import annotations

import argparse
from typing import Any

from desk.i18n import N_, _

# Marked N_: the words are read when asked for, in the language in use (``_(...)``).
NO_ORDER_HELP = {
    "continue": N_("continues its last order (never a charge, fire or attack); "
                   "a unit that never had one holds"),
    "hold": N_("holds where it stands"),
    "defaults": N_("the rules' defaults for no order (Belle Alliance: normal rate, as far as "
                   "possible)"),
}


def register(subparsers: Any) -> None:
    """Add ``settings`` to the ``desk`` parser."""
    settings = subparsers.add_parser(
        "settings", help=_("show or change a campaign's settings"),
        description=_("Show or change a campaign's settings (not its house rules)."),
    )
    settings.add_argument("campaign", help=_("campaign file or database URL"))
    settings.add_argument(
        "--no-order", choices=tuple(NO_ORDER_HELP), dest="no_order",
        help=_("what a unit without an order does at the close: ")
             + "; ".join(f"{k}: {_(v)}" for k, v in NO_ORDER_HELP.items()),
    )
    settings.set_defaults(handler=run_settings)


def run_settings(args: argparse.Namespace) -> int:
    """``desk settings CAMPAIGN [--no-order continue|hold|defaults]``."""
    from desk.services.campaign.info import campaign_overview
    from desk.services.campaign.settings import set_no_order
    from desk.store import open_campaign

    if args.no_order is None:
        with open_campaign(args.campaign, read_only=True) as store, \
                store.session() as session:
            current = campaign_overview(session=session).no_order
        print(_("Units without an order: {setting}: {meaning}").format(
            setting=current, meaning=_(NO_ORDER_HELP.get(current, "?"))))
        return 0
    with open_campaign(args.campaign) as store, store.session() as session:
        before = set_no_order(session=session, policy=args.no_order)
    said = _("Units without an order: {setting}: {meaning}").format(
        setting=args.no_order, meaning=_(NO_ORDER_HELP[args.no_order]))
    if before != args.no_order:
        said += _("; was {before}.").format(before=before)
    print(said)
    return 0
