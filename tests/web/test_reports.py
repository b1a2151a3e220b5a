"""Reports: a simulation job through the API (the same JSON and CSV as ``housegame simulate``),
its progress, cancelling, bounds and bad input; the page in a browser."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from housegame.errors import TableError
from housegame.web import reports
from tests.web.conftest import Shot, Visit, wait_for
from tests.web.housegame_cli import cli_ok

ARGS = {"rulesets": ["taiwan", "pagat"], "deals": 200, "seed": 5, "players": 3}
PLOT_NAMES = [
    f"{kind}{lang}" for lang in ("", "-zh") for kind in ("terms", "distribution", "banker-edge")
]
"""A report's charts (every ruleset in each), drawn in English and in Chinese."""
CLI_ARGS = ["-r", "taiwan", "-r", "pagat", "--deals", "200", "--seed", "5", "--players", "3"]


def finished(client: TestClient, job: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status: dict[str, Any] = client.get(f"/api/simulations/{job}").json()
        if status["state"] != "running":
            return status
        assert time.monotonic() < deadline, "the simulation did not finish"
        time.sleep(0.05)


def start(client: TestClient, **body: Any) -> str:
    response = client.post("/api/simulations", json=body)
    assert response.status_code == 202, response.json()
    job: str = response.json()["id"]
    return job


@pytest.fixture
def no_jobs() -> Iterator[None]:
    """Tests that count jobs start from none and leave none running."""
    reports.JOBS.jobs.clear()
    yield
    for job in list(reports.JOBS.jobs.values()):
        job.cancel.set()
    reports.JOBS.jobs.clear()


def test_the_report_is_exactly_what_simulate_writes(client: TestClient, tmp_path: Path) -> None:
    job = start(client, **ARGS)
    status = finished(client, job)
    assert status["state"] == "done"
    assert status["done"] == status["total"] == 400
    csv = tmp_path / "report.csv"
    cli = cli_ok("simulate", *CLI_ARGS, "--json", "--csv", str(csv))
    downloaded = client.get(f"/api/simulations/{job}/report.json")
    assert downloaded.headers["content-disposition"].startswith("attachment")
    assert downloaded.text == cli.stdout
    assert status["report"] == downloaded.json()
    assert [r["ruleset"] for r in status["report"]["rulesets"]] == ["taiwan", "pagat"]
    table = client.get(f"/api/simulations/{job}/report.csv")
    assert table.headers["content-type"].startswith("text/csv")
    assert table.content == csv.read_bytes()


def test_plots_and_the_report_page(client: TestClient) -> None:
    job = start(client, **ARGS)
    status = finished(client, job)
    assert status["plots"] == PLOT_NAMES
    plot = client.get(f"/api/simulations/{job}/plots/terms.png")
    assert plot.headers["content-type"] == "image/png"
    assert plot.content.startswith(b"\x89PNG")
    missing = client.get(f"/api/simulations/{job}/plots/nothing.png")
    assert missing.status_code == 404
    assert missing.json()["errors"][0] == "no plot 'nothing' in this report"
    page = client.get(f"/reports/{job}")
    assert page.status_code == 200
    assert "<th>banker edge [95% CI]</th>" in page.text
    for kind in ("terms", "distribution", "banker-edge"):
        assert f'src="/api/simulations/{job}/plots/{kind}.png"' in page.text
    assert "<dt>edge/action</dt><dd>banker games: that edge as a share" in page.text
    assert '<p class="differs" data-ruleset="pagat"><b>pagat</b>: ' in page.text
    chinese = client.get(f"/reports/{job}?lang=zh").text
    assert "<th>庄家优势 [95% CI]</th>" in chinese
    assert f'src="/api/simulations/{job}/plots/terms-zh.png"' in chinese


def test_a_cancelled_run_reports_the_deals_played(client: TestClient, no_jobs: None) -> None:
    job = start(client, rulesets=["pagat"], deals=20_000, players=2, objective="lexicographic")
    deadline = time.monotonic() + 60
    while client.get(f"/api/simulations/{job}").json()["done"] == 0:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    running = client.get(f"/reports/{job}").text
    assert '<progress id="progress"' in running and 'id="cancel"' in running
    status = client.delete(f"/api/simulations/{job}").json()
    assert status["state"] == "cancelled"
    report = status["report"]
    assert report["interrupted"] is True
    played = report["rulesets"][0]["deals"]
    assert 0 < played < 20_000 and played % 100 == 0
    assert client.get(f"/api/simulations/{job}/report.json").json() == report


def test_cancel_answers_before_the_plots(client: TestClient, no_jobs: None) -> None:
    """Plots take seconds (and one job draws at a time): a cancel does not wait for them."""
    with reports.PLOTTING:  # another job is drawing
        job = start(client, rulesets=["pagat"], deals=20_000, players=2, objective="lexicographic")
        deadline = time.monotonic() + 60
        while client.get(f"/api/simulations/{job}").json()["done"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        status = client.delete(f"/api/simulations/{job}").json()
        assert status["state"] == "cancelled"
        assert status["report"]["interrupted"] is True and status["plots"] == []
        assert client.get(f"/api/simulations/{job}/report.csv").status_code == 200
    deadline = time.monotonic() + 60
    while not client.get(f"/api/simulations/{job}").json()["plots"]:
        assert time.monotonic() < deadline, "the plots did not follow"
        time.sleep(0.05)


def test_a_report_needs_no_temporary_folder(
    client: TestClient, no_jobs: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full (or missing) temporary folder cannot lose a finished report."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "full"))
    job = start(client, rulesets=["pagat"], deals=100, players=2)
    status = finished(client, job)
    assert status["state"] == "done", status["errors"]
    assert status["plots"] == PLOT_NAMES
    assert client.get(f"/api/simulations/{job}/report.csv").text.startswith("ruleset,")
    plot = client.get(f"/api/simulations/{job}/plots/terms.png")
    assert plot.content.startswith(b"\x89PNG")


def test_jobs_are_bounded(
    client: TestClient, no_jobs: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = {"rulesets": ["pagat"], "deals": 20_000, "players": 2}
    running = [start(client, **long) for _ in range(reports.MAX_RUNNING)]
    refused = client.post("/api/simulations", json=long)
    assert refused.status_code == 422
    assert refused.json() == {
        "errors": [
            "2 simulations are running already (the web table runs 2 at once)",
            "  hint: wait for one to finish, or cancel it",
        ]
    }
    for job in running:
        assert client.delete(f"/api/simulations/{job}").json()["state"] == "cancelled"
    monkeypatch.setattr(reports, "MAX_JOBS", 3)
    small = [start(client, rulesets=["pagat"], deals=100, players=2) for _ in range(2)]
    for job in small:
        finished(client, job)
    assert client.get(f"/api/simulations/{running[0]}").status_code == 404
    assert client.get(f"/api/simulations/{running[1]}").status_code == 200
    assert len(reports.JOBS.jobs) == 3


BAD = [
    (
        {"deals": 20_001},
        [
            "deals: 20001 is more than the web table plays (20000 a ruleset)",
            "  hint: run housegame simulate --deals 20001 on the command line",
        ],
    ),
    (
        {"objective": "best"},
        ["--objective best: unknown objective", "  hint: use ev, equilibrium, lexicographic"],
    ),
    ({"rulesets": ["my.yaml"]}, ["rulesets: 'my.yaml' is not a bundled 13-card ruleset"]),
    ({"rulesets": ["golden-nugget-pineapple"]}, ["rulesets: 'golden-nugget-pineapple' is not a"]),
    ({"players": 5}, ["body.players: Input should be less than or equal to 4"]),
    ({"deals": 0}, ["body.deals: Input should be greater than or equal to 1"]),
]


@pytest.mark.parametrize(("body", "lines"), BAD)
def test_bad_input_is_422_with_one_line_each(
    client: TestClient, body: dict[str, Any], lines: list[str]
) -> None:
    response = client.post("/api/simulations", json=body)
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert len(errors) == len(lines) or len(lines) == 1
    for got, expected in zip(errors, lines):
        assert got.startswith(expected)


def test_a_run_the_library_refuses_fails_with_its_message(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise TableError("ruleset 'pagat' does not seat 3 players", hint="it seats 2 to 2")

    monkeypatch.setattr(reports, "simulate", refuse)
    job = start(client, rulesets=["pagat"], deals=100, players=3)
    status = finished(client, job)
    assert (status["state"], status["report"]) == ("failed", None)
    assert status["errors"] == [
        "ruleset 'pagat' does not seat 3 players",
        "  hint: it seats 2 to 2",
    ]
    page = client.get(f"/reports/{job}")
    assert page.status_code == 422
    assert "<li>ruleset &#39;pagat&#39; does not seat 3 players</li>" in page.text


def test_unknown_or_unfinished_jobs(client: TestClient, no_jobs: None) -> None:
    gone = client.get("/api/simulations/nope")
    assert gone.status_code == 404
    assert gone.json() == {
        "errors": ["no simulation 'nope' (finished ones are kept for a while only)"]
    }
    assert client.get("/reports/nope").status_code == 404
    job = start(client, rulesets=["pagat"], deals=20_000, players=2)
    early = client.get(f"/api/simulations/{job}/report.csv")
    assert early.status_code == 422
    assert early.json() == {"errors": [f"simulation '{job}' has no report yet (running)"]}
    client.delete(f"/api/simulations/{job}")


def test_the_report_page_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/reports")
    wait_for(browser, "form#simulate")
    for box in browser.find_elements(By.CSS_SELECTOR, "input[name=rulesets]:checked"):
        box.click()
    for rid in ("pagat", "taiwan"):
        browser.find_element(By.CSS_SELECTOR, f"input[name=rulesets][value='{rid}']").click()
    deals = browser.find_element(By.ID, "deals")
    deals.clear()
    deals.send_keys("300")
    Select(browser.find_element(By.ID, "players")).select_by_value("3")
    browser.find_element(By.ID, "run").click()
    wait_for(browser, "table.summary td", "pagat")
    wait_for(browser, "section[data-ruleset='taiwan'] table.terms")
    assert browser.find_element(By.ID, "csv").get_attribute("href")
    plots = browser.find_elements(By.CSS_SELECTOR, "img.plot")
    assert len(plots) == 3  # terms, distribution, banker edge: every ruleset in each
    assert all(browser.execute_script("return arguments[0].naturalWidth", img) > 0 for img in plots)
    shot("reports")


def test_a_bad_report_request_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/reports")
    deals = wait_for(browser, "#deals")
    browser.execute_script("arguments[0].removeAttribute('max')", deals)
    deals.clear()
    deals.send_keys("50000")
    browser.find_element(By.ID, "run").click()
    wait_for(browser, "#errors li", "deals: 50000 is more than the web table plays")
    assert browser.current_url.endswith("/reports")
    shot("reports-error")


def test_progress_and_cancel_in_a_browser(visit: Visit, no_jobs: None) -> None:
    browser = visit("/reports")
    wait_for(browser, "form#simulate")
    for box in browser.find_elements(By.CSS_SELECTOR, "input[name=rulesets]:checked"):
        box.click()
    browser.find_element(By.CSS_SELECTOR, "input[name=rulesets][value='pagat']").click()
    deals = browser.find_element(By.ID, "deals")
    deals.clear()
    deals.send_keys("20000")
    browser.find_element(By.ID, "run").click()
    wait_for(browser, "progress#progress")
    wait_for(browser, "#progress-text", "00 / 20000")  # some chunks of 100 deals played
    browser.find_element(By.ID, "cancel").click()
    wait_for(browser, "#interrupted", "Cancelled: the report covers the deals played")
    wait_for(browser, "table.summary td", "pagat")


def test_rulesets_of_other_decks_run_together_and_the_page_says_so(client: TestClient) -> None:
    job = start(client, rulesets=["pagat", "maceplay-ghosts"], deals=10, objective="ev", players=4)
    status = finished(client, job)
    assert status["state"] == "done", status
    report = client.get(f"/api/simulations/{job}/report.json").json()
    assert [d["rulesets"] for d in report["decks"]] == [["pagat"], ["maceplay-ghosts"]]
    page = client.get(f"/reports/{job}").text
    assert "deal from a deck of their own" in page and "maceplay-ghosts (54 cards)" in page
    assert "maceplay-ghosts (54 张)" in client.get(f"/reports/{job}?lang=zh").text
