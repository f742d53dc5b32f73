"""The players' pages served from the window: uvicorn in a thread of its own.

:class:`PagesServer` binds its socket on the caller's thread, so an address in use or
refused is one sentence at once (:class:`ServingRefused`), before any thread starts;
then uvicorn serves :func:`desk.web.app.build_app` (wrapped in
:class:`desk.web.visits.Visits`) on that socket in a daemon thread until
:meth:`PagesServer.stop` sets ``should_exit``. uvicorn notices within a tenth of a
second, closes the socket and the thread ends: the window polls :attr:`alive` rather
than wait for it (:meth:`PagesServer.join` is for the window's close).

The access log is off (its lines would carry the players' secret links) and the server
says nothing of itself, as ``desk serve`` (:mod:`desk.web.server`).
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import socket
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desk.web.server import DEFAULT_HOST, DEFAULT_PORT, page_url
from desk.web.visits import Visits

if TYPE_CHECKING:
    import uvicorn

translate = QCoreApplication.translate

LAN_HOST = "0.0.0.0"  # every address of this computer: the local network's too
# A private address no one need own: "connecting" a UDP socket toward it sends nothing,
# it only asks the system which of this computer's addresses its route would leave from.
_ROUTE_PROBE = ("10.254.254.254", 9)
# Connections still open at a stop are given this long to finish, then cut.
GRACE_SECONDS = 2


class ServingRefused(Exception):
    """The address cannot be served on, in one sentence for the dialog."""


def lan_address() -> str | None:
    """This computer's address on the local network, found without sending anything (see
    ``_ROUTE_PROBE``); failing that, its host name's address. None: only loopback found."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass  # no route at all: not on a network
    with contextlib.suppress(OSError):  # a host name no resolver knows
        found.append(socket.gethostbyname(socket.gethostname()))
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified):
            return address
    return None


def _refusal(error: OSError, host: str, port: int) -> ServingRefused:
    if error.errno == errno.EADDRINUSE:
        text = translate("PagesServer", "Port {port} is already in use (another desk serving, "
                         "or another program): choose another port.")
    elif error.errno == errno.EACCES:
        text = translate("PagesServer", "Port {port} is refused to this user (ports below "
                         "1024 need the administrator): choose another port.")
    elif error.errno == errno.EADDRNOTAVAIL:
        text = translate("PagesServer", "{host} is not an address of this computer.")
    else:
        text = translate("PagesServer", "The pages cannot be served on {host}:{port}: {why}.")
    return ServingRefused(text.format(host=host, port=port, why=error.strerror or error))


def _bound_socket(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (ServingRefused when the system refuses it)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET,
                         socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":  # as asyncio does: a port in TIME_WAIT may be taken
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise _refusal(exc, host, port) from exc
    return sock


class PagesServer:
    """One campaign's pages served on one address, in a thread, until stopped."""

    def __init__(self, campaign: str | Path, *, host: str = DEFAULT_HOST,
                 port: int = DEFAULT_PORT) -> None:
        self.campaign = campaign
        self.host = host
        self.port = port
        self.visits: Visits | None = None
        self.thread: threading.Thread | None = None
        self.failure: BaseException | None = None  # what ended the thread, if not a stop
        self._server: uvicorn.Server | None = None

    @property
    def alive(self) -> bool:
        """Whether the server's thread is still running."""
        return self.thread is not None and self.thread.is_alive()

    @property
    def stopping(self) -> bool:
        """Whether a stop was asked."""
        return self._server is not None and self._server.should_exit

    def start(self) -> None:
        """Bind now (ServingRefused: nothing started), then serve in a new thread."""
        import uvicorn  # only when serving: the window starts without it

        from desk.web.app import build_app

        sock = _bound_socket(self.host, self.port)
        self.port = int(sock.getsockname()[1])  # the port given, or the one chosen for 0
        self.visits = Visits(build_app(self.campaign))
        config = uvicorn.Config(self.visits, host=self.host, port=self.port, access_log=False,
                                server_header=False, log_level="warning", lifespan="off",
                                timeout_graceful_shutdown=GRACE_SECONDS)
        server = self._server = uvicorn.Server(config)

        def run() -> None:
            try:
                server.run(sockets=[sock])
            except BaseException as exc:  # uvicorn ends a failed start with SystemExit
                self.failure = exc
            finally:
                sock.close()  # uvicorn closes it at a stop; not after a failure

        self.failure = None
        self.thread = threading.Thread(target=run, name="desk-players-pages", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Ask the server to end (it does within a tenth of a second or so)."""
        if self._server is not None:
            self._server.should_exit = True

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True when it has."""
        if self.thread is not None:
            self.thread.join(timeout)
        return not self.alive

    def url(self, path: str, *, shown_host: str | None = None) -> str:
        """The address a player types for ``path`` (``shown_host``: the LAN address when
        serving on every address)."""
        return page_url(shown_host or self.host, self.port, path)
