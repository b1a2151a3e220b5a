"""Play Pineapple OFC in the web table: the API (the terminal game's messages, a log that
``housegame ofc replay`` reads) and the page in a browser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By

from housegame.web import games, play_ofc
from tests.web.conftest import Shot, Visit, wait_for
from tests.web.housegame_cli import cli_ok

SEED_7 = ["6D", "JS", "9S", "4H", "QC"]
"""Your first five cards with seed 7."""


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/play/ofc", json=body)
    assert response.status_code == 201, response.json()
    state: dict[str, Any] = response.json()
    return state


def test_a_new_hand_shows_only_what_you_see(client: TestClient) -> None:
    state = new_game(client, seed=7, opponents=2)
    assert state["players"] == ["You", "Computer 1", "Computer 2"]
    assert state["stage"] == 1 and state["stages"] == 5
    assert state["yours"] == {
        "cards": SEED_7,
        "place": 5,
        "discard": 0,
        "example": "back QC JS 9S 6D 4H",
    }
    assert [b["discards"] for b in state["boards"]] == [[], 0, 0]
    assert "deck" not in json.dumps(state) and "pending" not in json.dumps(state)
    assert client.get(f"/api/play/ofc/{state['id']}").json() == state
    assert new_game(client, seed=7, opponents=2)["yours"] == state["yours"]


def test_a_hint_in_chinese_is_a_move_typed_back(client: TestClient) -> None:
    state = new_game(client, seed=7)
    url = f"/api/play/ofc/{state['id']}"
    hint = client.get(f"{url}/hint", params={"lang": "zh"}).json()
    assert hint["text"] == "头道 9S 6D 4H 中道 JS 尾道 QC"
    after = client.post(f"{url}/move", params={"lang": "zh"}, json={"move": hint["text"]})
    assert after.status_code == 200, after.json()
    you = after.json()["boards"][0]
    assert (you["front"], you["middle"], you["back"]) == (["9S", "6D", "4H"], ["JS"], ["QC"])


def test_a_move_then_the_bots_move(client: TestClient) -> None:
    state = new_game(client, seed=7)
    hint = client.get(f"/api/play/ofc/{state['id']}/hint").json()
    assert hint["move"] == "front 9S 6D 4H middle JS back QC"
    after = client.post(f"/api/play/ofc/{state['id']}/move", json={"move": hint["move"]}).json()
    assert after["stage"] == 2
    you, bot = after["boards"]
    assert (you["front"], you["middle"], you["back"]) == (["9S", "6D", "4H"], ["JS"], ["QC"])
    assert sum(len(bot[lane]) for lane in ("front", "middle", "back")) == 5
    assert after["moves"][0] == {
        "player": "You",
        "stage": 1,
        "text": "front 9S 6D 4H, middle JS, back QC",
        "face_down": 0,
    }
    assert after["yours"]["place"] == 2 and after["yours"]["discard"] == 1


REFUSALS = [
    ("back AS 6D JS 9S 4H", "en", ["AS not in your hand"]),
    ("back AS 6D JS 9S 4H", "zh", ["AS 不在你的手牌里"]),
    ("back QC", "en", ["this stage places 5 and discards 0"]),
    ("front 6D JS 9S 4H", "en", ["the front has room for 3"]),
    ("back QC discard 6D", "en", ["this stage places 5 and discards 0"]),
    (
        "QC to the back",
        "en",
        [
            "'QC' comes before any lane word",
            "  hint: back AS KS front 7C discard 2H   (short: b AS KS f 7C x 2H)",
        ],
    ),
    (
        "back ZZ",
        "en",
        [
            "'ZZ' is not a card",
            "  hint: write rank then suit, e.g. AS, 10h, TD, Q♣ "
            "(ranks 2-9 T J Q K A, suits S H D C)",
        ],
    ),
]


@pytest.mark.parametrize(("typed", "lang", "lines"), REFUSALS)
def test_a_refused_move_is_422_and_changes_nothing(
    client: TestClient, typed: str, lang: str, lines: list[str]
) -> None:
    state = new_game(client, seed=7)
    response = client.post(
        f"/api/play/ofc/{state['id']}/move", params={"lang": lang}, json={"move": typed}
    )
    assert response.status_code == 422
    assert response.json() == {"errors": lines}
    assert client.get(f"/api/play/ofc/{state['id']}").json() == state


def test_a_certain_foul_is_refused_once_with_a_warning(client: TestClient) -> None:
    state = new_game(client, seed=41)
    move = f"/api/play/ofc/{state['id']}/move"
    assert client.post(move, json={"move": "middle TC 3S 8D 9H AH"}).status_code == 200
    foul = {"move": "front QD QC discard 5C"}
    warned = client.post(move, json=foul)
    assert warned.status_code == 422
    assert warned.json() == {
        "errors": [
            "warning: this makes a foul certain (front will be at least pair Q Q 2, middle at "
            "best high-card A 10 9 8 3)",
            "  hint: type the same move again to play it anyway",
        ]
    }
    played = client.post(move, json=foul).json()
    assert played["boards"][0]["front"] == ["QD", "QC"]


def test_a_fouls_reason_reads_in_chinese(client: TestClient) -> None:
    state = new_game(client, seed=41)
    game = f"/api/play/ofc/{state['id']}"
    client.post(f"{game}/move", json={"move": "middle TC 3S 8D 9H AH"})
    for _ in range(2):  # a certain foul: warned, then played
        client.post(f"{game}/move", json={"move": "front QD QC discard 5C"})
    while not state["finished"]:
        state = client.post(f"{game}/auto").json()
    english = state["result"]["seats"][0]
    assert english["fouled"] and english["foul_reason"].startswith("front pair Q Q ")
    chinese = client.get(game, params={"lang": "zh"}).json()["result"]["seats"][0]
    assert (
        chinese["foul_reason"].startswith("头道 对子 Q Q ")
        and " 大于 中道 " in chinese["foul_reason"]
    )


@pytest.mark.parametrize("ruleset", ["golden-nugget-pineapple", "ofc-classic"])
def test_a_whole_hand_replays_from_its_log(
    client: TestClient, tmp_path: Path, ruleset: str
) -> None:
    state = new_game(client, seed=21, ruleset=ruleset)
    while not state["finished"]:
        state = client.post(f"/api/play/ofc/{state['id']}/auto").json()
    result = state["result"]
    assert sum(result["totals"].values()) == 0
    assert [b["discards"] for b in state["boards"]][1] == len(state["boards"][0]["discards"])
    late = client.post(f"/api/play/ofc/{state['id']}/auto")
    assert late.status_code == 422
    assert late.json() == {"errors": ["the hand is over; no more moves"]}
    log = client.get(f"/api/play/ofc/{state['id']}/log")
    assert log.headers["content-disposition"] == 'attachment; filename="ofc-21.yaml"'
    path = tmp_path / "hand.yaml"
    path.write_text(log.text, encoding="utf-8")
    replayed = cli_ok("ofc", "replay", str(path), "--json")
    data = json.loads(replayed.stdout)
    assert data["ruleset"] == ruleset and data["seed"] == 21
    assert data["totals"] == result["totals"]
    assert [p["royalty_total"] for p in data["players"]] == [
        s["royalty_total"] for s in result["seats"]
    ]


def test_the_next_hand_carries_fantasyland_and_totals(client: TestClient) -> None:
    state = new_game(client, seed=19)
    game = f"/api/play/ofc/{state['id']}"
    early = client.post(f"{game}/next")
    assert early.status_code == 422
    assert early.json() == {"errors": ["the hand is not finished: stage 1, You to act"]}
    while not state["finished"]:
        state = client.post(f"{game}/auto").json()
    seats = {seat["name"]: seat["next_fantasyland"]["cards"] for seat in state["result"]["seats"]}
    assert seats == {"You": None, "Computer 1": 14}
    following = client.post(f"{game}/next").json()
    assert (following["id"], following["hand"], following["seed"]) == (state["id"], 2, 20)
    assert following["totals"] == state["result"]["totals"]
    assert [b["fantasyland"] for b in following["boards"]] == [False, True]
    assert (following["moves"], following["to_act"]) == ([], "You")
    assert yaml.safe_load(client.get(f"{game}/log").text)["fantasyland"] == {"Computer 1": 14}


def test_an_unfinished_hand_resumes_at_the_terminal(client: TestClient, tmp_path: Path) -> None:
    state = new_game(client, seed=7)
    state = client.post(f"/api/play/ofc/{state['id']}/auto").json()
    path = tmp_path / "ofc-7.yaml"
    path.write_text(client.get(f"/api/play/ofc/{state['id']}/log").text, encoding="utf-8")
    resumed = subprocess.run(
        [sys.executable, "-m", "housegame", "ofc", "play", "--resume", str(path)],
        input="quit\n",
        capture_output=True,
        text=True,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert "stage 2\n" in resumed.stdout
    (line,) = (line for line in resumed.stdout.splitlines() if line.startswith("your cards: "))
    assert set(line.split("  ")[0].split()[2:]) == set(state["yours"]["cards"])


def test_bad_requests(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = client.post("/api/play/ofc", json={"ruleset": "../rules.yaml"})
    assert bad.status_code == 422
    assert bad.json() == {
        "errors": [
            "ruleset: '../rules.yaml' is not a bundled ofc ruleset",
            "  hint: one of golden-nugget-pineapple, ofc-classic, progressive-pineapple",
        ]
    }
    three = client.post("/api/play/ofc", json={"opponents": 3})
    assert three.json() == {"errors": ["body.opponents: Input should be less than or equal to 2"]}
    twin = client.post("/api/play/ofc", json={"name": "Computer 1"})
    assert twin.json() == {"errors": ["name: 'Computer 1' is a computer player's name"]}
    gone = client.post("/api/play/ofc/nothing/move", json={"move": "back AS"})
    assert gone.status_code == 404
    assert gone.json()["errors"][0] == "no OFC game 'nothing' (games left alone are dropped)"
    monkeypatch.setattr(games, "MAX_GAMES", 2)
    play_ofc.OFC_GAMES.games.clear()
    first, second = (new_game(client, seed=s)["id"] for s in (1, 2))
    client.get(f"/api/play/ofc/{first}")  # used since: kept, the second one goes
    new_game(client, seed=3)
    assert client.get(f"/api/play/ofc/{second}").status_code == 404
    assert client.get(f"/api/play/ofc/{first}").status_code == 200
    assert len(play_ofc.OFC_GAMES.games) == 2


def test_ofc_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/play/ofc")
    wait_for(browser, "#seed").send_keys("7")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, "#pending .card")
    lanes = ["back", "back", "middle", "middle", "front"]
    for card, lane in zip(SEED_7, lanes):
        browser.find_element(By.CSS_SELECTOR, f"#pending .card[data-card='{card}']").click()
        browser.find_element(By.CSS_SELECTOR, f".board.you [data-lane='{lane}'] .lane-name").click()
    staged = browser.find_elements(By.CSS_SELECTOR, ".board.you .card.staged")
    assert len(staged) == 5
    browser.find_element(By.ID, "play").click()
    wait_for(browser, "#moves li", "stage 1 · You: front QC, middle 9S 4H, back JS 6D")
    wait_for(browser, "#status", "stage 2 of 5")
    browser.find_element(By.ID, "hint").click()
    wait_for(browser, "#hint-text", "hint: ")
    shot("play-ofc")
    browser.find_element(By.ID, "auto").click()
    wait_for(browser, "#status", "stage 3 of 5")


def test_a_refused_move_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/play/ofc")
    wait_for(browser, "#seed").send_keys("7")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, "#pending .card")
    browser.find_element(By.CSS_SELECTOR, "#pending .card[data-card='QC']").click()
    browser.find_element(By.CSS_SELECTOR, ".board.you [data-lane='back'] .lane-name").click()
    browser.find_element(By.ID, "play").click()
    wait_for(browser, "#errors li", "this stage places 5 and discards 0")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".board.you .card.staged")) == 1
    shot("play-ofc-error")


def test_a_finished_hand_and_the_next_in_a_browser(visit: Visit) -> None:
    browser = visit("/play/ofc")
    wait_for(browser, "#seed").send_keys("19")
    browser.find_element(By.ID, "deal").click()
    for stage in range(1, 6):
        wait_for(browser, "#status", f"stage {stage} of 5")
        browser.find_element(By.ID, "auto").click()
    wait_for(browser, "#result-body td", "Computer 1")
    wait_for(browser, "#result-body h3", "You vs Computer 1")
    browser.find_element(By.ID, "next-hand").click()
    wait_for(browser, "#status", "hand 2 · running totals You -13, Computer 1 +13")
    wait_for(browser, ".board[data-player='Computer 1'] h3", "Computer 1 [FL]")


def test_a_finished_hand_reads_in_chinese(client: TestClient) -> None:
    state = new_game(client, seed=19)
    game = f"/api/play/ofc/{state['id']}"
    while not state["finished"]:
        state = client.post(f"{game}/auto").json()
    english = [item["label"] for pair in state["result"]["pairs"] for item in pair["items"]]
    chinese = client.get(f"{game}?lang=zh").json()["result"]["pairs"]
    labels = [item["label"] for pair in chinese for item in pair["items"]]
    assert any(label.endswith(" to You") or " to " in label for label in english)
    assert len(labels) == len(english) and labels != english
    assert all(" to " not in label for label in labels)
