"""One player's lanes checked before a table is scored (the web table's foul warning): the
check says foul exactly when scoring the table does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.cards import Card, format_cards
from housegame.errors import FoulError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import check_setting, score
from housegame.tables import PlayerEntry, TableFile
from tests.suite import examples

deals = st.permutations(range(52)).map(lambda order: [Card(i) for i in order[:26]])


def _lanes(cards: list[Card]) -> dict[str, str]:
    return {
        "front": format_cards(cards[:3]),
        "middle": format_cards(cards[3:8]),
        "back": format_cards(cards[8:13]),
    }


@pytest.mark.parametrize("rid", ["pagat", "maceplay", "taiwan"])
@settings(max_examples=examples(40), deadline=None)
@given(cards=deals)
def test_the_check_fouls_where_scoring_does(rid: str, cards: list[Card]) -> None:
    ann = _lanes(cards[:13])
    check = check_setting(rid, ann["front"], ann["middle"], ann["back"]).as_dict()
    table = TableFile(
        players=[PlayerEntry(name="Ann", **ann), PlayerEntry(name="Bo", **_lanes(cards[13:]))]
    )
    rules = load_ruleset(rid, ThirteenCardRuleset)
    try:
        result = score(table, rules).as_dict()
    except FoulError as exc:
        fouls_in_scoring = {exc.message.split("'")[1]}
    else:
        fouls_in_scoring = {p["name"] for p in result["players"] if p["fouled"]}
        assert not check["refused"]
    assert check["refused"] == (check["fouled"] and rules.foul.handling == "refuse")
    # Ann sits first, so a ruleset that refuses fouls names her before Bo
    assert ("Ann" in fouls_in_scoring) == check["fouled"]
