"""Subcommand ``serve``: each player's own page in their browser (issue 32).

``desk serve CAMPAIGN [--bind HOST:PORT]`` serves the players' pages (``desk.web``,
imported only here, when asked) until Ctrl+C; by default on this computer alone
(127.0.0.1:8470), on the network only when a non-loopback address is given. At its start
it gives each player without a link one and prints it: the campaign keeps only a link's
hash, so a link made earlier cannot be printed again (``desk players CAMPAIGN link NAME
--reissue`` makes a new one). The window may be open on the same file meanwhile.
"""

from __future__ import annotations

import argparse

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add ``serve`` to the ``desk`` parser."""
    serve = subparsers.add_parser(
        "serve", help=_("serve each player's own page: situation, map and orders form"))
    add_campaign_argument(serve)
    serve.add_argument("--bind", default="127.0.0.1:8470", metavar="HOST:PORT",
                       help=_("where to listen (default 127.0.0.1:8470, this computer "
                              "only; 0.0.0.0:8470 for the local network)"))
    serve.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """``desk serve CAMPAIGN [--bind HOST:PORT]``."""
    from desk.services.pages.links import issue_missing_links, link_states
    from desk.store import open_campaign
    from desk.web.server import is_loopback, page_url, parse_bind, serve

    host, port = parse_bind(args.bind)
    # Beside the window: the links are written even while the desk has the file open.
    with open_campaign(args.campaign, beside_writer=True) as store, \
            store.session() as session:
        made = {link.player.player_id: link for link in issue_missing_links(session=session)}
        states = link_states(session=session)
    if not states:
        print(_("This campaign has no players yet: add them with desk players CAMPAIGN add."))
    for state in states:
        link = made.get(state.player.player_id)
        if link is not None:
            print(f"{state.player.name}: {page_url(host, port, link.path)}")
        else:
            print(_("{name}: has a link since {when} UTC (desk players CAMPAIGN link {name} "
                    "--reissue for a new one)").format(
                        name=state.player.name,
                        when=f"{state.issued_at:%Y-%m-%d %H:%M}" if state.issued_at else ""))
    if not is_loopback(host):
        print(_("Serving on the network at {host}:{port}: anyone there with a player's link "
                "can open that page.").format(host=host, port=port))
    print(_("Serving the players' pages on {url} (Ctrl+C stops).").format(
        url=page_url(host, port, "/")), flush=True)
    serve(args.campaign, host=host, port=port)  # uvicorn ends on Ctrl+C by itself
    return 0
