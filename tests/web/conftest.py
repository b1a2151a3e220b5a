"""The web table's fixtures: the framework's test client for the API and pages, and a real
browser (Debian's chromium driven by selenium through its chromedriver) on a live server.

Every test that uses the browser is marked ``browser``. Like the slow tests, the quick suite
leaves them out and says so in one line (``tests/conftest.py``); the full suite (``pytest
--full``, ``HOUSEGAME_FULL=1`` or ``CI=true``, as ``.ci/run`` does) runs them, and there a
missing chromium or chromedriver fails each of them. Screenshots go to the test's temporary
folder, or to ``docs/images/web/`` with ``HOUSEGAME_REGEN=1`` (the command that regenerates the
screenshots in ``docs/web.md``).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from housegame.web import create_app
from tests.suite import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "images" / "web"
WAIT_SECONDS = 20.0
PHONE_WIDTH = 390
"""A phone's screen (an iPhone 12 to 15): every page fits it."""

Shot = Callable[[str], Path]
Visit = Callable[[str], WebDriver]


def _program(env: str, name: str) -> Path | None:
    """The browser's program: ``$env`` exactly when set, else Debian's (or one on PATH)."""
    configured = os.environ.get(env)
    if configured:
        return Path(configured) if Path(configured).is_file() else None
    default = Path("/usr/bin") / name
    found = default if default.is_file() else shutil.which(name)
    return Path(found) if found else None


CHROMIUM = _program("HOUSEGAME_CHROMIUM", "chromium")
CHROMEDRIVER = _program("HOUSEGAME_CHROMEDRIVER", "chromedriver")


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    missing = [
        name
        for name, path in (("chromium", CHROMIUM), ("chromedriver", CHROMEDRIVER))
        if path is None
    ]
    return f"{' and '.join(missing)} not found" if missing else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that drives the browser: the quick suite leaves them out, ``-m "not
    browser"`` too."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def app() -> FastAPI:
    return create_app()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@pytest.fixture(scope="session")
def live_server(app: FastAPI) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread, for the browser."""
    import uvicorn

    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_SECONDS
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the live server did not start")
        time.sleep(0.02)
    (listener,) = server.servers
    port = listener.sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=WAIT_SECONDS)


@pytest.fixture(scope="session")
def browser() -> Iterator[WebDriver]:
    """One headless chromium for the session (a selenium ``WebDriver``)."""
    driver = new_chromium()
    yield driver
    driver.quit()


def new_chromium() -> WebDriver:
    """A headless chromium of its own (its own profile: cookies, localStorage); the caller
    quits it."""
    missing = browser_missing()
    if missing is not None or CHROMIUM is None or CHROMEDRIVER is None:
        pytest.fail(
            f"{missing}: the full suite runs the browser tests ({PACKAGES}, or set "
            "HOUSEGAME_CHROMIUM and HOUSEGAME_CHROMEDRIVER); or leave them out with "
            "-m 'not browser'"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
        "--lang=en-US",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # CSP reports land there
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    driver.implicitly_wait(0)
    return driver


@pytest.fixture
def shot(browser: WebDriver, tmp_path: Path) -> Shot:
    """``shot("table-calculator")`` saves the browser's page as a PNG and returns its path."""
    regen = os.environ.get("HOUSEGAME_REGEN") == "1"
    folder = SCREENSHOTS if regen else tmp_path

    def take(name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        assert browser.save_screenshot(str(path))
        return path

    return take


@pytest.fixture
def visit(browser: WebDriver, live_server: str) -> Visit:
    """``visit("/table")``: open a page of the live app in the browser."""

    def go(path: str) -> WebDriver:
        browser.get(live_server + path)
        return browser

    return go


def wait_for(browser: WebDriver, css: str, text: str | None = None) -> WebElement:
    """The first visible element matching ``css`` (containing ``text``), waiting for it."""
    from selenium.webdriver.common.by import By

    def found(driver: WebDriver) -> WebElement | bool:
        for element in driver.find_elements(By.CSS_SELECTOR, css):
            if element.is_displayed() and (text is None or text in element.text):
                return element
        return False

    # a page that redraws (replaceChildren) or loads anew may drop an element between finding
    # and reading it: chromedriver then says "stale" or "node does not belong to the document"
    element = WebDriverWait(browser, WAIT_SECONDS, ignored_exceptions=(WebDriverException,)).until(
        found
    )
    assert isinstance(element, WebElement)
    return element


def wait_gone(browser: WebDriver, element: WebElement) -> None:
    """Wait until ``element`` has left the page (a form posted, a new page loaded). Unlike
    selenium's ``staleness_of``, any error reading the old element counts as gone: during a
    page load chromedriver may answer "node does not belong to the document" instead of
    "stale element"."""

    def gone(_: WebDriver) -> bool:
        try:
            element.is_enabled()
        except WebDriverException:
            return True
        return False

    WebDriverWait(browser, WAIT_SECONDS).until(gone)


@pytest.fixture
def phone(browser: WebDriver) -> Iterator[WebDriver]:
    """The browser as a 390 px wide phone (chromium's device emulation), for one test."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": PHONE_WIDTH, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def fits(browser: WebDriver) -> None:
    """Nothing on the page is wider than the phone's screen."""
    widths = browser.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth,"
        " Math.max(...[...document.querySelectorAll('body *')]"
        ".map((e) => e.getBoundingClientRect().right))]"
    )
    assert widths[0] == PHONE_WIDTH
    assert widths[1] <= PHONE_WIDTH and widths[2] <= PHONE_WIDTH, widths
