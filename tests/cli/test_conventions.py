"""Command-line conventions: --version, -h, completion, fast start, plain output when piped,
``-`` for stdin, exit codes, and the ``rulesets`` table."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
import typer.main
from typer.testing import CliRunner

import housegame
from housegame.cli import COMMANDS, EXIT_CODES, app, load_command
from housegame.rulesets.families import catalog, grouped

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "examples" / "maceplay-table.yaml"


def invoke(*args: str, stdin: str | None = None, columns: str | None = None) -> tuple[int, str]:
    env = {"COLUMNS": columns} if columns else {"COLUMNS": None}
    result = CliRunner().invoke(app, list(args), input=stdin, env=env)
    return result.exit_code, result.output


def test_version() -> None:
    assert invoke("--version") == (0, f"housegame {housegame.__version__}\n")


@pytest.mark.parametrize("args", [["-h"], ["score", "-h"], ["ofc", "play", "-h"]])
def test_short_help_is_help(args: list[str]) -> None:
    short = invoke(*args)
    assert short == invoke(*args[:-1], "--help")
    assert short[0] == 0 and "Usage: housegame" in short[1]


def test_help_lists_completion_exit_codes_and_no_raw_type_labels() -> None:
    code, out = invoke("--help")
    out = " ".join(out.split())
    assert code == 0
    assert "--install-completion" in out and "--show-completion" in out
    assert "Exit status: 0 done" in out and "70 an internal error" in out
    assert "<bool>" not in out
    assert "<bool>" not in invoke("score", "--help")[1]
    assert "-r, --ruleset ID|PATH" in invoke("score", "--help")[1]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_listed_help_is_the_commands_own(name: str) -> None:
    """The lazy listing shows each command's own first line."""
    real = load_command(name)
    stub = app_group().get_command(None, name)  # type: ignore[arg-type]
    assert stub is not None
    assert stub.get_short_help_str(200) == real.get_short_help_str(200)


def app_group() -> typer.core.TyperGroup:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return group


def test_the_lazy_table_lists_every_registered_command() -> None:
    """A command registered in a module but missing from COMMANDS would be invisible."""
    eager = typer.Typer()
    for module in sorted({module for module, _ in COMMANDS.values()}):
        importlib.import_module(f"housegame.cli.{module}").register(eager)
    assert set(typer.main.get_group(eager).commands) == set(COMMANDS)
    for name, (module, _) in COMMANDS.items():
        assert name in typer.main.get_group(_registered(module)).commands


def _registered(module: str) -> typer.Typer:
    holder = typer.Typer()
    importlib.import_module(f"housegame.cli.{module}").register(holder)
    return holder


def test_unknown_command_suggests() -> None:
    code, out = invoke("scor")
    assert code == 2 and "No such command 'scor'. Did you mean 'score'?" in out


FRESH = """
import sys
from housegame.cli import main
sys.argv = ["housegame", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in ("numpy", "housegame.arrange", "housegame.compare") if m in sys.modules)
print("HEAVY", heavy)
"""


@pytest.mark.parametrize(
    "args", [["--help"], ["rulesets"], ["rulesets", "--json"], ["rulesets", "--lang", "zh"]]
)
def test_fast_start_imports_no_numpy(args: list[str]) -> None:
    """A fresh interpreter: `housegame --help` and `rulesets` never load numpy or the arranger."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", FRESH, *args], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.splitlines()[-1] == "HEAVY []"


def test_import_housegame_is_light_and_arrange_is_the_function() -> None:
    code = "import sys, housegame; print('numpy' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.strip() == "False"
    from housegame import arrange
    from housegame.arrange.arranger import arrange as the_function

    assert arrange is the_function


def test_piped_output_is_plain_and_unwrapped() -> None:
    code, out = invoke("rulesets")
    assert code == 0 and "\x1b[" not in out
    lines = out.splitlines()
    families = grouped(catalog(), "family")
    # per family a heading and the header, then one line a ruleset however long; blank between
    assert len(lines) == len(catalog()) + 3 * len(families) - 1
    assert max(len(line.rstrip()) for line in lines) > 120


def test_columns_sets_the_width_when_piped() -> None:
    _, out = invoke("rulesets", columns="70")
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 70


def test_rulesets_in_family_order_filtered_by_game() -> None:
    code, out = invoke("rulesets", "--game", "thirteen-card", "--json")
    rows = json.loads(out)
    ids = [row["id"] for row in rows]
    assert code == 0 and {row["game"] for row in rows} == {"thirteen-card"}
    assert ids.index("pagat") + 1 == ids.index("pagat-extras-for-losing")
    assert ids.index("taiwan") + 1 == ids.index("taiwan-direct")
    assert ids.index("pagat-overall-point") + 1 == ids.index("pagat-surrender-overall-point")
    assert rows[ids.index("taiwan-direct")]["extends"] == "taiwan"
    assert set(rows[0]) == {"id", "game", "extends", "family", "region", "name", "summary"}


def test_rulesets_headers_in_chinese() -> None:
    """--lang zh names the columns; ids and game kinds stay what --ruleset and --game take."""
    code, out = invoke("rulesets", "--game", "big-two", "--lang", "zh")
    _, english = invoke("rulesets", "--game", "big-two")
    assert code == 0
    assert out.splitlines()[0] == "maceplay-big-two 系列"
    assert out.splitlines()[1].split() == ["编号", "游戏", "继承自", "地区", "名称", "简介"]
    assert out.splitlines()[2:] == english.splitlines()[2:]


def test_rulesets_bad_game_is_exit_2() -> None:
    code, out = invoke("rulesets", "--game", "chess")
    assert code == 2
    assert "error: --game: 'chess' is not one of thirteen-card, big-two, ofc" in out


def test_dash_reads_stdin() -> None:
    text = TABLE.read_text(encoding="utf-8")
    assert invoke("score", "-", "--json", stdin=text) == invoke("score", str(TABLE), "--json")


def test_dash_stdin_errors_name_stdin() -> None:
    code, out = invoke("score", "-", stdin="players: [\n")
    assert code == 2 and "error: <stdin>:2: YAML syntax error" in out


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["bigtwo", "beats", "3D", "--over", "2S"], 0),  # a "no" answer is not a failure
        (["bigtwo", "beats", "2S", "--over", "3D"], 0),
        (["bigtwo", "beats", "3D 4C", "--over", "2S"], 2),  # not a legal play: bad input
        (["score", "no-such-table.yaml"], 2),
        (["score", str(TABLE), "--ruleset", "no-such-rules"], 2),
        (["rulesets"], 0),
    ],
)
def test_exit_codes(args: list[str], code: int) -> None:
    assert invoke(*args)[0] == code


def test_exit_codes_are_documented() -> None:
    assert "Exit status" in EXIT_CODES
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for row in ("| 0 | done", "| 2 | bad input", "| 70 | an internal error"):
        assert row in page


@pytest.mark.parametrize(
    ("words", "cword", "expected"),
    [("housegame sc", "1", ["schema", "score"]), ("housegame ofc p", "2", ["play"]),
     ("housegame score --r", "2", ["--ruleset"])],
)  # fmt: skip
def test_completion_reaches_the_lazy_commands(words: str, cword: str, expected: list[str]) -> None:
    env = {"_HOUSEGAME_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": cword}
    result = CliRunner().invoke(app, [], prog_name="housegame", env=env)
    assert result.output.split() == expected


@pytest.mark.parametrize(
    ("args", "file", "shown"),
    [
        (["validate", "-"], "rulesets/taiwan-direct.yaml", "-: ok (taiwan-direct)"),
        (["validate", "-"], "examples/maceplay-table.yaml", "-: ok (table, 4 players)"),
        (["compare", "-", "-r", "pagat"], "examples/maceplay-table.yaml", "pagat    +27"),
        (["bigtwo", "replay", "-"], "examples/bigtwo-game.yaml", "winner"),
        (["ofc", "replay", "-"], "examples/ofc-hand.yaml", "net to A"),
    ],
)
def test_every_file_reading_command_takes_dash(args: list[str], file: str, shown: str) -> None:
    code, out = invoke(*args, stdin=(ROOT / file).read_text(encoding="utf-8"))
    assert code == 0 and shown in out


def _command_paths() -> list[list[str]]:
    paths: list[list[str]] = []
    for name in COMMANDS:
        command = load_command(name)
        subs = getattr(command, "commands", {})
        paths += [[name, sub] for sub in subs] if subs else [[name]]
    return paths


@pytest.mark.parametrize("path", _command_paths(), ids=" ".join)
def test_options_show_value_names_not_type_labels(path: list[str]) -> None:
    code, out = invoke(*path, "--help")
    options = out.split("Options:", 1)[1]
    assert code == 0 and not re.search(r"<(str|int|float|bool|path)>", options), options
