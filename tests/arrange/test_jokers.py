"""The arrangers with jokers and cards held twice: the multiset lookup tables against the
scorer's ``ranking.evaluate``, the ``ev`` and lexicographic searches against the slow reference
(every split) on hands with one and two jokers and with duplicate cards, and the model in
lock-step with the scorer under every wild setting (``decks/``: a joker that may not repeat a
card, five of a kind below the straight flush, jokers completing any special; little and big
jokers, natural hands above wild ones, bonuses that read a joker's own suit and rank)."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.arranger import setting_value
from housegame.arrange.decktables import deck_tables, tables_for
from housegame.arrange.objectives import ev_model
from housegame.cards import Card
from housegame.ranking import evaluate
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen import Seat
from housegame.thirteen.specials import holding
from tests.arrange.reference import _cards, best_lexicographic, reference_arrange
from tests.arrange.test_lockstep import model_for, random_setting, scored

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    ROOT / "examples" / "decks" / "maceplay-jokers.yaml",
    ROOT / "examples" / "decks" / "maceplay-six.yaml",
    *sorted((Path(__file__).parent / "decks").glob("*.yaml")),
]


def _load(path: Path) -> ThirteenCardRuleset:
    ruleset = load_ruleset_file(path)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


RULESETS = {r.id: r for r in map(_load, FILES)}
WILD = sorted(rid for rid, r in RULESETS.items() if r.deck.deck().jokers)
TWICE = sorted(rid for rid, r in RULESETS.items() if r.deck.deck().most_copies > 1)


def deck_hand(ruleset: ThirteenCardRuleset, rng: random.Random, jokers: int) -> list[Card]:
    """13 cards of the ruleset's deck holding ``jokers`` jokers; from a deck holding a card
    twice, at least one card twice. Half the hands come from five ranks (lane values,
    bonuses and specials come up)."""
    deck = list(ruleset.deck.deck().cards())
    wild = [c for c in deck if c.is_joker]
    naturals = [c for c in deck if not c.is_joker]
    if rng.random() < 0.5:
        ranks = set(rng.sample(range(2, 15), 5))
        naturals = [c for c in naturals if c.rank in ranks]
    while True:
        hand = rng.sample(wild, jokers) + rng.sample(naturals, 13 - jokers)
        twice = len({c for c in hand if not c.is_joker}) < 13 - jokers
        if twice or ruleset.deck.deck().most_copies == 1:
            return hand


def lanes(setting_cards: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(lane)) for lane in setting_cards)


def hands_for(rid: str, count: int) -> list[list[Card]]:
    ruleset = RULESETS[rid]
    rng = random.Random(f"jokers {rid}")
    wild = (1, 2) if ruleset.deck.deck().jokers else (0,)
    return [deck_hand(ruleset, rng, wild[i % len(wild)]) for i in range(count)]


def test_multiset_tables_key_every_lane_as_the_scorer() -> None:
    """Every front with a joker and sampled fronts and middles (jokers, cards twice) under
    each distinct ranking setting of the fixtures: the table's key is ``evaluate``'s."""
    rng = random.Random(7)
    for rules in {r.ranking.rules() for r in RULESETS.values()}:
        tables = deck_tables(rules)
        naturals = range(52)
        fronts = [
            [*pair, 52] for pair in combinations_with_replacement(naturals, 2) if rng.random() < 0.2
        ]
        fronts += [[c, 52, 53] for c in naturals] + [[52, 53, 54]]
        fives = [sorted(rng.choices(range(55), k=5)) for _ in range(1500)]
        fives += [sorted([*rng.choices(naturals, k=3), 52, 54]) for _ in range(500)]
        for lane in [*fronts, *fives]:
            assert tables.key(lane) == evaluate([Card(c) for c in lane], rules), lane


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_ev_matches_the_reference_with_jokers_and_cards_twice(rid: str) -> None:
    """Hands with one and two jokers, or a card twice: the best value and a best setting, in
    a batch and one hand a call."""
    ruleset = RULESETS[rid]
    hands = hands_for(rid, 10)
    arranger = Arranger(ruleset, "ev")
    model = ev_model(ruleset)
    assert model.tables is tables_for(ruleset.ranking.rules(), ruleset.deck.deck())
    for cards, result in zip(hands, arranger.arrange_many(hands)):
        best, masks = reference_arrange(cards, model)
        hand = sorted(cards)
        settings = {lanes(tuple(_cards(hand, m) for m in mask)) for mask in masks}
        alone = arranger.arrange(cards)
        for answer in (result, alone):
            setting = answer.best.setting
            assert answer.best.value == pytest.approx(model.scaled(best, cards), abs=1e-9)
            assert lanes((setting.front, setting.middle, setting.back)) in settings, cards
            assert not setting.fouled
            assert setting.keys == tuple(
                evaluate(lane, ruleset.ranking.rules())
                for lane in (setting.front, setting.middle, setting.back)
            )


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_lexicographic_matches_brute_force_with_jokers_and_cards_twice(rid: str) -> None:
    ruleset = RULESETS[rid]
    hands = hands_for(rid, 12)
    for cards, result in zip(hands, Arranger(ruleset, "lexicographic").arrange_many(hands)):
        front, middle, back = result.best.setting.keys
        assert (back, middle, front) == best_lexicographic(cards, ruleset), cards


def test_a_joker_shows_what_it_stands_for() -> None:
    ruleset = RULESETS["maceplay-jokers"]
    cards = [Card(i) for i in (52, 52, 51, 47, 43, 39, 30, 29, 8, 11, 6, 5, 0)]
    setting = Arranger(ruleset, "ev").arrange(cards).best.setting
    shown = setting.jokers()
    assert shown and all(part.startswith("JK=") for text in shown.values() for part in text.split())


def _pairs(rid: str, deals: int) -> list[tuple[list[Card], list[Card]]]:
    ruleset = RULESETS[rid]
    rng = random.Random(f"lockstep jokers {rid}")
    wild = ruleset.deck.deck().jokers
    out = []
    for deal in range(deals):
        deck = list(ruleset.deck.deck().cards())
        if deal % 2:
            ranks = set(rng.sample(range(2, 15), 7))
            deck = [c for c in deck if c.is_joker or c.rank in ranks]
        rng.shuffle(deck)
        if wild:  # jokers up front: every other hand holds one or two
            jokers = [c for c in deck if c.is_joker]
            rest = [c for c in deck if not c.is_joker]
            deck = jokers[: 1 + deal % 2] + rest[:12] + jokers[1 + deal % 2 :] + rest[12:]
        out.append((deck[:13], deck[13:26]))
    return out


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_model_equals_scorer_on_known_pairs_with_jokers(rid: str) -> None:
    """Against an opponent whose setting is known, the model's value of a setting is the
    scorer's settlement of the pair: arranged and random settings, every wild setting."""
    ruleset = RULESETS[rid]
    rng = random.Random(rid)
    arranger = Arranger(ruleset, "ev")
    for deal, (mine, theirs) in enumerate(_pairs(rid, 40)):
        mine_set = arranger.arrange(mine).best.setting
        theirs_set = arranger.arrange(theirs).best.setting
        if deal % 2:
            mine_set = random_setting(list(mine), ruleset, rng)
        if deal % 4 >= 2:
            theirs_set = random_setting(list(theirs), ruleset, rng)
        model = model_for(ruleset, theirs_set)
        expected = scored(ruleset, Seat("me", mine_set), Seat("them", theirs_set))
        assert setting_value(model, mine_set) == expected, (mine_set.text(), theirs_set.text())
        found = holding(mine, ruleset)
        if found:
            me = Seat("me", None, found[0], cards=tuple(mine))
            expected = scored(ruleset, me, Seat("them", theirs_set))
            assert model.declared_value(found[0], mine) == expected


def test_wild_settings_change_what_the_arranger_answers() -> None:
    """The fixtures' wild settings are read: the strict jokers' tables differ from the
    default's, and a joker may not repeat a card there."""
    strict = RULESETS["maceplay-jokers-strict"].ranking.rules()
    loose = RULESETS["maceplay-jokers"].ranking.rules()
    assert not np.array_equal(deck_tables(strict).keys, deck_tables(loose).keys)
    aces = [Card(c) for c in (48, 49, 50, 51, 52)]  # four aces and a joker
    assert tables_for(strict, RULESETS["maceplay-jokers-strict"].deck.deck()).key(
        [c.index for c in aces]
    ) == evaluate(aces, strict)
    assert evaluate(aces, strict) != evaluate(aces, loose)


@pytest.mark.parametrize("ruleset_id", WILD)
def test_a_chosen_setting_reads_the_scorers_keys_from_the_tables(ruleset_id: str) -> None:
    """The arranger reads a joker setting's keys from the deck tables and leaves what the
    jokers stand for until asked: both as the scorer's own ``Setting.of`` has them."""
    ruleset = RULESETS[ruleset_id]
    rng = random.Random(f"tables {ruleset_id}")
    hands = [deck_hand(ruleset, rng, rng.choice([1, 2])) for _ in range(60)]
    arranger = Arranger(ruleset, "ev")
    for arrangement in arranger.arrange_many(hands, top=2):
        for choice in (arrangement.best, *arrangement.alternatives):
            found = choice.setting
            plain = Setting.of(found.front, found.middle, found.back, ruleset.ranking.rules())
            assert (found.keys, found.stands) == (plain.keys, plain.stands)
