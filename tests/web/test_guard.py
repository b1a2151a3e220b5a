"""The guard: a foreign ``Host`` is 400 (DNS rebinding), a request from another site that could
change something is 403 (CSRF), every answer carries the security headers, every error has the
one shape, and pages never build an address from ``Host``."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from fastapi import WebSocket
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from housegame.web import create_app, play_bigtwo
from housegame.web.guard import PAGE_POLICY, Hosts
from tests.web.conftest import ROOT

OWN = "http://127.0.0.1:8000"
"""The origin of the test client's pages (its base URL)."""
HOST_REFUSED = {
    "errors": [
        "Host 'rebind.attacker.example' is not served here",
        "  hint: open the table at the address `housegame serve` printed, or start it with "
        "--allow-host NAME",
    ]
}
CROSS_SITE = {
    "errors": [
        "a request from another site is refused",
        "  hint: use the table's own pages; other sites cannot act on it",
    ]
}


def games() -> int:
    return len(play_bigtwo.BIGTWO_GAMES.games)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/", None),
        ("GET", "/api/rulesets", None),
        ("GET", "/static/housegame.css", None),
        ("POST", "/api/play/bigtwo", {"seed": 3}),
    ],
)
def test_a_foreign_host_is_refused(
    client: TestClient, method: str, path: str, body: dict[str, Any] | None
) -> None:
    before = games()
    response = client.request(method, path, json=body, headers={"Host": "rebind.attacker.example"})
    assert response.status_code == 400
    assert response.json() == HOST_REFUSED
    assert games() == before


@pytest.mark.parametrize(
    ("hosts", "header", "served"),
    [
        (Hosts.serving(), "localhost:8000", True),
        (Hosts.serving(), "127.0.0.1", True),
        (Hosts.serving(), "127.1.2.3:80", True),
        (Hosts.serving(), "[::1]:8000", True),
        (Hosts.serving(), "LOCALHOST", True),
        (Hosts.serving(), "", False),
        (Hosts.serving(), "localhost.attacker.example", False),
        (Hosts.serving(), "192.168.1.5:8000", False),
        (Hosts.serving("192.168.1.5"), "192.168.1.5:8000", True),
        (Hosts.serving("192.168.1.5"), "192.168.1.6:8000", False),
        (Hosts.serving("0.0.0.0"), "192.168.1.5:8000", True),
        (Hosts.serving("::"), "[fe80::1]:8000", True),
        (Hosts.serving("0.0.0.0"), "table.lan:8000", False),
        (Hosts.serving("0.0.0.0", ["Table.LAN"]), "table.lan:8000", True),
        (Hosts.serving("127.0.0.1", ["table.lan"]), "other.lan", False),
    ],
)
def test_hosts_served(hosts: Hosts, header: str, served: bool) -> None:
    assert hosts.allows(header) is served


def test_a_post_from_another_site_is_refused(client: TestClient) -> None:
    before = games()
    for headers in (
        {"Origin": "http://attacker.example"},
        {"Origin": "http://127.0.0.1:9000"},  # the same machine, another port: another origin
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ):
        response = client.post("/api/play/bigtwo", json={"seed": 3}, headers=headers)
        assert response.status_code == 403, headers
        assert response.json() == CROSS_SITE
    assert games() == before
    own = client.post("/api/play/bigtwo", json={"seed": 3}, headers={"Origin": OWN})
    assert own.status_code == 201
    fetched = client.post(
        "/api/play/bigtwo", json={"seed": 3}, headers={"Sec-Fetch-Site": "same-origin"}
    )
    assert fetched.status_code == 201
    assert games() == before + 2


def test_body_less_actions_and_form_posts_from_another_site_are_refused(
    client: TestClient,
) -> None:
    game = client.post("/api/play/bigtwo", json={"seed": 3}).json()
    evil = {"Origin": "http://attacker.example"}
    auto = client.post(f"/api/play/bigtwo/{game['id']}/auto", headers=evil)
    assert auto.status_code == 403
    assert client.get(f"/api/play/bigtwo/{game['id']}").json()["moves"] == game["moves"]
    form = client.post("/rulesets/check", data={"yaml": "id: x"}, headers=evil)
    assert form.status_code == 403
    cancel = client.delete("/api/simulations/nope", headers=evil)
    assert cancel.status_code == 403


def test_a_json_body_without_a_json_content_type_is_refused(client: TestClient) -> None:
    """A page on another site may post ``text/plain`` without asking (a no-cors fetch); the
    API reads JSON only when it says it is JSON (FastAPI 0.132 and later)."""
    before = games()
    response = client.post(
        "/api/play/bigtwo", content=b'{"seed": 3}', headers={"Content-Type": "text/plain"}
    )
    assert response.status_code == 422
    assert set(response.json()) == {"errors"}
    assert games() == before


@pytest.mark.parametrize(
    "path", ["/", "/table", "/api/rulesets", "/static/housegame.js", "/nowhere", "/docs"]
)
def test_every_answer_has_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["content-security-policy"] == PAGE_POLICY  # /docs too: no CDN, no inline
    assert "frame-ancestors 'none'" in PAGE_POLICY


def test_refusals_have_the_security_headers_too(client: TestClient) -> None:
    refused = client.get("/", headers={"Host": "rebind.attacker.example"})
    assert refused.headers["x-frame-options"] == "DENY"


def test_pages_use_paths_not_the_host_header(client: TestClient) -> None:
    for host in ("localhost:8000", "127.0.0.1:8000"):
        page = client.get("/reports", headers={"Host": host}).text
        assert 'href="/static/housegame.css"' in page
        assert 'src="/static/housegame.js"' in page
        assert host not in page and "http://" not in page


@pytest.mark.parametrize(
    ("method", "path", "status", "errors"),
    [
        ("GET", "/nowhere", 404, ["Not Found"]),
        ("PUT", "/api/rulesets", 405, ["Method Not Allowed"]),
        ("DELETE", "/", 405, ["Method Not Allowed"]),
    ],
)
def test_every_status_has_the_one_error_shape(
    client: TestClient, method: str, path: str, status: int, errors: list[str]
) -> None:
    response = client.request(method, path)
    assert response.status_code == status
    assert response.json() == {"errors": errors}
    if status == 405:
        assert "GET" in response.headers["allow"]


def test_a_bad_multipart_body_is_400_in_the_one_shape(client: TestClient) -> None:
    response = client.post(
        "/rulesets/check",
        content=b"--x\r\nnot a part",
        headers={"Content-Type": "multipart/form-data; boundary=x"},
    )
    assert response.status_code == 400
    assert list(response.json()) == ["errors"]


def test_the_web_extra_needs_a_fastapi_that_checks_content_type() -> None:
    """FastAPI before 0.132 read a JSON body whatever its Content-Type: a page on another site
    could post one with a no-cors fetch (text/plain) and start a game or a simulation."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    web = config["project"]["optional-dependencies"]["web"]
    (fastapi,) = [d for d in web if d.split(">=")[0].strip() == "fastapi"]
    minimum = fastapi.split(">=")[1].split(",")[0].strip()
    assert tuple(int(part) for part in minimum.split(".")) >= (0, 132)


def test_a_bug_answers_500_in_the_one_shape() -> None:
    app = create_app()

    @app.get("/api/broken")
    def broken() -> None:
        raise RuntimeError("oops")

    with TestClient(app, base_url=OWN, raise_server_exceptions=False) as client:
        response = client.get("/api/broken")
    assert response.status_code == 500
    assert response.json() == {"errors": ["internal error: RuntimeError (a bug in housegame)"]}


def test_a_websocket_from_another_site_is_refused() -> None:
    """A WebSocket handshake is a GET, but it opens a channel that acts: the origin is checked."""
    app = create_app()

    @app.websocket("/ws")
    async def talk(socket: WebSocket) -> None:
        await socket.accept()
        await socket.send_text("hello")
        await socket.close()

    here = {"Host": "127.0.0.1:8000"}  # the test client's sockets say testserver otherwise
    with TestClient(app, base_url=OWN) as client:
        with client.websocket_connect("/ws", headers={**here, "Origin": OWN}) as socket:
            assert socket.receive_text() == "hello"
        for headers in (
            {**here, "Origin": "http://attacker.example"},
            {"Host": "rebind.example", "Origin": "http://rebind.example"},
        ):
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect("/ws", headers=headers) as socket,
            ):
                socket.receive_text()
            assert refused.value.code == 1008
