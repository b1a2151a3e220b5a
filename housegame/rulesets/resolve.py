"""One way to name a ruleset at every entry point: an id, a path, or a loaded ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar, overload

from housegame.errors import RulesetError
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.loader import load_ruleset, of_kind

RulesetRef = str | Path | RulesetBase
"""What an entry point accepts for ``ruleset``."""

KindT = TypeVar("KindT", bound=RulesetBase)


@overload
def resolve_ruleset(ref: RulesetRef) -> RulesetBase: ...
@overload
def resolve_ruleset(ref: RulesetRef, kind: type[KindT]) -> KindT: ...
def resolve_ruleset(ref: RulesetRef, kind: type[RulesetBase] | None = None) -> RulesetBase:
    """The ruleset ``ref`` names (a bundled id, a YAML path, or a loaded ruleset), checked to
    be of ``kind`` (a game's model class) so a wrong game is a clear error, not a crash."""
    if isinstance(ref, RulesetBase):
        return ref if kind is None else of_kind(ref, kind)
    if isinstance(ref, str | Path):
        return load_ruleset(ref) if kind is None else load_ruleset(ref, kind)
    raise RulesetError(
        f"a ruleset is an id, a path or a loaded ruleset, not {type(ref).__name__}",
        hint="pass 'maceplay', Path('my-rules.yaml') or load_ruleset('maceplay')",
    )
