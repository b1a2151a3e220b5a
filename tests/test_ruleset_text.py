"""A ruleset given as text (the web table's paste box) loads exactly as the same file does,
and may extend only a bundled id."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.errors import HousegameError, RulesetError
from housegame.filecheck import check_file, check_ruleset_text
from housegame.rulesets.loader import (
    bundled_rulesets,
    load_bundled,
    load_ruleset_file,
    load_ruleset_text,
    looks_like_path,
)
from housegame.yamlsource import load_yaml_text

HERE = Path(__file__).parent
EXAMPLES = sorted((HERE / "rulesets").glob("*/*.yaml"))


def _extends_a_file(path: Path) -> bool:
    try:
        data = load_yaml_text(path.read_text(encoding="utf-8"), path.name).data
    except HousegameError:
        return False
    parent = data.get("extends") if isinstance(data, dict) else None
    return isinstance(parent, str) and looks_like_path(parent)


TEXT_CASES = [p for p in EXAMPLES if not _extends_a_file(p)]


@pytest.mark.parametrize("rid", sorted(bundled_rulesets()))
def test_a_bundled_file_as_text_is_the_same_ruleset(rid: str) -> None:
    text = bundled_rulesets()[rid].read_text(encoding="utf-8")
    assert load_ruleset_text(text, f"{rid}.yaml") == load_bundled(rid)


@pytest.mark.parametrize("path", TEXT_CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_text_and_file_give_the_same_problems(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)
    from_file = check_file(Path(path.name))
    from_text = check_ruleset_text(path.read_text(encoding="utf-8"), path.name)
    assert from_text.problems == from_file.problems
    assert from_text.error_lines() == from_file.error_lines()
    if not from_file.errors:
        assert from_text.ruleset == load_ruleset_file(Path(path.name))


@pytest.mark.parametrize(
    "parent", ["pagat.yaml", "../rulesets/pagat.yaml", "/etc/passwd", "sub/dir", "C:\\x.yml"]
)
def test_text_may_not_extend_a_file(parent: str) -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(f"id: x\nextends: '{parent}'\n", "pasted.yaml")
    assert caught.value.message == (
        f"pasted.yaml:2: extends: '{parent}' is a path; a ruleset given as text may extend "
        "only a bundled ruleset"
    )


def test_an_unknown_parent_gets_no_hint_about_local_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pagatt").write_text("id: pagatt\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text("id: x\nextends: pagatt\n", "pasted.yaml")
    assert str(caught.value).splitlines() == [
        "pasted.yaml:2: extends: unknown ruleset 'pagatt'",
        "  hint: did you mean 'pagat'? `housegame rulesets` lists the bundled ids; or give a "
        "path to a .yaml file",
    ]


@pytest.mark.parametrize("ref", ["taiwan.yaml", "./taiwan", "rulesets/taiwan.yaml"])
def test_load_bundled_never_reads_a_file(ref: str) -> None:
    with pytest.raises(RulesetError) as caught:
        load_bundled(ref)
    assert (
        caught.value.message == f"'{ref}' is not a bundled ruleset id; files cannot be named here"
    )


def test_a_report_without_errors_has_no_error_lines() -> None:
    report = check_ruleset_text("id: mine\nextends: pagat\nname: Mine\n", "mine.yaml")
    assert (report.errors, report.error_lines(), report.what) == ([], [], "mine")
