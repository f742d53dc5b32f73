"""Who opened their page, and when: an ASGI middleware that the window wraps around
:func:`desk.web.app.build_app` when it serves the players' pages (Players ▸ Players' pages).

It remembers, in memory and for the serving process only, the time of the last page a
link opened (``GET /p/<token>`` answered 200); a wrong or revoked token is answered 404
and is not remembered. Nothing is written to the campaign: it is the window's "last visit"
column, not a record of the game. The tokens are the window's to turn into players (by
:func:`desk.services.pages.links.resolve_token`); they never leave the process.

>>> visits = Visits(build_app("campaign.desk"))          # doctest: +SKIP
>>> uvicorn.Config(visits, ...)                          # doctest: +SKIP
>>> visits.last_visits()                                 # doctest: +SKIP
{'Qm9…': datetime.datetime(2026, 12, 4, 20, 31, tzinfo=datetime.UTC)}
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from desk.services.pages.links import PAGE_PREFIX


def _page_token(scope: Scope) -> str | None:
    """The token of a ``GET /p/<token>`` request (None for any other request)."""
    if scope.get("type") != "http" or scope.get("method") != "GET":
        return None
    path = str(scope.get("path", ""))
    if not path.startswith(PAGE_PREFIX):
        return None
    token = path[len(PAGE_PREFIX):]
    return token if token and "/" not in token else None


class Visits:
    """The application, recording the time of each page answered 200, per link's token.

    The server's thread writes, the window's thread reads: both under one lock.
    ``count`` grows with every visit recorded, so a reader can tell cheaply that
    there is something new.
    """

    def __init__(self, app: ASGIApp, *,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.app = app
        self.clock = clock
        self._lock = threading.Lock()
        self._last: dict[str, datetime] = {}
        self._count = 0

    @property
    def count(self) -> int:
        """How many page visits were recorded so far."""
        with self._lock:
            return self._count

    def last_visits(self) -> dict[str, datetime]:
        """Each token whose page was opened, with the time it last was (a copy)."""
        with self._lock:
            return dict(self._last)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _page_token(scope)
        if token is None:
            await self.app(scope, receive, send)
            return

        async def noting(message: Message) -> None:
            if message.get("type") == "http.response.start" and message.get("status") == 200:
                with self._lock:
                    self._last[token] = self.clock()
                    self._count += 1
            await send(message)

        await self.app(scope, receive, noting)
