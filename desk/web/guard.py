"""What every response of the players' pages carries, and how often a link may ask.

:class:`SecurityHeaders` is a plain ASGI middleware that adds to every response (a page,
the map, the stylesheet, a refusal) a Content-Security-Policy that allows nothing but the
server's own stylesheet and pictures and no script at all, ``nosniff``, no referrer (the
secret link never leaves in a Referer header) and ``no-store`` (a shared computer's cache
keeps no one's page).

:class:`RateLimit` counts each link's requests in a sliding minute, in this process's
memory: a simple brake on a runaway client, not an account of record (several server
processes each count their own).
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS = (
    (b"content-security-policy",
     b"default-src 'none'; img-src 'self'; style-src 'self'; script-src 'none'; "
     b"form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
    (b"x-frame-options", b"DENY"),
)
_DROPPED = {b"server"}  # says nothing of what serves the page


class SecurityHeaders:
    """Adds :data:`HEADERS` to every response start."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _value in HEADERS}
                kept = [(k, v) for k, v in message.get("headers", [])
                        if k.lower() not in names and k.lower() not in _DROPPED]
                message["headers"] = [*kept, *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class RateLimit:
    """At most ``limit`` requests per ``window`` seconds for each key (a link's token)."""

    def __init__(self, *, limit: int, window: float = 60.0, keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.keys, self.clock = limit, window, keys, clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, token: str) -> bool:
        """Count one request for ``token``; False when it is one too many."""
        # Keyed by a hash: the tokens themselves are not kept in memory longer than a request.
        key = hashlib.sha256(token.encode("utf-8")).hexdigest()
        now = self.clock()
        times = self._seen.pop(key, None) or deque()
        while times and now - times[0] > self.window:
            times.popleft()
        self._seen[key] = times  # the most recent at the end
        if len(self._seen) > self.keys:  # the longest quiet is forgotten first
            self._seen.popitem(last=False)
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True
