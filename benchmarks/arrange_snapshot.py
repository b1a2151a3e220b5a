"""Record (or compare) what the ``ev`` arranger answers on the benchmark hands.

Run::

    python -m benchmarks.arrange_snapshot --out snapshot.json          # record
    python -m benchmarks.arrange_snapshot --compare snapshot.json      # compare with a record
    python -m benchmarks.arrange_snapshot --one-hand --compare snapshot.json   # one call a hand

Each bundled 13-card ruleset sets the same seeded hands (``--seed``, ``--hands``); the record
holds each hand's best setting (its three lanes) and value. The hands are set in batches, or
with ``--one-hand`` one ``arrange`` call each (the search a batch of one hand takes): both
must record the same answers. ``--compare`` lists every hand
whose setting or value (to 1e-9) differs, per ruleset, so a refactor of the payout formula can
show that the arranger's answers did not move.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from housegame.arrange import Arranger
from housegame.cards import DECK, format_cards
from housegame.dealer import deal_hands
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset


def snapshot(seed: int, count: int, one_hand: bool = False) -> dict[str, list[dict[str, Any]]]:
    hands = [[DECK[int(i)] for i in row] for row in deal_hands(seed, (count + 3) // 4)[:count]]
    out: dict[str, list[dict[str, Any]]] = {}
    for ruleset in bundled_of(ThirteenCardRuleset):
        rows = []
        arranger = Arranger(ruleset)
        answers = (
            [arranger.arrange(hand) for hand in hands] if one_hand else arranger.arrange_many(hands)
        )
        for arrangement in answers:
            best = arrangement.best
            lanes = [format_cards(best.setting.lane(lane)) for lane in ("front", "middle", "back")]
            rows.append({"lanes": lanes, "value": best.value})
        out[ruleset.id] = rows
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hands", type=int, default=512)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument(
        "--one-hand", action="store_true", help="one arrange call per hand (the one-hand path)"
    )
    args = parser.parse_args()
    now = snapshot(args.seed, args.hands, args.one_hand)
    if args.out:
        args.out.write_text(json.dumps(now, indent=1, ensure_ascii=False) + "\n")
    if args.compare:
        old = json.loads(args.compare.read_text())
        for rid, rows in now.items():
            moved = [
                i
                for i, (a, b) in enumerate(zip(old.get(rid, []), rows))
                if a["lanes"] != b["lanes"] or abs(a["value"] - b["value"]) > 1e-9
            ]
            print(f"{rid}: {len(rows)} hands, {len(moved)} differ {moved[:10]}")


if __name__ == "__main__":
    main()
