"""The OFC trainer and the --bot option: per-street advice from the search (the bot's move
first, the player's valued beside it), in the library, the terminal, the web and simulate."""

from __future__ import annotations

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from housegame.cli import app
from housegame.ofc import search
from housegame.ofc.bot import choose_move
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.hand import Hand
from housegame.ofc.replay import load_log, play_log
from housegame.ofc.session import Table, Turn, move_text
from housegame.web.app import create_app
from tests.ofc.test_search import QUICK, rules


@pytest.fixture(autouse=True)
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search in these tests looks only a little ahead (the same code)."""
    monkeypatch.setattr(search, "DEFAULT", QUICK)


def test_advice_on_the_bots_move_and_on_another() -> None:
    hand = Hand(rules(), ["You", "Bot"], shuffled_deck(3))
    turn = Turn(hand, "You", 3, bot="search", trainer=True)
    played = turn.auto()
    first = turn.advice[0]
    assert first.same and first.lost == 0 and first.yours.move == played
    assert first.best[0].move == played and first.stage == 0
    hand.play("Bot", choose_move(hand, "Bot", 3))
    other = choose_move(hand, "You", 3)  # the basic bot's move, typed in
    turn.add(move_text(other), other)
    second = turn.advice[1]
    assert second.stage == 1 and second.yours.move == other
    assert second.yours.value <= second.best[0].value
    assert second.lost == pytest.approx(max(0.0, second.best[0].value - second.yours.value))
    values = [c.value for c in second.best]
    assert values == sorted(values, reverse=True)
    assert second.lines("en")[0].startswith("trainer, stage 2: yours ")
    assert second.lines("zh")[0].startswith("教练, 第 2 轮: 你的一步 ")


def test_no_advice_without_the_trainer() -> None:
    hand = Hand(rules(), ["You", "Bot"], shuffled_deck(3))
    turn = Turn(hand, "You", 3, bot="search")
    turn.auto()
    assert turn.advice == []


def test_the_search_bots_table_replays(tmp_path: object) -> None:
    table = Table(rules(), "golden-nugget-pineapple", ["You", "Computer 1"], "You", 4, bot="search")
    while not table.hand.finished:
        table.bots_play()
        if table.your_move:
            table.auto()
    path = tmp_path / "hand.yaml"  # type: ignore[operator]
    path.write_text(table.log_text(), encoding="utf-8")
    log, located = load_log(path)
    assert play_log(log, located, rules()).result().totals == table.hand.result().totals


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["trainer, stage 1: yours", "you played the bot's move", "final boards"]),
        ("zh", ["教练, 第 1 轮: 你的一步", "你走的正是电脑的一步", "最终牌面"]),
    ],
)
def test_ofc_play_with_the_trainer(lang: str, words: list[str]) -> None:
    args = ["ofc", "play", "--seed", "3", "--bot", "search", "--trainer", "--lang", lang]
    result = CliRunner().invoke(app, args, input="auto\n" * 5)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output


def test_an_unknown_bot_is_refused() -> None:
    result = CliRunner().invoke(app, ["ofc", "play", "--bot", "clever"], input="")
    assert result.exit_code == 2
    assert "clever" in result.output and "search" in result.output


def test_ofc_simulate_with_the_search_bot() -> None:
    args = ["ofc", "simulate", "-r", "ofc-classic", "--hands", "2", "--bot", "search", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert '"ofc-classic"' in result.output


def test_the_web_trainer_and_bot() -> None:
    client = TestClient(create_app(), base_url="http://127.0.0.1:8000")
    made = client.post("/api/play/ofc", json={"seed": 3, "bot": "search", "trainer": True})
    assert made.status_code == 201, made.json()
    state = made.json()
    assert state["bot"] == "search" and state["trainer"] == []
    after = client.post(f"/api/play/ofc/{state['id']}/auto", params={"lang": "zh"}).json()
    advice = after["trainer"][0]
    assert advice["same"] and advice["stage"] == 1 and advice["lost"] == 0
    assert advice["lines"][0].startswith("教练, 第 1 轮")
    assert advice["best"][0]["move"] == advice["yours"]["move"]
    plain = client.post("/api/play/ofc", json={"seed": 3}).json()
    assert plain["bot"] == "basic" and plain["trainer"] is None
    bad = client.post("/api/play/ofc", json={"bot": "clever"})
    assert bad.status_code == 422
    log = client.get(f"/api/play/ofc/{state['id']}/log").text
    assert yaml.safe_load(log)["players"] == ["You", "Computer 1"]
