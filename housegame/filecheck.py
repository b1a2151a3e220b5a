"""Checking any housegame file: a ruleset, a table, an OFC hand log, a Big Two game log or a
13-card session log.

``check_file`` tells the kinds apart by their keys, runs the checks that kind has (schema,
model, cards, a replay for logs, lint for rulesets) and returns every problem found, each
with file, line, key path, message, hint and severity; ``housegame validate`` renders them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from housegame.bigtwo.replay import replay_file as replay_bigtwo
from housegame.errors import HousegameError
from housegame.ofc.replay import replay_file as replay_ofc
from housegame.rulesets.lint import lint
from housegame.rulesets.loader import load_resolved, load_resolved_text
from housegame.rulesets.registry import Ruleset
from housegame.scoring import score
from housegame.tables import load_table
from housegame.thirteen.replay import replay_file as replay_thirteen
from housegame.validation import Problem, problems_of
from housegame.yamlsource import Located, format_path, load_yaml_file

FileKind = Literal["ruleset", "table", "ofc-log", "bigtwo-log", "thirteen-log"]
_PLAYER = re.compile(r"player '([^']+)'")


def file_kind(data: Any) -> FileKind:
    """What a file is, by its keys: logs have moves (an OFC log names its players as plain
    text), a 13-card session log has hands, a table has players, anything else is read as a
    ruleset."""
    if not isinstance(data, dict):
        return "ruleset"
    if "hands" in data and "players" in data:
        return "thirteen-log"
    if "moves" in data:
        players = data.get("players")
        plain = isinstance(players, list) and all(isinstance(p, str) for p in players)
        return "ofc-log" if plain else "bigtwo-log"
    if "players" in data and not {"id", "game", "extends"} & set(data):
        return "table"
    return "ruleset"


@dataclass
class FileReport:
    """What checking one file found."""

    file: str
    kind: FileKind
    problems: list[Problem] = field(default_factory=list)
    what: str | None = None
    """What the file holds when it checks out (a ruleset's id, a table's player count)."""
    ruleset: Ruleset | None = None
    """The ruleset, when a ruleset given as text checks out (``check_ruleset_text``)."""

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def strict(self) -> FileReport:
        """The report with every warning an error (``validate --strict``)."""
        problems = [replace(p, severity="error") for p in self.problems]
        return replace(self, problems=problems)

    def error_lines(self) -> list[str]:
        """The errors as ``housegame validate`` prints them: a heading, then every problem
        (its hint on a line of its own); none when it has no errors."""
        count = len(self.errors)
        if not count:
            return []
        noun = "problem" if count == 1 else "problems"
        heading = f"invalid {self.kind} {self.file} ({count} {noun}):"
        return [heading, *(line for p in self.errors for line in str(p).split("\n"))]


def _table_line(located: Located, problem: Problem) -> Problem:
    """A scoring problem about a named player is placed at that player's entry."""
    if problem.line is not None:
        return problem
    match = _PLAYER.search(problem.message)
    players = located.data.get("players") if isinstance(located.data, dict) else None
    path: tuple[str | int, ...] = ()
    if match is not None and isinstance(players, list):
        names = [p.get("name") if isinstance(p, dict) else None for p in players]
        if match[1] in names:
            path = ("players", names.index(match[1]))
    elif "banker" in problem.message and "banker" in located.data:
        path = ("banker",)
    pos = located.position_of(path)
    shown = problem.path or format_path(path)
    return Problem(pos.file, pos.line, shown, problem.message, problem.hint, problem.severity)


def _check(path: Path, kind: FileKind, located: Located) -> tuple[str, list[Problem]]:
    if kind == "ruleset":
        ruleset, resolved = load_resolved(path)
        return ruleset.id, lint(ruleset, resolved)
    if kind == "table":
        table = load_table(path)
        if table.ruleset is None:
            return f"table, {len(table.players)} players, no ruleset named", []
        try:
            result = score(table)
        except HousegameError as exc:
            return "", [_table_line(located, p) for p in problems_of(exc, str(path))]
        return f"table, {len(result.totals)} players", []
    if kind == "ofc-log":
        ofc = replay_ofc(path)
        return f"OFC hand log, {len(ofc.log.moves)} moves", []
    if kind == "thirteen-log":
        session = replay_thirteen(path)
        count = len(session.hands)
        return f"13-card session log, {count} hand{'' if count == 1 else 's'}", []
    game = replay_bigtwo(path)
    return f"Big Two game log, {len(game.moves)} moves", []


def check_file(path: Path) -> FileReport:
    """Every problem in one file, errors and warnings, in file order."""
    try:
        located = load_yaml_file(path)
    except HousegameError as exc:
        return FileReport(str(path), "ruleset", problems_of(exc, str(path)))
    kind = file_kind(located.data)
    try:
        what, problems = _check(path, kind, located)
    except HousegameError as exc:
        return FileReport(str(path), kind, problems_of(exc, str(path)))
    return FileReport(str(path), kind, problems, what)


def check_ruleset_text(text: str, file: str = "<text>") -> FileReport:
    """A ruleset given as text (pasted in the web table), checked like ``check_file`` checks a
    ruleset file; its ``extends`` may only name a bundled id. The report holds the ruleset
    when it checks out."""
    try:
        ruleset, resolved = load_resolved_text(text, file)
    except HousegameError as exc:
        return FileReport(file, "ruleset", problems_of(exc, file))
    return FileReport(file, "ruleset", lint(ruleset, resolved), ruleset.id, ruleset)


__all__ = ["FileKind", "FileReport", "check_file", "check_ruleset_text", "file_kind"]
