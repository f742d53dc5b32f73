"""Subcommand ``packets``: each side's (or player's) packet for a bound (issue 22).

A packet is a folder with the fillable order sheet, the side's map view, the situation
report, the seed's commitment and a mail draft (``.eml``) to the player: the desk sends
no mail. The database and reportlab load inside the handler, so ``desk --version``
stays instant.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from desk.cli.arguments import Subparsers, add_campaign_argument, mail_address
from desk.cli.numbers import bound_number
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``packets`` to the ``desk`` parser."""
    packets = subparsers.add_parser(
        "packets", help=_("write each side's (or player's) packet for a bound"),
        description=_("For each side, or each player the campaign names, a folder with the "
                      "fillable order sheet, the side's map view, the situation report and "
                      "the seed's commitment, and a mail draft (.eml) to the player. The desk "
                      "sends nothing. The folder must be new or empty."))
    add_campaign_argument(packets)
    packets.add_argument("--bound", type=bound_number,
                         help=_("bound number (default: the open bound)"))
    packets.add_argument("-o", "--output", required=True, type=Path,
                         help=_("the folder to write (new or empty)"))
    packets.add_argument("--from", dest="sender", type=mail_address,
                         help=_("the umpire's address for the drafts"))
    packets.set_defaults(handler=run_packets)


def run_packets(args: argparse.Namespace) -> int:
    """``desk packets CAMPAIGN [--bound N] -o FOLDER``."""
    from desk.services.packets.plan import packet_models
    from desk.sheets.packets import check_folder, write_packets
    from desk.store import open_campaign

    check_folder(args.output)
    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        models = packet_models(session=session, bound=args.bound)
    for packet in write_packets(models, args.output, sender=args.sender):
        print(_("{folder}: {files}").format(folder=packet.folder, files=", ".join(packet.files)))
    return 0
