"""Subcommands for players far away (issue 22): ``seed``, ``packets``, ``players``,
``deadline``, ``reminders`` and ``turn-in``.

The database, reportlab and the mail package load inside the handlers, so
``desk --version`` stays instant. The desk sends no mail: it writes ``.eml`` drafts.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from desk.cli.numbers import bound_number
from desk.i18n import _


def register(subparsers: Any) -> None:
    """Add the packet subcommands to the ``desk`` parser."""
    seed = subparsers.add_parser(
        "seed", help=_("reveal a closed bound's seed and list its rolls"),
        description=_("Print the seed of a closed bound, its SHA-256 commitment (the one the "
                      "packets printed) and every roll made in it; with --rolls, write the "
                      "list as JSON for the players' own check (docs/verifiable-rolls.md). An "
                      "open bound's seed stays secret."))
    seed.add_argument("campaign", help=_("campaign file or database URL"))
    seed.add_argument("--bound", type=bound_number, required=True, help=_("bound number"))
    seed.add_argument("--rolls", type=Path, help=_("write the bound's rolls as JSON here"))
    seed.set_defaults(handler=run_seed)
    from desk.cli.packets_more import register_more

    register_more(subparsers)


def run_seed(args: argparse.Namespace) -> int:
    """``desk seed CAMPAIGN --bound N [--rolls FILE.json]``."""
    from desk.services.packets.seeds import revealed_seed
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        shown = revealed_seed(session=session, bound=args.bound)
    print(_("Bound {n}: seed {seed}").format(n=shown.bound, seed=shown.seed))
    print(_("Commitment (SHA-256 of the seed): {c}").format(c=shown.commitment))
    for roll in shown.rolls:
        how = _("desk") if roll.rolled_by == "desk" else _("real dice or cup")
        print(f"  {roll.purpose}: {roll.result} ({roll.what}; {how})")
    if args.rolls is not None:
        data = {"battle": shown.battle, "bound": shown.bound, "seed": shown.seed,
                "commitment": shown.commitment, "rolls": [r.to_dict() for r in shown.rolls]}
        args.rolls.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")
        print(_("Wrote {path}.").format(path=args.rolls))
    return 0
