"""The trainer at the table: each hand's explanation, the skill score (your result less what
the best choice would have made against the same hands, both settled by the scorer), kept in
the log so a resume keeps it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from housegame.cards import Card
from housegame.play import parse_lanes, resume
from housegame.thirteen.replay import LogHand, SessionLog, replay, score_hand
from tests.play.test_session import FOUL, LEGAL, rules, table


def test_the_best_setting_has_no_regret_and_skill_0() -> None:
    played = table(seats=2)
    played.set(parse_lanes(LEGAL))
    explained = played.explanation
    assert explained is not None and explained.is_best and explained.opponents == 1
    assert played.hand_skill == 0 and played.skill == 0
    best = played.hands[-1].best
    assert best is not None and best.back == "JS JH 6S 6D 6C"


def test_a_foul_costs_its_regret_and_the_skill_is_scored_by_the_scorer() -> None:
    played = table()
    with pytest.raises(Exception, match="fouls"):
        played.set(parse_lanes(FOUL))
    played.set(parse_lanes(FOUL))  # the same again plays it
    explained = played.explanation
    assert explained is not None and explained.yours.fouled and explained.regret > 0
    assert sum((v for _, v in explained.parts), Fraction(0)) == explained.regret
    hand = played.hands[-1]
    assert hand.best is not None and hand.best.front == "AH QC 9S"
    instead = LogHand(banker=hand.banker, seats=[hand.best, *hand.seats[1:]])
    best_result = score_hand(played.rules, played.players, played.seed, instead)
    actual = played.results[-1].totals["You"]
    assert played.hand_skill == actual - best_result.totals["You"]
    assert played.skill == played.hand_skill


def test_resume_keeps_the_skill(tmp_path: Path) -> None:
    played = table("pagat", seed=3)
    poor = played.complete(parse_lanes(" ".join(_poor(played.cards))))
    with pytest.raises(Exception, match="fouls"):
        played.set(poor)
    played.set(poor)
    assert played.hand_skill is not None
    played.next_hand()
    played.auto()
    skills = list(played.skills)
    assert all(skill is not None for skill in skills)
    log = tmp_path / "session.yaml"
    log.write_text(played.log_text(), encoding="utf-8")
    again = resume(log)
    assert again.skills == skills and again.skill == played.skill
    assert again.explanation is None and again.hand_skill is None  # the next hand is dealt
    replayed = replay(SessionLog.model_validate(played.log()))
    assert [done.result.totals for done in replayed.hands] == [r.totals for r in played.results]


def test_a_surrender_and_a_declaration_are_explained() -> None:
    played = table("pagat-surrender", seats=2)
    played.surrender()
    explained = played.explanation
    assert explained is not None and explained.yours.surrendered
    assert [part.kind for part, _ in explained.yours.parts] == ["surrender", "overall-point"]
    declared = table("maceplay", seed=1, seats=2)  # three flushes, declared for you
    assert declared.finished and declared.explanation is not None
    assert declared.explanation.is_best
    assert declared.explanation.yours.declared is not None


def test_a_log_whose_best_is_another_seats_is_refused() -> None:
    data = table(seats=2).log()
    data["hands"] = [
        {
            "seats": [{"name": "You", "declare": "x"}, {"name": "Computer 1", "declare": "x"}],
            "best": {"name": "Computer 1", "surrender": True},
        }
    ]
    with pytest.raises(Exception, match="hand 1's best choice is for 'Computer 1'"):
        SessionLog.model_validate(data)


def _poor(cards: list[Card]) -> list[str]:
    """The highest three in front, the next five in the middle: a foul."""
    low = sorted(cards, key=lambda c: (c.rank, c.suit))
    return ["front", *map(str, low[10:]), "middle", *map(str, low[5:10])]


def test_rules_are_cached() -> None:
    assert rules("pagat") is rules("pagat")
