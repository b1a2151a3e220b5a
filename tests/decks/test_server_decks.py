"""The bundled rulesets with the room options of the atom-chen/ShiSanShuiServer 十三水 server
(``deploy/chess_svr/script_thirteen``): 加二色 (``maceplay-add-two-suits``: clubs and hearts
twice, 78 cards, six players) and 大小鬼 (``maceplay-ghosts``: two wild jokers), each checked
against the server's own definitions (``core/card_define.lua``, ``lib/lib_card_pool.lua``,
``lib/lib_hack_config.lua``, ``lib/lib_laizi.lua``, ``lib/lib_normal_card_logic.lua``,
``lib/lib_sp_card_logic.lua``) and MacePlay's document 000 for everything else. The server
ships no worked example but one (``13水算法说明.txt``: ``{0x38,0x28,0x18,0x08,0x5f}`` is 五同
of eights); the other hands are built from the definitions, each total worked by hand."""

from __future__ import annotations

from typing import Any

from housegame.cards import parse_cards
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import score
from housegame.tables import TableFile
from tests.decks.test_bundled_decks import assert_dealt_tables_settle_to_zero


def ruleset(name: str) -> ThirteenCardRuleset:
    return load_ruleset(name, ThirteenCardRuleset)


def totals(name: str, *players: dict[str, Any]) -> dict[str, Any]:
    return dict(score(TableFile.model_validate({"players": list(players)}), ruleset(name)).totals)


def hand(name: str, front: str, middle: str, back: str) -> dict[str, str]:
    return {"name": name, "front": front, "middle": middle, "back": back}


def test_add_two_colours_is_78_cards_with_clubs_and_hearts_twice() -> None:
    """GStars_Two_Color: 梅花 2 - A and 红桃 2 - A added to the 52 (GetCardSet, nSupportAddColor
    2); ModifyGameConfig takes 2 to 6 players and "6人必须加2色"."""
    rules = ruleset("maceplay-add-two-suits")
    deck = rules.deck.deck()
    assert deck.size == 78
    twice = {c for c in deck.cards() if deck.count(c) == 2}
    clubs_and_hearts = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    )
    assert twice == set(parse_cards(clubs_and_hearts))
    assert (rules.table.seats.min, rules.table.seats.max) == (2, 6)


def test_add_two_colours_keeps_maceplays_lanes_and_adds_the_servers_five_of_a_kind() -> None:
    maceplay = ruleset("maceplay")
    rules = ruleset("maceplay-add-two-suits")
    five = [v for v in rules.lane_values.values if v.category == ["five-of-a-kind"]]
    assert {(v.lane, v.units) for v in five} == {("middle", 20), ("back", 10)}
    others = [v for v in rules.lane_values.values if v not in five]
    assert others == maceplay.lane_values.values
    assert rules.specials == maceplay.specials and rules.scoop == maceplay.scoop


# A: five kings in the middle (KC and KH twice), five aces in the back (AC and AH twice).
FIVES = hand("A", "2C 3D 5S", "KC KC KH KH KS", "AC AC AH AH AS")
QUADS = hand("B", "QS QD 2D", "9S 9D 9C 9H 4C", "3H 4H 5H 6H 7H")


def test_five_of_a_kind_is_worth_20_in_the_middle_and_10_in_the_back() -> None:
    """Front to B (pair of queens, 1); middle to A (五同 over quads, 10 + 10); back to A (五同
    over a straight flush, 10 + 0). A: 20 + 10 - 1 = 29."""
    assert totals("maceplay-add-two-suits", FIVES, QUADS) == {"A": 29, "B": -29}


def test_a_sweep_with_five_of_a_kind_doubles() -> None:
    """A wins the front too (queens over jacks): MacePlay's 打槍 doubles the pair:
    (1 + 20 + 10) x 2 = 62."""
    a = hand("A", "QC QH 4D", "KC KC KH KH KS", "AC AC AH AH AS")
    b = hand("B", "JS JD 3C", "9S 9D 9C 9H 4C", "3H 4H 5H 6H 7H")
    assert totals("maceplay-add-two-suits", a, b) == {"A": 62, "B": -62}


def test_six_players_dealt_from_the_78_cards_settle_fifteen_pairs_to_zero() -> None:
    assert_dealt_tables_settle_to_zero(ruleset("maceplay-add-two-suits"), 6)


def test_the_home_run_counts_at_four_five_and_six_players() -> None:
    home_run = ruleset("maceplay-add-two-suits").home_run
    assert home_run is not None
    assert [home_run.counts_at(n) for n in (1, 2, 3, 4, 5)] == [False, False, True, True, True]


def test_ghosts_are_two_jokers_in_a_54_card_deck() -> None:
    """GStars_Ghost_Cards: 小鬼 and 大鬼 added to the 52; at four players two stay undealt."""
    rules = ruleset("maceplay-ghosts")
    deck = rules.deck.deck()
    assert deck.size == 54 and deck.jokers == 2 and deck.most_copies == 1
    assert (rules.table.seats.min, rules.table.seats.max) == (2, 4)


PLAIN = hand("B", "2D 3C 5S", "4D 6C 7S 9D JC", "KH QH TH 6H 2H")


def test_four_eights_and_a_ghost_are_five_eights() -> None:
    """The server's example: {0x38,0x28,0x18,0x08,0x5f} is 五同 8 8 8 8 8. In the back it wins
    10 from B's flush; the fronts and the middles tie."""
    a = hand("A", "2C 3D 5H", "4C 6D 7H 9C JD", "8S 8D 8C 8H JK")
    assert totals("maceplay-ghosts", a, PLAIN) == {"A": 10, "B": -10}


def test_five_of_a_kind_in_the_middle_comes_with_six_pairs() -> None:
    """A middle 五同 needs a back 五同 above it, so both ghosts and two quads: with the ghosts
    pairing two more cards that is 六対半, which MacePlay declares automatically (3), not the
    set hand's 20 + 10 (every special check counts the ghosts)."""
    a = hand("A", "2C 3D 5H", "8S 8D 8C 8H JK", "AS AD AC AH JK")
    assert totals("maceplay-ghosts", a, PLAIN) == {"A": 3, "B": -3}


def test_a_hand_made_with_a_ghost_ties_the_natural_one() -> None:
    """CompareCardsLaizi compares the hand's type and values only: a royal flush made with a
    ghost ties a natural one; the other lanes tie too."""
    a = hand("A", "2C 3D 5H", "4C 6D 8H 9C JD", "AS KS QS JS TS")
    b = hand("B", "2D 3C 5S", "4D 6C 8S 9D JC", "AH KH QH JH JK")
    assert totals("maceplay-ghosts", a, b) == {"A": 0, "B": 0}


def test_a_ghost_makes_front_trips() -> None:
    """A ghost and a pair of sevens in front are trips (GetCardsAndTypeThree_Laizi): MacePlay's
    front trips win 3 over a pair of kings; the straights and the flushes tie. A: 3."""
    a = hand("A", "JK 7C 7D", "4C 5D 6H 7H 8C", "AS KS QS JS 9S")
    b = hand("B", "KD KC 2S", "4D 5C 6S 7S 8D", "AH KH QH JH 9H")
    assert totals("maceplay-ghosts", a, b) == {"A": 3, "B": -3}


def test_a_ghost_completes_a_dragon() -> None:
    """Check_Pt_Sp_Straight counts the ghosts: twelve ranks and a ghost are 一条龍, MacePlay's
    13 from each opponent."""
    dragon = hand("A", "JK 2D 3C", "4S 5H 6D 7C 8S", "9H TD JC QS KH")
    plain = hand("B", "2C 3H 4H", "5C 5S 6H 6S 7D", "AS AH AD 9C 9D")
    assert totals("maceplay-ghosts", dragon, plain) == {"A": 13, "B": -13}
