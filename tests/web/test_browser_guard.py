"""The guard in a real browser: a page served on another loopback port cannot act on the table
(a body-less game action, a text/plain JSON post, a multipart form), while the table's own
pages can; every page runs under its Content-Security-Policy without a violation; text is
shown with its control and bidi characters as escapes."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from selenium.webdriver.chromium.webdriver import ChromiumDriver
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from housegame.web import play_bigtwo
from tests.web.conftest import WAIT_SECONDS, Visit, wait_for

ATTACK = """<!doctype html><title>waiting</title><script>
const table = "TABLE";
const form = new FormData();
form.append("yaml", "id: x\\nextends: pagat\\n");
const tries = [
  ["/api/play/bigtwo/GAME/auto", {method: "POST", mode: "no-cors"}],
  ["/api/play/bigtwo", {method: "POST", mode: "no-cors", body: '{"seed": 3}'}],
  ["/rulesets/check", {method: "POST", mode: "no-cors", body: form}],
];
(async () => {
  const seen = [];
  for (const [path, init] of tries) {
    try { await fetch(table + path, init); seen.push("answered"); }
    catch (e) { seen.push("failed"); }
  }
  document.title = "done " + seen.join(",");
})();
</script>"""


class _Page(BaseHTTPRequestHandler):
    page = ""

    def do_GET(self) -> None:
        body = self.page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def other_site() -> Iterator[tuple[type[_Page], str]]:
    """A page served on another loopback port: another origin, as a site on the web is."""
    handler = type("Page", (_Page,), {})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield handler, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    thread.join(timeout=WAIT_SECONDS)


def new_game(live_server: str) -> dict[str, Any]:
    request = urllib.request.Request(
        live_server + "/api/play/bigtwo",
        data=b'{"seed": 3}',
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        game: dict[str, Any] = json.load(answer)
    return game


def moves(live_server: str, game_id: str) -> list[str]:
    with urllib.request.urlopen(f"{live_server}/api/play/bigtwo/{game_id}") as answer:
        shown: list[str] = json.load(answer)["moves"]
    return shown


def test_a_page_on_another_port_cannot_act_on_the_table(
    browser: WebDriver, live_server: str, other_site: tuple[type[_Page], str]
) -> None:
    handler, url = other_site
    game = new_game(live_server)
    games = len(play_bigtwo.BIGTWO_GAMES.games)
    handler.page = ATTACK.replace("TABLE", live_server).replace("GAME", game["id"])
    browser.get(url)
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.title.startswith("done"))
    assert browser.title == "done answered,answered,answered"  # the table heard each one
    assert moves(live_server, game["id"]) == game["moves"]
    assert len(play_bigtwo.BIGTWO_GAMES.games) == games
    # the same action from the table's own page is served
    browser.get(live_server + "/")
    status = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/api/play/bigtwo/{game['id']}/auto', {{method: 'POST'}})"
        ".then((r) => done(r.status));"
    )
    assert status == 200
    assert len(moves(live_server, game["id"])) > len(game["moves"])


PAGES = [
    ("/", "tr[data-id='pagat']"),
    ("/rulesets/pagat", "h2"),
    ("/rulesets/check", "textarea"),
    ("/diff?a=pagat&b=taiwan", "table"),
    ("/table", "select"),
    ("/reports", "form"),
    ("/play/ofc", "#seed"),
    ("/play/bigtwo", "#seed"),
]


def console(browser: WebDriver) -> list[dict[str, Any]]:
    """The browser console's messages since the last call (chromium's log)."""
    assert isinstance(browser, ChromiumDriver)
    entries: list[dict[str, Any]] = browser.get_log("browser")  # type: ignore[no-untyped-call]
    return entries


def test_every_page_runs_under_its_content_security_policy(
    visit: Visit, browser: WebDriver
) -> None:
    console(browser)  # start from an empty log
    for path, css in PAGES:
        wait_for(visit(path), css)
        refused = [
            entry["message"]
            for entry in console(browser)
            if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]
        ]
        assert refused == [], path


def test_a_page_shows_control_and_bidi_characters_as_escapes(visit: Visit) -> None:
    browser = visit("/table")
    wait_for(browser, "select")
    shown = browser.execute_script(
        "return [visible('Ann\\u202e nnA\\u001b[31m'), el('span', 'Bo\\u2066').textContent,"
        " visible('two\\nlines\\tand a tab')];"
    )
    assert shown == ["Ann\\u202e nnA\\x1b[31m", "Bo\\u2066", "two\nlines\tand a tab"]
