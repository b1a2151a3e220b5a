"""``housegame serve``'s uvicorn: a connection that sends nothing, or half a request's headers,
is closed after the header deadline; a whole request is answered as ever."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from fastapi import FastAPI

from housegame.web.server import MAX_CONNECTIONS, TimedH11, server_config

DEADLINE = 0.3


class QuickH11(TimedH11):
    header_seconds = DEADLINE


@pytest.fixture(scope="module")
def port(app: FastAPI) -> Iterator[int]:
    config = server_config(app, "127.0.0.1", 0)
    config.http = QuickH11
    config.lifespan = "off"
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    yield server.servers[0].sockets[0].getsockname()[1]
    server.should_exit = True
    thread.join(timeout=20)


def closed_after(port: int, sent: bytes) -> float:
    """Seconds until the server closes a connection that sent ``sent`` (and then nothing)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        started = time.monotonic()
        conn.sendall(sent)
        data = b""
        while chunk := conn.recv(4096):
            data += chunk
        assert data == b""
        return time.monotonic() - started


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
def test_a_silent_or_half_sent_request_is_closed(port: int, sent: bytes) -> None:
    assert closed_after(port, sent) < DEADLINE + 2


def test_a_whole_request_is_answered_and_the_next_gets_its_deadline(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        time.sleep(DEADLINE / 3)
        conn.sendall(b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = conn.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200 ")
        conn.sendall(b"GET /api/rulesets HTTP/1.1\r\n")
        started = time.monotonic()
        rest = b""
        while chunk := conn.recv(65536):
            rest += chunk
        assert time.monotonic() - started < DEADLINE + 2


def test_serve_bounds_connections_and_their_time(app: FastAPI) -> None:
    config = server_config(app, "0.0.0.0", 8000)
    assert config.http is TimedH11
    assert (config.limit_concurrency, config.timeout_keep_alive) == (MAX_CONNECTIONS, 5)
    assert config.h11_max_incomplete_event_size == 16 * 1024
    assert TimedH11.header_seconds == 10
