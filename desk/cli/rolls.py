"""Subcommand ``seed``: a closed bound's seed and every roll made from it, for the players'
own check (issue 22, docs/verifiable-rolls.md).

The packets print a commitment to each bound's seed while it is open; once the bound is
closed, ``seed`` reveals the seed and lists the rolls, which the procedure of
:mod:`desk.services.rolls` recomputes by hand or in any language. An open bound's seed
stays secret. The database loads inside the handler, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.cli.numbers import bound_number
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``seed`` to the ``desk`` parser."""
    seed = subparsers.add_parser(
        "seed", help=_("reveal a closed bound's seed and list its rolls"),
        description=_("Print the seed of a closed bound, its SHA-256 commitment (the one the "
                      "packets printed) and every roll made in it; with --rolls, write the "
                      "list as JSON for the players' own check (docs/verifiable-rolls.md). An "
                      "open bound's seed stays secret."))
    add_campaign_argument(seed)
    seed.add_argument("--bound", type=bound_number, required=True, help=_("bound number"))
    seed.add_argument("--rolls", type=Path, help=_("write the bound's rolls as JSON here"))
    seed.set_defaults(handler=run_seed)


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
