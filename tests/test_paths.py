"""Where ruleset references may lead: ``extends`` and a file's ``ruleset:`` stay in the
referring file's folder tree and name .yaml/.yml files; ``-r ID`` is the bundled ruleset
unless it looks like a path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.errors import RulesetError
from housegame.rulesets.loader import load_ruleset, load_ruleset_file

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "examples" / "maceplay-table.yaml"


def _rules(folder: Path, name: str, extends: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"extends: {extends}\nid: mine\nname: Mine\nsummary: s\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("extends", "message"),
    [
        ("/etc/passwd", "extends: '/etc/passwd' is neither a bundled ruleset id nor a .yaml"),
        ("/etc/shadow", "extends: '/etc/shadow' is neither a bundled ruleset id nor a .yaml"),
        ("/tmp/x.yaml", "extends: '/tmp/x.yaml' is an absolute path"),
        ("../outside.yaml", "extends: '../outside.yaml' is outside the folder of mine.yaml"),
        ("sub/../../outside.yaml", "is outside the folder of mine.yaml"),
    ],
)
def test_extends_reaches_only_yaml_files_in_the_folder_tree(
    tmp_path: Path, extends: str, message: str
) -> None:
    (tmp_path / "outside.yaml").write_text("secret: hunter2\n", encoding="utf-8")
    path = _rules(tmp_path / "rules", "mine.yaml", extends)
    with pytest.raises(RulesetError) as caught:
        load_ruleset_file(path)
    assert message in str(caught.value)
    assert "hunter2" not in str(caught.value) and "root:" not in str(caught.value)


def test_a_symlink_out_of_the_folder_tree_is_refused(tmp_path: Path) -> None:
    (tmp_path / "outside.yaml").write_text("extends: pagat\n", encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base.yaml").symlink_to(tmp_path / "outside.yaml")
    path = _rules(tmp_path / "rules", "mine.yaml", "base.yaml")
    with pytest.raises(RulesetError, match=r"'base\.yaml' is outside the folder of mine\.yaml"):
        load_ruleset_file(path)


def test_extends_reads_files_below_the_extending_file(tmp_path: Path) -> None:
    _rules(tmp_path, "base/pagat-plus.yaml", "pagat")
    path = _rules(tmp_path, "mine.yaml", "base/pagat-plus.yaml")
    assert load_ruleset_file(path).id == "mine"


def test_a_bundled_id_wins_over_a_file_of_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taiwan").write_text("id: impostor\n", encoding="utf-8")
    assert load_ruleset("taiwan").id == "taiwan"
    result = runner.invoke(app, ["score", str(TABLE), "-r", "taiwan", "--json"])
    assert result.exit_code == 0 and '"ruleset": "taiwan"' in result.stdout
    result = runner.invoke(app, ["score", str(TABLE), "-r", "./taiwan"])
    assert result.exit_code == 2 and "invalid ruleset taiwan" in result.stderr


def test_a_file_without_suffix_gets_a_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house").write_text("id: house\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset("house")
    assert "a file without .yaml is read as ./NAME" in str(caught.value)


def test_a_tables_ruleset_path_is_read_from_the_tables_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    table = folder / "table.yaml"
    table.write_text(
        TABLE.read_text(encoding="utf-8").replace("ruleset: maceplay", "ruleset: house.yaml"),
        encoding="utf-8",
    )
    shutil.copy(
        ROOT / "tests" / "rulesets" / "positive" / "maceplay-house.yaml", folder / "house.yaml"
    )
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["score", str(table), "--banker", "You", "--json"])
    assert result.exit_code == 0, result.stderr
    assert '"ruleset": "maceplay-house"' in result.stdout
    table.write_text("ruleset: ../house.yaml\nplayers: [{name: A}]\n", encoding="utf-8")
    result = runner.invoke(app, ["score", str(table)])
    assert result.exit_code == 2 and "is outside the folder of table.yaml" in result.stderr
