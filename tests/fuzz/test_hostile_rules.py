"""Hostile rulesets and hands at the schema's maxima (``hostile/``): eight jokers that complete
every special, eight jokers that may not repeat a card (lanes of five of them), and the largest
deck (four decks, eight extra suits, eight jokers). Every command, and a room that plays them,
ends within a CPU budget each: termination, not speed (the measured costs are in
docs/security.md, "Costs the rules declare"). Lane odds and equilibrium tables a new deck
needs are built small (``SMALL_BUILD``) into one cache for the module."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from housegame.arrange import equilibrium
from housegame.cards import parse_cards
from housegame.cli import app
from housegame.ranking import DEFAULT_RULES, describe, wild_best
from housegame.rooms import Room, RoomStore
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.specials import holding
from housegame.web import create_app
from tests.conftest import SMALL_BUILD
from tests.fuzz.conftest import runner, terminates

HOSTILE = Path(__file__).parent / "hostile"
RULESETS = ["eight-ghosts", "strict-eight", "schema-max"]
CPU_SECONDS = 30.0
"""A command's CPU budget, tables a new deck needs built on first use included."""


def within_cpu(seconds: float = CPU_SECONDS) -> AbstractContextManager[None]:
    """The body fails, rather than runs on, past ``seconds`` of this process's CPU."""
    return terminates(seconds, cpu=True)


@pytest.fixture(scope="module", autouse=True)
def small_tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOUSEGAME_CACHE", str(tmp_path_factory.mktemp("hostile-cache")))
        patch.setattr(equilibrium, "SHIPPED", SMALL_BUILD)
        patch.setattr(equilibrium, "_LOADED", {})
        yield


def _ruleset(name: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset_file(HOSTILE / f"{name}.yaml")
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def _cli(*args: str) -> str:
    with within_cpu():
        result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


EIGHT_JOKERS = "JK JK JK JK JK JK JK JK 2C 3D 4H 5S 7C"


def test_a_lane_of_five_jokers_and_eight_jokers_specials_are_reasoned() -> None:
    """The two places stand-ins used to be tried one by one: a lane of five jokers that may
    not repeat a card (2.6 M stand-ins) and the specials of a hand of eight jokers."""
    jokers = tuple(parse_cards("JK JK JK JK JK", None))
    with within_cpu(5):
        strict = _ruleset("strict-eight").ranking.rules()
        assert describe(wild_best(jokers, strict)[0]) == "straight-flush to A"
        assert describe(wild_best(jokers, DEFAULT_RULES)[0]) == "five-of-a-kind A A A A A"
        for name in RULESETS:
            found = holding(parse_cards(EIGHT_JOKERS, None), _ruleset(name))
            assert found and found[0].hand.id == "dragon"


@pytest.mark.slow
@pytest.mark.builds_equilibrium
@pytest.mark.parametrize("name", RULESETS)
def test_every_command_ends_within_its_budget(name: str) -> None:
    rules, table = str(HOSTILE / f"{name}.yaml"), str(HOSTILE / f"{name}-table.yaml")
    _cli("validate", rules, table)
    assert "A " in _cli("score", table)
    _cli("score", table, "--json", "--lang", "zh")
    _cli("explain", table, "--player", "A")
    _cli("show", rules)
    _cli("diff", "maceplay-ghosts", rules)
    _cli("compare", table, "-r", rules)
    for objective in ("lexicographic", "ev", "equilibrium"):
        _cli("arrange", EIGHT_JOKERS, "-r", rules, "--objective", objective, "--top", "5")
    _cli("simulate", "-r", rules, "--deals", "20", "--players", "2", "--json")


@pytest.mark.slow
@pytest.mark.builds_equilibrium
def test_a_room_plays_eight_jokers_within_its_budget() -> None:
    text = (HOSTILE / "eight-ghosts.yaml").read_text(encoding="utf-8")
    with TestClient(create_app(rooms=RoomStore()), base_url="http://127.0.0.1:8000") as client:
        room = client.post("/api/rooms", json={"yaml": text, "name": "A"}).json()
        code, host = room["code"], {"X-Room-Host": room["host_token"]}
        bo = client.post(f"/api/rooms/{code}/join", json={"name": "B"}).json()["player_token"]
        hands = [
            (room["player_token"], ("JK JK JK", "JK JK JK JK JK", "2C 3D 4H 5S 7C")),
            (bo, ("KC KD 2S", "3C 4C 5C 6C 8C", "TH JH QH KH AH")),
        ]
        with within_cpu():
            for token, (front, middle, back) in hands:
                entered = client.post(
                    f"/api/rooms/{code}/hand",
                    json={"front": front, "middle": middle, "back": back},
                    headers={"X-Room-Player": token},
                )
                assert entered.status_code == 200, entered.text
            ended = client.post(f"/api/rooms/{code}/end", json={}, headers=host)
        assert ended.status_code == 200, ended.text
        assert ended.json()["ledger"]["totals"]["A"] == 13


def test_a_room_busy_ending_a_round_holds_up_no_other_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One room ends a round that takes as long as it takes (held here until released);
    another room's page and actions answer meanwhile."""
    inside, release = threading.Event(), threading.Event()
    ending = Room.end_round

    def slow_end(self: Room, *args: Any, **kwargs: Any) -> Any:
        inside.set()
        assert release.wait(30)
        return ending(self, *args, **kwargs)

    monkeypatch.setattr(Room, "end_round", slow_end)
    with TestClient(create_app(rooms=RoomStore()), base_url="http://127.0.0.1:8000") as client:
        busy = client.post("/api/rooms", json={"ruleset": "pagat", "name": "A"}).json()
        other = client.post("/api/rooms", json={"ruleset": "pagat", "name": "A"}).json()
        answers: list[int] = []
        ender = threading.Thread(
            target=lambda: answers.append(
                client.post(
                    f"/api/rooms/{busy['code']}/end",
                    json={},
                    headers={"X-Room-Host": busy["host_token"]},
                ).status_code
            )
        )
        ender.start()
        assert inside.wait(30)
        try:
            assert client.get(f"/api/rooms/{other['code']}").status_code == 200
            joined = client.post(f"/api/rooms/{other['code']}/join", json={"name": "B"})
            assert joined.status_code == 201
            assert client.get(f"/room/{other['code']}").status_code == 200
        finally:
            release.set()
            ender.join(30)
        assert answers == [422]  # the busy room's round had fewer than two hands
