"""Sensitivity on the web table: a run through the API (the JSON of ``housegame sensitivity
--json``), the form and its page, bounds and bad input."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.web.housegame_cli import cli_ok

BODY = {"ruleset": "pagat", "deals": 30, "seed": 4, "settings": ["scoop", "specials.lower"]}
CLI = ["pagat", "--deals", "30", "--seed", "4", "-s", "scoop", "-s", "specials.lower"]


def finished(client: TestClient, run: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status: dict[str, Any] = client.get(f"/api/sensitivity/{run}").json()
        if status["state"] != "running":
            return status
        assert time.monotonic() < deadline, "the sensitivity run did not finish"
        time.sleep(0.05)


def test_a_run_is_what_the_command_prints(client: TestClient) -> None:
    started = client.post("/api/sensitivity", json=BODY)
    assert started.status_code == 202
    run = started.json()["id"]
    status = finished(client, run)
    assert status["state"] == "done" and status["done"] == status["total"] == 30 * 4
    cli = cli_ok("sensitivity", *CLI, "--json")
    assert status["report"] == json.loads(cli.stdout)
    assert client.get(f"/api/sensitivity/{run}/sensitivity.json").json() == status["report"]
    csv = client.get(f"/api/sensitivity/{run}/sensitivity.csv")
    assert csv.text.startswith("ruleset,setting,change,words,metric,")
    chart = client.get(f"/api/sensitivity/{run}/sensitivity.png")
    assert chart.content.startswith(b"\x89PNG")


def test_the_form_starts_a_run_and_its_page_shows_the_table(client: TestClient) -> None:
    posted = client.post(
        "/sensitivity?lang=zh",
        data={"ruleset": "pagat", "deals": "20", "seed": "1", "settings": "scoop, specials.lower"},
        follow_redirects=False,
    )
    assert posted.status_code == 303
    page_url = posted.headers["location"]
    assert page_url.endswith("?lang=zh")
    run = page_url.split("/")[-1].split("?")[0]
    finished(client, run)
    page = client.get(page_url)
    assert page.status_code == 200
    assert page.text.count("<tr>") == 1 + 3  # the header, then the three variants
    assert "无可检测的影响" in page.text and 'id="chart"' in page.text
    assert '<meta http-equiv="refresh"' not in page.text
    assert client.get("/sensitivity").status_code == 200


def test_bounds_and_bad_input(client: TestClient) -> None:
    too_many = client.post("/api/sensitivity", json={"ruleset": "pagat", "deals": 5000})
    assert too_many.status_code == 422
    assert too_many.json()["errors"][0] == "deals: 5000 is more than the web table plays (500)"
    unknown = client.post("/api/sensitivity", json={"ruleset": "nope", "deals": 5})
    assert unknown.json()["errors"][0] == "unknown ruleset 'nope'"
    none = client.post("/api/sensitivity", json={"ruleset": "pagat", "settings": ["zzz"]})
    assert none.json()["errors"][0] == "no setting of 'pagat' starts with zzz"
    form = client.post("/sensitivity", data={"ruleset": "pagat", "deals": "20", "settings": "zzz"})
    assert form.status_code == 422 and "no setting of &#39;pagat&#39; starts with zzz" in form.text
    missing = client.get("/api/sensitivity/nothing")
    assert missing.status_code == 404
    assert client.get("/sensitivity/nothing").status_code == 404


def test_a_run_with_skipped_variants_counts_only_what_it_plays(client: TestClient) -> None:
    """bluetiki-lowball's deck variants are skipped (a lane ranked for low from a deck with a
    joker): the run's total is what it plays, so it ends at done == total."""
    body = {"ruleset": "bluetiki-lowball", "deals": 4, "seed": 1, "settings": ["deck", "overall"]}
    run = client.post("/api/sensitivity", json=body).json()["id"]
    status = finished(client, run)
    assert status["state"] == "done" and status["done"] == status["total"]
    assert set(status["report"]["skipped"]) == {"deck.decks +1", "deck.jokers +1"}


def test_a_run_over_the_web_tables_cpu_budget_is_refused_saying_why(client: TestClient) -> None:
    body = {"ruleset": "golden-nugget-pineapple", "deals": 500, "settings": ["royalties"]}
    refused = client.post("/api/sensitivity", json=body)
    assert refused.status_code == 422
    said = " ".join(refused.json()["errors"])
    assert "this run would take about" in said and "CPU-minutes" in said
    assert "the web table runs at most 10 CPU-minutes" in said
    assert "housegame sensitivity golden-nugget-pineapple --deals 500 -s royalties" in said
