"""Why the best setting beats yours: your regret against the default arranger, term by term.

A choice for 13 cards (lanes set, fouled or not; a special hand declared; a surrender) is
valued by the ``ev`` model of one seat (``EvModel``: how many opponents, the banker's seat or
a player's) against the default objective's lane odds (``equilibrium``: the ruleset's
equilibrium table for the seat's table size) as a list of the payout's own terms
(``EvModel.value_parts``, ``Payout.pair_parts``): each lane's units (or the outcome table's
row), the scoop, each add-on, the overall point, the home run, the card multipliers (马牌), a
declared special, a surrender, the pool's shares, the per-player settlements (none after an
instant win). The parts are read exactly (``Fraction`` of each float), so a choice's value is
the exact sum of its parts, and the regret, best minus yours, is the exact sum of the parts'
differences.

The best choice is the arranger's best setting (searched under the same seat's model), its
special-hand decision and a surrender where the ruleset has one, whichever is worth most; when
yours is worth as much, yours is the best and every part of the regret is 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.arrange import Arranger
from housegame.arrange.model import EvModel
from housegame.arrange.objectives import DEFAULT_OBJECTIVE, ModelObjective, objective_odds
from housegame.cards import Card
from housegame.glossary import Lang, term
from housegame.memo import Kept
from housegame.numbers import Num
from housegame.rulesets.common import LANES
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.payout import Part
from housegame.thirteen.results import Seat
from housegame.thirteen.specials import Declared

Parts = tuple[tuple[Part, Fraction], ...]


@dataclass(frozen=True)
class Option:
    """One choice for 13 cards and its expected units, term by term (exact)."""

    cards: tuple[Card, ...]
    setting: Setting | None = None
    declared: Declared | None = None
    surrendered: bool = False
    parts: Parts = ()

    @property
    def value(self) -> Fraction:
        """Expected net units: the sum of the parts."""
        return sum((v for _, v in self.parts), Fraction(0))

    @property
    def fouled(self) -> bool:
        """Set lanes that foul (as the scorer's ``Seat`` says)."""
        return self.seat("").fouled

    def seat(self, name: str) -> Seat:
        """The choice as the scorer seats it."""
        return Seat(name, self.setting, self.declared, self.surrendered, self.cards)

    def same_choice(self, other: Option) -> bool:
        if (self.declared is None) != (other.declared is None):
            return False
        if self.declared is not None and other.declared is not None:
            return self.declared.hand.id == other.declared.hand.id
        if self.surrendered or other.surrendered:
            return self.surrendered == other.surrendered
        assert self.setting is not None and other.setting is not None
        return self.setting.text() == other.setting.text()

    def as_dict(self, lang: Lang = "en") -> dict[str, Any]:
        setting = self.setting if self.declared is None and not self.surrendered else None
        lanes: dict[str, str | None] = {
            lane: setting.text()[lane] if setting is not None else None for lane in LANES
        }
        return {
            **lanes,
            "declare": self.declared.hand.id if self.declared is not None else None,
            "surrender": self.surrendered,
            "fouled": self.fouled,
            "value": round(float(self.value), 6),
            "text": choice_text(self, lang),
        }


@dataclass(frozen=True)
class Explanation:
    """Your choice against the best one, and the regret split into the payout's terms."""

    ruleset: ThirteenCardRuleset
    opponents: int
    banker: bool
    yours: Option
    best: Option
    parts: Parts = field(default=())
    """Per term, best minus yours (every term either has, in the best's order)."""

    @property
    def regret(self) -> Fraction:
        """Best minus yours, in expected units: the sum of the parts (never negative)."""
        return sum((v for _, v in self.parts), Fraction(0))

    @property
    def is_best(self) -> bool:
        return self.regret == 0

    def rows(self) -> list[tuple[Part, Fraction, Fraction, Fraction]]:
        """(term, best's part, yours, regret's part) for every term that is not 0 in both
        choices (the rest add nothing to either)."""
        best, yours = _by_part(self.best.parts), _by_part(self.yours.parts)
        rows = [
            (part, best.get(part, Fraction(0)), yours.get(part, Fraction(0)), v)
            for part, v in self.parts
        ]
        return [row for row in rows if row[1] or row[2]]

    def as_dict(self, lang: Lang = "en") -> dict[str, Any]:
        """JSON-safe (values rounded to 6 places; the library's are exact)."""
        return {
            "ruleset": self.ruleset.id,
            "opponents": self.opponents,
            "banker": self.banker,
            "regret": round(float(self.regret), 6),
            "best_is_yours": self.best.same_choice(self.yours),
            "yours": self.yours.as_dict(lang),
            "best": self.best.as_dict(lang),
            "parts": [
                {
                    "term": part.kind,
                    "lane": LANES[part.lane] if part.lane is not None else None,
                    "id": part.id,
                    "label": part_label(part, lang),
                    "best": round(float(best), 6),
                    "yours": round(float(yours), 6),
                    "regret": round(float(regret), 6),
                }
                for part, best, yours, regret in self.rows()
            ],
        }


def _by_part(parts: Parts) -> dict[Part, Fraction]:
    out: dict[Part, Fraction] = {}
    for part, v in parts:
        out[part] = out.get(part, Fraction(0)) + v
    return out


def _exact(parts: Sequence[tuple[Part, Num]]) -> Parts:
    """The parts read exactly, equal terms merged (the pool's sweep comes in two parts)."""
    merged: dict[Part, Fraction] = {}
    for part, v in parts:
        assert isinstance(v, int | float | Fraction)
        merged[part] = merged.get(part, Fraction(0)) + Fraction(v)
    return tuple(merged.items())


class Coach:
    """One seat's ``ev`` model against an objective's lane odds (default: the default
    objective's), and an arranger that searches it: built once per ruleset, opponents, seat
    and objective."""

    def __init__(
        self,
        ruleset: ThirteenCardRuleset,
        opponents: int | None,
        banker: bool,
        objective: ModelObjective = DEFAULT_OBJECTIVE,
    ) -> None:
        self.ruleset = ruleset
        players = None if opponents is None else opponents + 1  # banker games: one table
        odds = objective_odds(ruleset, objective, players)
        self.model = EvModel(ruleset, odds, opponents, banker=banker)
        self.arranger = Arranger(ruleset, objective, model=self.model)
        self.banker = banker

    def option(
        self,
        cards: Sequence[Card],
        setting: Setting | None = None,
        declared: Declared | None = None,
        surrendered: bool = False,
    ) -> Option:
        """A choice valued term by term, the card multipliers' term last."""
        model = self.model
        parts: list[tuple[Part, Num]]
        if surrendered:
            parts = model.surrender_parts()
        elif declared is not None:
            label = declared.hand.name
            special = Part("special", id=declared.hand.id, name=label)
            parts = [(special, model.special_value(declared))]
        else:
            assert setting is not None
            lanes = model.foul_lanes() if setting.fouled else model.setting_lanes(setting)
            parts = model.value_parts(lanes)
        exact = _exact(parts)
        if model.payout.multipliers:
            mine, theirs = model.factors(cards)
            whole = sum((v for _, v in exact), Fraction(0))
            extra = model.payout.multiplied(whole, Fraction(mine), Fraction(theirs))
            assert isinstance(extra, Fraction)
            exact = (*exact, (Part("multiplier"), extra))
        ends_round = declared is not None and declared.hand.ends_round
        if self.ruleset.settlements and not ends_round:
            exact = (*exact, (Part("settlements"), Fraction(model.settled(cards))))
        return Option(tuple(cards), setting, declared, surrendered, exact)

    def option_of(self, seat: Seat) -> Option:
        """A seated choice (the scorer's ``Seat``) valued term by term."""
        return self.option(seat.hand, seat.setting, seat.declared, seat.surrendered)

    def candidates(self, cards: Sequence[Card]) -> list[Option]:
        """What the best choice is chosen from: the arranger's best setting and its special
        hand (only that one where the ruleset declares automatically), and a surrender."""
        arrangement = self.arranger.arrange(cards)
        decision = arrangement.special
        if decision is not None and decision.automatic:
            return [self.option(cards, declared=decision.special)]
        found = [self.option(cards, arrangement.best.setting)]
        if decision is not None:
            found.append(self.option(cards, declared=decision.special))
        if self.ruleset.surrender is not None and self.ruleset.pool is None:
            found.append(self.option(cards, surrendered=True))
        return found

    def explain(self, yours: Option) -> Explanation:
        best = max(self.candidates(yours.cards), key=lambda option: option.value)
        if yours.value >= best.value:
            best = yours
        mine, theirs = _by_part(best.parts), _by_part(yours.parts)
        order = [*mine, *(p for p in theirs if p not in mine)]
        parts = tuple(
            (part, mine.get(part, Fraction(0)) - theirs.get(part, Fraction(0))) for part in order
        )
        return Explanation(self.ruleset, self.model.opponents, self.banker, yours, best, parts)


KEEP = 16
"""Coaches kept (one per ruleset content, opponents, seat and objective), the used last."""
_COACHES: Kept[tuple[str, int | None, bool, ModelObjective], Coach] = Kept(KEEP)


def coach(
    ruleset: ThirteenCardRuleset,
    opponents: int | None = None,
    banker: bool = False,
    objective: ModelObjective = DEFAULT_OBJECTIVE,
) -> Coach:
    """The kept ``Coach`` of a seat (building one compiles the seat's model for the search)."""
    key = (ruleset.model_dump_json(), opponents, banker, objective)
    return _COACHES.get(key, lambda: Coach(ruleset, opponents, banker, objective))


def seat_opponents(ruleset: ThirteenCardRuleset, players: int | None, banker: bool) -> int | None:
    """How many a seat plays against: the banker alone for a player in a banker game, else
    everyone else (None: the model's default, a full table)."""
    if players is None:
        return None
    if ruleset.table.compare == "banker" and not banker:
        return 1
    return players - 1


def explain(
    ruleset: RulesetRef,
    seat: Seat,
    players: int | None = None,
    banker: bool = False,
    objective: ModelObjective = DEFAULT_OBJECTIVE,
) -> Explanation:
    """Explain one seat's choice under ``ruleset`` (an id, a path or a loaded ruleset): at a
    table of ``players`` (default: a full one), from the banker's seat when ``banker``, the
    best choice being ``objective``'s (``ev``: against the shipped lane odds)."""
    rules = resolve_ruleset(ruleset, ThirteenCardRuleset)
    teacher = coach(rules, seat_opponents(rules, players, banker), banker, objective)
    return teacher.explain(teacher.option_of(seat))


# ---- words -----------------------------------------------------------------------------------


def part_label(part: Part, lang: Lang) -> str:
    """A term as the game calls it (``front``, ``scoop``, ``bonus: 冲三``), in ``lang``."""
    lane = term(LANES[part.lane], lang) if part.lane is not None else None
    if part.kind == "lane" and lane is not None:
        return lane
    if part.kind == "bonus":
        return f"{term('bonus', lang)}: {part.name}"
    if part.kind == "special":
        return f"{term('special-hand', lang)}: {part.name}"
    if part.kind == "pool" and lane is not None:
        return f"{term('pool', lang)} {lane}"
    if part.kind == "sweep":
        return f"{term('pool', lang)} {term('scoop', lang)}"
    if part.kind == "opponent-bonus":
        return f"{term('bonus', lang)} ({term('opponents', lang)})"
    return term(part.kind, lang)


def choice_text(option: Option, lang: Lang) -> str:
    """``front QS QH 3D, middle ..., back ...`` (foul marked), a declaration or a surrender."""
    if option.surrendered:
        return term("surrender", lang)
    if option.declared is not None:
        return f"{term('declare', lang)} {option.declared.label}"
    assert option.setting is not None
    lanes = option.setting.text()
    text = ", ".join(f"{term(lane, lang)} {lanes[lane]}" for lane in LANES)
    return f"{text} ({term('foul', lang)})" if option.fouled else text
