"""Who plays the next hand in Fantasyland, and with how many cards.

Entry, card count and stay are read separately from the ruleset, as seed 003
asks: the sources do not say how §346(e), §352 and §356 combine.
"""

from __future__ import annotations

from dataclasses import dataclass

from housegame.ofc.royalties import top_rank
from housegame.ranking import Category, category_of
from housegame.rulesets.common import LaneName
from housegame.rulesets.ofc import FrontAtLeast, OfcRuleset
from housegame.setting import Setting


@dataclass(frozen=True)
class NextHand:
    """A player's Fantasyland status for the next hand; ``cards`` is None outside Fantasyland."""

    cards: int | None
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {"cards": self.cards, "reason": self.reason}


def front_reaches(key: int, least: FrontAtLeast) -> bool:
    """The front's (category, defining rank) is at least the threshold; trips beat any pair."""
    return (int(category_of(key)), top_rank(key)) >= least.order()


def _at_least(key: int, label: str | None) -> bool:
    return label is not None and category_of(key) >= Category.from_label(label)


def stay_holds(ruleset: OfcRuleset, setting: Setting) -> str | None:
    """The first stay condition the setting meets (front, middle, back), or None."""
    fantasyland = ruleset.fantasyland
    if fantasyland is None or (fantasyland.stay.clean and setting.fouled):
        return None
    stay = fantasyland.stay
    checks: tuple[tuple[LaneName, str | None], ...] = (
        ("front", stay.front),
        ("middle", stay.middle),
        ("back", stay.back),
    )
    for lane, label in checks:
        if _at_least(setting.key(lane), label):
            return f"{lane} {label} or better"
    return None


def entry_cards(ruleset: OfcRuleset, setting: Setting) -> int | None:
    """Cards for a player entering Fantasyland with this setting, or None if it does not qualify."""
    fantasyland = ruleset.fantasyland
    if fantasyland is None or (fantasyland.entry.clean and setting.fouled):
        return None
    return entry_cards_for_front(ruleset, setting.key("front"))


def entry_cards_for_front(ruleset: OfcRuleset, front: int) -> int | None:
    """Cards for entering Fantasyland with this front (a clean hand assumed), or None."""
    fantasyland = ruleset.fantasyland
    if fantasyland is None or not front_reaches(front, fantasyland.entry.front):
        return None
    if fantasyland.cards.mode == "fixed":
        return fantasyland.cards.fixed
    rows = [r for r in fantasyland.cards.progressive if front_reaches(front, r.front)]
    return max(r.cards for r in rows)


def next_hand(ruleset: OfcRuleset, setting: Setting, in_fantasyland: bool) -> NextHand:
    """Stay for a Fantasyland player, entry for anyone else (a player who fails to stay leaves)."""
    fantasyland = ruleset.fantasyland
    if fantasyland is None:
        return NextHand(None, "no Fantasyland in this ruleset")
    if in_fantasyland:
        reason = stay_holds(ruleset, setting)
        if reason is None and fantasyland.stay.clean and setting.fouled:
            return NextHand(None, "leaves Fantasyland: the hand fouled")
        if reason is None:
            return NextHand(None, "leaves Fantasyland: no stay condition met")
        return NextHand(fantasyland.stay.cards, f"stays: {reason}")
    cards = entry_cards(ruleset, setting)
    if cards is None and fantasyland.entry.clean and setting.fouled:
        return NextHand(None, "does not qualify: the hand fouled")
    if cards is None:
        return NextHand(None, "does not qualify")
    return NextHand(cards, f"enters with {cards} cards")
