"""Lane odds: how often a lane hand beats a random opponent's lane, per ranking setting.

The expected-value objective needs, for each lane and each possible hand in it, the chance
that a random opponent's hand in the same lane is lower, equal or higher. Those come from
simulated deals (``housegame tables build``, see ``build``) and are shipped as small
versioned ``.npz`` files under ``housegame/data_tables``: for each lane, the distinct keys
seen and how often. A ranking setting with no shipped file is built on first use with the
default seed and a smaller deal count, and kept in the user cache.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from housegame.arrange.cache import (
    Unverified,
    read_verified,
    write_atomic,
)
from housegame.arrange.lookup import RankTables, rules_slug
from housegame.arrange.spaces import F64, Keys
from housegame.cards import BIG_JOKER, JOKER, JOKER_NAMES, LITTLE_JOKER, SUIT_CHARS, Deck
from housegame.errors import HousegameError
from housegame.ranking import RankingRules

ODDS_VERSION = 1
DATA_DIR = Path(__file__).resolve().parent.parent / "data_tables"
LANE_ORDER = ("front", "middle", "back")
_ARRAYS = (*(f"{lane}_{part}" for lane in LANE_ORDER for part in ("keys", "counts")), "meta")


class DataFileError(HousegameError):
    """A data file shipped with housegame is damaged: the installation needs repair."""


@dataclass(frozen=True)
class LaneOdds:
    """Observed opponent lane hands: per lane, distinct keys (ascending) and their counts."""

    rules: RankingRules
    keys: tuple[Keys, Keys, Keys]
    counts: tuple[Keys, Keys, Keys]
    meta: dict[str, Any]

    def mass(self, tables: RankTables, lane: int) -> F64:
        """Probability of each ordinal of ``tables`` as an opponent's hand in ``lane``."""
        out = np.zeros(len(tables.keys), dtype=np.float64)
        ords = np.searchsorted(tables.keys, self.keys[lane])
        if len(ords) and not np.array_equal(tables.keys[ords], self.keys[lane]):
            raise ValueError("lane odds hold keys the ranking does not produce")
        counts = self.counts[lane]
        out[ords] = counts / counts.sum()
        return out

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        arrays: dict[str, npt.NDArray[Any]] = {
            f"{lane}_{part}": (self.keys if part == "keys" else self.counts)[i]
            for i, lane in enumerate(LANE_ORDER)
            for part in ("keys", "counts")
        }
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        return arrays

    def save(self, path: Path) -> None:
        """Write the file atomically, with its checksum."""
        write_atomic(path, self.arrays(), compressed=True)

    @classmethod
    def load(
        cls, path: Path, rules: RankingRules, require_checksum: bool = False, slug: str = ""
    ) -> LaneOdds:
        """Read and check a lane-odds file: ``Unverified`` unless it is whole (the zip's CRCs,
        and the checksum where it has one) and well formed for ``rules`` (``slug``: the name
        its meta gives the ranking and deck, by default the ranking's)."""
        arrays = read_verified(path, _ARRAYS, require_checksum)
        try:
            meta = json.loads(str(arrays["meta"]))
        except ValueError:
            raise Unverified("unreadable meta") from None
        if not isinstance(meta, dict) or meta.get("version") != ODDS_VERSION:
            raise Unverified(f"not version {ODDS_VERSION}")
        wanted = slug or rules_slug(rules)
        if meta.get("ranking") != wanted:
            raise Unverified(f"odds for {meta.get('ranking')}, not {wanted}")
        keys = tuple(np.asarray(arrays[f"{lane}_keys"]) for lane in LANE_ORDER)
        counts = tuple(np.asarray(arrays[f"{lane}_counts"]) for lane in LANE_ORDER)
        for lane_keys, lane_counts in zip(keys, counts):
            if (
                lane_keys.dtype.kind not in "iu"
                or lane_counts.dtype.kind not in "iu"
                or lane_keys.ndim != 1
                or lane_keys.shape != lane_counts.shape
                or len(lane_keys) == 0
                or np.any(np.diff(lane_keys) <= 0)
                or np.any(lane_counts <= 0)
            ):
                raise Unverified("lane arrays are not ascending keys with positive counts")
        k = tuple(a.astype(np.int64) for a in keys)
        c = tuple(a.astype(np.int64) for a in counts)
        return cls(rules, (k[0], k[1], k[2]), (c[0], c[1], c[2]), meta)


def odds_name(rules: RankingRules, slug: str = "") -> str:
    """A lane-odds file's name: its ranking's slug (``slug``: the ranking's and deck's)."""
    return f"lane-odds-v{ODDS_VERSION}-{slug or rules_slug(rules)}.npz"


def deck_name(deck: Deck) -> str:
    """A deck as a file name: each suit's copies, then the jokers (``c1d1h2s2``, ``c1d1h1s1-jk2``,
    ``-jks1jkb1`` where the little and big joker differ)."""
    suits = "".join(f"{SUIT_CHARS[s]}{min(deck.copies[s::4][:13])}" for s in range(len(SUIT_CHARS)))
    jokers = "".join(
        f"{name.lower()}{deck.count(card)}"
        for name, card in zip(JOKER_NAMES, (JOKER, LITTLE_JOKER, BIG_JOKER))
        if deck.count(card)
    )
    return f"{suits}-{jokers}" if jokers else suits


def load_shipped(path: Path, rules: RankingRules) -> LaneOdds:
    """A lane-odds file shipped with housegame: a damaged one is an error, not rebuilt."""
    try:
        return LaneOdds.load(path, rules)
    except Unverified as exc:
        raise DataFileError(
            f"the shipped lane-odds file {path} is damaged ({exc})",
            hint="reinstall housegame, or rebuild the file: housegame tables build "
            f"--seed 2026 --deals 5000 --out {path.parent}",
        ) from None
