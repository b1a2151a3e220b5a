"""``POST /api/explain``: exactly ``housegame explain --json``, Chinese with ``?lang=zh``,
and bad requests as the other routes answer them (422, ``{"errors": [...]}``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.conftest import ROOT, Shot, Visit, fits, wait_for
from tests.web.housegame_cli import cli_json

TWO = ROOT / "examples" / "two-players.yaml"


def table() -> object:
    return yaml.safe_load(TWO.read_text(encoding="utf-8"))


def test_explain_is_explain_json(client: TestClient) -> None:
    response = client.post("/api/explain", json={"table": table(), "player": "Bo"})
    assert response.status_code == 200
    assert response.json() == cli_json("explain", str(TWO), "--player", "Bo", "--json")


def test_explain_in_chinese_under_another_ruleset(client: TestClient) -> None:
    body = {"table": table(), "ruleset": "pagat"}
    shown = client.post("/api/explain?lang=zh", json=body).json()
    assert shown == cli_json("explain", str(TWO), "-r", "pagat", "--lang", "zh", "--json")
    assert shown["yours"]["text"].startswith("头道 QS QH 3D")
    assert {part["label"] for part in shown["parts"]} <= {"头道", "中道", "尾道", "打枪"}


def test_bad_requests_are_422_with_the_clis_lines(client: TestClient, tmp_path: Path) -> None:
    missing = client.post("/api/explain", json={"table": table(), "player": "Cy"})
    assert (missing.status_code, missing.json()) == (
        422,
        {"errors": ["player 'Cy' is not at the table", "  hint: players: Ann, Bo"]},
    )
    path = client.post("/api/explain", json={"table": table(), "ruleset": "../x.yaml"})
    assert path.status_code == 422
    assert path.json()["errors"][0].startswith("'../x.yaml' is not a bundled ruleset id")
    ofc = client.post("/api/explain", json={"table": table(), "ruleset": "ofc-classic"})
    assert ofc.status_code == 422
    assert ofc.json()["errors"][0] == "ruleset 'ofc-classic' is not a 13-card ruleset (game: ofc)"
    huge = {"players": [{"name": f"P{i}", "cards": "AS"} for i in range(11)]}
    too_many = client.post("/api/explain", json={"table": huge})
    assert too_many.status_code == 422
    assert "the web table scores at most 10" in too_many.json()["errors"][0]


def tap(browser: WebDriver, css: str) -> None:
    browser.find_element(By.CSS_SELECTOR, css).click()


def test_a_whole_hand_on_a_phone_then_the_trainer(
    phone: WebDriver, visit: Visit, shot: Shot
) -> None:
    """Seed 7 under pagat, set worse than the best (the 2 in front, the 9 in the middle):
    after the showdown the trainer's explanation opens under the settlement."""
    browser = visit("/play/thirteen")
    wait_for(browser, "#ruleset")
    browser.execute_script("document.getElementById('ruleset').value = 'pagat'")
    browser.execute_script("document.getElementById('opponents').value = '1'")
    wait_for(browser, "#seed").send_keys("7")
    tap(browser, "#deal")
    wait_for(browser, "#pending .card[data-card='AH']")
    for card in ("AH", "QC", "2C"):
        tap(browser, f"#pending .card[data-card='{card}']")
    tap(browser, "#lanes [data-lane='front'] .lane-name")
    for card in ("9S", "5H", "4S", "4H", "4C"):
        tap(browser, f"#pending .card[data-card='{card}']")
    tap(browser, "#lanes [data-lane='middle'] .lane-name")
    tap(browser, "#set")
    wait_for(browser, "#totals td", "Computer 1")
    wait_for(browser, "#skill", "skill: this hand ")
    trainer = browser.find_element(By.ID, "trainer")
    assert not trainer.is_displayed()
    tap(browser, "#why")
    wait_for(browser, "#trainer-parts td", "front")
    assert trainer.is_displayed()
    assert browser.find_element(By.ID, "why").get_attribute("aria-expanded") == "true"
    verdict = browser.find_element(By.CSS_SELECTOR, "#trainer .trainer-verdict").text
    assert verdict.startswith("regret ") and verdict.endswith(" units")
    rows = [
        [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        for row in browser.find_elements(By.CSS_SELECTOR, "#trainer-parts tbody tr")
    ]
    assert [row[0] for row in rows] == ["front", "middle", "back"]
    assert rows[2][3] == "+0.000"  # the same back
    regret = float(verdict.split()[1])
    assert sum(float(row[3]) for row in rows) == pytest.approx(regret, abs=0.002)
    fits(browser)
    browser.execute_script("document.getElementById('skill').scrollIntoView()")
    shot("play-thirteen-trainer")
    tap(browser, "#next-hand")
    wait_for(browser, "#status", "hand 2")
