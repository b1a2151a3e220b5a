"""The shipped equilibrium tables: one for every bundled ruleset at every table size it seats
(two, three and four players on one 52-card deck; two to five for 加一色's 65 cards), each
verifying (checksum, payouts, opponents, the shipped settings) and small."""

from __future__ import annotations

import pytest

from housegame.arrange.equilibrium import (
    SHIPPED,
    equilibrium_name,
    load_equilibrium,
    shipped_entries,
    table_sizes,
)
from housegame.arrange.odds import DATA_DIR
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset

BUNDLED = {r.id: r for r in bundled_of(ThirteenCardRuleset)}


@pytest.mark.parametrize(("ruleset", "players"), shipped_entries(list(BUNDLED.values())))
def test_every_shipped_table_verifies(ruleset: ThirteenCardRuleset, players: int) -> None:
    path = DATA_DIR / equilibrium_name(ruleset, players)
    odds = load_equilibrium(path, ruleset, players, require_checksum=True)
    assert {k: odds.meta[k] for k in ("seed", "deals", "steps", "blend")} == {
        "seed": SHIPPED.seed,
        "deals": SHIPPED.deals,
        "steps": SHIPPED.steps,
        "blend": SHIPPED.blend,
    }
    assert path.stat().st_size < 200_000


@pytest.mark.parametrize("ruleset", BUNDLED.values(), ids=BUNDLED.keys())
def test_every_bundled_ruleset_has_its_tables(ruleset: ThirteenCardRuleset) -> None:
    for players in table_sizes(ruleset):
        assert (DATA_DIR / equilibrium_name(ruleset, players)).is_file(), ruleset.id
