"""The two OFC rulesets load, carry RULES.md 3.7's numbers, and refuse what cannot be dealt."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.errors import RulesetError
from housegame.rulesets.loader import load_ruleset
from tests.ofc.helpers import ruleset


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house\nname: House\nsummary: test\ngame: ofc\n"
        "extends: golden-nugget-pineapple\n" + body,
        encoding="utf-8",
    )
    return path


def test_golden_nugget_numbers() -> None:
    gn = ruleset()
    assert [(s.dealt, s.placed, s.discarded) for s in gn.deal] == [(5, 5, 0)] + [(3, 2, 1)] * 4
    assert gn.cards_per_player() == 17
    assert (gn.players.min, gn.players.max) == (2, 3)
    assert (gn.scoring.lane_units, gn.scoring.scoop_bonus) == (1, 3)
    assert gn.royalties.front.pairs["6"] == 1 and gn.royalties.front.pairs["A"] == 9
    assert "5" not in gn.royalties.front.pairs
    assert gn.royalties.front.trips["2"] == 10 and gn.royalties.front.trips["A"] == 22
    assert gn.royalties.middle == {
        "trips": 2,
        "straight": 4,
        "flush": 8,
        "full-house": 12,
        "quads": 20,
        "straight-flush": 30,
        "royal-flush": 50,
    }
    assert gn.royalties.back == {
        "straight": 2,
        "flush": 4,
        "full-house": 6,
        "quads": 10,
        "straight-flush": 15,
        "royal-flush": 25,
    }
    assert (gn.foul.against_clean, gn.foul.royalties, gn.foul.both_fouled) == (
        "scooped",
        "forfeit",
        "push",
    )
    assert gn.fantasyland is not None
    assert gn.fantasyland.cards.fixed == 14
    assert [r.cards for r in gn.fantasyland.cards.progressive] == [14, 15, 16, 17]
    stay = gn.fantasyland.stay
    assert (stay.front, stay.middle, stay.back) == ("trips", "full-house", "quads")


def test_classic_schedule_is_data() -> None:
    classic = ruleset("ofc-classic")
    assert [(s.dealt, s.placed) for s in classic.deal] == [(5, 5)] + [(1, 1)] * 8
    assert classic.cards_per_player() == 13
    assert classic.seats_problem(4) is None
    assert classic.royalties == ruleset().royalties


def test_four_players_need_68_cards() -> None:
    assert (
        ruleset().seats_problem(4)
        == "4 players need 68 cards (17 each by the deal schedule) but the deck has 52"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param("players: {min: 2, max: 4}\n", "4 players need 68 cards", id="seating-four"),
        pytest.param(
            "deal:\n  - {dealt: 5, placed: 5}\n  - {dealt: 3, placed: 2, discarded: 1}\n",
            r"places 7 cards \(running totals 5, 7\); the lanes hold 13",
            id="schedule-adds-up",
        ),
        pytest.param(
            "deal:\n  - {dealt: 5, placed: 5}\n  - {dealt: 3, placed: 2}\n",
            "every dealt card is placed or discarded",
            id="stage-places-every-card",
        ),
        pytest.param(
            "fantasyland:\n  cards:\n    mode: progressive\n    progressive:\n"
            "      $replace:\n      - {front: {category: pair, rank: K}, cards: 15}\n",
            "lowest row must be the entry front",
            id="progressive-starts-at-entry",
        ),
        pytest.param(
            "fantasyland:\n  solver_priority: [no-foul, royalties]\n",
            "solver_priority must list",
            id="solver-priority-lists-each",
        ),
        pytest.param(
            'royalties:\n  front:\n    pairs: {"1": 3}\n',
            r"house.yaml:\d+",
            id="unknown-royalty-rank-names-the-line",
        ),
    ],
)
def test_a_ruleset_that_cannot_be_dealt_or_scored_is_refused(
    tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(RulesetError, match=message):
        load_ruleset(write(tmp_path, body))
