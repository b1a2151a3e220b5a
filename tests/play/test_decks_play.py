"""13-card play on a deck of its own: jokers (bundled ``maceplay-ghosts``) and
加一色's second suit of spades at five players (bundled ``maceplay-add-a-suit``). The deal,
typed cards held twice, the bots' equilibrium objective (the decks' shipped tables), what
each joker stood for, and logs that replay, from the library and from ``housegame play`` /
``housegame replay``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from housegame.arrange.objectives import played_objective
from housegame.cards import parse_cards
from housegame.cli import app
from housegame.errors import TableError
from housegame.play import Table, parse_lanes, resume
from housegame.thirteen.replay import SessionLog, deal_hands, replay
from tests.play.test_session import Session, played_and_replayed, rules, sessions
from tests.suite import examples

ROOT = Path(__file__).resolve().parents[2]
JOKERS = "maceplay-ghosts"
SIX = "maceplay-add-two-suits"
SUIT = "maceplay-add-a-suit"

JOKER_SEED_2 = "JK QC TS 9D 8H 8C 7H 7D 5S 4D 4C 3H 3C"
"""Your cards under the joker ruleset with seed 2 at four seats: one joker."""
JOKER_LANES = "front JK QC TS middle 5S 4D 4C 3H 3C back 9D 8H 8C 7H 7D"
SUIT_SEED_0 = "KS QH QD JS TH TD 9D 8S 7S 6S 6S 3H 3C"
"""Your cards under 加一色 with seed 0 at five seats: the six of spades twice."""
SUIT_LANES = "front 7S 3H 3C middle QH QD TH TD 9D back KS JS 8S 6S 6S"


def seated(ruleset: str, seed: int, seats: int) -> Table:
    players = ["You", *(f"Computer {i + 1}" for i in range(seats - 1))]
    return Table(rules(ruleset), ruleset, players, seed)


def test_the_deal_is_the_rulesets_deck() -> None:
    played = seated(SUIT, 0, 5)
    assert played.cards == parse_cards(SUIT_SEED_0, None)
    dealt = Counter(c for cards in played.dealt.values() for c in cards)
    assert dealt == Counter(c for hand in deal_hands(0, 5, rules(SUIT).deck.deck()) for c in hand)
    assert len(played.players) == 5 and sum(dealt.values()) == 65
    jokers = seated(JOKERS, 2, 4)
    assert jokers.cards == parse_cards(JOKER_SEED_2, None)
    for ruleset, seats in ((SUIT, 5), (JOKERS, 4)):  # both decks' tables are shipped
        assert played_objective(rules(ruleset), "equilibrium", seats) == "equilibrium"
    assert played.arranger.objective == jokers.arranger.objective == "equilibrium"


def test_a_card_held_twice_is_typed_twice() -> None:
    played = seated(SUIT, 0, 5)
    deck = rules(SUIT).deck.deck()
    with pytest.raises(TableError, match="6S set 3 times; you hold it 2 times"):
        played.set(parse_lanes("front 6S 6S 3C middle 6S QH QD TH TD back KS JS 8S 7S 9D", deck))
    with pytest.raises(TableError, match="'6S 6S 6S' holds 6S 3 times; the deck holds 6S 2"):
        parse_lanes("front 6S 6S 6S", deck)
    with pytest.raises(TableError, match="JK in 'JK 3C 3H': the deck has no such card"):
        parse_lanes("front JK 3C 3H", deck)
    lanes = played.complete(parse_lanes("front 7S 3H 3C middle QH QD TH TD 9D", deck))
    assert lanes["back"] == parse_cards("KS JS 8S 6S 6S", deck)
    played.set(lanes)
    assert played.finished and played.hands[-1].seats[0].back == "KS JS 8S 6S 6S"
    assert played.left_of(parse_cards("6S KS", deck)).count(parse_cards("6S")[0]) == 1


def test_a_joker_stands_for_its_best_card_in_play() -> None:
    played = seated(JOKERS, 2, 4)
    played.set(parse_lanes(JOKER_LANES, rules(JOKERS).deck.deck()))
    result = played.result
    assert result is not None
    assert result.seats[0].setting is not None
    assert result.seats[0].setting.jokers() == {"front": "JK=QS"}  # a pair of queens
    log = SessionLog.model_validate(yaml.safe_load(played.log_text()))
    assert replay(log).totals == played.totals


def test_more_seats_than_the_ruleset_seats_is_refused() -> None:
    with pytest.raises(TableError, match="maceplay-add-a-suit seats 2-5 players, not 6"):
        seated(SUIT, 0, 6)
    with pytest.raises(TableError, match="maceplay-ghosts seats 2-4 players, not 5"):
        seated(JOKERS, 0, 5)
    data = seated(SUIT, 0, 5).log()
    data["ruleset"] = "maceplay"
    data["hands"] = [{"seats": [{"name": p, "surrender": True} for p in data["players"]]}]
    with pytest.raises(TableError, match="maceplay seats 2-4 players, the log has 5"):
        replay(SessionLog.model_validate(data))


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin, env={"COLUMNS": "120"})
    return result.exit_code, result.output


def test_a_terminal_session_at_five_with_a_second_suit(tmp_path: Path) -> None:
    log = tmp_path / "suit.yaml"
    typed = "f 7S 3H 3C\nm QH QD TH TD 9D\n"
    args = ("play", "-r", SUIT, "--seed", "0", "--opponents", "4", "--save", str(log))
    code, out = run(*args, "--hands", "2", stdin=typed + "auto\n")
    assert code == 0, out
    assert f"your cards: {SUIT_SEED_0}" in out
    assert "so far: front 7S 3H 3C; left: KS QH QD JS TH TD 9D 8S 6S 6S" in out
    assert "You         7S 3H 3C  QH QD TH TD 9D  KS JS 8S 6S 6S" in out
    assert "Computer 4" in out and "hand 2 (seed 1)" in out
    data = yaml.safe_load(log.read_text(encoding="utf-8"))
    assert len(data["players"]) == 5 and len(data["hands"]) == 2
    code, again = run("replay", str(log))
    assert code == 0, again
    last = out.rsplit("running totals ", 1)[1].splitlines()[0]
    assert again.rstrip().endswith("running totals " + last)
    assert resume(log).number == 3
    code, out = run("play", "-r", SUIT, "--opponents", "5", stdin="")
    assert code == 2 and "maceplay-add-a-suit seats 2-5 players, not 6" in out


def test_a_terminal_session_with_jokers(tmp_path: Path) -> None:
    log = tmp_path / "jokers.yaml"
    args = ("play", "-r", JOKERS, "--seed", "2", "--save", str(log))
    code, out = run(*args, stdin="hint\nf 王 QC TS m 5S 4D 4C 3H 3C\n")
    assert code == 0, out
    assert "hint: front JK QC TS middle 9D 7H 7D 4D 4C back 8H 8C 5S 3H 3C" in out
    assert "jokers: front JK=QS" in out  # what the hint's joker stands for
    assert f"your cards: {JOKER_SEED_2}" in out
    assert "You         JK QC TS  5S 4D 4C 3H 3C  9D 8H 8C 7H 7D  JK=QS" in out
    code, again = run("replay", str(log), "--ruleset", JOKERS, "--json")
    assert code == 0, again
    you = json.loads(again)["hands"][0]["players"][0]
    assert (you["front"], you["jokers"]) == ("JK QC TS", {"front": "JK=QS"})
    code, out = run("play", "-r", JOKERS, "--opponents", "4", stdin="")
    assert code == 2 and "maceplay-ghosts seats 2-4 players, not 5" in out
    quit_to = ("--save", str(tmp_path / "quit.yaml"))  # quit saves: not in the working folder
    code, out = run("play", "-r", "maceplay", "--seed", "2", *quit_to, stdin="f JK QC TS\nquit\n")
    assert code == 0 and "JK in 'JK QC TS': the deck has no such card" in out


DECKS = (SUIT, JOKERS, SIX)
"""A second suit (5 seats), two jokers (4 seats), two extra suits (6 seats)."""


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(session=sessions(DECKS, 2))
def test_any_session_on_a_deck_of_its_own_replays(session: Session) -> None:
    """Whatever the deck and seat count it seats, a session the arranger plays (jokers and
    cards held twice in the lanes) logs, reads back under the log schema and replays to the
    same totals."""
    played_and_replayed(*session)
