"""The app's shared machinery: the ruleset list, errors as 422, size limits, escaping, serve."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from starlette.types import Message, Receive, Scope, Send

from housegame.web.core import BodyLimit
from tests.web.conftest import Shot, Visit, wait_for


def cli_json(*args: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "housegame", *args], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_rulesets_api_is_the_cli_listing(client: TestClient) -> None:
    response = client.get("/api/rulesets")
    assert response.status_code == 200
    assert response.json() == cli_json("rulesets", "--json")
    ofc = client.get("/api/rulesets", params={"game": "ofc"}).json()
    assert {row["game"] for row in ofc} == {"ofc"}
    assert ofc == cli_json("rulesets", "--json", "--game", "ofc")


def test_bad_query_is_422_with_the_cli_message(client: TestClient) -> None:
    response = client.get("/api/rulesets", params={"game": "poker"})
    assert response.status_code == 422
    assert response.json() == {
        "errors": ["game: 'poker' is not one of thirteen-card, big-two, ofc"]
    }


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["info"]["title"] == "housegame"
    assert all(path.startswith("/api/") for path in spec["paths"])
    assert "/api/rulesets" in spec["paths"]


def test_a_body_over_the_limit_is_refused_unread(client: TestClient) -> None:
    big = b"x" * (1024 * 1024 + 1)
    response = client.post("/api/rulesets", content=big)
    assert response.status_code == 413
    assert response.json() == {"errors": ["request body larger than 1024 KiB"]}


@pytest.mark.parametrize("path", ["/api/rulesets/check", "/api/score", "/rulesets/check"])
def test_a_chunked_body_over_the_limit_is_413(client: TestClient, path: str) -> None:
    chunks = iter([b"x" * (512 * 1024), b"x" * (512 * 1024), b"x"])
    response = client.post(path, content=chunks, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json() == {"errors": ["request body larger than 1024 KiB"]}


def test_a_body_that_trickles_in_is_408() -> None:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        raise AssertionError("the app must not see a late body")

    async def trickle() -> Message:
        await anyio.sleep(1)
        return {"type": "http.request", "body": b"x", "more_body": True}

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Scope = {"type": "http", "method": "POST", "headers": [], "path": "/api/score"}
    anyio.run(BodyLimit(app, seconds=0.2), scope, trickle, send)
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"]) == {"errors": ["the request body took over 0.2 s"]}


def test_the_home_page_lists_every_ruleset(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for row in cli_json("rulesets", "--json"):
        assert f'data-id="{row["id"]}"' in page.text
    assert "<th>编号</th>" in client.get("/?lang=zh").text


def test_serve_refuses_a_bad_port() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "housegame", "serve", "--port", "0"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "--port" in done.stderr


@pytest.mark.slow  # two `housegame serve` processes
def test_serve_on_a_busy_port_says_so() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "housegame", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"error: port {port} on 127.0.0.1 is in use by another program: stop it, or choose "
        "another with --port"
    ]


def test_the_api_docs_need_no_internet(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "<script>" not in page.text  # no inline script (a Content-Security-Policy refuses it)
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert all(url.startswith(("/", "http://testserver/")) for url in assets), assets
    assert "/docs/assets/swagger-ui-bundle.js" in assets and "/docs/assets/swagger-ui.css" in assets
    for asset in assets:
        assert client.get(asset).status_code == 200, asset
    assert client.get("/redoc").status_code == 404  # its script would come from a CDN


def test_the_api_docs_in_a_browser(visit: Visit, live_server: str) -> None:
    browser = visit("/docs")
    wait_for(browser, "#swagger-ui .opblock-summary-path", "/api/score")
    loaded = browser.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name)"
    )
    assert any(url.endswith("/openapi.json") for url in loaded)
    assert [url for url in loaded if not url.startswith(live_server + "/")] == []


def test_home_page_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/")
    row = wait_for(browser, "tr[data-id='maceplay']")
    assert "MacePlay" in row.text
    shot("rulesets-index")
    browser.find_element(By.ID, "lang-zh").click()
    wait_for(browser, "th", "编号")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


SERVE = [sys.executable, "-m", "housegame", "serve"]


def first_answer(server: subprocess.Popen[str], url: str) -> bytes:
    """The body of ``url`` once the ``serve`` process ``server`` answers it (30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url) as answer:
                body: bytes = answer.read()
                return body
        except OSError:
            assert server.poll() is None, "serve exited"
            assert time.monotonic() < deadline, "serve did not answer"
            time.sleep(0.1)


def _get(url: str, host: str) -> int:
    request = urllib.request.Request(url, headers={"Host": host})
    try:
        with urllib.request.urlopen(request) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return refused.code


def test_serve_answers_on_localhost() -> None:
    port = _free_port()
    server = subprocess.Popen(
        [*SERVE, "--port", str(port), "--allow-host", "table.lan"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        rows = json.loads(first_answer(server, f"http://127.0.0.1:{port}/api/rulesets"))
        assert rows == cli_json("rulesets", "--json")
        url = f"http://127.0.0.1:{port}/api/rulesets"
        assert _get(url, f"table.lan:{port}") == 200
        assert _get(url, f"localhost:{port}") == 200
        assert _get(url, "rebind.attacker.example") == 400
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    assert f"housegame web table on http://127.0.0.1:{port}/" in errors
    assert "warning" not in errors


@pytest.mark.parametrize(
    ("host", "local"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("127.1.2.3", True),
        ("0.0.0.0", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_serve_warns_off_this_machine(host: str, local: bool) -> None:
    from housegame.web.guard import is_loopback

    assert is_loopback(host) is local
