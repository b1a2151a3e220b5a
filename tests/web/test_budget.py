"""A request's CPU budget, and its work stopped once its client goes (``housegame.budget``,
``web.limits.RequestBudget``)."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from housegame.arrange.evsearch import EvSearch
from housegame.budget import Budget, NobodyWaits, OverBudget, check, spending
from housegame.web.app import create_app

HAND = "AS KS QS JS TS 9H 9D 9C 2C 3D 4H 5S 7C"


def _spin(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_outside_a_budget_work_is_never_stopped() -> None:
    check()
    _spin(0.01)
    check()


def test_work_past_its_cpu_budget_stops_at_the_next_check() -> None:
    with spending(Budget(0.005, "over budget", "run it elsewhere")):
        check()  # the thread's first check starts its count
        _spin(0.001)
        check()
        _spin(0.01)
        with pytest.raises(OverBudget, match="over budget") as raised:
            check()
    assert raised.value.hint == "run it elsewhere"
    check()  # the budget ended with its block


def test_work_nobody_waits_for_stops_at_the_next_check() -> None:
    budget = Budget(60, "over budget")
    with spending(budget):
        check()
        budget.gone.set()
        with pytest.raises(NobodyWaits):
            check()


def test_a_thread_counts_its_own_time_only() -> None:
    """Time a thread spent before the work, or another thread's, is not the work's."""
    budget = Budget(0.05, "over budget")
    _spin(0.1)
    errors: list[BaseException] = []

    def other() -> None:
        with spending(budget):
            try:
                check()
                _spin(0.01)
                check()
            except BaseException as exc:  # read below
                errors.append(exc)

    worker = threading.Thread(target=other)
    worker.start()
    worker.join(10)
    assert errors == []


def test_a_request_over_its_budget_answers_with_the_limit() -> None:
    app = create_app(cpu_seconds=1e-9)  # any work between two checks is over it
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        answer = client.post("/api/arrange", json={"cards": HAND, "ruleset": "pagat"})
    assert answer.status_code == 422
    message, hint = answer.json()["errors"]
    assert message.endswith("CPU-seconds, the most the web table spends on one request")
    assert "the command line has no such limit" in hint


def test_a_request_within_its_budget_is_served(client: TestClient) -> None:
    answer = client.post("/api/arrange", json={"cards": HAND, "ruleset": "pagat"})
    assert answer.status_code == 200


def _post_and_leave(base: str, path: str, body: dict[str, Any], started: threading.Event) -> None:
    """Send a request by hand and close the connection once its work has started."""
    address = urlsplit(base)
    data = json.dumps(body).encode()
    with socket.create_connection((address.hostname, address.port), timeout=10) as conn:
        conn.sendall(
            f"POST {path} HTTP/1.1\r\nHost: {address.netloc}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode()
            + data
        )
        assert started.wait(10), "the work never started"


def test_work_stops_once_its_client_goes(live_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An arrangement that would run for a minute, its client gone after it starts: the work
    stops at its next check, and the server goes on answering."""
    started, stopped = threading.Event(), threading.Event()

    def endless(self: EvSearch, *args: Any, **kwargs: Any) -> Any:
        try:
            started.set()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                check()
                time.sleep(0.005)
        except NobodyWaits:
            stopped.set()
            raise
        raise AssertionError("the work ran on with nobody waiting")

    monkeypatch.setattr(EvSearch, "search", endless)
    _post_and_leave(live_server, "/api/arrange", {"cards": HAND, "ruleset": "pagat"}, started)
    assert stopped.wait(10), "the work went on after its client left"
    monkeypatch.undo()
    with urllib.request.urlopen(f"{live_server}/api/rulesets") as answer:
        assert answer.status == 200  # the server answers the next request
