"""One way to name a ruleset at every entry point: an id, a path, or a loaded ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar, overload

from housegame.errors import RulesetError
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.loader import load_ruleset

RulesetRef = str | Path | RulesetBase
"""What an entry point accepts for ``ruleset``."""

KindT = TypeVar("KindT", bound=RulesetBase)

_GAME_NAMES = {"ThirteenCardRuleset": "13-card", "OfcRuleset": "OFC", "BigTwoRuleset": "Big Two"}


@overload
def resolve_ruleset(ref: RulesetRef) -> RulesetBase: ...
@overload
def resolve_ruleset(ref: RulesetRef, kind: type[KindT]) -> KindT: ...
def resolve_ruleset(ref: RulesetRef, kind: type[RulesetBase] = RulesetBase) -> RulesetBase:
    """The ruleset ``ref`` names (a bundled id, a YAML path, or a loaded ruleset), checked to
    be of ``kind`` (a game's model class) so a wrong game is a clear error, not a crash."""
    if isinstance(ref, RulesetBase):
        ruleset = ref
    elif isinstance(ref, str | Path):
        ruleset = load_ruleset(ref)
    else:
        raise RulesetError(
            f"a ruleset is an id, a path or a loaded ruleset, not {type(ref).__name__}",
            hint="pass 'maceplay', Path('my-rules.yaml') or load_ruleset('maceplay')",
        )
    if not isinstance(ruleset, kind):
        game = _GAME_NAMES.get(kind.__name__, kind.__name__)
        raise RulesetError(
            f"ruleset '{ruleset.id}' is not a {game} ruleset",
            hint="`housegame rulesets` lists the rulesets with their game",
        )
    return ruleset
