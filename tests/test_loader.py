"""Ruleset loading: every shipped file validates; broken files give exact file:line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.errors import RulesetError
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset

HERE = Path(__file__).parent
NEGATIVE = sorted((HERE / "rulesets" / "negative").glob("*.yaml"))
POSITIVE = sorted((HERE / "rulesets" / "positive").glob("*.yaml"))


@pytest.mark.parametrize("ruleset_id", sorted(bundled_rulesets()))
def test_every_shipped_ruleset_validates_and_is_named_after_its_file(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.id == ruleset_id
    assert ruleset.sources, "every shipped ruleset names its sources"


@pytest.mark.parametrize("path", POSITIVE, ids=lambda p: p.name)
def test_positive_examples_validate(path: Path) -> None:
    load_ruleset_file(path)


@pytest.mark.parametrize("path", NEGATIVE, ids=lambda p: p.name)
def test_negative_examples_give_the_exact_error(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(path.parent)
    with pytest.raises(RulesetError) as caught:
        load_ruleset_file(Path(path.name))
    assert str(caught.value) + "\n" == path.with_suffix(".expected").read_text(encoding="utf-8")


def test_extends_merges_deeply_and_replace_empties_a_list() -> None:
    """pagat-extras-for-losing writes `values: {$replace: []}`: no lane values at all."""
    base = load_ruleset("pagat")
    child = load_ruleset("pagat-extras-for-losing")
    assert isinstance(base, ThirteenCardRuleset) and isinstance(child, ThirteenCardRuleset)
    assert child.lane_values.values == [] and child.lane_values.default == base.lane_values.default
    assert child.specials == base.specials
    assert child.overall_point == 1


def test_error_in_a_parent_file_is_reported_at_the_parents_line(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text(
        "extends: pagat\nid: parent\nname: P\nsummary: s\nscoop:\n  bonus: -1\n", encoding="utf-8"
    )
    (tmp_path / "child.yaml").write_text(
        "extends: parent.yaml\nid: child\nname: C\nsummary: s\n", encoding="utf-8"
    )
    with pytest.raises(RulesetError, match=r"parent\.yaml:6: scoop\.bonus"):
        load_ruleset_file(tmp_path / "child.yaml")


def test_unknown_ruleset_id_suggests_the_closest() -> None:
    with pytest.raises(RulesetError, match="unknown ruleset 'macua'") as caught:
        load_ruleset("macua")
    assert caught.value.hint is not None and "did you mean 'macau'" in caught.value.hint
