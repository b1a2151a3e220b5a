"""Tests that catch omission, not only disagreement: every setting a lock-step variant
(``variants/``) changes from its base must change the settlement of some of its lock-step
deals when it is reset. A variant whose deals never exercise a setting cannot show that the
model and the scorer agree on it (an incomplete new term once paid 13 where its rule says 6
with every equality test green)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from housegame.rulesets.loader import load_ruleset, load_ruleset_text
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen import Seat, Setting
from housegame.thirteen.specials import holding
from tests.arrange.test_lockstep import RULESETS, VARIANTS, deals, scored

NAMING = {"id", "name", "summary", "extends", "sources"}
"""Keys that name a variant rather than change a rule."""


def _settings(data: dict[str, Any], base: dict[str, Any]) -> Iterator[tuple[str, ...]]:
    """Each setting the variant's file changes: a key path, down through mappings the base
    has too (a new bonus group is one setting; a changed field of an existing one is one)."""

    def walk(node: dict[str, Any], under: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        for key, value in node.items():
            if not path and key in NAMING:
                continue
            theirs = under.get(key) if isinstance(under, dict) else None
            if isinstance(value, dict) and isinstance(theirs, dict) and theirs:
                yield from walk(value, theirs, (*path, key))
            else:
                yield (*path, key)

    yield from walk(data, base, ())


def _reset(data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """The variant's file with one setting taken out, so it comes from the base again (empty
    mappings left behind are taken out too)."""
    out = copy.deepcopy(data)
    nodes = [out]
    for key in path[:-1]:
        nodes.append(nodes[-1][key])
    del nodes[-1][path[-1]]
    for node, key in zip(reversed(nodes[:-1]), reversed(path[:-1])):
        if node[key]:
            break
        del node[key]
    return out


def _cases() -> list[tuple[str, tuple[str, ...]]]:
    cases: list[tuple[str, tuple[str, ...]]] = []
    for path in sorted(VARIANTS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        base = load_ruleset(data["extends"]).model_dump(mode="json", by_alias=True)
        cases.extend((data["id"], setting) for setting in _settings(data, base))
    return cases


def _settlements(ruleset: ThirteenCardRuleset, variant_id: str) -> list[Fraction]:
    """My settlement on each of the variant's lock-step deals: the set pair, and declaring
    my special hand against the set opponent where I hold one."""
    rules = ruleset.ranking.rules()
    out = []
    for set_mine, set_theirs, cards in deals(variant_id):
        # keys read under this ruleset's ranking (a ranking setting changes them)
        mine = Setting.of(set_mine.front, set_mine.middle, set_mine.back, rules)
        theirs = Setting.of(set_theirs.front, set_theirs.middle, set_theirs.back, rules)
        out.append(scored(ruleset, Seat("me", mine), Seat("them", theirs)))
        found = holding(cards, ruleset)
        if found:
            me = Seat("me", None, found[0], cards=tuple(cards))
            out.append(scored(ruleset, me, Seat("them", theirs)))
    return out


def test_every_variant_changes_something() -> None:
    ids = {variant_id for variant_id, _ in _cases()}
    assert ids == {p.stem for p in Path(VARIANTS).glob("*.yaml")}


@pytest.mark.parametrize(
    ("variant_id", "setting"), _cases(), ids=lambda x: ".".join(x) if isinstance(x, tuple) else x
)
def test_resetting_a_setting_changes_a_settlement(
    variant_id: str, setting: tuple[str, ...]
) -> None:
    data = yaml.safe_load((VARIANTS / f"{variant_id}.yaml").read_text(encoding="utf-8"))
    reset = load_ruleset_text(yaml.safe_dump(_reset(data, setting)), f"{variant_id} less {setting}")
    assert isinstance(reset, ThirteenCardRuleset)
    variant = RULESETS[variant_id]
    assert _settlements(reset, variant_id) != _settlements(variant, variant_id), (
        f"{variant_id}: resetting {'.'.join(setting)} changes no settlement of its deals"
    )
