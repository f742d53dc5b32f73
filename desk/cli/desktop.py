"""Subcommands that add the desk to the desktop menu, or take it out again.

``desk install-desktop-entry`` places the menu entry, the icon, the AppStream
metadata and the ``.desk`` campaign-file type under the user's XDG data
directory; ``desk uninstall-desktop-entry`` removes them. Both work the same from
a pip install and from the unpacked bundle (whose own executable the entry then
starts).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from desk.cli.arguments import Subparsers
from desk.i18n import _, ngettext


def register(subparsers: Subparsers) -> None:
    """Add ``install-desktop-entry`` and ``uninstall-desktop-entry`` to the ``desk`` parser."""
    install = subparsers.add_parser(
        "install-desktop-entry",
        help=_("add the desk to your desktop's menu"),
        description=(
            _("Place the desk's menu entry, icon, metainfo and campaign file type under your "
              "XDG data directory (~/.local/share unless XDG_DATA_HOME says otherwise).")
        ),
    )
    install.add_argument(
        "--data-home", type=Path, default=None,
        help=_("install under this folder instead of the XDG data directory"),
    )
    install.set_defaults(handler=run_install)

    uninstall = subparsers.add_parser(
        "uninstall-desktop-entry",
        help=_("remove the desk from your desktop's menu"),
        description=_("Remove what install-desktop-entry placed; your campaigns are not "
                      "touched."),
    )
    uninstall.add_argument(
        "--data-home", type=Path, default=None,
        help=_("remove from this folder instead of the XDG data directory"),
    )
    uninstall.set_defaults(handler=run_uninstall)


def run_install(args: argparse.Namespace) -> int:
    """``desk install-desktop-entry [--data-home DIR]``."""
    from desk.desktop_entry import install_desktop_entry, launch_command

    written = install_desktop_entry(data_home=args.data_home)
    entry = written[0]
    print(_("Installed the desk's menu entry: {entry}").format(entry=entry))
    print(_("It starts: {command}").format(command=" ".join(launch_command())))
    print(ngettext("{count} file written (entry, icons, metainfo, campaign file type).",
                   "{count} files written (entry, icons, metainfo, campaign file type).",
                   len(written)).format(count=len(written)))
    return 0


def run_uninstall(args: argparse.Namespace) -> int:
    """``desk uninstall-desktop-entry [--data-home DIR]``."""
    from desk.desktop_entry import uninstall_desktop_entry

    removed = uninstall_desktop_entry(data_home=args.data_home)
    if removed:
        print(ngettext("Removed {count} file: the desk's menu entry, icons, metainfo, file type.",
                       "Removed {count} files: the desk's menu entry, icons, metainfo, file type.",
                       len(removed)).format(count=len(removed)))
    else:
        print(_("The desk's menu entry was not installed: nothing to remove."))
    return 0
