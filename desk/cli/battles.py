"""Subcommands for the battles of a campaign: ``battles``, ``new-battle``, ``end-battle``,
``recovery``.

``end-battle`` prints what a close of the open bound leaves behind (as ``desk close``
does), then each unit's result of the aftermath, and ends the battle; ``--preview``
shows the results and changes nothing; ``--set UNIT=N:reason`` (repeatable) sets a
unit's strength after the battle instead of the rules' result, with its reason.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TypedDict

from desk.cli import CliError
from desk.cli.arguments import Subparsers, add_battle_option, add_campaign_argument, battle_id_of
from desk.cli.bounds import add_drop_drafts
from desk.cli.numbers import count
from desk.i18n import _

if TYPE_CHECKING:  # the services load when a command runs, not for `desk --help`
    from desk.services.battles.roster import BattleStrength


def register(subparsers: Subparsers) -> None:
    """Add the battles' subcommands to the ``desk`` parser."""
    listing = subparsers.add_parser(
        "battles", help=_("list a campaign's battles"),
        description=_("List the battles of a campaign; with --units, each unit's strength "
                      "across them (campaign strength at each battle's start → after it)."))
    add_campaign_argument(listing)
    listing.add_argument("--units", action="store_true",
                         help=_("also each unit's strength across the battles"))
    listing.set_defaults(handler=run_battles)

    new = subparsers.add_parser(
        "new-battle", help=_("start a battle from the campaign order of battle"),
        description=_("Start a battle: the units of the commands named (all by default) "
                      "take part at their campaign strength."))
    add_campaign_argument(new)
    new.add_argument("name", help=_("the battle's name"))
    new.add_argument("--commands", nargs="+", metavar="COMMAND",
                     help=_("the commands taking part (a name, or a path joined by ' / ')"))
    new.add_argument("--date", default="", help=_("its date, e.g. 1815-06-18"))
    new.add_argument("--start-time", default="08:00", help=_("game clock of bound 1 (HH:MM)"))
    new.add_argument("--minutes", type=count, default=15, help=_("minutes per bound"))
    new.add_argument("--seed", type=int, default=0, help=_("seed of its random draws"))
    new.set_defaults(handler=run_new_battle)

    end = subparsers.add_parser(
        "end-battle", help=_("end a battle: close its open bound, apply the recovery"),
        description=_("End the battle: its open bound is closed, each unit's losses are "
                      "counted, the recovery rules say how many return, and the result goes "
                      "into the campaign order of battle. A backup is taken first."))
    add_campaign_argument(end)
    add_battle_option(end)
    add_drop_drafts(end)
    _recovery_options(end)
    end.add_argument("--set", action="append", default=[], metavar="UNIT=N:REASON",
                     help=_("set a unit's strength after the battle, with the reason"))
    end.add_argument("--preview", action="store_true",
                     help=_("show the results, change nothing"))
    end.set_defaults(handler=run_end_battle)

    recovery = subparsers.add_parser(
        "recovery", help=_("show or set a campaign's recovery rules"),
        description=_("Show or set what comes back after a battle: a preset and any number "
                      "over it."))
    add_campaign_argument(recovery)
    _recovery_options(recovery)
    recovery.set_defaults(handler=run_recovery)


def _recovery_options(parser: argparse.ArgumentParser) -> None:
    from desk.services.battles.recovery import METHODS, PRESETS

    parser.add_argument("--recovery", metavar="PRESET",
                        help=_("a preset: ") + ", ".join(PRESETS))
    parser.add_argument("--share", type=float, help=_("percentage of losses that return"))
    parser.add_argument("--method", choices=METHODS, help=_("flat share, or d100 per lost "
                                                            "figure"))
    parser.add_argument("--seed", type=int, dest="recovery_seed",
                        help=_("kept for older files; the recovery rolls come from the "
                               "seed of the battle's last bound"))


class _RulesArgs(TypedDict):
    """The recovery options as given on the command line (None: not given)."""

    preset: str | None
    share: float | None
    method: str | None
    seed: int | None


def _rules_args(args: argparse.Namespace) -> _RulesArgs:
    return {"preset": args.recovery, "share": args.share, "method": args.method,
            "seed": args.recovery_seed}


def run_battles(args: argparse.Namespace) -> int:
    """``desk battles CAMPAIGN [--units]``."""
    from desk.services.battles.roster import campaign_order_of_battle
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        oob = campaign_order_of_battle(session=session)
    for b in oob.battles:
        status = _("open, bound {n}").format(n=b.current_bound) if b.status == "open" \
            else _("ended after bound {n}").format(n=b.current_bound - 1)
        print(_("{name}: {status}, {units} units").format(name=b.name, status=status,
                                                          units=b.units))
    if args.units:
        for u in oob.units:
            print(f"  {u.unit} ({u.side}): {'  '.join(_cell(s) for s in u.battles)}")
        print(_("Totals (a command counts the commands under it):"))
        for total in oob.totals:
            print(f"  {'  ' * (total.depth + 1)}{total.name}: "
                  f"{'  '.join(_cell(s) for s in total.battles)}")
    return 0


def _cell(cell: BattleStrength | None) -> str:
    """"24 → 22 (lost 3, returned 1)", "25 → 3 (adjusted -22)", "24 → …" while it is played,
    "—": it sat it out."""
    if cell is None:
        return "—"
    if cell.after is None or cell.lost is None:
        return f"{cell.start} → …"
    parts = [text.format(n=n) for text, n in ((_("lost {n}"), cell.lost),
                                              (_("returned {n}"), cell.returned or 0),
                                              (_("adjusted {n:+d}"), cell.adjusted)) if n]
    return f"{cell.start} → {cell.after}" + (f" ({', '.join(parts)})" if parts else "")


def run_new_battle(args: argparse.Namespace) -> int:
    """``desk new-battle CAMPAIGN NAME [--commands ...]``."""
    from desk.services.battles.roster import start_battle
    from desk.store import open_campaign

    with open_campaign(args.campaign) as store, store.session() as session:
        view = start_battle(session=session, name=args.name, commands=args.commands,
                            date=args.date, start_time=args.start_time,
                            minutes_per_bound=args.minutes, seed=args.seed)
    print(_("Battle {name} begun: {units} units at their campaign strength, bound 1 open.")
          .format(name=view.name, units=view.units))
    return 0


def _adjustments(sets: list[str], names: dict[str, list[int]]) -> dict[int, tuple[int, str]]:
    """``UNIT=N:reason`` each, by unit id; one plain sentence for a malformed one."""
    found: dict[int, tuple[int, str]] = {}
    for text in sets:
        unit, _eq, rest = text.partition("=")
        value, _colon, reason = rest.partition(":")
        if not _eq or not value.strip().lstrip("-").isdigit():
            raise CliError(_("--set {text!r}: give UNIT=N:reason, e.g. "
                             "'1/5e Ligne=20:stragglers came in'").format(text=text))
        ids = names.get(unit.strip(), [])
        if len(ids) != 1:
            raise CliError(_("--set {text!r}: no unit of this battle is called {unit!r}").format(
                text=text, unit=unit.strip()) if not ids else _(
                "--set {text!r}: {n} units of this battle are called {unit!r}").format(
                text=text, n=len(ids), unit=unit.strip()))
        found[ids[0]] = (int(value), reason.strip())
    return found


def run_end_battle(args: argparse.Namespace) -> int:
    """``desk end-battle CAMPAIGN [--recovery PRESET] [--set UNIT=N:reason ...]``."""
    from desk.cli.bounds import print_summary, refuse_drafts
    from desk.services.battles.aftermath import commit_aftermath, preview_aftermath
    from desk.services.battles.recovery import campaign_recovery, recovery_rules
    from desk.services.screens.close_summary import close_summary
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=args.preview) as store, \
            store.session() as session:
        battle_id = battle_id_of(session, args)
        rules = recovery_rules(campaign_recovery(session=session).as_data(),
                               **_rules_args(args))
        first = preview_aftermath(session=session, battle_id=battle_id, rules=rules)
        names: dict[str, list[int]] = {}
        for row in first.rows:
            names.setdefault(row.unit, []).append(row.unit_id)
        adjustments = _adjustments(args.set, names)
        summary = close_summary(session=session, battle_id=battle_id)
        print_summary(summary)
        if not args.preview:  # ending the battle closes its open bound
            refuse_drafts(summary, drop=args.drop_drafts)
        if args.preview:
            shown = preview_aftermath(session=session, battle_id=battle_id, rules=rules,
                                      adjustments=adjustments)
        else:
            shown = commit_aftermath(session=session, battle_id=battle_id, rules=rules,
                                     adjustments=adjustments)
    print(_("Aftermath of {battle} ({rules}):").format(battle=shown.battle,
                                                       rules=rules.describe()))
    for r in shown.rows:
        note = _(" — set by the umpire: {reason}").format(reason=r.note) if r.note else ""
        print(_("  {unit}: {start} → {end}, lost {losses}, {back} return → {after}{note}")
              .format(unit=r.unit, start=r.start, end=r.end, losses=r.losses,
                      back=r.returned, after=r.after, note=note))
    if args.preview:
        print(_("Preview only: nothing was changed."))
    else:
        print(_("Battle {battle} ended: {units} units, {lost} lost, {back} returned.").format(
            battle=shown.battle, units=len(shown.rows), lost=sum(r.losses for r in shown.rows),
            back=sum(r.returned for r in shown.rows)))
    return 0


def run_recovery(args: argparse.Namespace) -> int:
    """``desk recovery CAMPAIGN [--recovery PRESET] [--share N] [--method M] [--seed N]``."""
    from desk.services.battles.recovery import campaign_recovery, set_recovery
    from desk.store import open_campaign

    wanted = _rules_args(args)
    if all(v is None for v in wanted.values()):
        with open_campaign(args.campaign, read_only=True) as store, \
                store.session() as session:
            rules = campaign_recovery(session=session)
    else:
        with open_campaign(args.campaign) as store, store.session() as session:
            rules = set_recovery(session=session, **wanted)
    print(_("Recovery after a battle: {rules}").format(rules=rules.describe()))
    return 0
