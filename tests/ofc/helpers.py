"""Small builders shared by the OFC tests."""

from __future__ import annotations

from housegame.cards import parse_cards
from housegame.ofc import OfcSeat, make_seat
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting

SEED_A = ("6S 6H 2C", "5C 6D 7H 8S 9C", "2H 5H 9H JH KH")
"""Seed 003's hand A: front 66, middle straight, back flush (royalties 1 + 4 + 4 = 9)."""
SEED_B = ("5S 5D 3C", "4C 4D 4H KC 2D", "TS JD QC KD AS")
"""Seed 003's hand B: front 55, middle trips, back straight (royalties 0 + 2 + 2 = 4)."""
SEED_B_FOUL = ("5S 5D 3C", "TS JD QC KD AS", "4C 4D 4H KC 2D")
"""The seed's counter-example: B's middle straight over a back of trips is a foul."""


def ruleset(ref: str = "golden-nugget-pineapple") -> OfcRuleset:
    loaded = load_ruleset(ref)
    assert isinstance(loaded, OfcRuleset)
    return loaded


def progressive(base: OfcRuleset) -> OfcRuleset:
    """The same ruleset with §356's progressive card counts switched on."""
    assert base.fantasyland is not None
    cards = base.fantasyland.cards.model_copy(update={"mode": "progressive"})
    return base.model_copy(
        update={"fantasyland": base.fantasyland.model_copy(update={"cards": cards})}
    )


def setting(lanes: tuple[str, str, str], rules: OfcRuleset) -> Setting:
    front, middle, back = (parse_cards(t) for t in lanes)
    return Setting.of(front, middle, back, rules.ranking.rules())


def seat(
    name: str, lanes: tuple[str, str, str], rules: OfcRuleset, in_fantasyland: bool = False
) -> OfcSeat:
    return make_seat(rules, name, setting(lanes, rules), in_fantasyland)
