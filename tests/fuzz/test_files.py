"""Every command that reads a file, fed hostile files: exit 0 or 2, one clear message, no
traceback, and an end (a hang fails the test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.conftest import FUZZ, assert_handled
from tests.fuzz.strategies import hostile_file

RULESET_EXAMPLE = Path(__file__).resolve().parent.parent.parent / "rulesets" / "pagat.yaml"

FILE_COMMANDS: list[tuple[list[str], str]] = [
    (["score"], "maceplay-table.yaml"),
    (["score", "--json"], "ofc-table.yaml"),
    (["compare"], "maceplay-table.yaml"),
    (["ofc", "replay"], "ofc-hand.yaml"),
    (["bigtwo", "replay"], "bigtwo-game.yaml"),
]


@pytest.mark.parametrize(("command", "example"), FILE_COMMANDS, ids=lambda v: str(v))
@FUZZ
@given(content=st.data())
def test_hostile_tables_and_logs(
    tmp_path: Path, command: list[str], example: str, content: st.DataObject
) -> None:
    file = tmp_path / "input.yaml"
    file.write_bytes(content.draw(hostile_file(example)))
    assert_handled([*command, str(file)])


@pytest.mark.parametrize(
    "command",
    [["validate"], ["show"], ["diff", "pagat"], ["score", "examples/maceplay-table.yaml", "-r"]],
    ids=" ".join,
)
@FUZZ
@given(content=st.data())
def test_hostile_rulesets(tmp_path: Path, command: list[str], content: st.DataObject) -> None:
    file = tmp_path / "rules.yaml"
    body = content.draw(hostile_file("maceplay-table.yaml"))
    if content.draw(st.booleans()):
        body = b"extends: pagat\n" + body
    file.write_bytes(body)
    assert_handled([*command, str(file)])


@FUZZ
@given(extends=st.sampled_from(["/etc/passwd", "/dev/zero", "../x.yaml", "taiwan", "nope"]))
def test_extends_anywhere(tmp_path: Path, extends: str) -> None:
    file = tmp_path / "rules.yaml"
    file.write_text(f"extends: {extends}\nid: x\nname: x\nsummary: x\n", encoding="utf-8")
    _, _, err = assert_handled(["validate", str(file)])
    assert "root:" not in err
