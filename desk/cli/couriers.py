"""Subcommands for the courier desk (issue 21): the ledger, writing and ruling dispatches.

``desk dispatches CAMPAIGN [--bound N] [--side NAME]`` lists every dispatch with
its state; ``desk dispatch CAMPAIGN --from LEADER --to UNIT_OR_COMMAND --text
... [--reason WHY]`` writes one in the open bound (the reason overrules the
leader's limit of dispatches a bound); ``desk dispatch-rule CAMPAIGN ID --fate ...
--reason ...`` is the umpire's override; ``desk couriers CAMPAIGN [--scale S]
[--set KEY=VALUE]`` shows or changes the courier settings.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desk.cli.arguments import Subparsers, add_battle_option, add_campaign_argument
from desk.cli.numbers import bound_number, count, dispatch_number
from desk.i18n import _, ngettext

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from desk.services.couriers import DispatchView


def register(subparsers: Subparsers) -> None:
    """Add ``dispatches``, ``dispatch``, ``dispatch-rule`` and ``couriers`` to ``desk``."""
    ledger = subparsers.add_parser("dispatches", help=_("list every dispatch and its state"))
    add_campaign_argument(ledger)
    ledger.add_argument("--bound", type=bound_number, help=_("only those written in this bound"))
    ledger.add_argument("--side", help=_("only those this side wrote, received or captured"))
    add_battle_option(ledger)
    ledger.set_defaults(handler=run_dispatches)

    write = subparsers.add_parser("dispatch", help=_("write a dispatch in the open bound"))
    add_campaign_argument(write)
    write.add_argument("--from", dest="writer", required=True, help=_("the writing leader"))
    write.add_argument("--to", dest="recipient", required=True,
                       help=_("the unit or command it goes to"))
    write.add_argument("--text", required=True, help=_("the dispatch as written"))
    write.add_argument("--route", choices=("direct", "chain"), default="direct",
                       help=_("direct, or down the chain through each headquarters"))
    write.add_argument("--delay", type=count, help=_("the delay in bounds (the umpire's)"))
    write.add_argument("--message", action="store_true",
                       help=_("a message, not an order: it becomes no unit's order"))
    write.add_argument("--reason", default="",
                       help=_("the umpire's reason to send it over the leader's limit of "
                              "dispatches a bound (kept in the journal)"))
    write.add_argument("--with-news", action="store_true",
                       help=_("it carries what the leader's headquarters knows of the enemy "
                              "(information travelling)"))
    add_battle_option(write)
    write.set_defaults(handler=run_dispatch)

    rule = subparsers.add_parser("dispatch-rule", help=_("the umpire's ruling on a dispatch"))
    add_campaign_argument(rule)
    rule.add_argument("id", type=dispatch_number, help=_("the dispatch's number in the ledger"))
    rule.add_argument("--fate", required=True, choices=("in-transit", "lost", "captured"))
    rule.add_argument("--reason", required=True, help=_("why (kept in the journal)"))
    rule.add_argument("--due", type=bound_number, help=_("the bound it is due (in transit)"))
    rule.add_argument("--captor", help=_("the side that captured it"))
    rule.set_defaults(handler=run_rule)

    couriers = subparsers.add_parser("couriers", help=_("show or change the courier settings"))
    add_campaign_argument(couriers)
    couriers.add_argument("--scale", help=_("the rules system's preset for this scale"))
    couriers.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help=_("override one setting, again for more (e.g. loss_chance=5, "
                                 "information_travels=true)"))
    couriers.set_defaults(handler=run_couriers)


def _line(view: DispatchView) -> str:
    via = _(" via {via}").format(via=", ".join(view.via)) if view.via else ""
    return _("{id:>4}  bound {bound} {time}  {writer} → {to}{via}: {text!r} — {state}").format(
        id=view.id, bound=view.bound, time=view.game_time, writer=view.writer,
        to=view.recipient, via=via, text=view.text, state=view.state)


def run_dispatches(args: argparse.Namespace) -> int:
    """``desk dispatches CAMPAIGN [--bound N] [--side NAME]``."""
    from desk.services.common import current_battle
    from desk.services.couriers import ledger
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        _campaign, battle = current_battle(session, args.battle)
        views = ledger(session=session, battle_id=battle.id or 0, bound=args.bound,
                       side=args.side)
    if not views:
        print(_("No dispatches."))
    for view in views:
        print(_line(view))
    return 0


def run_dispatch(args: argparse.Namespace) -> int:
    """``desk dispatch CAMPAIGN --from LEADER --to UNIT_OR_COMMAND --text ...``."""
    from desk.services.common import current_battle
    from desk.services.couriers import write_dispatch
    from desk.services.couriers.names import address
    from desk.services.knowledge.news import carry_news
    from desk.store import open_campaign

    with open_campaign(args.campaign) as store, store.session() as session:
        campaign, battle = current_battle(session, args.battle)
        to = address(session=session, campaign_id=campaign.id or 0, writer=args.writer,
                     recipient=args.recipient)
        view = write_dispatch(session=session, battle_id=battle.id or 0,
                              writer_id=to.writer_id, to_unit_id=to.to_unit_id,
                              to_command_id=to.to_command_id, text=args.text,
                              kind="message" if args.message else "order", route=args.route,
                              delay=args.delay, seen_bound=battle.current_bound,
                              reason=args.reason)
        # In the same transaction: refused news takes the dispatch back with it.
        carried = carry_news(session=session, dispatch_id=view.id) if args.with_news else None
    print(_line(view))
    if carried is not None:
        print(ngettext("It carries news of {n} enemy unit.",
                       "It carries news of {n} enemy units.", carried).format(n=carried))
    return 0


def run_rule(args: argparse.Namespace) -> int:
    """``desk dispatch-rule CAMPAIGN ID --fate F --reason R [--due N] [--captor SIDE]``."""
    from sqlmodel import select

    from desk.services.couriers import override_dispatch
    from desk.store import open_campaign
    from desk.store.tables.couriers import Dispatch

    with open_campaign(args.campaign) as store, store.session() as session:
        row = session.exec(select(Dispatch).where(Dispatch.id == args.id)).first()
        view = override_dispatch(session=session, dispatch_id=args.id, fate=args.fate,
                                 reason=args.reason, due_bound=args.due, captor=args.captor,
                                 seen_version=row.version_id if row else None)
    print(_line(view))
    return 0


def _value(text: str) -> bool | int | float | str:
    if text in ("true", "false"):  # a setting that is on or off (information_travels)
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def run_couriers(args: argparse.Namespace) -> int:
    """``desk couriers CAMPAIGN [--scale S] [--set KEY=VALUE ...]``."""
    from desk.cli import CliError
    from desk.services.common import current_battle
    from desk.services.couriers import rules_for, set_courier_rules
    from desk.store import open_campaign

    overrides: dict[str, object] = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep:
            raise CliError(_("--set {item!r}: write KEY=VALUE.").format(item=item))
        overrides[key.strip()] = _value(value.strip())
    changing = bool(overrides) or args.scale is not None
    with open_campaign(args.campaign, read_only=not changing) as store, \
            store.session() as session:
        campaign, _battle = current_battle(session)
        rules = (set_courier_rules(session=session, campaign_id=campaign.id or 0,
                                   scale=args.scale, overrides=overrides) if changing
                 else rules_for(session, campaign_id=campaign.id or 0))
    for key, value in rules.to_dict().items():
        print(f"{key} = {value}")
    return 0
