"""Equal hands told apart (by the suit, or a natural hand over a joker's) say so in the
breakdown, in English and Chinese; equal hands that tie say nothing more."""

from __future__ import annotations

from pathlib import Path

from housegame import score
from housegame.breakdown import hands_line
from housegame.results import LaneResult
from housegame.tables import TableFile
from housegame.thirteen import TableResult

JOKERS = Path(__file__).resolve().parents[2] / "examples" / "decks" / "maceplay-jokers.yaml"


def _lanes(ruleset: str | Path, a_back: str, b_back: str) -> list[LaneResult]:
    """A and B: B wins the front (7 6 2 over 7 5 2); the middles are the same high cards
    (8 6 5 4 3), A's 8 a spade, B's a heart; the backs as given."""
    players = [
        {"name": "A", "front": "2C 5D 7H", "middle": "3S 4S 5H 6C 8S", "back": a_back},
        {"name": "B", "front": "2D 6S 7C", "middle": "3H 4H 5C 6D 8H", "back": b_back},
    ]
    result = score(TableFile.model_validate({"players": players}), ruleset)
    assert isinstance(result, TableResult)
    return result.pairs[0].lanes


def test_a_natural_hand_over_the_same_hand_with_a_joker_says_natural() -> None:
    back = _lanes(JOKERS, "AS KS QS JS TS", "JK KH QH JH TH")[2]
    assert back.winner == "A"
    assert hands_line(back, "en") == "straight-flush to A (natural) vs straight-flush to A"
    assert hands_line(back, "zh") == "同花顺 A (无鬼牌) vs 同花顺 A"


def test_a_suit_breaking_a_tie_says_by_suit_and_a_tie_says_nothing() -> None:
    """shanghai orders spades, hearts, clubs, diamonds; pagat has no suit order."""
    a_back, b_back = "9S TS JH QC KD", "9H TH JC QD KS"
    front, middle, back = _lanes("shanghai", a_back, b_back)
    assert front.winner == "B" and "(" not in hands_line(front, "en")
    assert middle.winner == "A"
    assert hands_line(middle, "en") == "high-card 8 6 5 4 3 (by suit) vs high-card 8 6 5 4 3"
    assert back.winner == "B"
    assert hands_line(back, "en") == "straight to K vs straight to K (by suit)"
    assert hands_line(back, "zh") == "顺子 K vs 顺子 K (比花色)"
    _, middle, back = _lanes("pagat", a_back, b_back)
    assert middle.winner is None and back.winner is None
    assert "(" not in hands_line(middle, "en") + hands_line(back, "en")
