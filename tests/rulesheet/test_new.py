"""`housegame new`: a starter file that extends its base, lists every setting commented out,
loads to exactly the base's rules, and whose lines can be uncommented one by one."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.data import data_dir
from housegame.rulesets.diff import diff_rulesets
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file
from housegame.rulesheet.starter import starter_yaml, user_schema_file

METADATA = {"id", "name", "summary", "sources", "extends"}


@pytest.mark.parametrize("base", list(bundled_rulesets()))
def test_unchanged_starter_loads_as_its_base(base: str, tmp_path: Path) -> None:
    target = tmp_path / "house.yaml"
    result = CliRunner().invoke(app, ["new", "house", "--from", base, "-o", str(target)])
    assert (result.exit_code, result.output) == (0, f"wrote {target} (extends {base})\n")
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert f"\nextends: {base}\nid: house\nname: house\n" in text
    loaded, original = load_ruleset_file(target), load_ruleset(base)
    assert loaded.id == "house"
    assert loaded.model_dump(exclude=METADATA) == original.model_dump(exclude=METADATA)
    assert diff_rulesets(original, loaded) == []


def _uncomment(text: str, starting: str) -> str:
    (line,) = [line for line in text.splitlines() if line.startswith(starting)]
    return text.replace(line, line[2:])


@pytest.mark.parametrize(
    ("base", "line", "changed", "setting", "value"),
    [
        ("pagat", "# scoop: {bonus: 0}", "scoop: {bonus: 2}", "scoop.bonus", 2),
        (
            "maceplay",
            "# table: {ties: split}",
            "table: {ties: banker-wins}",
            "table.ties",
            "banker-wins",
        ),
        (
            "taiwan",
            "# bonuses: {ordinary: {pay_when: match-won}}",
            "bonuses: {ordinary: {pay_when: lane-won}}",
            "bonuses.ordinary.pay_when",
            "lane-won",
        ),
        (
            "ofc-classic",
            "# scoring: {scoop_bonus: 3}",
            "scoring: {scoop_bonus: 6}",
            "scoring.scoop_bonus",
            6,
        ),
        ("taiwan-big-two", "# quads_kicker: true", "quads_kicker: false", "quads_kicker", False),
    ],
)
def test_uncommenting_a_line_is_valid_yaml(
    base: str, line: str, changed: str, setting: str, value: object, tmp_path: Path
) -> None:
    target = tmp_path / "house.yaml"
    text = starter_yaml("house", base, target)
    target.write_text(_uncomment(text, line), encoding="utf-8")
    assert diff_rulesets(load_ruleset(base), load_ruleset_file(target)) == []
    target.write_text(_uncomment(text, line).replace(line[2:], changed), encoding="utf-8")
    (difference,) = diff_rulesets(load_ruleset(base), load_ruleset_file(target))
    assert (difference.setting, difference.b) == (setting, value)


def test_meanings_come_from_the_schema() -> None:
    text = starter_yaml("house", "pagat", None)
    assert "## Added after the multiplier.\n# scoop: {bonus: 0}\n" in text
    assert "# specials: {hands: [{id: six-pairs, " in text


def test_refuses_to_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "house.yaml"
    target.write_text("keep me\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["new", "house", "--from", "pagat", "-o", str(target)])
    assert result.exit_code == 2
    assert result.output == f"error: {target} exists; use --force to overwrite it\n"
    assert target.read_text(encoding="utf-8") == "keep me\n"
    forced = CliRunner().invoke(
        app, ["new", "house", "--from", "pagat", "-o", str(target), "--force"]
    )
    assert forced.exit_code == 0 and load_ruleset_file(target).id == "house"


def test_base_given_as_a_path_is_written_relative(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    first = tmp_path / "rules" / "first.yaml"
    first.write_text(starter_yaml("first", "maceplay", first), encoding="utf-8")
    second = tmp_path / "second.yaml"
    second.write_text(starter_yaml("second", str(first), second), encoding="utf-8")
    assert "\nextends: rules/first.yaml\n" in second.read_text(encoding="utf-8")
    assert diff_rulesets(load_ruleset("maceplay"), load_ruleset_file(second)) == []


def test_unknown_base_exit_2() -> None:
    result = CliRunner().invoke(app, ["new", "house", "--from", "pagatt", "-o", "-"])
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown ruleset 'pagatt'\n  hint: did you mean")


def test_writes_name_yaml_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["new", "house", "--from", "taiwan"])
    assert (result.exit_code, result.output) == (0, "wrote house.yaml (extends taiwan)\n")
    assert diff_rulesets(load_ruleset("taiwan"), load_ruleset_file(tmp_path / "house.yaml")) == []


def test_a_name_that_is_not_an_id_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["new", "My Rules", "--from", "pagat"])
    assert result.exit_code == 2
    assert result.output == (
        "error: 'My Rules' cannot be a ruleset id\n"
        "  hint: use lowercase letters, digits and dashes, starting with a letter or digit "
        "(e.g. my-house-rules)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_the_schema_reference_survives_a_move_and_an_upgrade(tmp_path: Path) -> None:
    """The reference is the absolute address of the user's copy of the schema (not a path
    relative to the file, nor into the package's folder), and each `new` refreshes the copy."""
    target = tmp_path / "a" / "house.yaml"
    target.parent.mkdir()
    assert (
        CliRunner().invoke(app, ["new", "house", "--from", "pagat", "-o", str(target)]).exit_code
        == 0
    )
    first = target.read_text(encoding="utf-8").splitlines()[0]
    copy = user_schema_file()
    assert first == f"# yaml-language-server: $schema={copy.as_uri()}"
    published = (data_dir("schemas") / "ruleset.schema.json").read_text(encoding="utf-8")
    assert copy.read_text(encoding="utf-8") == published
    assert data_dir("schemas").resolve() not in copy.resolve().parents
    moved = tmp_path / "elsewhere" / "deeper" / "house.yaml"
    moved.parent.mkdir(parents=True)
    target.rename(moved)
    assert Path(
        moved.read_text(encoding="utf-8").splitlines()[0].split("$schema=file://")[1]
    ).is_file()
    copy.write_text("{}", encoding="utf-8")  # the schema of an older version
    other = tmp_path / "b.yaml"
    assert CliRunner().invoke(app, ["new", "b", "--from", "pagat", "-o", str(other)]).exit_code == 0
    assert copy.read_text(encoding="utf-8") == published
    assert other.read_text(encoding="utf-8").splitlines()[0] == first


def test_printing_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["new", "house", "--from", "pagat", "-o", "-"])
    assert result.exit_code == 0 and not user_schema_file().exists()
