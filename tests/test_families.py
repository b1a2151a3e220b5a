"""Family order: a base, then the rulesets that extend it, depth first."""

from __future__ import annotations

from pathlib import Path

from housegame.rulesets.families import family_of, family_order
from housegame.rulesets.loader import bundled_of, bundled_rulesets
from housegame.rulesets.thirteen import ThirteenCardRuleset


def _files(tmp_path: Path, parents: dict[str, str | None]) -> dict[str, Path]:
    files = {}
    for rid, parent in parents.items():
        path = tmp_path / f"{rid}.yaml"
        path.write_text(f"id: {rid}\n" + (f"extends: {parent}\n" if parent else ""))
        files[rid] = path
    return files


def test_family_order_puts_variants_after_their_base(tmp_path: Path) -> None:
    files = _files(
        tmp_path,
        {"b-x": "b", "a": None, "b": None, "b-x-y": "b-x", "b-a": "b", "c": "./a.yaml"},
    )
    assert family_order(files) == ["a", "c", "b", "b-a", "b-x", "b-x-y"]
    assert family_of(files, "b-x-y") == "b"
    assert family_of(files, "a") == "a"


def test_bundled_listings_follow_family_order() -> None:
    order = family_order(bundled_rulesets())
    thirteen = [rules.id for rules in bundled_of(ThirteenCardRuleset)]
    assert thirteen == [rid for rid in order if rid in thirteen]
    assert thirteen.index("pagat") < thirteen.index("pagat-house") < thirteen.index("shanghai")
