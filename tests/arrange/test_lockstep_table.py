"""The lock-step test at a full table: four seats, so the table-level terms (the home run, made
when I scoop all three opponents) are tied to the scorer too, exactly.

The ``ev`` model takes its opponents as independent draws from one distribution; a known
table fits that only when the three opponents hold equal lane keys. So every hand here has
one card of each rank: mine takes one suit of each rank and each opponent one of the other
three, all set by the same split of the ranks, with suits dealt so that their lanes' keys
(and their add-ons) come out equal.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from housegame.arrange.arranger import Arranger, setting_value
from housegame.arrange.model import EvModel
from housegame.arrange.opponents import known_odds, known_opponent
from housegame.cards import Card
from housegame.ranking import RankingRules
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen import Seat, Setting, settle_table
from housegame.thirteen.pairs import payout_of
from tests.arrange.test_lockstep import RULESETS, random_setting
from tests.suite import per_ruleset

TABLE = sorted(
    rid
    for rid, r in RULESETS.items()
    if r.table.compare == "all-pairs" and not r.multipliers and (r.table.seats.max or 4) == 4
)
"""All-pairs rulesets (the model's opponents are the table less me; banker games are
modelled against the banker only, pools split ties otherwise than independent draws do)."""
DEALS = 40


def _by_ranks(cards: list[Card], template: Setting, rules: RankingRules) -> Setting:
    """``cards`` (one of each rank) set with the ranks of ``template``'s lanes."""
    of_rank = {c.rank: c for c in cards}
    front, middle, back = (
        [of_rank[c.rank] for c in lane] for lane in (template.front, template.middle, template.back)
    )
    return Setting.of(front, middle, back, rules)


def _table(
    ruleset: ThirteenCardRuleset, rng: random.Random
) -> tuple[Setting, list[Setting]] | None:
    """My hand (set by the arranger or at random) and three opponents with equal keys and
    add-ons, or None when this deal's suits give them different ones."""
    rules = ruleset.ranking.rules()
    suits = [rng.sample(range(4), 4) for _ in range(13)]
    hands = [
        [Card((rank - 2) * 4 + suits[rank - 2][seat]) for rank in range(2, 15)] for seat in range(4)
    ]
    mine = hands[0]
    if rng.random() < 0.5:
        arranger = Arranger(ruleset, "ev")
        [(hand, found)] = arranger.found([mine])
        setting = arranger.setting(hand, found.splits[0])
    else:
        setting = random_setting(list(mine), ruleset, rng)
    template = random_setting(list(hands[1]), ruleset, rng)
    opponents = [_by_ranks(cards, template, rules) for cards in hands[1:]]
    payout = payout_of(ruleset)
    if len({o.keys for o in opponents}) > 1 or any(o.fouled for o in opponents):
        return None
    if len({repr(known_opponent(payout, o)) for o in opponents}) > 1:
        return None
    return setting, opponents


@pytest.mark.parametrize("ruleset_id", per_ruleset(TABLE))
def test_model_equals_scorer_at_a_full_table(ruleset_id: str) -> None:
    _check_full_table(RULESETS[ruleset_id])


def test_a_home_run_capped_below_four_seats_pays_none_in_either() -> None:
    """``home_run.max_opponents``: MacePlay's home run only at three seats; at four, sweeps
    pay none in the scorer and in the model (both read ``HomeRun.counts_at``)."""
    data = RULESETS["maceplay"].model_dump(by_alias=True, exclude={"extends"})
    data["home_run"] |= {"opponents": 2, "max_opponents": 2}
    _check_full_table(ThirteenCardRuleset.model_validate(data | {"id": "maceplay-capped"}))


def _check_full_table(ruleset: ThirteenCardRuleset) -> None:
    ruleset_id = ruleset.id
    rng = random.Random(f"table {ruleset_id}")
    rules = ruleset.ranking.rules()
    payout = payout_of(ruleset)
    checked = home_runs = sweeps = 0
    while checked < DEALS:
        table = _table(ruleset, rng)
        if table is None:
            continue
        mine, opponents = table
        checked += 1
        seats = [Seat("me", mine), *(Seat(f"p{i}", o) for i, o in enumerate(opponents, 2))]
        result = settle_table(ruleset, seats)
        expected: Fraction = result.totals["me"]
        odds = known_odds(opponents[0], rules)
        model = EvModel(ruleset, odds, 3, known_opponent(payout, opponents[0]))
        assert setting_value(model, mine) == expected, (mine.text(), opponents[0].text())
        home_runs += any(item.kind == "home-run" for pair in result.pairs for item in pair.items)
        mine_pairs = [p for p in result.pairs if "me" in (p.first, p.second)]
        sweeps += all(p.scooped_by == "me" for p in mine_pairs)
    if ruleset.home_run is not None and ruleset.home_run.counts_at(3):
        assert home_runs, "no deal made a home run"
    elif ruleset.home_run is not None:  # capped below four seats: sweeps that pay no home run
        assert sweeps and not home_runs
