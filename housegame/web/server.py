"""How ``housegame serve`` runs the app: uvicorn with bounds on connections and on the time a
client may take, so idle or half-sent connections cannot hold the table.

uvicorn closes a connection idle after a response (``timeout_keep_alive``) but waits forever
for a request's headers; ``TimedH11`` gives every request line and its headers a deadline.
A request's body has its own (``BodyLimit``), and what one request may cost is bounded by the
web's input limits (``housegame.web.limits``).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterable, Sequence
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from housegame.rooms import RoomStore
from housegame.web.app import create_app
from housegame.web.guard import Hosts

MAX_CONNECTIONS = 100
"""Connections (and requests in progress) at once; more are answered 503. A table of ten
phones keeps about sixty."""
KEEP_ALIVE_SECONDS = 5
"""An idle connection is closed this long after its last answer."""
HEADER_SECONDS = 10.0
"""A request line and its headers must arrive within this long of the connection opening (or
of the last answer on it)."""
HEADER_BYTES = 16 * 1024
"""Largest request line and headers."""
SHUTDOWN_SECONDS = 5
"""Ctrl-C waits this long for requests in progress."""


class TimedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose next request's headers have not
    all arrived ``HEADER_SECONDS`` after it opened or after its last answer."""

    header_seconds = HEADER_SECONDS
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        self._arm()
        super().on_response_complete()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and not self.transport.is_closing():
            self.transport.close()


def server_config(app: Any, host: str, port: int) -> uvicorn.Config:
    """uvicorn's settings for the table: the bounds above, warnings only in the log."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=TimedH11,
        limit_concurrency=MAX_CONNECTIONS,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=HEADER_BYTES,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


def serve(
    host: str,
    port: int,
    allow_hosts: Iterable[str] = (),
    listener: socket.socket | None = None,
    rooms: RoomStore | None = None,
    share: Sequence[str] = (),
) -> None:
    """Run the table on ``host:port`` until Ctrl-C; it answers to loopback names, ``host``
    and ``allow_hosts`` (``Hosts.serving``). ``listener``: the socket already bound to
    ``host:port`` (``serve`` binds it first, to say in one line that a port is in use);
    ``rooms``: where the table rooms live; ``share``: the addresses phones open."""
    app = create_app(Hosts.serving(host, allow_hosts), rooms, share)
    uvicorn.Server(server_config(app, host, port)).run(sockets=[listener] if listener else None)
