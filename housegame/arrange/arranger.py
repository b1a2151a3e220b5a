"""Setting 13 cards under a ruleset: the best legal setting, alternatives, and the special hand.

``arrange`` answers one hand; ``arrange_many`` sets many hands with one compiled model (what
simulations use). ``default_arranger`` is the ``Arranger`` that ``housegame score`` hands to
the 13-card engine for players given as 13 loose cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from housegame.arrange.build import lane_odds
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lookup import rank_tables
from housegame.arrange.model import EvModel
from housegame.arrange.search import BATCH, Found, search_lexicographic
from housegame.arrange.splits import HAND, split_positions
from housegame.cards import Card
from housegame.errors import CardError
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.conditions import lane_holds
from housegame.thirteen.payout import LaneVals
from housegame.thirteen.specials import Declared, holding

_MODELS: dict[str, EvModel] = {}


def ev_model(ruleset: ThirteenCardRuleset) -> EvModel:
    """One compiled model per ruleset content (rulesets hold lists, so they do not hash), with
    the lane odds of its ranking."""
    key = ruleset.model_dump_json()
    if key not in _MODELS:
        _MODELS[key] = EvModel(ruleset, lane_odds(ruleset.ranking.rules()))
    return _MODELS[key]


def setting_value(model: EvModel, setting: Setting) -> float:
    """Expected units of one setting under a model: its lanes' features and bonus leaves."""
    ords = [int(np.searchsorted(model.tables.keys, k)) for k in setting.keys]
    lanes = []
    for i, ordinal in enumerate(ords):
        features = [float(x) for x in model.lanes[i][:, ordinal]]
        leaves = [1.0 if lane_holds(c, setting) else 0.0 for c in model.leaves[i]]
        lanes.append(LaneVals.of(features, leaves))
    out = model.value(lanes)
    assert isinstance(out, int | float)
    return float(out)


Objective = Literal["ev", "lexicographic"]
OBJECTIVES: tuple[Objective, ...] = ("ev", "lexicographic")


@dataclass(frozen=True)
class Choice:
    """One legal setting and its value under the objective."""

    setting: Setting
    value: float


@dataclass(frozen=True)
class SpecialDecision:
    """The best special hand the cards make, and whether to declare it.

    ``value`` and ``set_value`` are expected units (the ``ev`` model) of declaring and of the
    best set hand, so the two compare whatever objective chose the setting.
    """

    special: Declared
    automatic: bool
    value: float
    set_value: float
    held: tuple[Declared, ...] = ()
    """Every special hand the cards make, best first (``special`` is the first)."""

    @property
    def declare(self) -> bool:
        return self.automatic or self.value > self.set_value

    @property
    def gain(self) -> float:
        """How much declaring beats (positive) or trails (negative) the best set hand."""
        return self.value - self.set_value


@dataclass(frozen=True)
class Arrangement:
    """The answer for one hand: best setting first, then up to K alternatives."""

    best: Choice
    alternatives: tuple[Choice, ...]
    special: SpecialDecision | None
    objective: Objective

    @property
    def declared(self) -> Declared | None:
        return self.special.special if self.special is not None and self.special.declare else None


def check_hand(cards: Sequence[Card]) -> None:
    """A hand to set is 13 different cards."""
    if len(cards) != HAND:
        raise CardError(f"a hand to arrange has 13 cards, not {len(cards)}")
    if len(set(cards)) != HAND:
        raise CardError("a card appears twice in the hand")


class Arranger:
    """Sets hands for one ruleset and objective; build once, call for many hands."""

    def __init__(self, ruleset: ThirteenCardRuleset, objective: Objective = "ev") -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}")
        self.ruleset = ruleset
        self.objective = objective
        self.rules = ruleset.ranking.rules()
        self.tables = rank_tables(self.rules)
        self._model: EvModel | None = None

    @property
    def model(self) -> EvModel:
        """The ``ev`` model, compiled on first need (the lexicographic search never needs it)."""
        if self._model is None:
            self._model = ev_model(self.ruleset)
        return self._model

    def found(
        self, hands: Sequence[Sequence[Card]], top: int = 0
    ) -> list[tuple[list[Card], Found]]:
        """The raw search: each hand sorted ascending, with its best ``top + 1`` split ids."""
        for cards in hands:
            check_hand(cards)
        ordered = [sorted(cards) for cards in hands]
        out: list[tuple[list[Card], Found]] = []
        for start in range(0, len(ordered), BATCH):
            part = ordered[start : start + BATCH]
            indices = np.array([[c.index for c in hand] for hand in part], dtype=np.intp)
            if self.objective == "lexicographic":
                found = search_lexicographic(indices, self.tables, top + 1)
            else:
                found = EvSearch(self.model).search(indices, top + 1)
            out.extend(zip(part, found))
        return out

    def setting(self, hand: Sequence[Card], split: int) -> Setting:
        """``hand`` sorted ascending; lane keys read from the lookup tables."""
        front, middle, back = (tuple(hand[p] for p in lane) for lane in split_positions(split))
        key = self.tables.key
        return Setting(
            front,
            middle,
            back,
            (
                key([c.index for c in front]),
                key([c.index for c in middle]),
                key([c.index for c in back]),
            ),
        )

    def ev(self, setting: Setting) -> float:
        """Expected units of one setting under the ``ev`` model."""
        return setting_value(self.model, setting)

    def special(self, cards: Sequence[Card], best: Choice) -> SpecialDecision | None:
        found = holding(cards, self.ruleset)
        if not found:
            return None
        automatic = self.ruleset.specials.declare == "automatic"
        set_value = best.value if self.objective == "ev" else self.ev(best.setting)
        return SpecialDecision(
            found[0], automatic, self.model.special_value(found[0]), set_value, tuple(found)
        )

    def arrange_many(self, hands: Sequence[Sequence[Card]], top: int = 0) -> list[Arrangement]:
        """Set many hands; the search runs in batches of ``BATCH`` hands."""
        out = []
        for hand, found in self.found(hands, top):
            choices = tuple(
                Choice(self.setting(hand, s), v) for s, v in zip(found.splits, found.values)
            )
            out.append(
                Arrangement(choices[0], choices[1:], self.special(hand, choices[0]), self.objective)
            )
        return out

    def arrange(self, cards: Sequence[Card], top: int = 0) -> Arrangement:
        return self.arrange_many([cards], top)[0]

    def __call__(self, cards: Sequence[Card], ruleset: ThirteenCardRuleset) -> Setting:
        """The ``seating.Arranger`` protocol: the best setting of 13 cards."""
        [(hand, found)] = self.found([cards])
        return self.setting(hand, found.splits[0])


def arrange(
    cards: Sequence[Card], ruleset: ThirteenCardRuleset, objective: Objective = "ev", top: int = 0
) -> Arrangement:
    """The best legal setting of 13 cards under ``ruleset``, ``top`` alternatives, the special."""
    return Arranger(ruleset, objective).arrange(cards, top)


def arrange_many(
    hands: Iterable[Sequence[Card]],
    ruleset: ThirteenCardRuleset,
    objective: Objective = "ev",
    top: int = 0,
) -> list[Arrangement]:
    """Set many hands at once with one compiled model: the batch API simulations use."""
    return Arranger(ruleset, objective).arrange_many(list(hands), top)


def default_arranger(cards: Sequence[Card], ruleset: ThirteenCardRuleset) -> Setting:
    """The ruleset's default objective (``ev``), as an ``Arranger`` for ``score_thirteen``."""
    return Arranger(ruleset, "ev")(cards, ruleset)
