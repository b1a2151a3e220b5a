"""What a table must satisfy before it is scored: seats, declarations, surrender."""

from __future__ import annotations

import pytest

from housegame.errors import TableError
from tests.thirteen.conftest import lanes, plain_opponent, run

SIX_PAIRS = "AS AH KS KH QS QH JS JH 10S 10H 9S 9H 2C"


def test_too_many_players() -> None:
    hands = [lanes(f"P{i}", "2C 3C 4C", "5C 6C 7C 8C 9D", "10C JC QC KC AD") for i in range(5)]
    with pytest.raises(TableError, match="seats 2-4 players, the table has 5"):
        run("maceplay", hands)


def test_one_player_is_not_a_table() -> None:
    with pytest.raises(TableError, match="the table has 1"):
        run("pagat", [lanes("A", "6S 6H 6D", "4S 4H 4D 9S 9H", "KS KH KD 8S 8H")])


def test_declaring_an_unknown_special_suggests_one() -> None:
    opponent = plain_opponent("pagat", SIX_PAIRS)
    with pytest.raises(
        TableError, match="declares 'six-pair', which pagat does not have"
    ) as caught:
        run("pagat", [{"name": "A", "cards": SIX_PAIRS, "declare": "six-pair"}, opponent])
    assert caught.value.hint is not None and "did you mean 'six-pairs'?" in caught.value.hint


def test_declaring_a_special_the_cards_do_not_make() -> None:
    opponent = plain_opponent("pagat", SIX_PAIRS)
    with pytest.raises(
        TableError, match=r"declares Complete straight .* but the cards do not make it"
    ):
        run("pagat", [{"name": "A", "cards": SIX_PAIRS, "declare": "complete-straight"}, opponent])


def test_automatic_rulesets_do_not_let_a_special_go_undeclared() -> None:
    opponent = plain_opponent("maceplay", SIX_PAIRS)
    setting = lanes("A", "2C 9S 9H", "10S 10H JS JH QS", "AS AH KS KH QH", declare="none")
    with pytest.raises(TableError, match="may not decline a special hand"):
        run("maceplay", [setting, opponent])


def test_set_lanes_are_declared_automatically_where_the_ruleset_says_so() -> None:
    opponent = plain_opponent("maceplay", SIX_PAIRS)
    setting = lanes("A", "2C 9S 9H", "10S 10H JS JH QS", "AS AH KS KH QH")
    result = run("maceplay", [setting, opponent])
    assert result.totals["A"] == 3


def test_cards_without_a_special_need_an_arranger_when_none_is_given() -> None:
    from housegame.rulesets.loader import load_ruleset
    from housegame.tables import TableFile
    from housegame.thirteen import score_thirteen

    ruleset = load_ruleset("pagat")
    table = TableFile.model_validate(
        {
            "players": [
                {"name": "A", "cards": "2C 3D 4H 6S 8C 10C JD QH KS AS 5D 7H 2S"},
                lanes("B", "6H 6D 2H", "4S 4C 4D 9C 9H", "KH KD KC 8S 8H"),
            ]
        }
    )
    with pytest.raises(TableError, match="make no special hand and no arranger is available"):
        score_thirteen(ruleset, table)  # type: ignore[arg-type]
