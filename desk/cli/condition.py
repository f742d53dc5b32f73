"""Subcommands for condition and losses: ``event``, ``reinforcement`` and ``losses``.

``desk event CAMPAIGN UNIT KIND [key=value …]`` records an in-bound event with
the window's own service and checks; ``desk reinforcement`` makes a unit due at
a bound or on a roll; ``desk losses`` writes the losses report of a battle as a
PDF. Each takes ``--battle NAME`` (default: the current battle) and reports any
refusal in one line with a non-zero exit.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.cli.numbers import bound_number
from desk.i18n import _

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from sqlmodel import Session


def register(subparsers: Subparsers) -> None:
    """Add ``event``, ``reinforcement`` and ``losses``."""
    event = subparsers.add_parser(
        "event", help=_("record an in-bound event against a unit (casualties, routed …)"),
        description=_("Record an in-bound event against a unit in the open bound, with the "
                      "same checks as the window: e.g. 'desk event c.desk \"1/5e Ligne\" "
                      "casualties losses=3 cause=musketry'."))
    add_campaign_argument(event)
    event.add_argument("unit", help=_("the unit's name (or its number)"))
    event.add_argument("kind", help=_("the event (its code, e.g. casualties, became-MD)"))
    event.add_argument("data", nargs="*", metavar="key=value", help=_("the event's fields"))
    event.add_argument("--battle", help=_("the battle (default: the current one)"))
    event.set_defaults(handler=run_event)

    due = subparsers.add_parser(
        "reinforcement", help=_("make a unit a reinforcement due at a bound"),
        description=_("Make a unit a reinforcement: hidden from every sheet until the close "
                      "that opens its bound brings it on (with --roll: on a seeded die roll "
                      "from that bound on)."))
    add_campaign_argument(due)
    due.add_argument("unit", help=_("the unit's name (or its number)"))
    due.add_argument("bound", type=bound_number, help=_("the bound it is due at"))
    due.add_argument("--roll", action="store_true", help=_("arrives on a roll from that bound"))
    due.add_argument("--note", default="", help=_("where it comes on"))
    due.add_argument("--battle", help=_("the battle (default: the current one)"))
    due.set_defaults(handler=run_reinforcement)

    losses = subparsers.add_parser(
        "losses", help=_("write a battle's losses report (PDF)"),
        description=_("Write the losses of a battle by side, command and bound, with a chart "
                      "of each side's strength, as a PDF."))
    add_campaign_argument(losses)
    losses.add_argument("--battle", help=_("the battle (default: the current one)"))
    losses.add_argument("-o", "--output", required=True, help=_("the PDF file to write"))
    losses.set_defaults(handler=run_losses)


def _battle_id(session: Session, name: str | None) -> int:
    from desk.services.common import current_battle
    from desk.services.condition.losses import find_battle

    campaign, _battle = current_battle(session)
    return find_battle(session=session, campaign_id=campaign.id or 0, name=name).id or 0


def run_event(args: argparse.Namespace) -> int:
    """``desk event CAMPAIGN UNIT KIND [key=value …]``: prints the journal line."""
    from desk.services.condition.script import record_named_event
    from desk.store import open_campaign

    with open_campaign(args.campaign) as store, store.session() as session:
        view = record_named_event(session=session, battle_id=_battle_id(session, args.battle),
                                  unit=args.unit, kind=args.kind, pairs=args.data)
    print(view.journal or _("Recorded {kind} in bound {bound}.").format(kind=view.kind,
                                                                        bound=view.bound))
    for found in view.findings:
        print(_("warning: {message}").format(message=found.message))
    return 0


def run_reinforcement(args: argparse.Namespace) -> int:
    """``desk reinforcement CAMPAIGN UNIT BOUND [--roll] [--note TEXT]``."""
    from desk.services.condition.reinforcements import schedule_reinforcement
    from desk.services.condition.script import find_unit
    from desk.store import open_campaign

    with open_campaign(args.campaign) as store, store.session() as session:
        battle = _battle_id(session, args.battle)
        from desk.services.common import get_battle

        unit = find_unit(session=session, campaign_id=get_battle(session, battle).campaign_id,
                         name=args.unit)
        view = schedule_reinforcement(session=session, battle_id=battle, unit_id=unit.id or 0,
                                      due_bound=args.bound, on_roll=args.roll, note=args.note)
    if view.arrived_bound is not None:
        print(_("{unit} arrives at once, in bound {bound}.").format(unit=view.unit,
                                                                     bound=view.arrived_bound))
    elif view.on_roll:
        print(_("{unit} is due on a roll from bound {bound}.").format(unit=view.unit,
                                                                       bound=view.due_bound))
    else:
        print(_("{unit} is due at bound {bound}.").format(unit=view.unit, bound=view.due_bound))
    return 0


def run_losses(args: argparse.Namespace) -> int:
    """``desk losses CAMPAIGN [--battle NAME] -o FILE.pdf``."""
    from desk.services.condition.losses import losses_model
    from desk.sheets.losses_report import LossesReport
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        model = losses_model(session=session, battle_id=_battle_id(session, args.battle))
    Path(args.output).write_bytes(LossesReport().render(model))
    lost = ", ".join(f"{s.side} {s.total}" for s in model.sides)
    print(_("Wrote {path}: losses of {battle} in {unit}: {lost}.").format(
        path=args.output, battle=model.battle, unit=_(model.casualty_unit), lost=lost))
    return 0
