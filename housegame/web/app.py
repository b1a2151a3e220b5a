"""The app: pages and ``/api/`` routes from each feature module, behind the guard (``Host``,
same origin, security headers) and the body size limit; every error in one shape."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from housegame import __version__
from housegame.errors import HousegameError
from housegame.rooms import RoomStore
from housegame.web import play, reports, room, rulesets, sensitivity, table, trainer
from housegame.web.apidocs import mount_swagger_ui
from housegame.web.core import (
    HERE,
    BodyLimit,
    JSONOut,
    housegame_error,
    http_error,
    internal_error,
    request_invalid,
)
from housegame.web.guard import Guard, Hosts
from housegame.web.limits import REQUEST_CPU_SECONDS, ROOM_LIMITS, InputLimits, RequestBudget


def create_app(
    hosts: Hosts | None = None,
    rooms: RoomStore | None = None,
    share: Sequence[str] = (),
    cpu_seconds: float = REQUEST_CPU_SECONDS,
) -> FastAPI:
    """A new app; ``housegame serve`` runs one with uvicorn, tests drive one directly.
    ``hosts``: the names it answers to (default: this machine's loopback names only);
    ``rooms``: where the table rooms live (default: in memory, gone with the app);
    ``share``: the addresses phones on the network open (``http://192.168.1.5:8000``);
    ``cpu_seconds``: the CPU time one request may spend."""
    app = FastAPI(
        title="housegame",
        version=__version__,
        summary="House rules for Chinese Poker games: rulesets, tables, reports and play.",
        description="Every page's action as JSON. Bad input answers 422 with "
        '`{"errors": [...]}`: the lines `housegame` prints after `error:`.',
        default_response_class=JSONOut,
        docs_url=None,  # apidocs serves /docs with Swagger UI's files from this server
        redoc_url=None,
    )
    app.state.rooms = rooms if rooms is not None else RoomStore(limits=ROOM_LIMITS)
    app.state.share = tuple(share)
    app.add_middleware(InputLimits)
    app.add_middleware(RequestBudget, cpu_seconds=cpu_seconds)
    app.add_middleware(BodyLimit)
    app.add_middleware(Guard, hosts=hosts or Hosts.serving())
    app.add_exception_handler(HousegameError, housegame_error)
    app.add_exception_handler(RequestValidationError, request_invalid)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, internal_error)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    mount_swagger_ui(app)
    for module in (rulesets, table, trainer, reports, sensitivity, play, room):
        app.include_router(module.router)
    return app
