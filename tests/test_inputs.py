"""The input layer: hostile files and options end in one clear error and exit 2, an internal
error in one line and exit 70, never a traceback or a hang."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from housegame.cards import parse_cards, rank_value
from housegame.cli import app
from housegame.cli.ofc_play import save_log
from housegame.cli.safe import read_line
from housegame.errors import HousegameError
from housegame.inputs import parse_count
from housegame.rulesets.common import require_unique
from housegame.yamlsource import load_yaml_text

runner = CliRunner()
MACEPLAY_TABLE = "examples/maceplay-table.yaml"


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(9)
)

ALIASES = "a: &a [1,1,1]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n"
    for i in range(10)
)
"""184 bytes that expand to 398,559 values more than they write (seconds of checks each)."""

HOSTILE_FILES: list[tuple[str, bytes, str]] = [
    (
        "latin1",
        "players:\n  - name: Jos\xe9\n".encode("latin-1"),
        "F:2: not UTF-8 text (byte 0xe9 at offset 22)",
    ),
    ("utf16", "players: []\n".encode("utf-16"), "F: the file is UTF-16 text, not UTF-8"),
    ("utf16-no-bom", "players: []\n".encode("utf-16-le"), "F: the file is UTF-16 text, not UTF-8"),
    ("nul", b"players: \x00\n", "F:1: a NUL byte; this is not a text file"),
    ("int-key", b"1: 2\n", "F:1: key '1' in the top level is not text"),
    ("null-key", b"players:\n  ~: 1\n", "F:2: key '~' in players is not text"),
    ("bool-key", b"yes: 1\n", "F:1: key 'yes' in the top level is not text"),
    ("bomb", BOMB.encode(), "F: more than 1,000,000 values once its aliases are expanded"),
    (
        "aliases",
        ALIASES.encode(),
        "F: its aliases add 398,559 values to what it writes out (at most 10,000)",
    ),
    ("deep-list", b"[" * 500 + b"]" * 500, "F:1: nested more than 64 levels deep"),
    ("deeper-list", b"[" * 5000 + b"]" * 5000, "F:1: nested more than 64 levels deep"),
    (
        "deep-map",
        ("a:\n" + "".join(" " * i + "b:\n" for i in range(1, 300))).encode(),
        "F:65: nested more than 64 levels deep",
    ),
    ("alias-cycle", b"a: &a [*a]\n", "F:1: an alias refers to the value that holds it"),
    (
        "huge-int",
        b"players: " + b"9" * 5000,
        "F: a value YAML cannot read: a number of more than 4300 digits",
    ),
    ("bad-date", b"players: 2020-13-45\n", "F: a value YAML cannot read: month must be in 1..12"),
]


@pytest.mark.parametrize(("name", "content", "message"), HOSTILE_FILES, ids=lambda v: str(v)[:12])
@pytest.mark.parametrize(
    "command", [("score",), ("compare",), ("validate",), ("ofc", "replay"), ("bigtwo", "replay")]
)
def test_a_hostile_file_is_one_error_and_exit_2(
    tmp_path: Path, name: str, content: bytes, message: str, command: tuple[str, ...]
) -> None:
    file = tmp_path / f"{name}.yaml"
    file.write_bytes(content)
    code, _, err = invoke(*command, str(file))
    assert code == 2
    assert message.replace("F", str(file), 1) in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "-r", "pagat", "-r", "pagat", "--deals", "100"),
        ("simulate", "-r", "pagat", "-r", "rulesets/pagat.yaml", "--deals", "100"),
        ("ofc", "simulate", "-r", "ofc-classic", "-r", "ofc-classic", "--hands", "1"),
        ("bigtwo", "simulate", "-r", "taiwan-big-two", "-r", "taiwan-big-two", "--games", "1"),
    ],
)
def test_a_ruleset_named_twice_is_refused(args: tuple[str, ...]) -> None:
    code, out, err = invoke(*args)
    assert code == 2
    assert "is given twice" in err and "hint: name each ruleset once" in err
    assert out == ""


def test_an_endless_file_is_read_only_up_to_the_limit() -> None:
    code, _, err = invoke("score", "/dev/zero")
    assert code == 2
    assert "error: /dev/zero is larger than 16 MiB" in err


def test_a_symlink_loop_and_a_folder_are_errors(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    for args in (("score", str(loop)), ("score", MACEPLAY_TABLE, "-r", str(loop))):
        code, _, err = invoke(*args)
        assert code == 2 and f"cannot read {loop}" in err
    code, _, err = invoke("score", str(tmp_path))
    assert code == 2 and f"{tmp_path} is a folder, not a file" in err


def test_a_long_extends_chain_is_refused(tmp_path: Path) -> None:
    (tmp_path / "r0.yaml").write_text("extends: pagat\nid: r0\n", encoding="utf-8")
    for i in range(1, 60):
        (tmp_path / f"r{i}.yaml").write_text(f"extends: r{i - 1}.yaml\n", encoding="utf-8")
    code, _, err = invoke("validate", str(tmp_path / "r59.yaml"))
    assert code == 2 and "an extends chain longer than 32 files" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--seed", "-1"), "Invalid value for '--seed'"),
        (("simulate", "--deals", "1e9"), "Invalid value for '--deals'"),
        (("simulate", "--deals", "1000000000"), "Invalid value for '--deals'"),
        (("bigtwo", "score", "--left", "B=²", "--left", "C=0"), "the count must be a whole"),
        (("bigtwo", "score", "--left", "B=" + "9" * 5000), "at most 30 digits long"),
        (("tables", "build", "--seed", "1", "--out", "README.md"), "is a file, not a folder"),
        (("tables", "build", "--seed", "1"), "Missing option '--out'"),
        (("ofc", "play", "--save", "/nonexistent/x.yaml"), "no folder /nonexistent"),
        (("ofc", "play", "--seed", "-5"), "Invalid value for '--seed'"),
        (("bigtwo", "play", "--seed", "-5"), "Invalid value for '--seed'"),
        (("simulate", "--deals", "1", "--out", "/proc/x"), "cannot create --out /proc/x"),
        (("simulate", "--deals", "1", "--csv", "/proc/x.csv"), "cannot write in /proc"),
        (("new", "x", "--from", "pagat", "-o", "/nonexistent/x.yaml"), "no folder /nonexistent"),
    ],
)
def test_bad_options_exit_2(args: tuple[str, ...], message: str) -> None:
    code, _, err = invoke(*args)
    assert code == 2
    assert message in " ".join(err.split()).replace("│ ", "")


def test_ofc_play_checks_the_save_path_before_the_hand(tmp_path: Path) -> None:
    code, out, err = invoke("ofc", "play", "--seed", "1", "--save", str(tmp_path))
    assert code == 2 and "is a folder" in err and "stage 1" not in out


def test_end_of_input_when_stdin_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert read_line() == ""


def test_an_internal_error_is_one_line_and_exit_70(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("housegame.cli.thirteen_cmd.score_file", broken)
    monkeypatch.delenv("HOUSEGAME_DEBUG", raising=False)
    code, _, err = invoke("score", MACEPLAY_TABLE)
    assert code == 70
    assert err.splitlines() == [
        "internal error: ZeroDivisionError: boom (a bug in housegame; run again with --debug "
        "or HOUSEGAME_DEBUG=1 for the traceback)"
    ]
    code, _, err = invoke("--debug", "score", MACEPLAY_TABLE)
    assert code == 70 and "Traceback" in err and "ZeroDivisionError: boom" in err
    monkeypatch.setenv("HOUSEGAME_DEBUG", "1")
    code, _, err = invoke("score", MACEPLAY_TABLE)
    assert code == 70 and "Traceback" in err


def test_compatibility_characters_in_cards_read_as_what_they_stand_for() -> None:
    assert [str(c) for c in parse_cards("\u212as \uff21\u2660 \uff11\uff10h")] == ["KS", "AS", "TH"]
    assert rank_value("\u212a") == 13
    with pytest.raises(HousegameError, match=r"'x{20}\.\.\.' is not a card"):
        parse_cards("x" * 10_000)


@pytest.mark.parametrize("text", ["²", "٣", "1e3", "-1", " ", "9" * 31])
def test_counts_are_ascii_digits_of_bounded_length(text: str) -> None:
    with pytest.raises(HousegameError):
        parse_count(text, "--left A")
    assert parse_count(" 12 ", "--left A") == 12


def test_aliases_within_the_limits_still_load() -> None:
    located = load_yaml_text("a: &x {b: 1}\nc: *x\nd: [*x, *x]\n")
    assert located.data == {"a": {"b": 1}, "c": {"b": 1}, "d": [{"b": 1}, {"b": 1}]}


def test_forty_thousand_names_are_checked_for_repeats() -> None:
    names = [f"P{i}" for i in range(40_000)]
    require_unique(names, "player names")
    with pytest.raises(ValueError, match=r"player names must be unique: P17, P7$"):
        require_unique([*names, "P7", "P17"], "player names")


def test_a_log_that_cannot_be_written_at_the_end_goes_to_stdout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full_disk(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("housegame.cli.ofc_play.write_text_atomic", full_disk)
    with pytest.raises(typer.Exit) as caught:
        save_log(tmp_path / "hand.yaml", "ruleset: golden-nugget-pineapple\nseed: 7\n")
    assert caught.value.exit_code == 2
    out, err = capsys.readouterr()
    assert "ruleset: golden-nugget-pineapple\nseed: 7\n" in out
    assert "cannot write" in err and "No space left on device" in err


def test_the_extends_limit_says_it_counts_the_bundled_bases(tmp_path: Path) -> None:
    """31 files of one's own over maceplay-ghosts (which extends maceplay): the 33rd file is
    bundled, and the message says the bundled ones count."""
    (tmp_path / "r0.yaml").write_text("extends: maceplay-ghosts\nid: r0\n", encoding="utf-8")
    for i in range(1, 31):
        (tmp_path / f"r{i}.yaml").write_text(f"extends: r{i - 1}.yaml\n", encoding="utf-8")
    code, _, err = invoke("validate", str(tmp_path / "r30.yaml"))
    said = " ".join(err.split())
    assert code == 2, err
    assert "an extends chain longer than 32 files, the bundled ones counted: 31 files" in said
    assert "of yours, then maceplay-ghosts -> maceplay (bundled)" in said
