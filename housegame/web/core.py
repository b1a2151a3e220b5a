"""What every page and endpoint shares: one error shape, body size limits, the templates.

A library error (``HousegameError``) becomes HTTP 422 with the same lines the CLI prints after
``error:``; so does a request the API's models refuse. Pages render the same lines in place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import anyio
from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from housegame.errors import HousegameError
from housegame.glossary import LANGS, Lang, term
from housegame.inputs import escape_controls
from housegame.rulesets.families import grouped
from housegame.web.guard import send_problem
from housegame.yamlsource import Located, load_yaml_text

MAX_BODY_BYTES = 1024 * 1024
"""Largest request body (an uploaded ruleset or table); rulesets are a few KiB."""
BODY_SECONDS = 30.0
"""Longest a request body may take to arrive (a half-sent body does not hold a connection)."""

HERE = Path(__file__).parent
_SURROGATE = re.compile("[\ud800-\udfff]")


PAGE_WHITESPACE = "\n\r\t"
"""Control characters a page shows as they are (HTML treats them as spaces)."""


def _printable(value: Any) -> Any:
    """Text as a page shows it: control and bidi characters as escapes (``\\u202e``), as
    the CLI prints them, and a lone surrogate (a ``"\\ud800"`` escape in YAML or JSON
    input cannot be encoded as UTF-8) as its escape, so a page never fails to encode."""
    if not isinstance(value, str):
        return value
    shown = escape_controls(value, PAGE_WHITESPACE)
    if _SURROGATE.search(shown):
        shown = shown.encode("utf-8", "backslashreplace").decode("utf-8")
    if shown == value:
        return value
    return Markup(shown) if isinstance(value, Markup) else shown


class JSONOut(JSONResponse):
    """The API's JSON: as FastAPI's, but text with a lone surrogate goes out ``\\u``-escaped
    (still valid JSON, and read back as the same text) instead of failing to encode."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, allow_nan=False, separators=(",", ":")).encode("ascii")


@pass_context
def path_for(context: dict[str, Any], name: str, /, **params: Any) -> str:
    """A route's path only (``/static/housegame.css``): pages never build an address from the
    request's ``Host`` header, so a page is the same whatever name it was reached by."""
    request: Request = context["request"]
    return str(request.app.url_path_for(name, **params))


def ruleset_groups(
    rows: list[dict[str, Any]],
) -> list[tuple[str, list[dict[str, Any]]]]:
    """Catalog rows by family, in family order, each group labelled with its base ruleset and
    the regions its rulesets are played in (``maceplay-big-two · Taiwan, Hong Kong, ...``):
    what a ruleset picker shows as its groups."""
    groups = []
    for family, members in grouped(rows, "family").items():
        regions = list(dict.fromkeys(str(r["region"]) for r in members if r.get("region")))
        groups.append((" · ".join([family, ", ".join(regions)] if regions else [family]), members))
    return groups


templates = Jinja2Templates(directory=HERE / "templates")
templates.env.finalize = _printable
templates.env.globals["url_for"] = path_for
templates.env.globals["term"] = term
templates.env.globals["LANGS"] = LANGS
templates.env.filters["ruleset_groups"] = ruleset_groups

Page = Literal[
    "rulesets", "diff", "table", "reports", "play-ofc", "play-bigtwo", "play-thirteen", "room"
]


class WebInputError(HousegameError):
    """Bad input that only the web sees (a form field missing, a body too large)."""

    status = 422


class NotFound(WebInputError):
    """An id the server does not hold (a game or a job that ended or was dropped): 404."""

    status = 404


def error_lines(exc: HousegameError) -> list[str]:
    """The CLI's message for this error, one entry per line."""
    return [line for line in str(exc).splitlines() if line.strip()]


def problem_response(
    lines: list[str], status: int = 422, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONOut({"errors": lines}, status_code=status, headers=headers)


async def housegame_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HousegameError)
    return problem_response(error_lines(exc), getattr(exc, "status", 422))


async def request_invalid(request: Request, exc: Exception) -> Response:
    """FastAPI's own model errors, in the same shape: ``body.ruleset: Field required``."""
    assert isinstance(exc, RequestValidationError)
    lines = []
    for problem in exc.errors():
        where = ".".join(str(part) for part in problem.get("loc", ()))
        lines.append(f"{where}: {problem.get('msg', 'invalid')}")
    return problem_response(lines)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own answers (404 for an unknown path, 405 for a wrong method, 400 for a body
    that is not JSON) in the same shape, headers such as ``Allow`` kept."""
    assert isinstance(exc, HTTPException)
    return problem_response([str(exc.detail)], exc.status_code, exc.headers)


async def internal_error(request: Request, exc: Exception) -> Response:
    """A bug: one line, as the CLI prints it (the server log keeps the traceback)."""
    return problem_response([f"internal error: {type(exc).__name__} (a bug in housegame)"], 500)


def lang_of(request: Request) -> Lang:
    """``?lang=zh`` for Chinese terms; anything else is English."""
    return "zh" if request.query_params.get("lang") == "zh" else "en"


def render(
    request: Request,
    template: str,
    page: Page,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    """A page of the app: ``base.html`` around ``template``; every value is escaped."""
    context.setdefault("errors", [])
    return templates.TemplateResponse(
        request,
        template,
        {"page": page, "lang": lang_of(request), **context},
        status_code=status,
    )


def json_located(data: Any, name: str) -> Located:
    """A JSON value sent to the API, laid out as the CLI would read the same JSON file
    (two-space indent), so error lines and their line numbers match."""
    return load_yaml_text(json.dumps(data, indent=2, ensure_ascii=False), name)


def upload_text(data: bytes, name: str) -> str:
    """An uploaded file's text: UTF-8 within the size limit, or a one-line error."""
    if len(data) > MAX_BODY_BYTES:
        raise WebInputError(f"{name}: larger than {MAX_BODY_BYTES // 1024} KiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise WebInputError(f"{name}: not UTF-8 text") from None


class BodyLimit:
    """Read a request's whole body before the app sees it, so one more byte than ``limit`` is
    413 (whether or not the body says its length, chunked or not) and a body that trickles in
    for longer than ``seconds`` is 408, both in the app's error shape; the app then reads the
    body from memory."""

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY_BYTES, seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await send_problem(send, 413, [self._too_large()])
            return
        try:
            with anyio.fail_after(self.seconds):
                body = await self._read(receive)
        except TimeoutError:
            await send_problem(send, 408, [f"the request body took over {self.seconds:g} s"])
            return
        except _ClientGone:
            return
        if body is None:
            await send_problem(send, 413, [self._too_large()])
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or None once it is over the limit; ``_ClientGone`` if the client
        went away first."""
        parts: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                raise _ClientGone
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                return None
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    def _too_large(self) -> str:
        return f"request body larger than {self.limit // 1024} KiB"


class _ClientGone(Exception):
    """The client closed the connection before its body arrived: nobody to answer."""
