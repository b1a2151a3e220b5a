"""Play 13-card Chinese Poker in the web table: the API (the terminal game's messages, the
server's timer, a log that ``housegame replay`` reads) and the page on a phone-sized browser."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from housegame.jsonsafe import number
from housegame.thirteen.replay import read_log, replay
from housegame.web import play_thirteen
from housegame.yamlsource import load_yaml_text
from tests.play.test_decks_play import (
    JOKER_LANES,
    JOKERS,
    SUIT,
    SUIT_LANES,
    SUIT_SEED_0,
    seated,
)
from tests.play.test_session import FOUL, LEGAL, SEED_7
from tests.web.conftest import ROOT, Shot, Visit, fits, wait_for
from tests.web.housegame_cli import cli_ok


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/play/thirteen", json=body)
    assert response.status_code == 201, response.json()
    state: dict[str, Any] = response.json()
    return state


def post(client: TestClient, state: dict[str, Any], action: str, **body: Any) -> Any:
    return client.post(f"/api/play/thirteen/{state['id']}/{action}", json=body)


def test_a_new_hand_shows_only_your_cards(client: TestClient) -> None:
    state = new_game(client, seed=7, ruleset="pagat", opponents=2)
    assert state["players"] == ["You", "Computer 1", "Computer 2"]
    assert state["cards"] == SEED_7.split()
    assert (state["seats"], state["result"], state["finished"]) == (None, None, False)
    assert state["lanes"]["middle"] == {"size": 5, "name": "middle"}
    assert state["foul"] == "lose-all-lanes" and not state["can_declare"]
    assert "KD" not in json.dumps(state)  # a bot's card
    assert client.get(f"/api/play/thirteen/{state['id']}").json() == state
    zh = client.get(f"/api/play/thirteen/{state['id']}", params={"lang": "zh"}).json()
    assert zh["lanes"]["front"]["name"] == "头道"


def test_your_lanes_then_the_showdown(client: TestClient) -> None:
    state = new_game(client, seed=7, ruleset="pagat", opponents=2)
    after = post(client, state, "set", lanes="front AH QC 9S middle 5H 4S 4H 4C 2C").json()
    assert after["finished"]
    you = after["seats"][0]
    assert (you["front"], you["back"]) == (["AH", "QC", "9S"], ["JS", "JH", "6S", "6D", "6C"])
    assert you["hands"]["middle"] == "trips 4 4 4 5 2"
    pair = after["result"]["pairs"][0]
    assert pair["players"] == ["You", "Computer 1"]
    assert pair["lanes"][0] == {
        "text": "front to Computer 1",
        "hands": "high-card A Q 9 vs pair K K Q",
        "units": -1,
    }
    assert after["totals"] == after["result"]["totals"]
    late = post(client, after, "auto")
    assert late.status_code == 422 and late.json() == {"errors": ["the hand is over"]}


@pytest.mark.parametrize(
    ("ruleset", "lang", "lines"),
    [
        (
            "maceplay",
            "en",
            [
                "this setting fouls: front trips 6 6 6 beats middle pair J J A Q 9",
                "  hint: maceplay refuses fouls: back >= middle >= front",
            ],
        ),
        (
            "maceplay",
            "zh",
            [
                "这样摆是倒水: 头道 三条 6 6 6 大于 中道 对子 J J A Q 9",
                "  提示: maceplay 不接受倒水: 尾道 >= 中道 >= 头道",
            ],
        ),
        (
            "pagat",
            "en",
            [
                "warning: this setting fouls (front trips 6 6 6 beats middle pair J J A Q 9) "
                "and loses as the ruleset says",
                "  hint: set the same again to play it anyway",
            ],
        ),
    ],
)
def test_a_foul_is_refused_as_the_ruleset_says(
    client: TestClient, ruleset: str, lang: str, lines: list[str]
) -> None:
    state = new_game(client, seed=7, ruleset=ruleset)
    url = f"/api/play/thirteen/{state['id']}/set"
    refused = client.post(url, params={"lang": lang}, json={"lanes": FOUL})
    assert refused.status_code == 422 and refused.json() == {"errors": lines}
    assert client.get(f"/api/play/thirteen/{state['id']}").json() == state
    again = client.post(url, json={"lanes": FOUL})
    assert again.status_code == (200 if ruleset == "pagat" else 422)
    if ruleset == "pagat":
        assert again.json()["seats"][0]["fouled"]


def test_specials_surrender_and_hint(client: TestClient) -> None:
    automatic = new_game(client, seed=1, ruleset="maceplay")
    assert automatic["finished"] and automatic["declared_for_you"] == "三同花 (three-flushes)"
    optional = new_game(client, seed=1, ruleset="pagat", opponents=1)
    assert optional["can_declare"] and optional["specials"][0]["id"] == "three-flushes"
    hint = client.get(f"/api/play/thirteen/{optional['id']}/hint").json()
    assert hint["special"]["id"] == "three-flushes" and hint["lanes"].startswith("front ")
    declared = post(client, optional, "declare", special=None).json()
    assert declared["seats"][0]["declared"] == "Three flushes (three-flushes)"
    nothing = new_game(client, seed=7, ruleset="pagat")
    refused = post(client, nothing, "surrender")
    assert refused.json() == {"errors": ["pagat has no surrender"]}
    surrendering = new_game(client, seed=7, ruleset="pagat-surrender", opponents=1)
    assert post(client, surrendering, "surrender").json()["seats"][0]["surrendered"]


def test_the_servers_timer_sets_the_hand(client: TestClient) -> None:
    state = new_game(client, seed=7, ruleset="pagat", timer=60)
    assert state["timer"] == 60 and 59 <= state["remaining"] <= 60
    early = post(client, state, "timeout")
    assert early.status_code == 422 and early.json() == {"errors": ["the time is not up yet"]}
    table = play_thirteen.THIRTEEN_GAMES.games[state["id"]].game
    assert table.deadline is not None
    table.deadline -= 61  # a minute later
    late = post(client, state, "set", lanes="front 9S 5H 2C middle AH QC JS JH 6S").json()
    you = late["seats"][0]  # too late: not taken, the arranger's setting stands
    assert late["finished"] and you["timed_out"] and you["front"] == ["AH", "QC", "9S"]


def test_running_totals_and_a_log_that_replays(client: TestClient, tmp_path: Path) -> None:
    state = new_game(client, seed=7, ruleset="macau", opponents=2)
    assert state["banker"] == "You"
    early = client.post(f"/api/play/thirteen/{state['id']}/next")
    assert early.json() == {"errors": ["the hand is not over yet"]}
    post(client, state, "set", lanes=LEGAL)
    second = client.post(f"/api/play/thirteen/{state['id']}/next").json()
    assert (second["hand"], second["seed"], second["banker"]) == (2, 8, "Computer 1")
    done = post(client, second, "auto").json()
    log = client.get(f"/api/play/thirteen/{state['id']}/log")
    assert log.headers["content-disposition"] == 'attachment; filename="thirteen-7.yaml"'
    path = tmp_path / "session.yaml"
    path.write_text(log.text, encoding="utf-8")
    replayed = cli_ok("replay", str(path), "--json")
    data = json.loads(replayed.stdout)
    assert [hand["banker"] for hand in data["hands"]] == ["You", "Computer 1"]
    assert data["totals"] == done["totals"]


def test_bad_requests(client: TestClient) -> None:
    bad = client.post("/api/play/thirteen", json={"ruleset": "golden-nugget-pineapple"})
    assert bad.status_code == 422
    assert bad.json()["errors"][0] == (
        "ruleset: 'golden-nugget-pineapple' is not a bundled thirteen-card ruleset"
    )
    twin = client.post("/api/play/thirteen", json={"name": "Computer 2"})
    assert twin.json() == {"errors": ["name: 'Computer 2' is a computer player's name"]}
    state = new_game(client, seed=7)
    typo = post(client, state, "set", lanes="front AS KS QS")
    assert typo.json() == {"errors": ["AS KS QS not in your hand"]}
    gone = client.post("/api/play/thirteen/nothing/auto")
    assert gone.status_code == 404


def tap(browser: WebDriver, css: str) -> None:
    browser.find_element(By.CSS_SELECTOR, css).click()


def test_a_whole_hand_on_a_phone(phone: WebDriver, visit: Visit, shot: Shot) -> None:
    browser = visit("/play/thirteen")
    wait_for(browser, "#ruleset")
    fits(browser)
    browser.execute_script("document.getElementById('ruleset').value = 'pagat'")
    wait_for(browser, "#seed").send_keys("7")
    tap(browser, "#deal")
    wait_for(browser, "#pending .card[data-card='AH']")
    fits(browser)
    for card in ("AH", "QC", "9S"):
        tap(browser, f"#pending .card[data-card='{card}']")
    tap(browser, "#lanes [data-lane='front'] .lane-name")
    for card in ("5H", "4S", "4H", "4C", "2C"):
        tap(browser, f"#pending .card[data-card='{card}']")
    tap(browser, "#lanes [data-lane='middle'] .lane-name")
    back = browser.find_elements(By.CSS_SELECTOR, "#lanes [data-lane='back'] .card.staged")
    assert [c.get_attribute("data-card") for c in back] == ["JS", "JH", "6S", "6D", "6C"]
    assert not browser.find_elements(By.CSS_SELECTOR, "#pending .card")
    fits(browser)
    browser.execute_script("document.getElementById('status').scrollIntoView()")
    shot("play-thirteen")
    tap(browser, "#set")
    wait_for(browser, "#showdown .board[data-player='Computer 3'] h3")
    wait_for(browser, "#result-body h3", "You vs Computer 1")
    wait_for(browser, "#totals td", "Computer 3")
    wait_for(browser, "#status", "running totals You ")
    fits(browser)
    browser.execute_script("document.getElementById('status').scrollIntoView()")
    shot("play-thirteen-showdown")
    tap(browser, "#next-hand")
    wait_for(browser, "#status", "hand 2")
    wait_for(browser, "#pending .card")


def test_a_refused_foul_and_the_timer_in_a_browser(phone: WebDriver, visit: Visit) -> None:
    browser = visit("/play/thirteen?lang=zh")
    wait_for(browser, "#seed").send_keys("7")
    tap(browser, "#deal")
    wait_for(browser, "#pending .card[data-card='6S']")
    browser.find_element(By.ID, "typed-move").send_keys(FOUL)
    tap(browser, "#typed-play")
    wait_for(browser, "#errors li", "这样摆是倒水")
    browser.execute_script("document.getElementById('timer').value = '30'")
    tap(browser, "#deal")
    wait_for(browser, "#clock", "剩 ")
    table = next(iter(reversed(play_thirteen.THIRTEEN_GAMES.games.values()))).game
    assert table.deadline is not None
    table.deadline -= 29  # one second left
    time.sleep(0.1)
    browser.refresh()  # the page reads the clock anew
    wait_for(browser, "#notice", "时间到")
    wait_for(browser, "#showdown .board", "超时")
    fits(browser)


def test_a_saved_log_goes_on_in_the_page(client: TestClient) -> None:
    text = (ROOT / "examples" / "thirteen-session.yaml").read_text(encoding="utf-8")
    state = client.post("/api/play/thirteen/resume", json={"log": text, "timer": 60}).json()
    assert (state["hand"], state["seed"], state["timer"]) == (3, 2, 60)
    assert state["totals"] == {"You": 13, "Computer 1": -9, "Computer 2": -4}
    bad = client.post(
        "/api/play/thirteen/resume", json={"log": text.replace("JH JC 9C", "JH JC 9S")}
    )
    assert bad.status_code == 422
    assert bad.json()["errors"][0] == (
        "<log>:11: hands[0] (hand 1): seat 'You' does not set the 13 cards it was dealt "
        "(not dealt 9S; missing 9C)"
    )
    elsewhere = client.post(
        "/api/play/thirteen/resume",
        json={"log": text.replace("ruleset: maceplay", "ruleset: ../rules.yaml")},
    )
    assert elsewhere.json()["errors"][0] == (
        "ruleset: '../rules.yaml' is not a bundled thirteen-card ruleset"
    )


def test_resume_in_a_browser(phone: WebDriver, visit: Visit) -> None:
    browser = visit("/play/thirteen")
    upload = wait_for(browser, "#resume-log")
    upload.send_keys(str(ROOT / "examples" / "thirteen-session.yaml"))
    tap(browser, "#resume")
    wait_for(browser, "#status", "hand 3 · running totals You +13, Computer 1 -9, Computer 2 -4")
    wait_for(browser, "#pending .card")
    fits(browser)


def test_a_second_suit_at_five_players_through_the_api(client: TestClient) -> None:
    """maceplay-add-a-suit deals its 65 cards to five seats: a card held twice is typed twice,
    and the log the page downloads replays and resumes."""
    state = new_game(client, seed=0, ruleset=SUIT, opponents=4)
    assert state["cards"] == SUIT_SEED_0.split() and len(state["players"]) == 5
    twice = post(client, state, "set", lanes="front 6S 6S 6S")
    assert twice.status_code == 422
    assert "'6S 6S 6S' holds 6S 3 times; the deck holds 6S 2" in twice.json()["errors"][0]
    after = post(client, state, "set", lanes=SUIT_LANES).json()
    assert after["finished"] and after["seats"][0]["back"] == ["KS", "JS", "8S", "6S", "6S"]
    assert [seat["jokers"] for seat in after["seats"]] == [{}] * 5
    assert len(after["result"]["pairs"]) == 10
    log = client.get(f"/api/play/thirteen/{state['id']}/log").text
    done = replay(read_log(load_yaml_text(log, "<log>")))
    assert {k: number(v) for k, v in done.totals.items()} == after["totals"]
    again = client.post("/api/play/thirteen/resume", json={"log": log}).json()
    assert (again["hand"], again["totals"]) == (2, after["totals"])
    six = client.post("/api/play/thirteen", json={"ruleset": SUIT, "opponents": 5})
    assert six.status_code == 422
    assert six.json()["errors"][0] == "maceplay-add-a-suit seats 2-5 players, not 6"
    page = client.get("/play/thirteen").text
    assert 'value="maceplay-add-a-suit"' in page and '<option value="5">5</option>' in page
    assert '"maceplay-add-a-suit": [1, 4]' in page and '"maceplay": [1, 3]' in page


def test_a_card_held_twice_is_placed_twice_in_a_browser(phone: WebDriver, visit: Visit) -> None:
    browser = visit("/play/thirteen")
    wait_for(browser, "#ruleset")

    def offered() -> list[str]:
        options = browser.find_elements(By.CSS_SELECTOR, "#opponents option:not([disabled])")
        return [o.get_attribute("value") or "" for o in options]

    assert offered() == ["1", "2", "3"]  # the first ruleset, like most, seats four
    pick = "const s = document.getElementById('ruleset'); s.value = arguments[0];"
    browser.execute_script(pick + "s.dispatchEvent(new Event('change'));", SUIT)
    assert offered() == ["1", "2", "3", "4"]
    Select(browser.find_element(By.ID, "opponents")).select_by_value("4")
    wait_for(browser, "#seed").send_keys("0")
    tap(browser, "#deal")
    wait_for(browser, "#pending .card[data-card='6S']")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pending .card[data-card='6S']")) == 2
    for card in ("7S", "3H", "3C"):
        tap(browser, f"#pending .card[data-card='{card}']")
    tap(browser, "#lanes [data-lane='front'] .lane-name")
    tap(browser, "#pending .card[data-card='6S']")  # one of the two
    tap(browser, "#lanes [data-lane='back'] .lane-name")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pending .card[data-card='6S']")) == 1
    for card in ("QH", "QD", "TH", "TD", "9D"):
        tap(browser, f"#pending .card[data-card='{card}']")
    tap(browser, "#lanes [data-lane='middle'] .lane-name")
    back = browser.find_elements(By.CSS_SELECTOR, "#lanes [data-lane='back'] .card.staged")
    assert sorted(c.get_attribute("data-card") or "" for c in back) == sorted(
        ["KS", "JS", "8S", "6S", "6S"]
    )
    tap(browser, "#set")
    wait_for(browser, "#showdown .board[data-player='Computer 4'] h3")
    shown = browser.find_elements(By.CSS_SELECTOR, "#showdown .board.you .card")
    assert [c.get_attribute("data-card") for c in shown][-2:] == ["6S", "6S"]
    fits(browser)


def test_the_state_shows_what_each_joker_stood_for(client: TestClient) -> None:
    """A game under the bundled joker ruleset (maceplay-ghosts), kept as the page keeps its
    games, hints and shows each joker's card."""
    table = seated(JOKERS, 2, 4)
    game_id = play_thirteen.THIRTEEN_GAMES.add(table)
    hint = client.get(f"/api/play/thirteen/{game_id}/hint").json()
    assert hint["front"][0] == "JK" and hint["jokers"] == {"front": "JK=QS"}
    ok = client.post(f"/api/play/thirteen/{game_id}/set", json={"lanes": JOKER_LANES})
    assert ok.status_code == 200, ok.json()
    state = ok.json()
    assert state["cards"][0] == "JK" and state["seats"][0]["jokers"] == {"front": "JK=QS"}
    assert state["seats"][0]["hands"]["front"] == "pair Q Q 10"
