"""Setting 13 cards under a ruleset: the best legal setting, alternatives, and the special hand.

``arrange`` answers one hand; ``arrange_many`` sets many hands with one compiled model (what
simulations use). ``seated.default_arranger`` is the one ``housegame score`` hands to the
13-card engine for players given as 13 loose cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from housegame.arrange.batch import HandBatch, batches, split_setting
from housegame.arrange.decktables import tables_for
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lexicographic import search_lexicographic
from housegame.arrange.model import EvModel
from housegame.arrange.objectives import (
    DEFAULT_OBJECTIVE,
    OBJECTIVES,
    Objective,
    ev_model,
    odds_model,
    played_objective,
)
from housegame.arrange.odds import LaneOdds
from housegame.arrange.search import Found
from housegame.cards import Card, parse_cards
from housegame.memo import Kept
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.conditions import HandCounts
from housegame.thirteen.specials import Declared, holding


def setting_value(model: EvModel, setting: Setting) -> float:
    """Expected units of one setting under a model: its lanes' features and bonus leaves."""
    out = model.value(model.setting_lanes(setting))
    assert isinstance(out, int | float)
    return model.scaled(float(out), setting.cards)


@dataclass(frozen=True)
class Choice:
    """One legal setting and its value under the objective."""

    setting: Setting
    value: float

    def as_dict(self) -> dict[str, Any]:
        """The lanes and the value; with jokers, what they stand for (``{"back": "JK=AS"}``)."""
        jokers = self.setting.jokers()
        extra = {"jokers": jokers} if jokers else {}
        return {**self.setting.text(), "value": round(self.value, 6), **extra}


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

    def as_dict(self) -> dict[str, Any]:
        hand = self.special.hand
        return {
            "id": hand.id,
            "name": hand.name,
            "points": self.special.points,
            "automatic": self.automatic,
            "declare": self.declare,
            "value": round(self.value, 6),
            "set_value": round(self.set_value, 6),
        }


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

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe: the best lanes, the special to declare (its id, or None), the value, the
        alternatives, and the special-hand decision with both values."""
        declared = self.declared
        special = self.special
        return {
            **self.best.as_dict(),
            "objective": self.objective,
            "declare": declared.hand.id if declared is not None else None,
            "alternatives": [choice.as_dict() for choice in self.alternatives],
            "special": special.as_dict() if special is not None else None,
        }


class Arranger:
    """Sets hands for one ruleset and objective; build once, call for many hands."""

    def __init__(
        self,
        ruleset: RulesetRef,
        objective: Objective = DEFAULT_OBJECTIVE,
        players: int | None = None,
        odds: LaneOdds | None = None,
        model: EvModel | None = None,
    ) -> None:
        """``players``: the table size the model plays for (default: a full table);
        ``odds``: opponents' lane odds to respond to instead of the objective's own;
        ``model``: the ``ev`` model to set hands for, given whole (the trainer's is one
        seat's, ``EvModel(opponents=..., banker=...)``)."""
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}")
        self.ruleset = resolve_ruleset(ruleset, ThirteenCardRuleset)
        self.objective = played_objective(self.ruleset, objective, players)
        self.players = players
        self.odds = odds
        self.rules = self.ruleset.ranking.rules()
        self.tables = tables_for(self.rules, self.ruleset.deck.deck())
        self._model: EvModel | None = model
        self._ev_search: EvSearch | None = None

    @property
    def model(self) -> EvModel:
        """The ``ev`` model (of the objective's odds), compiled on first need (the lexicographic
        search never needs it)."""
        if self._model is None:
            if self.odds is not None:
                self._model = odds_model(self.ruleset, self.odds, self.players)
            else:
                self._model = ev_model(self.ruleset, self.objective, self.players)
        return self._model

    def _search(self, batch: HandBatch, top: int) -> list[Found]:
        if self.objective == "lexicographic":
            return search_lexicographic(batch.cards, self.tables, top + 1)
        if self._ev_search is None:
            self._ev_search = EvSearch(self.model)
        return self._ev_search.search(batch, top + 1)

    def _batches(self, hands: Sequence[Sequence[Card]] | Sequence[HandBatch]) -> list[HandBatch]:
        prepared = [h for h in hands if isinstance(h, HandBatch)]
        if len(prepared) == len(hands):
            return prepared
        cards = [h for h in hands if not isinstance(h, HandBatch)]
        if prepared:
            raise TypeError("pass hands or prepared batches, not both")
        return batches(cards, self.ruleset.deck.deck())

    def found(
        self, hands: Sequence[Sequence[Card]] | Sequence[HandBatch], top: int = 0
    ) -> list[tuple[list[Card], Found]]:
        """The raw search: each hand sorted ascending, with its best ``top + 1`` split ids.
        ``hands``: cards, or hands already prepared (``batches``: shared by rulesets)."""
        out: list[tuple[list[Card], Found]] = []
        for batch in self._batches(hands):
            out.extend(zip(batch.hands, self._search(batch, top)))
        return out

    def setting(self, hand: Sequence[Card], split: int) -> Setting:
        """``hand`` sorted ascending; lane keys read from the lookup tables."""
        return split_setting(self.tables, hand, split)

    def ev(self, setting: Setting) -> float:
        """Expected units of one setting under the ``ev`` model."""
        return setting_value(self.model, setting)

    def special(
        self, cards: Sequence[Card], best: Choice, counts: HandCounts | None = None
    ) -> SpecialDecision | None:
        """The special-hand decision; ``counts``: the cards' counts when already made."""
        found = holding(cards, self.ruleset, counts)
        if not found:
            return None
        automatic = self.ruleset.specials.declare == "automatic"
        set_value = best.value if self.objective != "lexicographic" else self.ev(best.setting)
        model, declared = self.model, found[0]
        value = model.declaring[declared.points]
        value = model.scaled(value, cards, settles=False) if model.payout.multipliers else value
        if model.settled_by_counts and not declared.hand.ends_round:
            value += model.settled_by_counts[model.payout.counted(cards)]
        return SpecialDecision(found[0], automatic, value, set_value, tuple(found))

    def arrange_many(
        self, hands: Sequence[Sequence[Card]] | Sequence[HandBatch], top: int = 0
    ) -> list[Arrangement]:
        """Set many hands (or prepared batches, see ``found``); the search runs in batches of
        ``PLAN.batch`` hands."""
        out = []
        # card multipliers scale every value of a hand alike, settlements add to them alike
        # (``EvModel.scaled``; the settlements read from the model's table, not computed)
        scaled = self.objective != "lexicographic" and bool(self.model.payout.multipliers)
        settled = self.model.settled_by_counts if self.objective != "lexicographic" else {}
        for batch in self._batches(hands):
            for i, found in enumerate(self._search(batch, top)):
                hand = batch.hands[i]
                extra = settled[self.model.payout.counted(hand)] if settled else 0.0
                choices = tuple(
                    Choice(
                        batch.setting(self.tables, i, s),
                        (self.model.scaled(v, hand, settles=False) if scaled else v) + extra,
                    )
                    for s, v in zip(found.splits, found.values)
                )
                special = self.special(hand, choices[0], batch.counts(i))
                out.append(Arrangement(choices[0], choices[1:], special, self.objective))
        return out

    def arrange(self, cards: Sequence[Card], top: int = 0) -> Arrangement:
        return self.arrange_many([cards], top)[0]

    def __call__(self, cards: Sequence[Card], ruleset: ThirteenCardRuleset) -> Setting:
        """The ``seating.Arranger`` protocol: the best setting of 13 cards."""
        [(hand, found)] = self.found([cards])
        return self.setting(hand, found.splits[0])


_ARRANGERS: Kept[tuple[str, Objective, int | None], Arranger] = Kept(32)
"""``arrange``'s arrangers, one per ruleset content, objective and table size (their models
compiled and searches prepared once), the 32 used last."""


def arrange(
    cards: Sequence[Card] | str,
    ruleset: RulesetRef,
    objective: Objective = DEFAULT_OBJECTIVE,
    top: int = 0,
    players: int | None = None,
) -> Arrangement:
    """The best legal setting of 13 cards (or their text, ``"AS KS ..."``) under ``ruleset``
    (an id, a path or a loaded ruleset), ``top`` alternatives, and the special hand;
    ``players``: the table size (default: a full table)."""
    rules = resolve_ruleset(ruleset, ThirteenCardRuleset)
    key = (rules.model_dump_json(), objective, players)
    arranger = _ARRANGERS.get(key, lambda: Arranger(rules, objective, players))
    deck = arranger.ruleset.deck.deck()
    hand = parse_cards(cards, deck) if isinstance(cards, str) else cards
    return arranger.arrange(hand, top)


def arrange_many(
    hands: Iterable[Sequence[Card]],
    ruleset: RulesetRef,
    objective: Objective = DEFAULT_OBJECTIVE,
    top: int = 0,
) -> list[Arrangement]:
    """Set many hands at once with one compiled model: the batch API simulations use."""
    return Arranger(ruleset, objective).arrange_many(list(hands), top)
