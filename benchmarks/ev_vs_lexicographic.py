"""``ev`` players against ``lexicographic`` players under every bundled 13-card ruleset.

Run::

    python -m benchmarks.ev_vs_lexicographic --seed 2026 --deals 20000   # about 40 minutes

Each deal is four seeded hands played twice (duplicate, see ``housegame.arrange.simulate``)
and scored by the real engine (``settle_table``). Prints one Markdown row per ruleset: units
per hand for each side, the margin (ev minus lexicographic, per hand) and its standard error.
"""

from __future__ import annotations

import argparse
import time

from housegame.arrange.simulate import ev_vs_lexicographic
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--ruleset", action="append", help="Only these ids (repeatable).")
    args = parser.parse_args()
    rulesets = (
        [r for r in map(load_ruleset, args.ruleset) if isinstance(r, ThirteenCardRuleset)]
        if args.ruleset
        else bundled_of(ThirteenCardRuleset)
    )
    print(f"seed {args.seed}, {args.deals} duplicate four-player deals per ruleset\n")
    print(
        "| ruleset | ev units/hand | lexicographic units/hand | margin/hand | std. error "
        "| ev ahead |"
    )
    print("|---|---:|---:|---:|---:|:---:|")
    for ruleset in rulesets:
        began = time.perf_counter()
        m = ev_vs_lexicographic(ruleset, args.seed, args.deals)
        ahead = "yes" if m.margin > 2 * m.stderr else ("no" if m.margin < 0 else "not clearly")
        print(
            f"| {m.ruleset} | {m.ev_mean:+.3f} | {m.lexicographic_mean:+.3f} | {m.margin:+.3f} "
            f"| {m.stderr:.3f} | {ahead} |",
            flush=True,
        )
        print(f"<!-- {ruleset.id}: {time.perf_counter() - began:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
