"""The ``equilibrium`` objective's lane odds: blended best-response iteration (fictitious play).

The ``ev`` objective is the best response to opponents whose lanes are drawn from the shipped
lane odds, which describe hands set for a neutral ruleset. Under a ruleset's own payouts those
settings are exploitable: a response to the lanes ``ev`` itself sets gains against it. The
iteration here removes most of that: start from the shipped odds; deal seeded hands and set
them with the ``ev`` objective of this ruleset, at this many players, against the current odds;
blend the distribution of the lanes it set into the odds (``blend`` of the new, the rest of the
old); repeat. The odds the last step leaves are the objective's: its settings are (near) a
best response to settings like its own.

Every set hand is counted, special hands included (opponents who declare are a few hands in a
hundred; the model assumes opponents set hands). The tables depend on what the ``ev`` model
reads of the ruleset (``payout_key``: descriptive fields left out, so rulesets that differ only
in name or in rules the arranger does not play share a table), the number of opponents
(``opponents_at``: a banker game's table is one whatever the table size) and the iteration's
settings. The bundled rulesets' tables are shipped (``housegame tables equilibrium``); another
ruleset's are built on first use and kept in the user cache.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from housegame.arrange.build import lane_histogram, lane_odds
from housegame.arrange.cache import Unverified, cache_dir, notice, store_cached, unwritable
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lookup import rank_tables, rules_slug
from housegame.arrange.model import EvModel
from housegame.arrange.odds import DATA_DIR, ODDS_VERSION, DataFileError, LaneOdds
from housegame.arrange.spaces import F64, CardIndices
from housegame.dealer import deal_hands
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

SECONDS_PER_HAND = 0.0004
"""About what setting one hand costs in a step, on one core (for the build notice)."""


@dataclass(frozen=True)
class Iteration:
    """The iteration's settings: each of ``steps`` steps sets ``deals`` four-hand deals dealt
    from ``seed`` and the step number, and blends their lanes in with weight ``blend``."""

    seed: int = 2026
    deals: int = 2500
    steps: int = 8
    blend: float = 0.5

    @property
    def hands(self) -> int:
        return self.steps * self.deals * 4


SHIPPED = Iteration()
"""The settings of the shipped tables, and of tables built on demand."""


def payout_key(ruleset: ThirteenCardRuleset) -> str:
    """A short hash of what the ``ev`` model reads of the ruleset (``DESCRIPTIVE`` left out,
    and settings at their defaults: a new schema setting leaves the keys, and so the shipped
    tables, of the rulesets that do not use it alone)."""
    data = ruleset.model_dump(mode="json", exclude=set(DESCRIPTIVE), exclude_defaults=True)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def opponents_at(ruleset: ThirteenCardRuleset, players: int) -> int:
    """Opponents the model plays against at a table of ``players``: the banker alone in banker
    games (a player's seat is modelled), else everyone else."""
    return 1 if ruleset.table.compare == "banker" else players - 1


def default_players(ruleset: ThirteenCardRuleset) -> int:
    """A full table: the ruleset's most seats (four when it sets no maximum)."""
    return ruleset.table.seats.max or 4


def equilibrium_name(ruleset: ThirteenCardRuleset, players: int) -> str:
    """The table's file: by payouts and opponents (a banker game's tables are one, whatever
    the table size)."""
    opponents = opponents_at(ruleset, players)
    return f"equilibrium-v{ODDS_VERSION}-{payout_key(ruleset)}-o{opponents}.npz"


def shipped_path(ruleset: ThirteenCardRuleset, players: int) -> Path:
    """Where the table would be shipped (it is for the bundled rulesets)."""
    return DATA_DIR / equilibrium_name(ruleset, players)


def _dense(odds: LaneOdds, lane: int) -> F64:
    return odds.mass(rank_tables(odds.rules), lane)


def blended(previous: LaneOdds, seen: LaneOdds, blend: float, meta: dict[str, object]) -> LaneOdds:
    """``blend`` of ``seen``'s lane distribution and the rest of ``previous``'s, as counts out
    of ``SCALE``."""
    keys = rank_tables(previous.rules).keys
    out_keys, out_counts = [], []
    for lane in range(len(LANES)):
        mass = (1.0 - blend) * _dense(previous, lane) + blend * _dense(seen, lane)
        counts = np.rint(mass * SCALE).astype(np.int64)
        held = counts > 0
        out_keys.append(keys[held].astype(np.int64))
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

    return lane_histogram(odds.rules, hands, setting, {})


def iterate(
    ruleset: ThirteenCardRuleset,
    players: int,
    settings: Iteration = SHIPPED,
    progress: Progress | None = None,
) -> LaneOdds:
    """The ``equilibrium`` lane odds of ``ruleset`` at ``players``: the same arguments give the
    same table, to the byte."""
    if not 2 <= players <= 4:
        raise ValueError("players must be 2 to 4")
    rules = ruleset.ranking.rules()
    meta: dict[str, object] = {
        "version": ODDS_VERSION,
        "objective": "equilibrium",
        "ranking": rules_slug(rules),
        "payout": payout_key(ruleset),
        "opponents": opponents_at(ruleset, players),
        **asdict(settings),
    }
    odds = lane_odds(rules)
    for step in range(settings.steps):
        hands = deal_hands(step_seed(settings.seed, step), settings.deals)
        seen = response_odds(ruleset, players, odds, hands, progress)
        odds = blended(odds, seen, settings.blend, meta)
    return odds


def check_meta(odds: LaneOdds, ruleset: ThirteenCardRuleset, players: int) -> None:
    """``Unverified`` unless the table is this ruleset's at ``players``."""
    meta = odds.meta
    if meta.get("objective") != "equilibrium":
        raise Unverified("not an equilibrium table")
    opponents = opponents_at(ruleset, players)
    if meta.get("payout") != payout_key(ruleset) or meta.get("opponents") != opponents:
        raise Unverified(
            f"built for payouts {meta.get('payout')} against {meta.get('opponents')} opponents"
        )


def load_equilibrium(
    path: Path, ruleset: ThirteenCardRuleset, players: int, require_checksum: bool = False
) -> LaneOdds:
    """A table read and checked: whole, well formed, and this ruleset's at ``players``."""
    odds = LaneOdds.load(path, ruleset.ranking.rules(), require_checksum)
    check_meta(odds, ruleset, players)
    return odds


def _shipped(path: Path, ruleset: ThirteenCardRuleset, players: int) -> LaneOdds:
    try:
        return load_equilibrium(path, ruleset, players)
    except Unverified as exc:
        raise DataFileError(
            f"the shipped equilibrium table {path} is damaged ({exc})",
            hint="reinstall housegame, or rebuild the tables: housegame tables equilibrium "
            f"--out {path.parent}",
        ) from None


def _cached(path: Path, ruleset: ThirteenCardRuleset, players: int) -> LaneOdds | None:
    try:
        odds = load_equilibrium(path, ruleset, players, require_checksum=True)
    except Unverified as exc:
        notice(f"cache file {path} does not verify ({exc}); rebuilding it")
        return None
    built = {k: odds.meta.get(k) for k in asdict(SHIPPED)}
    if built != asdict(SHIPPED):
        notice(f"cache file {path} was built with other settings; rebuilding it")
        return None
    return odds


def equilibrium_odds_for(ruleset: ThirteenCardRuleset, players: int) -> LaneOdds:
    """Shipped tables first (a damaged one is an error); else the user cache (a file that does
    not verify is rebuilt); else built now, with a notice of the time it takes, and cached."""
    name = equilibrium_name(ruleset, players)
    shipped = shipped_path(ruleset, players)
    if shipped.is_file():
        return _shipped(shipped, ruleset, players)
    folder = cache_dir()
    path = folder / name if folder is not None else None
    if path is not None and path.is_file():
        found = _cached(path, ruleset, players)
        if found is not None:
            return found
    estimate = SHIPPED.hands * SECONDS_PER_HAND
    notice(
        f"building the equilibrium lane odds of ruleset '{ruleset.id}' at {players} players "
        f"({SHIPPED.steps} steps of {SHIPPED.deals * 4:,} hands, about {estimate:.0f} s)"
        + ("; this happens once" if path is not None and not unwritable() else "")
    )
    began = time.monotonic()
    odds = iterate(ruleset, players, SHIPPED)
    notice(f"built in {time.monotonic() - began:.0f} s")
    store_cached(path, odds.arrays(), compressed=True)
    return odds


_LOADED: dict[tuple[str, int], LaneOdds] = {}
"""Tables read or built in this process, by payouts and opponents."""


def equilibrium_odds(ruleset: ThirteenCardRuleset, players: int | None = None) -> LaneOdds:
    """The ``equilibrium`` objective's lane odds for ``ruleset`` at ``players`` (default: a
    full table), once per process."""
    count = default_players(ruleset) if players is None else players
    key = (payout_key(ruleset), opponents_at(ruleset, count))
    if key not in _LOADED:
        _LOADED[key] = equilibrium_odds_for(ruleset, count)
    return _LOADED[key]


SHIPPED_PLAYERS = (2, 3, 4)
"""Table sizes whose tables are shipped for the bundled rulesets: every size they seat, so the
default objective builds nothing for them."""


def shipped_entries(
    rulesets: Sequence[ThirteenCardRuleset], players: Sequence[int] = SHIPPED_PLAYERS
) -> list[tuple[ThirteenCardRuleset, int]]:
    """One (ruleset, players) per distinct table the rulesets need, in first-seen order."""
    seen: dict[str, tuple[ThirteenCardRuleset, int]] = {}
    for ruleset in rulesets:
        for count in players:
            seen.setdefault(equilibrium_name(ruleset, count), (ruleset, count))
    return list(seen.values())
