"""Generic tests over every bundled 13-card ruleset that need the arranger (loose hands,
simulation, equilibrium tables) run a ruleset only when the library says the arrangers set
hands from its deck (``arrangers_set``): skipped, never dropped, so they run by themselves the
day the arrangers take jokers and cards held twice."""

from __future__ import annotations

from typing import Any

import pytest

from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.seating import arrangers_set


def needs_arranger(value: Any, ruleset: ThirteenCardRuleset, id: str | None = None) -> Any:
    """``value`` as a pytest parameter, skipped when the arrangers cannot set hands from
    ``ruleset``'s deck."""
    reason = f"the arrangers do not set hands from {ruleset.id}'s deck ({ruleset.deck.size} cards)"
    mark = pytest.mark.skipif(not arrangers_set(ruleset), reason=reason)
    return pytest.param(value, id=id or ruleset.id, marks=mark)


def arranged(rulesets: list[ThirteenCardRuleset]) -> list[ThirteenCardRuleset]:
    """The rulesets whose deck the arrangers set: for a test that runs them all at once (a
    shared batch, one simulation), where one parameter per ruleset does not apply."""
    return [r for r in rulesets if arrangers_set(r)]
