"""The equilibrium iteration itself (fictitious play): deal, set with ``ev``, blend.

Start from the ``ev`` lane odds of the ruleset's ranking dealt from its deck; deal seeded
hands from that deck and set them with the ``ev`` objective of the ruleset, at its number of
opponents, against the current odds; blend the distribution of the lanes it set into the odds
(``blend`` of the new, the rest of the old); repeat. One 52-card deck deals four hands a
deal (``deal_hands``, so its shipped tables are what they were); a deck of its own deals as
many hands of 13 as it holds (``deal_deck``: five from 65 cards), whatever the table size: a
hand's cards are a random 13 of the deck at any table, so more hands a shuffle is only more
samples. Lanes are read by the deck's tables (``decktables.tables_for``), and a table names
the ranking and deck as the ``ev`` odds do (``build.odds_slug``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from housegame.arrange.build import lane_histogram, odds_slug, ruleset_odds
from housegame.arrange.decktables import tables_for
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lookup import RankTables
from housegame.arrange.model import EvModel
from housegame.arrange.odds import ODDS_VERSION, LaneOdds
from housegame.arrange.spaces import F64, CardIndices
from housegame.cards import Deck
from housegame.dealer import deal_deck, deal_hands
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset

Progress = Callable[[int], None]
"""Called with the number of hands just set."""

DESCRIPTIVE = ("id", "name", "summary", "region", "sources", "extends", "display", "surrender")
"""Ruleset fields the ``ev`` model does not read: names, sources, display, and surrender (the
arranger does not offer it)."""

SCALE = 2**30
"""Blended lane masses are kept as integer counts out of this many (a lane hand below one in
two billion is left out), so a table is exact data, byte-identical when rebuilt."""


def hands_per_deal(deck: Deck) -> int:
    """Hands of 13 one deal of ``deck`` gives: four from 52 cards, five from 65, six from 78."""
    return deck.size // 13


@dataclass(frozen=True)
class Iteration:
    """The iteration's settings: each of ``steps`` steps sets ``deals`` deals (of as many
    hands as the deck holds, ``hands_per_deal``) dealt from ``seed`` and the step number, and
    blends their lanes in with weight ``blend``."""

    seed: int = 2026
    deals: int = 2500
    steps: int = 8
    blend: float = 0.5

    @property
    def hands(self) -> int:
        """Hands set from one 52-card deck."""
        return self.hands_of(4)

    def hands_of(self, per_deal: int) -> int:
        """Hands set when a deal gives ``per_deal``."""
        return self.steps * self.deals * per_deal


def payout_key(ruleset: ThirteenCardRuleset) -> str:
    """A short hash of what the ``ev`` model reads of the ruleset (``DESCRIPTIVE`` left out,
    and settings at their defaults: a new schema setting leaves the keys, and so the shipped
    tables, of the rulesets that do not use it alone). The deck is read: a deck of its own
    keys its own tables."""
    data = ruleset.model_dump(mode="json", exclude=set(DESCRIPTIVE), exclude_defaults=True)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def opponents_at(ruleset: ThirteenCardRuleset, players: int) -> int:
    """Opponents the model plays against at a table of ``players``: the banker alone in banker
    games (a player's seat is modelled), else everyone else."""
    return 1 if ruleset.table.compare == "banker" else players - 1


def seats_dealt(ruleset: ThirteenCardRuleset) -> int:
    """The most players the ruleset's deck deals a hand each (4 for one 52-card deck)."""
    return hands_per_deal(ruleset.deck.deck())


def table_slug(ruleset: ThirteenCardRuleset) -> str:
    """The ranking and deck a table's lanes are keyed by (its meta's ``ranking``)."""
    return odds_slug(ruleset.ranking.rules(), ruleset.deck.deck())


def lane_tables(ruleset: ThirteenCardRuleset) -> RankTables:
    """The lookup tables the ruleset's lanes are read by (its deck's)."""
    return tables_for(ruleset.ranking.rules(), ruleset.deck.deck())


def blended(
    previous: LaneOdds, seen: LaneOdds, blend: float, meta: dict[str, object], tables: RankTables
) -> LaneOdds:
    """``blend`` of ``seen``'s lane distribution and the rest of ``previous``'s, as counts out
    of ``SCALE`` (lanes read by ``tables``)."""
    out_keys, out_counts = [], []
    for lane in range(len(LANES)):
        mass: F64 = (1.0 - blend) * previous.mass(tables, lane) + blend * seen.mass(tables, lane)
        counts = np.rint(mass * SCALE).astype(np.int64)
        held = counts > 0
        out_keys.append(tables.keys[held].astype(np.int64))
        out_counts.append(counts[held])
    return LaneOdds(
        previous.rules,
        (out_keys[0], out_keys[1], out_keys[2]),
        (out_counts[0], out_counts[1], out_counts[2]),
        meta,
    )


def step_seed(seed: int, step: int) -> int:
    """Step ``step``'s dealing seed, drawn from ``seed`` and the step (no two collide)."""
    return int(np.random.SeedSequence([seed, step]).generate_state(1, np.uint32)[0])


def step_hands(deck: Deck, seed: int, deals: int) -> CardIndices:
    """A step's hands: ``deals`` deals of ``deck``, every hand of each."""
    if deck.is_standard:
        return deal_hands(seed, deals)
    return deal_deck(seed, deals, np.array([c.index for c in deck.cards()], dtype=np.intp))


def response_odds(
    ruleset: ThirteenCardRuleset,
    players: int,
    odds: LaneOdds,
    hands: CardIndices,
    progress: Progress | None = None,
) -> LaneOdds:
    """The lanes the ``ev`` objective against ``odds`` sets on ``hands``, counted."""
    search = EvSearch(EvModel(ruleset, odds, opponents_at(ruleset, players)))

    def setting(cards: CardIndices) -> list[Any]:
        found = search.search(cards, 1)
        if progress is not None:
            progress(len(cards))
        return found

    return lane_histogram(odds.rules, hands, setting, {}, lane_tables(ruleset))


def check_players(ruleset: ThirteenCardRuleset, players: int) -> None:
    """``ValueError`` unless the ruleset's deck deals ``players`` hands (2 or more)."""
    most = seats_dealt(ruleset)
    if not 2 <= players <= most:
        raise ValueError(f"players must be 2 to {most} (what {ruleset.id}'s deck deals)")


def iterate(
    ruleset: ThirteenCardRuleset,
    players: int,
    settings: Iteration | None = None,
    progress: Progress | None = None,
) -> LaneOdds:
    """The ``equilibrium`` lane odds of ``ruleset`` at ``players``: the same arguments give the
    same table, to the byte."""
    settings = settings if settings is not None else Iteration()
    check_players(ruleset, players)
    deck, tables = ruleset.deck.deck(), lane_tables(ruleset)
    meta: dict[str, object] = {
        "version": ODDS_VERSION,
        "objective": "equilibrium",
        "ranking": table_slug(ruleset),
        "payout": payout_key(ruleset),
        "opponents": opponents_at(ruleset, players),
        **asdict(settings),
    }
    odds = ruleset_odds(ruleset)
    for step in range(settings.steps):
        hands = step_hands(deck, step_seed(settings.seed, step), settings.deals)
        seen = response_odds(ruleset, players, odds, hands, progress)
        odds = blended(odds, seen, settings.blend, meta, tables)
    return odds
