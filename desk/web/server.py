"""Running the players' pages: uvicorn serving :func:`desk.web.app.build_app` on one
address until interrupted (Ctrl+C).

The access log is off: every line of it would carry a player's secret link. The server
says nothing of itself (no ``Server`` header).
"""

from __future__ import annotations

import ipaddress
from pathlib import Path

from desk.i18n import _
from desk.web.app import build_app

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8470


class BindRefused(ValueError):
    """An address to serve on that is not HOST:PORT."""


def parse_bind(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8470`` for IPv6; ``:8470`` for the default host)."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise BindRefused(_("{text!r} is not an address to serve on: write it like "
                            "127.0.0.1:8470").format(text=text))
    host = host.strip("[]") or DEFAULT_HOST
    return host, int(port)


def is_loopback(host: str) -> bool:
    """Whether only this computer can reach ``host``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def page_url(host: str, port: int, path: str) -> str:
    """The address a player types for a page's path."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}"


def serve(campaign: str | Path, *, host: str, port: int) -> None:
    """Serve the campaign's players' pages until interrupted."""
    import uvicorn  # only when serving: the rest of the command line starts without it

    # A phone keeps its connection open: Ctrl+C (or SIGTERM) waits 2 s for it, not forever.
    config = uvicorn.Config(build_app(campaign), host=host, port=port, access_log=False,
                            server_header=False, log_level="warning", lifespan="off",
                            timeout_graceful_shutdown=2)
    uvicorn.Server(config).run()
