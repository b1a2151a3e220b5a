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
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64, I64
from housegame.arrange.lookup import RankTables, rules_slug
from housegame.ranking import RankingRules

ODDS_VERSION = 1
DATA_DIR = Path(__file__).resolve().parent.parent / "data_tables"
LANE_ORDER = ("front", "middle", "back")


@dataclass(frozen=True)
class LaneOdds:
    """Observed opponent lane hands: per lane, distinct keys (ascending) and their counts."""

    rules: RankingRules
    keys: tuple[I64, I64, I64]
    counts: tuple[I64, I64, I64]
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

    def save(self, path: Path) -> None:
        arrays: dict[str, npt.NDArray[Any]] = {
            f"{lane}_{part}": (self.keys if part == "keys" else self.counts)[i]
            for i, lane in enumerate(LANE_ORDER)
            for part in ("keys", "counts")
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as tmp:
            arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
            np.savez_compressed(tmp, allow_pickle=False, **arrays)
        os.chmod(tmp.name, 0o644)  # shipped data: readable by everyone, like the source
        os.replace(tmp.name, path)

    @classmethod
    def load(cls, path: Path, rules: RankingRules) -> LaneOdds:
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("version") != ODDS_VERSION:
                raise ValueError(
                    f"{path.name} is version {meta.get('version')}, not {ODDS_VERSION}"
                )
            keys = tuple(data[f"{lane}_keys"].astype(np.int64) for lane in LANE_ORDER)
            counts = tuple(data[f"{lane}_counts"].astype(np.int64) for lane in LANE_ORDER)
        return cls(rules, (keys[0], keys[1], keys[2]), (counts[0], counts[1], counts[2]), meta)


def odds_name(rules: RankingRules) -> str:
    return f"lane-odds-v{ODDS_VERSION}-{rules_slug(rules)}.npz"
