"""What every page and endpoint shares: one error shape, body size limits, the templates.

A library error (``HousegameError``) becomes HTTP 422 with the same lines the CLI prints after
``error:``; so does a request the API's models refuse. Pages render the same lines in place.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from housegame.errors import HousegameError
from housegame.glossary import LANGS, Lang, term
from housegame.yamlsource import Located, load_yaml_text

MAX_BODY_BYTES = 1024 * 1024
"""Largest request body (an uploaded ruleset or table); rulesets are a few KiB."""

HERE = Path(__file__).parent
_SURROGATE = re.compile("[\ud800-\udfff]")


def _printable(value: Any) -> Any:
    """Text with a lone surrogate (a ``"\\ud800"`` escape in YAML or JSON input cannot be
    encoded as UTF-8) shown as its escape, so a page or an answer never fails to encode."""
    if isinstance(value, str) and _SURROGATE.search(value):
        shown = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return Markup(shown) if isinstance(value, Markup) else shown
    return value


class JSONOut(JSONResponse):
    """The API's JSON: as FastAPI's, but text with a lone surrogate goes out ``\\u``-escaped
    (still valid JSON, and read back as the same text) instead of failing to encode."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, allow_nan=False, separators=(",", ":")).encode("ascii")


templates = Jinja2Templates(directory=HERE / "templates")
templates.env.finalize = _printable
templates.env.globals["term"] = term
templates.env.globals["LANGS"] = LANGS

Page = Literal["rulesets", "diff", "table", "reports", "play-ofc", "play-bigtwo", "play-thirteen"]


class WebInputError(HousegameError):
    """Bad input that only the web sees (a form field missing, a body too large)."""

    status = 422


class NotFound(WebInputError):
    """An id the server does not hold (a game or a job that ended or was dropped): 404."""

    status = 404


def error_lines(exc: HousegameError) -> list[str]:
    """The CLI's message for this error, one entry per line."""
    return [line for line in str(exc).splitlines() if line.strip()]


def problem_response(lines: list[str], status: int = 422) -> JSONResponse:
    return JSONOut({"errors": lines}, status_code=status)


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
    """Refuse a request body larger than ``limit`` bytes with 413, whether or not it says its
    length, before any handler reads it into memory."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        seen = 0
        sent_response = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal sent_response
            if message["type"] == "http.response.start":
                sent_response = True
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except _TooLarge:
            if not sent_response:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"errors": [f"request body larger than {self.limit // 1024} KiB"]})
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


class _TooLarge(Exception):
    pass
