"""Play Big Two in the web table: the API (the terminal game's messages, a log that
``housegame bigtwo replay`` reads) and the page in a browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from housegame.bigtwo import replay_located
from housegame.web import games, play_bigtwo
from housegame.yamlsource import load_yaml_text
from tests.web.conftest import Shot, Visit, wait_for
from tests.web.housegame_cli import cli_ok


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new game; the baseline bots unless ``bot`` says otherwise (their moves are pinned)."""
    response = client.post("/api/play/bigtwo", json={"bot": "basic", **body})
    assert response.status_code == 201, response.json()
    state: dict[str, Any] = response.json()
    return state


def test_a_new_game_shows_only_what_south_sees(client: TestClient) -> None:
    state = new_game(client, seed=3)
    assert state["you"] == "South"
    assert state["players"] == ["South", "West", "North", "East"]
    assert state["your_turn"] is True
    assert state["moves"] == ["East plays straight A-2-3-4-5 (3C 4C 5S AH 2C)"]
    assert state["hand"] == [
        "3H",
        "4H",
        "4S",
        "5D",
        "6S",
        "7H",
        "8H",
        "9C",
        "9D",
        "TC",
        "JC",
        "AS",
        "2S",
    ]
    assert state["cards_left"] == {"South": 13, "West": 13, "North": 13, "East": 8}
    assert state["table"] == {
        "cards": ["3C", "4C", "5S", "AH", "2C"],
        "text": "straight A-2-3-4-5 (3C 4C 5S AH 2C)",
        "by": "East",
    }
    assert "West" not in json.dumps(state["hand"]) and "hands" not in state
    again = client.get(f"/api/play/bigtwo/{state['id']}").json()
    assert again == state


# the terminal game's own lines (tests/bigtwo/test_bigtwo_play.py), without "not allowed: "
REFUSALS = [
    (
        "4H 4S",
        "en",
        [
            "South cannot play that: pair of 4s cannot be played over straight A-2-3-4-5: "
            "follow with 5 cards",
            "  hint: play higher, or pass",
        ],
    ),
    (
        "4H 4S",
        "zh",
        [
            "South 不能这样出: 对子 (4H 4S) 不能压 顺子 A-2-3-4-5 (3C 4C 5S AH 2C): 要出 5 张",
            "  提示: 出更大的牌, 或者 pass (过)",
        ],
    ),
    (
        "ZZ",
        "zh",
        [
            "'ZZ' 不是一张牌",
            "  提示: 先写点数再写花色, 例如 AS, 10h, TD, Q♣ (点数 2-9 T J Q K A, 花色 S H D C)",
        ],
    ),
    (
        "3C",
        "en",
        ["South does not hold 3C", "  hint: South holds 3H 4H 4S 5D 6S 7H 8H 9C 9D 10C JC AS 2S"],
    ),
]


@pytest.mark.parametrize(("typed", "lang", "lines"), REFUSALS)
def test_a_refused_play_is_422_with_the_engines_message(
    client: TestClient, typed: str, lang: str, lines: list[str]
) -> None:
    state = new_game(client, seed=3)
    response = client.post(
        f"/api/play/bigtwo/{state['id']}/move", params={"lang": lang}, json={"play": typed}
    )
    assert response.status_code == 422
    assert response.json() == {"errors": lines}
    assert client.get(f"/api/play/bigtwo/{state['id']}").json() == state


def test_hint_pass_and_leading(client: TestClient) -> None:
    state = new_game(client, seed=3)
    hint = client.get(f"/api/play/bigtwo/{state['id']}/hint").json()
    assert hint["cards"] == ["3H", "4H", "5D", "6S", "2S"]
    assert hint["text"] == "straight 2-3-4-5-6 (3H 4H 5D 6S 2S)"
    assert [a["text"] for a in hint["alternatives"]] == [
        "straight 2-3-4-5-6 (3H 4H 5D 6S 2S)",
        "straight A-2-3-4-5 (3H 4H 5D AS 2S)",
        "pass",
    ]
    points = [a["points"] for a in hint["alternatives"]]
    assert points == sorted(points, reverse=True)
    assert hint["alternatives"][2]["reasons"] == [
        "about -5.2 points a game, out first in 4% of 24 deals",
        "keeps your cards for a later trick",
    ]
    zh = client.get(f"/api/play/bigtwo/{state['id']}/hint", params={"lang": "zh"}).json()
    assert zh["alternatives"][2]["reasons"] == [
        "约 -5.2 分一局, 24 次发牌中 4% 先出完",
        "留着手里的牌, 以后再出",
    ]
    move = f"/api/play/bigtwo/{state['id']}/move"
    passed = client.post(move, json={"play": "pass"}).json()
    assert passed["moves"][1:] == [
        "South passes",
        "West plays flush (3D 6D 7D 10D 2D)",
        "North passes",
        "East passes",
    ]
    assert passed["your_turn"] is True
    forced = client.get(f"/api/play/bigtwo/{state['id']}/hint").json()
    assert (forced["cards"], forced["text"]) == (None, "pass")
    assert forced["alternatives"][0]["reasons"][0] == "the only move"
    again = client.post(move, json={"play": "pass"}).json()
    assert again["moves"][5:] == [
        "South passes; the trick is over",
        "West plays single 6H",
        "North plays single 7C",
        "East plays single 7S",
    ]


def test_a_whole_game_replays_from_its_log(client: TestClient, tmp_path: Path) -> None:
    state = new_game(client, seed=11, ruleset="taiwan-big-two")
    while not state["over"]:
        state = client.post(f"/api/play/bigtwo/{state['id']}/auto").json()
    assert sum(state["settlement"]["totals"].values()) == 0
    late = client.post(f"/api/play/bigtwo/{state['id']}/move", json={"play": "pass"})
    assert late.status_code == 422
    assert late.json()["errors"][0].startswith("the game is over: ")
    log = client.get(f"/api/play/bigtwo/{state['id']}/log")
    assert log.headers["content-disposition"] == 'attachment; filename="bigtwo-11.yaml"'
    path = tmp_path / "game.yaml"
    path.write_text(log.text, encoding="utf-8")
    replayed = cli_ok("bigtwo", "replay", str(path), "--json")
    assert json.loads(replayed.stdout) == {**state["settlement"], "moves": len(state["moves"])}


def test_the_search_bot_is_the_default_and_its_game_replays(client: TestClient) -> None:
    response = client.post("/api/play/bigtwo", json={"seed": 5})
    state = response.json()
    assert state["bot"] == "search"
    while not state["over"]:
        state = client.post(f"/api/play/bigtwo/{state['id']}/auto").json()
    log = client.get(f"/api/play/bigtwo/{state['id']}/log").text
    replayed = replay_located(load_yaml_text(log, "game.yaml"))
    assert replayed.settlement.as_dict() == state["settlement"]
    assert new_game(client, seed=5)["bot"] == "basic"


def test_bad_requests(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    assert client.post("/api/play/bigtwo", json={"bot": "clever"}).json() == {
        "errors": ["body.bot: Input should be 'search' or 'basic'"]
    }
    bad = client.post("/api/play/bigtwo", json={"ruleset": "pagat"})
    assert bad.status_code == 422
    assert bad.json() == {
        "errors": [
            "ruleset: 'pagat' is not a bundled big-two ruleset",
            "  hint: one of maceplay-big-two, hong-kong-big-two, amarillo-big-two, pusoy-dos, "
            "taiwan-big-two, "
            "funmily-big-two",
        ]
    }
    assert client.post("/api/play/bigtwo", json={"seed": -1}).json() == {
        "errors": ["body.seed: Input should be greater than or equal to 0"]
    }
    gone = client.get("/api/play/bigtwo/nothing")
    assert gone.status_code == 404
    assert gone.json() == {
        "errors": [
            "no Big Two game 'nothing' (games left alone are dropped)",
            "  hint: start a new game",
        ]
    }
    monkeypatch.setattr(games, "MAX_GAMES", 2)
    play_bigtwo.BIGTWO_GAMES.games.clear()
    first, *_ = (new_game(client, seed=s)["id"] for s in (1, 2, 3))
    assert client.get(f"/api/play/bigtwo/{first}").status_code == 404
    assert len(play_bigtwo.BIGTWO_GAMES.games) == 2


def test_big_two_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/play/bigtwo")
    seed = wait_for(browser, "#seed")
    seed.send_keys("3")
    Select(browser.find_element(By.ID, "bot")).select_by_value("basic")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, "#to-beat", "straight A-2-3-4-5")
    browser.find_element(By.ID, "pass").click()
    wait_for(browser, "#to-beat", "by West")
    browser.find_element(By.ID, "pass").click()
    wait_for(browser, "#moves li", "South passes; the trick is over")
    wait_for(browser, "#to-beat", "by East")
    browser.find_element(By.ID, "hint").click()
    wait_for(browser, "#hint-text", "hint: single")
    wait_for(browser, "#hint-alternatives li", "points a game")
    chosen = browser.find_elements(By.CSS_SELECTOR, "#hand .card.selected")
    assert len(chosen) == 1
    shot("play-bigtwo")
    browser.find_element(By.ID, "play").click()
    wait_for(browser, "#moves li", "South plays single")
    assert "game=" in browser.current_url


def test_a_refused_play_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/play/bigtwo")
    wait_for(browser, "#seed").send_keys("3")
    Select(browser.find_element(By.ID, "bot")).select_by_value("basic")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, "#to-beat", "straight A-2-3-4-5")
    for card in ("4H", "4S"):
        browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{card}']").click()
    browser.find_element(By.ID, "play").click()
    wait_for(browser, "#errors li", "South cannot play that: pair of 4s cannot be played")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand .card.selected")) == 2
    shot("play-bigtwo-error")


def test_the_game_in_chinese_in_a_browser(visit: Visit) -> None:
    browser = visit("/play/bigtwo?lang=zh")
    wait_for(browser, "#seed").send_keys("3")
    Select(browser.find_element(By.ID, "bot")).select_by_value("basic")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, "#to-beat", "要压过: 顺子 A-2-3-4-5")
    wait_for(browser, "#moves li", "East 出 顺子 A-2-3-4-5 (3C 4C 5S AH 2C)")
    browser.find_element(By.CSS_SELECTOR, "#typed-move").send_keys("4H 4S")
    browser.find_element(By.ID, "typed-play").click()
    wait_for(browser, "#errors li", "South 不能这样出: 对子 (4H 4S) 不能压 顺子")
    assert "lang=zh" in browser.current_url and "game=" in browser.current_url


def test_three_players_at_a_ruleset_that_deals_for_them(client: TestClient) -> None:
    state = new_game(client, seed=2, ruleset="amarillo-big-two", players=3)
    assert state["players"] == ["South", "West", "North"]
    assert sorted(state["cards_left"].values())[-1] <= 18
    while not state["over"]:
        state = client.post(f"/api/play/bigtwo/{state['id']}/auto").json()
    log = client.get(f"/api/play/bigtwo/{state['id']}/log").text
    assert (
        replay_located(load_yaml_text(log, "game.yaml")).settlement.as_dict() == state["settlement"]
    )
    refused = client.post("/api/play/bigtwo", json={"players": 3})
    assert refused.status_code == 422
    assert refused.json()["errors"][0] == "maceplay-big-two deals for 4 players, not 3"


def test_three_players_in_a_browser(visit: Visit) -> None:
    """A ruleset with a three-player deal seats three: 17 or 18 cards in your hand, two
    computer players; a seat count the ruleset has no deal for is refused with its line."""
    browser = visit("/play/bigtwo")
    wait_for(browser, "#seed").send_keys("2")
    Select(browser.find_element(By.ID, "bot")).select_by_value("basic")
    Select(browser.find_element(By.ID, "players")).select_by_value("3")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, "#errors li", "maceplay-big-two deals for 4 players, not 3")
    Select(browser.find_element(By.ID, "ruleset")).select_by_value("amarillo-big-two")
    browser.find_element(By.ID, "deal").click()
    others = wait_for(browser, "#others", "West")
    assert "North" in others.text and "East" not in others.text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand .card")) in (17, 18)
