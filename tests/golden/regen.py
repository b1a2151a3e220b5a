"""Golden whole-table results: every table in tables/ under every 13-card ruleset.

Regenerate after an intended change with ``python tests/golden/regen.py``; review the diff.
Banker rulesets seat the first player as banker. Scored as `housegame score` does, so loose
13-card hands are set by the default arranger. An input error is recorded as its message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from housegame.cli.common import to_jsonable
from housegame.errors import HousegameError
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import score
from housegame.tables import load_table

HERE = Path(__file__).parent
TABLES = sorted((HERE / "tables").glob("*.yaml"))


def thirteen_card_rulesets() -> list[str]:
    return [r.id for r in bundled_of(ThirteenCardRuleset)]


def result_path(table: Path, ruleset: str) -> Path:
    return HERE / "results" / f"{table.stem}.{ruleset}.json"


def compute(table_path: Path, ruleset_id: str) -> dict[str, Any]:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    table = load_table(table_path)
    banker = table.players[0].name if ruleset.table.compare == "banker" else None
    try:
        out: dict[str, Any] = to_jsonable(score(table, ruleset_id, banker).as_dict())
        return out
    except HousegameError as exc:
        return {"error": str(exc)}


def render(value: dict[str, Any]) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    for table in TABLES:
        for ruleset in thirteen_card_rulesets():
            result_path(table, ruleset).write_text(
                render(compute(table, ruleset)), encoding="utf-8"
            )


if __name__ == "__main__":
    main()
