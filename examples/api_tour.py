"""A tour of the Python API (run from the repository root: python examples/api_tour.py)."""

import json
from pathlib import Path

from housegame import arrange, load_ruleset, records, score, simulate

# Any entry point takes a ruleset as an id, a path or a loaded ruleset.
result = score("examples/two-players.yaml")  # the table's own ruleset (taiwan)
same = score(Path("examples/two-players.yaml"), load_ruleset("taiwan"))
assert result.totals == same.totals
print(result.totals)  # exact: Fractions

# Items carry structured fields; lanes name each lane's winner and hands.
pair = result.pairs[0]
for lane in pair.lanes:
    print(lane.lane, lane.winner, lane.first, "vs", lane.second)
for item in pair.items:
    print(item.kind, item.lane, item.winner, item.units, repr(item.label))

# as_dict() is JSON-safe; to_records() is one flat row per item (pandas.DataFrame(rows)).
print(json.dumps(result.as_dict()["totals"]))
rows = result.to_records()
print(sorted(rows[0]))

# The arranger: cards as text or Card objects; the special-hand decision is explained.
hand = arrange("5H 6H 7H 8H 9H 5S 6S 7S 8S 9S KD KC AH", "pagat")
print(hand.best.setting.text(), hand.declared)
print(json.dumps(hand.as_dict()["special"]))

# Monte Carlo statistics as flat records.
stats = simulate(["pagat", "taiwan"], deals=4, seed=1)
print([(row["ruleset"], row["deals"]) for row in records(stats)])
