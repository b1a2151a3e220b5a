"""The trainer's split: hand-worked cases, and the property that the parts sum exactly to the
regret (never negative) for every bundled 13-card ruleset, and the arranger's test variants,
on random hands and random legal choices."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from housegame.arrange.arranger import setting_value
from housegame.arrange.objectives import DEFAULT_OBJECTIVE, ModelObjective
from housegame.cards import DECK, Card, parse_cards
from housegame.errors import FoulError, TableError
from housegame.rulesets.loader import bundled_of, load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.tables import PlayerEntry, TableFile
from housegame.thirteen.results import Seat
from housegame.thirteen.specials import holding
from housegame.trainer import coach, explain, explain_table, seat_opponents
from tests.suite import examples, per_ruleset

VARIANTS = sorted((Path(__file__).parents[1] / "arrange" / "variants").glob("*.yaml"))


@cache
def rules(ref: str) -> ThirteenCardRuleset:
    loaded = load_ruleset_file(Path(ref)) if ref.endswith(".yaml") else load_ruleset(ref)
    assert isinstance(loaded, ThirteenCardRuleset)
    return loaded


RULESETS = [r.id for r in bundled_of(ThirteenCardRuleset)] + [str(p) for p in VARIANTS]


def valued_by(ref: str) -> ModelObjective:
    """The default objective for a bundled ruleset; ``ev`` for a test variant (no shipped
    equilibrium table: the split's exactness does not depend on the lane odds)."""
    return "ev" if ref.endswith(".yaml") else DEFAULT_OBJECTIVE


def lanes(rules_: ThirteenCardRuleset, text: str) -> Setting:
    front, middle, back = (parse_cards(part) for part in text.split("/"))
    return Setting.of(front, middle, back, rules_.ranking.rules())


def exact(x: object) -> Fraction:
    assert isinstance(x, float)
    return Fraction(x)


def seat(setting: Setting) -> Seat:
    return Seat("You", setting)


# ---- hand-worked cases ---------------------------------------------------------------------------

HAND = "AH QC JS JH 9S 6S 6D 6C 5H 4S 4H 4C 2C"
"""Seed 7's first hand (docs/play.md)."""


@pytest.mark.parametrize("ruleset", ["pagat", "taiwan", "maceplay", "malayan", "pagat-pool"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_best_setting_has_regret_0_and_every_part_0(ruleset: str, players: int) -> None:
    found = rules(ruleset)
    teacher = coach(found, seat_opponents(found, players, False), False)
    best = teacher.arranger.arrange(parse_cards(HAND)).best.setting
    result = explain(found, seat(best), players)
    assert result.regret == 0 and result.is_best
    assert all(part == 0 for _, part in result.parts)
    assert result.best.same_choice(result.yours)
    assert result.as_dict()["best_is_yours"] is True


def test_a_foul_under_lane_sums_loses_each_lane_at_the_opponents_value() -> None:
    """pagat-extras-for-losing pays 1 unit a lane and an overall point: a fouled hand loses
    every lane, 1 unit to each opponent, and the point; its extras are not paid."""
    found = rules("pagat-extras-for-losing")
    foul = lanes(found, "6S 6D 6C/AH QC JS JH 9S/5H 4S 4H 4C 2C")
    result = explain(found, seat(foul), 3)
    assert result.opponents == 2 and result.yours.fouled
    yours = {part.lane: v for part, v in result.yours.parts if part.kind == "lane"}
    assert [float(yours[i]) for i in range(3)] == pytest.approx([-2, -2, -2])
    kinds = {part.kind: v for part, v in result.yours.parts if part.kind != "lane"}
    assert float(kinds["overall-point"]) == pytest.approx(-2)
    assert all(v == 0 for part, v in result.yours.parts if part.kind == "bonus")
    assert float(result.yours.value) == pytest.approx(-8)
    assert result.regret == result.best.value - result.yours.value
    by_lane = {part.lane: v for part, v in result.parts if part.kind == "lane"}
    best = {part.lane: v for part, v in result.best.parts if part.kind == "lane"}
    assert [by_lane[i] for i in range(3)] == [best[i] - yours[i] for i in range(3)]


def test_a_foul_under_an_outcome_table_is_its_scooped_row() -> None:
    """Taiwan: a foul loses 0-3 to each opponent, the outcome table's scooped row."""
    found = rules("taiwan")
    foul = lanes(found, "6S 6D 6C/AH QC JS JH 9S/5H 4S 4H 4C 2C")
    result = explain(found, seat(foul), 2)
    parts = dict(result.yours.parts)
    outcome = next(v for part, v in parts.items() if part.kind == "outcome")
    paid = coach(found, 1, False).model.payout.row_paid(0, 3)
    assert float(outcome) == pytest.approx(paid)
    assert result.regret > 0


def test_a_worse_setting_splits_into_its_lanes() -> None:
    """pagat, two players: swapping the front's and the middle's strength costs in those
    lanes; each lane's part is the model's lane units of the best less yours."""
    found = rules("pagat")
    best = lanes(found, "AH QC 9S/5H 4S 4H 4C 2C/JS JH 6S 6D 6C")
    worse = lanes(found, "AH QC 2C/9S 5H 4S 4H 4C/JS JH 6S 6D 6C")
    result = explain(found, seat(worse), 2)
    assert result.best.setting is not None and result.best.setting.text() == best.text()
    model = coach(found, 1, False).model
    gains = [
        exact(b.g) - exact(w.g)
        for b, w in zip(model.setting_lanes(best), model.setting_lanes(worse), strict=True)
    ]
    by_lane = {part.lane: v for part, v in result.parts if part.kind == "lane"}
    assert [by_lane[i] for i in range(3)] == gains
    assert by_lane[2] == 0  # the same back
    assert result.regret == sum(gains)
    rows = [row[0].kind for row in result.rows()]
    assert rows == ["lane", "lane", "lane"]


def test_declaring_a_special_is_its_own_term() -> None:
    """malayan (optional): six pairs set as lanes, against declaring them."""
    found = rules("malayan")
    hand = "AS AH KS KH QS QH JS JH TS TH 9S 9H 2C"
    cards = parse_cards(hand)
    (held, *_) = holding(cards, found)
    set_hand = lanes(found, "2C 9S 9H/AS AH KS KH TS/QS QH JS JH TH")
    declared = explain(found, Seat("You", None, held, cards=tuple(cards)), 4, banker=True)
    as_set = explain(found, seat(set_hand), 4, banker=True)
    special = [(part, v) for part, v in declared.yours.parts if part.kind == "special"]
    assert [part.id for part, _ in special] == [held.hand.id]
    assert declared.yours.value == special[0][1]
    better = max(declared.yours.value, as_set.best.value)
    assert declared.best.value == better or declared.is_best
    assert as_set.regret == as_set.best.value - as_set.yours.value >= 0


def test_a_surrender_is_valued_as_the_scorer_pays_it() -> None:
    found = rules("pagat-surrender-overall-point")
    cards = parse_cards(HAND)
    result = explain(found, Seat("You", None, surrendered=True, cards=tuple(cards)), 3)
    parts = {part.kind: v for part, v in result.yours.parts}
    assert parts["surrender"] == -2 and parts["overall-point"] == -2  # 1 unit and 1 point, x2
    assert result.regret >= 0


def test_the_banker_wins_its_ties() -> None:
    """macau: ties go to the banker, so the banker's seat is worth more than a player's."""
    found = rules("macau")
    setting = lanes(found, "AH QC 9S/5H 4S 4H 4C 2C/JS JH 6S 6D 6C")
    player = explain(found, seat(setting), 4)
    banker = explain(found, seat(setting), 4, banker=True)
    assert (player.opponents, banker.opponents) == (1, 3)
    assert banker.yours.value > 3 * player.yours.value


def test_a_table_file_names_the_player_and_its_seat(tmp_path: Path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(
        "ruleset: macau\nbanker: Bo\nplayers:\n"
        "  - {name: Ann, front: AH QC 9S, middle: 5H 4S 4H 4C 2C, back: JS JH 6S 6D 6C}\n"
        "  - {name: Bo, cards: AS KD KC QS TD 8C 5C 9H 9D 9C 7H 7D 2D}\n",
        encoding="utf-8",
    )
    ann = explain_table(path)
    assert (ann.opponents, ann.banker) == (1, False)
    with pytest.raises(TableError, match="gives 13 cards that make no special hand"):
        explain_table(path, player="Bo")
    with pytest.raises(TableError, match="player 'Cy' is not at the table"):
        explain_table(path, player="Cy")


def test_a_refused_foul_is_the_scorers_error() -> None:
    entry = PlayerEntry(
        name="You", front="6S 6D 6C", middle="AH QC JS JH 9S", back="5H 4S 4H 4C 2C"
    )
    with pytest.raises(FoulError, match="maceplay refuses foul settings"):
        explain_table(TableFile(ruleset="maceplay", players=[entry]))


# ---- the property -------------------------------------------------------------------------------


def random_choice(found: ThirteenCardRuleset, rng: random.Random, cards: list[Card]) -> Seat:
    """A legal choice for these cards: a special held (where the ruleset declares it
    automatically, or at random), a surrender where allowed, or a random split (a foul only
    where the ruleset plays fouls)."""
    held = holding(cards, found)
    if held and (found.specials.declare == "automatic" or rng.random() < 0.5):
        return Seat("You", None, held[rng.randrange(len(held))], cards=tuple(cards))
    if found.surrender is not None and found.pool is None and rng.random() < 0.1:
        return Seat("You", None, surrendered=True, cards=tuple(cards))
    while True:
        shuffled = rng.sample(cards, 13)
        setting = Setting.of(shuffled[:3], shuffled[3:8], shuffled[8:], found.ranking.rules())
        if not setting.fouled or found.foul.handling != "refuse":
            return Seat("You", setting)


@pytest.mark.parametrize("ref", per_ruleset(RULESETS))
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), banker=st.booleans())
def test_the_parts_sum_exactly_to_the_regret(
    ref: str, seed: int, players: int, banker: bool
) -> None:
    found = rules(ref)
    rng = random.Random(seed)
    cards = rng.sample(DECK, 13)
    banker = banker and found.table.compare == "banker"
    chosen = random_choice(found, rng, cards)
    result = explain(found, chosen, players, banker, valued_by(ref))
    assert sum((v for _, v in result.parts), Fraction(0)) == result.regret
    assert result.regret == result.best.value - result.yours.value
    assert result.regret >= 0
    for option in (result.yours, result.best):
        assert option.value == sum((v for _, v in option.parts), Fraction(0))
    # the parts are the model's own value, term by term (the search's floats, added apart)
    model = coach(found, seat_opponents(found, players, banker), banker, valued_by(ref)).model
    for option in (result.yours, result.best):
        plain = option.declared is None and not option.surrendered and not option.fouled
        if option.setting is not None and plain:
            whole = setting_value(model, option.setting)
            assert float(option.value) == pytest.approx(whole, rel=1e-9, abs=1e-9)
    if chosen.setting is not None and result.best.same_choice(result.yours):
        assert all(v == 0 for _, v in result.parts)


def test_card_multipliers_are_their_own_term() -> None:
    """马牌 (pagat-horse: A♥ x2, K♠ x1.5): every part but the multipliers' is the unscaled
    value's, and the multipliers' term is that value times both factors less one."""
    found = rules(str(next(p for p in VARIANTS if p.name == "pagat-horse.yaml")))
    setting = lanes(found, "AH QC 9S/5H 4S 4H 4C 2C/JS JH 6S 6D 6C")
    result = explain(found, seat(setting), 2, objective="ev")
    model = coach(found, 1, False, "ev").model
    mine, theirs = model.factors(setting.cards)
    assert mine == 2.0 and theirs > 1
    for option in (result.yours, result.best):
        base = sum((v for part, v in option.parts if part.kind != "multiplier"), Fraction(0))
        extra = next(v for part, v in option.parts if part.kind == "multiplier")
        assert extra == base * (Fraction(mine) * Fraction(theirs) - 1)
    assert float(result.yours.value) == pytest.approx(setting_value(model, setting), rel=1e-9)
