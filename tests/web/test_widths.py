"""The diff, report and sensitivity pages (and the report.html ``simulate --out`` writes) at a
laptop's width (1366 px) and a phone's (390 px): nothing is wider than the screen (wide tables
scroll inside their own box). The screenshots
are the ones in docs/web.md."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from selenium.webdriver.remote.webdriver import WebDriver

from housegame.simulation import simulate
from housegame.simulation.report import write_report
from tests.web.conftest import Shot, Visit, wait_for

WIDTHS = (1366, 390)

WIDER = """
const width = document.documentElement.clientWidth;
const out = [];
for (const el of document.querySelectorAll('body *')) {
  let box = el.parentElement, clipped = false;
  while (box && box !== document.body) {
    const style = getComputedStyle(box);
    if (['auto', 'scroll', 'hidden'].includes(style.overflowX)) {
      clipped = true; break;
    }
    box = box.parentElement;
  }
  const rect = el.getBoundingClientRect();
  if (!clipped && rect.width > 0 && (rect.right > width + 1 || rect.left < -1)) {
    out.push(el.tagName + (el.id ? '#' + el.id : '') + ' ' + Math.round(rect.right));
  }
}
return [document.documentElement.scrollWidth, width, out.slice(0, 5)];
"""


@pytest.fixture
def screen(browser: WebDriver) -> Iterator[Any]:
    """``screen(width)`` makes the page ``width`` CSS pixels wide (a phone's is touch-sized);
    the window's own size comes back after the test."""

    def at(width: int) -> None:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600},
        )

    yield at
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _fits(browser: WebDriver) -> None:
    scroll_width, width, wider = browser.execute_script(WIDER)
    assert wider == [] and scroll_width <= width, (scroll_width, width, wider)


def _finished(client: TestClient, url: str) -> None:
    deadline = time.monotonic() + 180
    while client.get(url).json()["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.1)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_diff_page_fits(visit: Visit, shot: Shot, screen: Any, width: int) -> None:
    screen(width)
    browser = visit("/diff?a=maceplay&b=taiwan")
    wait_for(browser, "#diff-heading", "maceplay -> taiwan")
    _fits(browser)
    shot(f"diff-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_report_page_fits(
    client: TestClient, visit: Visit, shot: Shot, screen: Any, width: int
) -> None:
    body = {"rulesets": ["pagat", "taiwan", "macau"], "deals": 100, "players": 3, "seed": 2}
    job = client.post("/api/simulations", json=body).json()["id"]
    _finished(client, f"/api/simulations/{job}")
    screen(width)
    browser = visit(f"/reports/{job}")
    wait_for(browser, "table.summary td", "pagat")
    wait_for(browser, "#differs", "taiwan")
    _fits(browser)
    shot(f"report-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_report_file_fits(browser: WebDriver, screen: Any, tmp_path: Path, width: int) -> None:
    """``simulate --out``'s report.html, opened from disk."""
    report = simulate(["pagat", "taiwan", "macau"], deals=40, seed=2, players=3)
    write_report(report, tmp_path)
    screen(width)
    browser.get((tmp_path / "report.html").as_uri())
    wait_for(browser, "table td", "macau")
    _fits(browser)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_sensitivity_page_fits(
    client: TestClient, visit: Visit, shot: Shot, screen: Any, width: int
) -> None:
    body = {
        "ruleset": "pagat",
        "deals": 60,
        "seed": 1,
        "settings": ["scoop", "table", "specials.lower"],
    }
    run = client.post("/api/sensitivity", json=body).json()["id"]
    _finished(client, f"/api/sensitivity/{run}")
    screen(width)
    browser = visit(f"/sensitivity/{run}")
    wait_for(browser, "#effects td", "scoop")
    _fits(browser)
    shot(f"sensitivity-{width}")
    browser = visit("/sensitivity")
    wait_for(browser, "form#sensitivity")
    _fits(browser)
