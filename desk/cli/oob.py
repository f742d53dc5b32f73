"""Subcommands for the order of battle's files: JSON in and out, units by CSV.

``import-oob`` makes a new campaign file from an order of battle (the format of
docs/oob-format.md); ``add-units`` adds a spreadsheet's units to a campaign, in
its open bound. Both check the whole file first: one bad entry refuses it, with
its place, and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from desk.cli.arguments import (
    Subparsers,
    add_battle_option,
    add_campaign_argument,
    battle_id_of,
    shown_target,
)
from desk.i18n import _, ngettext

if TYPE_CHECKING:  # the database loads inside the commands that need it
    from sqlmodel import Session

T = TypeVar("T")


def register(subparsers: Subparsers) -> None:
    """Add ``import-oob``, ``export-oob``, ``add-units`` and ``export-units``."""
    imp = subparsers.add_parser(
        "import-oob", help=_("make a campaign from an order of battle (JSON)"),
        description=_("Make a new campaign file from an order of battle in JSON, or a "
                      "campaign in an empty PostgreSQL database (its URL)."))
    imp.add_argument("oob", help=_("the order of battle (.json)"))
    imp.add_argument("campaign", help=_("the new campaign file (e.g. quatre-bras.desk) or an "
                                        "empty database's URL"))
    imp.set_defaults(handler=run_import_oob)

    exp = subparsers.add_parser(
        "export-oob", help=_("write a campaign's order of battle as JSON"),
        description=_("Write the order of battle of a campaign's battle as JSON."))
    add_campaign_argument(exp)
    exp.add_argument("-o", "--output", help=_("the JSON file (default: standard output)"))
    add_battle_option(exp)
    exp.set_defaults(handler=run_export_oob)

    add = subparsers.add_parser(
        "add-units", help=_("add units from a spreadsheet (CSV) to a campaign"),
        description=_("Add the units of a CSV file (columns: side, command, name, arm, type, "
                      "strength, formation; the command as 'VI Corps / 19e Division') to a "
                      "campaign, in its open bound."))
    add_campaign_argument(add)
    add.add_argument("csv", help=_("the units (.csv)"))
    add_battle_option(add)
    add.set_defaults(handler=run_add_units)

    units = subparsers.add_parser(
        "export-units", help=_("write a campaign's units as CSV"),
        description=_("Write every unit of a campaign as a CSV row (what add-units reads)."))
    add_campaign_argument(units)
    units.add_argument("-o", "--output", help=_("the CSV file (default: standard output)"))
    add_battle_option(units)
    units.set_defaults(handler=run_export_units)


def _write_out(text: str, output: str | None) -> None:
    if output is None:
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")


def run_import_oob(args: argparse.Namespace) -> int:
    """``desk import-oob OOB.json CAMPAIGN``: a new file (removed again on failure) or an
    empty PostgreSQL database (left empty on failure)."""
    from desk.services.oob.importer import create_campaign_at
    from desk.services.oob.text_input import in_file, read_text_file

    source = Path(args.oob)
    with in_file(source.name):  # refusals name the file: "oob.json, line 3, column 7: …"
        info = create_campaign_at(target=args.campaign, text=read_text_file(source))
    print(ngettext("Wrote {path}: {name}, {units} unit, sides {sides}.",
                   "Wrote {path}: {name}, {units} units, sides {sides}.", info.units).format(
        path=shown_target(args.campaign), name=info.name, units=info.units,
        sides=", ".join(info.sides)))
    return 0


def _on_battle(args: argparse.Namespace, use: Callable[[Session, int], T], *,
               read_only: bool = True) -> T:
    """Run ``use(session, battle id)`` on the battle ``--battle`` names (else the current
    one), in one transaction."""
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=read_only) as store, \
            store.session() as session:
        return use(session, battle_id_of(session, args))


def run_export_oob(args: argparse.Namespace) -> int:
    """``desk export-oob CAMPAIGN [-o FILE]``."""
    from desk.services.oob.export import export_oob_json

    data = _on_battle(args, lambda s, battle: export_oob_json(session=s, battle_id=battle))
    _write_out(json.dumps(data, indent=2, ensure_ascii=False) + "\n", args.output)
    return 0


def run_add_units(args: argparse.Namespace) -> int:
    """``desk add-units CAMPAIGN UNITS.csv``."""
    from desk.services.oob.csv_units import import_units_csv
    from desk.services.oob.text_input import in_file, read_text_file

    source = Path(args.csv)
    with in_file(source.name):  # a spreadsheet's UTF-8 BOM is dropped, other encodings refused
        text = read_text_file(source)
        report = _on_battle(args, lambda s, battle: import_units_csv(
            session=s, battle_id=battle, text=text), read_only=False)
    print(report.sentence(f"{Path(args.csv).name} to {args.campaign}"))
    return 0


def run_export_units(args: argparse.Namespace) -> int:
    """``desk export-units CAMPAIGN [-o FILE]``."""
    from desk.services.oob.csv_units import export_units_csv

    _write_out(_on_battle(args, lambda s, battle: export_units_csv(session=s, battle_id=battle)),
               args.output)
    return 0
