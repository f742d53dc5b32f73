"""The players' pages as a Starlette application, built by :func:`build_app` for one
campaign (a SQLite file or a PostgreSQL URL).

Routes (everything else, and a wrong or revoked token, gets the same plain 404):

- ``GET /p/{token}``: the player's page (situation, dispatches, seed, map, orders form);
- ``GET /p/{token}/map.png``: the packet's map view as a picture;
- ``POST /p/{token}/orders``: the orders form, taken as drafts (then back to the page);
- ``GET /static/page.css``: the one stylesheet (no inline style or script anywhere);
- ``GET /static/icon.png`` (and ``/favicon.ico``): the desk's icon.

Stateless: each request opens the campaign and closes it again. Pages read it
read-only; a sending of orders writes beside the desk that may hold the file open
(``open_campaign(..., beside_writer=True)``), so the window need not be closed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from desk import i18n
from desk.resources import icons_dir, web_dir
from desk.services.errors import ServiceError
from desk.services.pages.links import form_token, form_token_ok, resolve_token
from desk.services.pages.page import player_map, player_page
from desk.services.pages.submit import submit_orders
from desk.services.pages.views import PlayerPage
from desk.store import CampaignStore, StoreError, open_campaign
from desk.web.guard import RateLimit, SecurityHeaders
from desk.web.orders_form import Option, as_posted, read_posted, unit_forms
from desk.web.words import page_words, refusal_words

MAX_BODY = 64 * 1024  # bytes: a side's orders in words fit many times over
PAGE_REQUESTS = 120  # a minute, per link: a page polled every second still gets through
ORDER_SENDINGS = 10  # a minute, per link
FORM_FIELDS = 5_000  # a 500-unit side's orders have some 12 fields a unit … and no more


def _plain(text: str, status: int) -> PlainTextResponse:
    return PlainTextResponse(text + "\n", status_code=status)


def utc(when: datetime) -> datetime:
    """A stored time as UTC (SQLite hands some back without their zone)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


class PlayersPages:
    """The application's parts for one campaign: where it is, the templates, the limits and
    the clock (a test's fixed time)."""

    def __init__(self, campaign: str | Path, *, clock: Callable[[], datetime],
                 page_requests: int, order_sendings: int) -> None:
        self.campaign = campaign
        self.clock = clock
        self.pages = RateLimit(limit=page_requests)
        self.sendings = RateLimit(limit=order_sendings)
        self.templates = Environment(loader=FileSystemLoader(web_dir() / "templates"),
                                     autoescape=True, undefined=StrictUndefined)
        options = self.templates.get_template("options.html")

        # A 500-unit page has 1,500 lists and a few distinct ones: each rendered once (keyed
        # by its entries, so one player's list is never another's unless it is the same).
        @functools.lru_cache(maxsize=512)
        def options_html(entries: tuple[Option, ...]) -> Markup:
            return Markup(options.render(options=entries))  # the template autoescapes

        self.templates.filters["options"] = options_html
        self.stylesheet = (web_dir() / "static" / "page.css").read_bytes()
        self.icon = (icons_dir() / "desk-64.png").read_bytes()

    def reading(self) -> CampaignStore:
        """The campaign opened for one request's reading."""
        return open_campaign(self.campaign, read_only=True)

    def writing(self) -> CampaignStore:
        """The campaign opened for one request's writing, beside the desk's window."""
        return open_campaign(self.campaign, beside_writer=True)

    def not_found(self) -> PlainTextResponse:
        """The one 404: the same for a wrong path, a wrong token and a revoked one."""
        return _plain(refusal_words()["not_found"], 404)

    def render(self, page: PlayerPage, *, token: str, root: str, csrf: str, message: str = "",
               status: int = 200) -> HTMLResponse:
        """The page's HTML."""
        words = page_words()
        received = ""
        if page.received_at is not None:
            said = (words["received_late"] if page.received_late
                    else words["received"] if page.deadline is not None
                    else words["received_open"])
            received = said.format(time=f"{utc(page.received_at):%H:%M} UTC")
        context: dict[str, Any] = {
            "page": page, "w": words, "csrf": csrf, "message": message,
            "received": received, "units": unit_forms(page.units),
            "lang": i18n.current_language(), "token_path": f"{root}/p/{token}",
            "stylesheet": f"{root}/static/page.css", "icon": f"{root}/static/icon.png",
            "has_news": any(u.news for u in page.situation.own),
        }
        html = self.templates.get_template("page.html").render(context)
        return HTMLResponse(html, status_code=status)

    # -- the routes' work, run in a worker thread (the database calls block) --------------

    def page(self, token: str, root: str) -> Response:
        """``GET /p/{token}``."""
        if not self.pages.allow(token):
            return _plain(refusal_words()["too_many"], 429)
        with self.reading() as store, store.session() as session:
            player = resolve_token(session=session, token=token)
            if player is None:
                return self.not_found()
            page = player_page(session=session, player_id=player.player_id, now=self.clock())
            csrf = form_token(session=session, token=token, bound=page.bound)
        return self.render(page, token=token, root=root, csrf=csrf)

    def map_picture(self, token: str) -> Response:
        """``GET /p/{token}/map.png``."""
        if not self.pages.allow(token):
            return _plain(refusal_words()["too_many"], 429)
        with self.reading() as store, store.session() as session:
            player = resolve_token(session=session, token=token)
            view = None if player is None else player_map(session=session,
                                                          player_id=player.player_id)
        if view is None:
            return self.not_found()
        from desk.sheets.map_picture import render_map_picture

        return Response(render_map_picture(view), media_type="image/png")

    def take_orders(self, token: str, root: str, posted: Mapping[str, str]) -> Response:
        """``POST /p/{token}/orders``: drafts stored whole, or nothing stored."""
        message, status, player = "", 200, None
        with self.writing() as store:
            try:
                with store.session() as session:
                    player = resolve_token(session=session, token=token)
                    if player is None:
                        return self.not_found()
                    bound = int(posted["bound"]) if posted.get("bound", "").isdigit() else -1
                    if not form_token_ok(session=session, token=token, bound=bound,
                                         given=posted.get("csrf", "")):
                        return _plain(refusal_words()["stale_form"], 403)
                    page = player_page(session=session, player_id=player.player_id,
                                       now=self.clock())
                    submit_orders(session=session, player_id=player.player_id, bound=bound,
                                  values=read_posted(page.units, posted), now=self.clock())
            except ServiceError as exc:  # refused: the session rolled back, nothing stored
                message, status = str(exc), 409
            except StoreError as exc:  # e.g. the file busy past the timeout
                message, status = str(exc), 503
            if not message:  # stored: the page (reloaded) says when it was received
                return RedirectResponse(f"{root}/p/{token}", status_code=303)
            if player is None:
                return self.not_found()
            with store.session() as session:
                page = player_page(session=session, player_id=player.player_id,
                                   now=self.clock())
                csrf = form_token(session=session, token=token, bound=page.bound)
        page = replace(page, units=as_posted(page.units, read_posted(page.units, posted)))
        return self.render(page, token=token, root=root, csrf=csrf, message=message,
                           status=status)


def build_app(campaign: str | Path, *, clock: Callable[[], datetime] | None = None,
              page_requests: int = PAGE_REQUESTS,
              order_sendings: int = ORDER_SENDINGS) -> Starlette:
    """The players' pages of ``campaign`` (a file path or a database URL)."""
    parts = PlayersPages(campaign, clock=clock or (lambda: datetime.now(UTC)),
                         page_requests=page_requests, order_sendings=order_sendings)

    async def page(request: Request) -> Response:
        return await run_in_threadpool(parts.page, request.path_params["token"],
                                       request.scope.get("root_path", ""))

    async def map_picture(request: Request) -> Response:
        return await run_in_threadpool(parts.map_picture, request.path_params["token"])

    async def orders(request: Request) -> Response:
        token = request.path_params["token"]
        if not parts.sendings.allow(token):
            return _plain(refusal_words()["too_many"], 429)
        async with request.form(max_files=0, max_fields=FORM_FIELDS,
                                max_part_size=MAX_BODY) as form:
            posted = {k: v for k, v in form.items() if isinstance(v, str)}
        return await run_in_threadpool(parts.take_orders, token,
                                       request.scope.get("root_path", ""), posted)

    async def stylesheet(_request: Request) -> Response:
        return Response(parts.stylesheet, media_type="text/css")

    async def icon(_request: Request) -> Response:
        return Response(parts.icon, media_type="image/png")

    async def not_found(_request: Request, _exc: Exception) -> Response:
        return parts.not_found()

    async def refused(_request: Request, exc: Exception) -> Response:
        # A form too large or malformed: the status, and no word of the campaign.
        code = exc.status_code if isinstance(exc, HTTPException) else 400
        return parts.not_found() if code in (404, 405) else _plain(str(code), code)

    return Starlette(
        routes=[Route("/p/{token}", page, methods=["GET"]),
                Route("/p/{token}/map.png", map_picture, methods=["GET"]),
                Route("/p/{token}/orders", orders, methods=["POST"]),
                Route("/static/page.css", stylesheet, methods=["GET"]),
                # the browser asks for an icon anyway: the desk's, not a 404 in its console
                Route("/static/icon.png", icon, methods=["GET"]),
                Route("/favicon.ico", icon, methods=["GET"])],
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={404: not_found, 405: not_found, HTTPException: refused},
        max_body_size=MAX_BODY,
    )
