"""The tally reads the settled table's items and seats, nothing else."""

from __future__ import annotations

from fractions import Fraction

from housegame.arrange import default_arranger
from housegame.cards import parse_cards
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import score, table_arranger
from housegame.setting import Setting
from housegame.simulation.tally import ThirteenTally
from housegame.tables import TableFile
from housegame.thirteen.results import Seat, TableResult
from housegame.thirteen.settle import settle_table


def pagat() -> ThirteenCardRuleset:
    rules = load_ruleset("pagat")
    assert isinstance(rules, ThirteenCardRuleset)
    return rules


def seat(name: str, front: str, middle: str, back: str) -> Seat:
    rules = pagat().ranking.rules()
    lanes = (parse_cards(front), parse_cards(middle), parse_cards(back))
    return Seat(name, Setting.of(*lanes, rules))


def test_fouls_and_terms_come_from_the_settled_table() -> None:
    seats = [
        seat("p1", "AS AH KD", "2C 3C 4D 5H 7S", "8C 9D TH JS 2D"),  # front above middle: foul
        seat("p2", "2H 3H 4S", "5C 5D 6C 6D 7C", "QC QD QH KC KH"),
        seat("p3", "6H 7H 8H", "9C 9H TC TD JC", "AC AD 3S 3D 4C"),
    ]
    assert seats[0].fouled and not seats[1].fouled
    table = settle_table(pagat(), seats)
    tally = ThirteenTally(3)
    tally.add_table(0, table)
    assert (tally.fouls, tally.foul_pairs) == (1, 2)
    fouled_pairs = [p for p in table.pairs if "p1" in (p.first, p.second)]
    assert tally.foul_units == sum(abs(p.net) for p in fouled_pairs)
    items = [i for p in table.pairs for i in p.items]
    assert sum(t.count for t in tally.terms.values()) == len(items)
    assert sum((t.gross for t in tally.terms.values()), Fraction(0)) == sum(
        abs(i.units) for i in items
    )
    seat1 = sum((t.seat1 for t in tally.terms.values()), Fraction(0))
    assert seat1 == table.totals["p1"]
    assert all(label.count("p") == 0 for _, label in tally.terms)  # names are *


def test_a_tables_loose_hands_are_set_in_one_batch_as_one_by_one() -> None:
    hands = [
        "AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S",
        "AH KH 8H 7H 2H QD QC 9S 9C 5S 5D 3C 6D",
        "AD AC QH JD TD 8S 8C 7D 6S 6C 5H 4H 2S",
    ]
    table = TableFile.model_validate(
        {
            "ruleset": "taiwan",
            "players": [{"name": f"P{i}", "cards": h} for i, h in enumerate(hands)],
        }
    )
    rules = load_ruleset("taiwan")
    assert isinstance(rules, ThirteenCardRuleset)
    batched = table_arranger(rules, table)
    result = score(table)
    assert isinstance(result, TableResult)
    for text, scored in zip(hands, result.seats):
        cards = parse_cards(text)
        assert batched(cards, rules) == default_arranger(cards, rules) == scored.setting
