"""Subcommands ``backups`` (list a campaign's backups) and ``restore`` (put one back)."""

from __future__ import annotations

import argparse
from pathlib import Path

from desk.cli.arguments import Subparsers
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``backups`` and ``restore`` to the ``desk`` parser."""
    listing = subparsers.add_parser(
        "backups", help=_("list a campaign's backups"),
        description=_("List the backups of a campaign file, newest first. The desk takes one "
                      "before every bound close."),
    )
    listing.add_argument("campaign", help=_("campaign file"))
    listing.add_argument("--backup-dir", type=Path, help=_("where the backups are (default: "
                                                           "the desk's data folder)"))
    listing.set_defaults(handler=run_backups)

    restore = subparsers.add_parser(
        "restore", help=_("restore a campaign from a backup"),
        description=_("Put a backup in place of the campaign. The current state is backed up "
                      "first, so a restore can itself be undone."),
    )
    restore.add_argument("campaign", help=_("campaign file"))
    restore.add_argument("backup", help=_("backup file, or its number in 'desk backups'"))
    restore.add_argument("--backup-dir", type=Path, help=_("where the backups are"))
    restore.set_defaults(handler=run_restore)


def _campaign_file(text: str) -> Path:
    """The campaign file named (which may be missing: a restore can bring it back)."""
    if "://" in text:  # backups are copies of a campaign file; a server has its own tools
        raise ValueError(_("a campaign on a database server is backed up and restored with "
                           "the server's own tools (pg_dump, pg_restore), not by the desk"))
    return Path(text)


def _campaign_path(text: str) -> Path:
    path = _campaign_file(text)
    if not path.is_file():
        raise FileNotFoundError(_("{path} does not exist").format(path=path))
    return path


def run_backups(args: argparse.Namespace) -> int:
    """``desk backups CAMPAIGN``."""
    from desk.services.campaign.backups import campaign_backups

    path = _campaign_path(args.campaign)
    backups = campaign_backups(campaign_path=path, backup_dir=args.backup_dir)
    if not backups:
        print(_("No backups of {path} yet (one is taken before every bound close).").format(
            path=path))
        return 0
    print(_("Backups of {path}, newest first:").format(path=path))
    for number, info in enumerate(backups, start=1):
        print(f"{number:>3}  {info.created:%Y-%m-%d %H:%M:%S}  {info.label:<20} "
              f"{info.size / 1024:8.0f} KiB  {info.path}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    """``desk restore CAMPAIGN BACKUP``."""
    from desk.services.campaign.backups import campaign_backups, restore_campaign_backup

    path = _campaign_file(args.campaign)
    chosen = Path(args.backup)
    if args.backup.isascii() and args.backup.isdigit() and not chosen.exists():
        backups = campaign_backups(campaign_path=path, backup_dir=args.backup_dir)
        number = int(args.backup)
        if not 1 <= number <= len(backups):
            raise ValueError(_("there is no backup number {number} ({count} backups; see "
                               "'desk backups {path}')").format(
                                   number=number, count=len(backups), path=path))
        chosen = backups[number - 1].path
    safety = restore_campaign_backup(backup=chosen, campaign_path=path,
                                     backup_dir=args.backup_dir)
    print(_("Restored {path} from {backup}.").format(path=path, backup=chosen.name))
    if safety is not None:
        print(_("The state it replaced is kept in {path}.").format(path=safety.path))
    return 0
