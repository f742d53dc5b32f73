"""``desk knowledge`` and ``desk debrief``: what headquarters know of the units under them
(issue 31), for one headquarters on the terminal and for all of them on paper."""

from __future__ import annotations

import argparse

from desk.cli.arguments import (
    Subparsers,
    add_battle_option,
    add_campaign_argument,
    add_paper_and_output,
)
from desk.cli.numbers import bound_number
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``knowledge`` to ``desk``."""
    known = subparsers.add_parser(
        "knowledge", help=_("what a headquarters knows of its units, and since when"))
    add_campaign_argument(known)
    known.add_argument("--command", required=True, help=_("the command whose headquarters"))
    known.add_argument("--bound", type=bound_number, help=_("at this bound (default: the open "
                                                            "one)"))
    add_battle_option(known)
    known.set_defaults(handler=run_knowledge)

    debrief = subparsers.add_parser(
        "debrief", help=_("print each headquarters' belief against the truth (umpire only)"),
        description=_("Write a PDF of what each headquarters knew at a bound, unit by unit, "
                      "against where its units stood and how they were."))
    add_campaign_argument(debrief)
    debrief.add_argument("--bound", type=bound_number, help=_("at this bound (default: the "
                                                              "open one)"))
    add_battle_option(debrief)
    add_paper_and_output(debrief)
    debrief.set_defaults(handler=run_debrief)


def run_knowledge(args: argparse.Namespace) -> int:
    """``desk knowledge CAMPAIGN --command NAME [--bound N]``."""
    from sqlmodel import col, select

    from desk.cli import CliError
    from desk.services.common import current_battle
    from desk.services.knowledge.belief import knowledge
    from desk.services.positions.views import where_words
    from desk.services.printing import vocabulary
    from desk.store import open_campaign
    from desk.store.tables.oob import Command, Side, Unit

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        campaign, battle = current_battle(session, args.battle)
        found = session.exec(select(Command).join(Side, col(Side.id) == col(Command.side_id))
                             .where(Side.campaign_id == campaign.id,
                                    Command.name == args.command)).all()
        if len(found) != 1:
            raise CliError(_("there is no one command named {name!r} in this campaign").format(
                name=args.command))
        view = knowledge(session=session, battle_id=battle.id or 0,
                         command_id=found[0].id or 0, bound=args.bound)
        enemy = {u.id: u.name for u in session.exec(select(Unit).where(
            col(Unit.id).in_(list(view.enemies))))} if view.enemies else {}
    print(_("{command}'s headquarters at bound {bound}:").format(command=view.command,
                                                                 bound=view.bound))
    for unit in view.units:
        if unit.as_of is None:
            print(_("  {unit}: no news").format(unit=unit.unit))
            continue
        where = where_words(unit.hex, unit.x, unit.y)
        said = ", ".join(p for p in (where, vocabulary.word(unit.formation) if unit.formation
                                     else "",
                                     "" if unit.strength is None else str(unit.strength)) if p)
        when = (_("its own") if unit.own else
                _("as of bound {as_of}, reported at bound {arrived}").format(
                    as_of=unit.as_of, arrived=unit.arrived))
        print(f"  {unit.unit}: {said} ({when})")
    if view.enemies:
        print(_("The enemy it knows was seen:"))
    for news in sorted(view.enemies.values(), key=lambda n: (-n.as_of, enemy.get(n.unit_id, ""))):
        print(_("  {unit}: seen at bound {as_of}, known from bound {arrived}").format(
            unit=enemy.get(news.unit_id, "?"), as_of=news.as_of, arrived=news.arrived))
    return 0


def run_debrief(args: argparse.Namespace) -> int:
    """``desk debrief CAMPAIGN [--bound N] -o FILE.pdf``."""
    from desk.cli.sheets import write_pdf
    from desk.services.common import current_battle
    from desk.services.knowledge.debrief import debrief_model
    from desk.services.printing.viewmodels import Paper
    from desk.sheets.debrief import DebriefSheet
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        _campaign, battle = current_battle(session, args.battle)
        model = debrief_model(session=session, battle_id=battle.id or 0, bound=args.bound,
                              paper=Paper(args.paper))
    renderer = DebriefSheet()
    write_pdf(args.output, renderer.render(model))
    wrong = sum(hq.wrong for hq in model.headquarters)
    print(_("Wrote {path}: bound {bound} debrief, {hqs} headquarters, {wrong} beliefs "
            "otherwise than the truth, {pages} page(s).").format(
        path=args.output, bound=model.bound, hqs=len(model.headquarters), wrong=wrong,
        pages=renderer.page_count))
    return 0
