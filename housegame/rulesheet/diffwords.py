"""A diff in the rules' own words: the two rules sheets compared section by section, each
changed line or table cell shown side by side ("front trips: 3 → 1"), so every setting the
sheet words is worded in a diff too, in English or Chinese, with no second vocabulary.

The key paths of ``housegame.rulesets.diff`` stay the diff's record for tools; the words are
what a table reads.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from housegame.glossary import Lang, say, term
from housegame.rulesets.common import Bounds, RulesetBase
from housegame.rulesets.diff import diff_json, shown
from housegame.rulesheet.build import build_sheet
from housegame.rulesheet.common import seats_words
from housegame.rulesheet.model import Grid, Section

ABSENT = "—"
"""One side of a change that the other ruleset does not have."""
ARROW = "→"


@dataclass(frozen=True)
class Change:
    """One sheet line or table cell that reads differently: ``label: a → b``."""

    label: str
    a: str
    b: str

    @property
    def text(self) -> str:
        head = f"{self.label}: " if self.label else ""
        return f"{head}{self.a} {ARROW} {self.b}"

    def as_dict(self) -> dict[str, str]:
        return {"label": self.label, "a": self.a, "b": self.b, "text": self.text}


@dataclass(frozen=True)
class Topic:
    """The changes under one heading of the rules sheet (Payouts, Specials ...)."""

    title: str
    changes: tuple[Change, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"topic": self.title, "changes": [c.as_dict() for c in self.changes]}


def _split(line: str) -> tuple[str, str]:
    """``'scoop: lane units x2'`` -> ``('scoop', 'lane units x2')``; no label: ``('', line)``."""
    label, sep, rest = line.partition(": ")
    return (label, rest) if sep and len(label) <= 40 else ("", line)


SIMILAR = 0.5
"""Two unlabelled lines this alike (difflib's ratio) are one rule worded two ways."""


def _pair_lines(a: list[str], b: list[str]) -> list[Change]:
    """Lines one sheet has and the other lacks, paired by label, then by likeness; the rest
    stand alone (a rule only one ruleset has)."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    left: list[str] = []
    right: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            left += a[i1:i2]
            right += b[j1:j2]
    pairs: dict[str, str] = {}
    by_label = {_split(line)[0]: line for line in right if _split(line)[0]}
    for line in left:
        label = _split(line)[0]
        if label and by_label.get(label) in right and by_label[label] not in pairs.values():
            pairs[line] = by_label[label]
    alike = sorted(
        (
            (difflib.SequenceMatcher(None, x, y).ratio(), i, j)
            for i, x in enumerate(left)
            for j, y in enumerate(right)
            if x not in pairs and y not in pairs.values() and not _split(x)[0]
        ),
        reverse=True,
    )
    for ratio, i, j in alike:
        if ratio >= SIMILAR and left[i] not in pairs and right[j] not in pairs.values():
            pairs[left[i]] = right[j]
    changes: list[Change] = []
    for line in left:
        label, rest = _split(line)
        if line in pairs:
            changes.append(Change(label, rest, _split(pairs[line])[1]))
        else:
            changes.append(Change(label, rest, ABSENT))
    paired = set(pairs.values())
    changes += [Change(_split(y)[0], ABSENT, _split(y)[1]) for y in right if y not in paired]
    return changes


Row = tuple[str, tuple[str, ...]]


def _rows(grid: Grid) -> list[Row]:
    """Rows by their key; a row with an empty key continues the one above (tiers)."""
    out: list[tuple[str, list[str]]] = []
    for row in grid.rows:
        key, values = " ".join(c for c in row[: grid.keys] if c), list(row[grid.keys :])
        if not key and out:
            out[-1] = (out[-1][0], [f"{x} / {y}" for x, y in zip(out[-1][1], values)])
        else:
            out.append((key, values))
    return [(k, tuple(v)) for k, v in out]


def _named(grid: Grid, key: str) -> str:
    """A row carries its key column's name where it has one: ``street 2``, ``cards left 1-7``."""
    return f"{grid.header[0]} {key}" if grid.header[0] else key


def _cells(grid: Grid, values: tuple[str, ...]) -> str:
    heads = grid.header[grid.keys :]
    named = [f"{h} {v}" if h and grid.matrix else v for h, v in zip(heads, values) if v]
    return ", ".join(named)


_RANGE = re.compile(r"^(\d+)(?:-(\d+))?(.*)$")
OPEN = 10**6
"""Where an open range (``13 or more``) ends, for comparing range-keyed rows point by point."""


def _span(key: str, lang: Lang) -> tuple[int, int] | None:
    """A row key that is a range of counts (``1-9``, ``13``, ``13 or more``), or None."""
    found = _RANGE.match(key)
    if found is None:
        return None
    low = int(found[1])
    if not found[3]:
        return low, int(found[2] or found[1])
    open_ended = not found[2] and key == seats_words(Bounds(min=low), lang)
    return (low, OPEN) if open_ended else None


def _pair_ranges(a: Grid, b: Grid, lang: Lang) -> list[Change] | None:
    """Two tables keyed by ranges of counts that cut them differently (a penalty tier's
    boundary moved): compared count by count, each run of counts whose values change shown
    once (``cards left 8-9: 1 → 2``). None where the keys are not all ranges."""
    if a.header != b.header or a.keys != 1:
        return None
    sides: list[list[tuple[tuple[int, int], tuple[str, ...]]]] = []
    for grid in (a, b):
        side = []
        for key, values in _rows(grid):
            span = _span(key, lang)
            if span is None:
                return None
            side.append((span, values))
        sides.append(side)
    spans = [span for side in sides for span, _ in side]
    if all(lo == hi for lo, hi in spans):  # numbered rows (streets), not ranges of counts
        return None
    ends = {n for side in sides for span, _ in side for n in span if n != OPEN}
    points = sorted({n for e in ends for n in (e, e + 1)} | {OPEN})

    def at(side: list[tuple[tuple[int, int], tuple[str, ...]]], n: int) -> tuple[str, ...] | None:
        return next((v for (lo, hi), v in side if lo <= n <= hi), None)

    changes: list[Change] = []
    runs: list[tuple[int, int, tuple[str, ...] | None, tuple[str, ...] | None]] = []
    for n, next_n in zip(points, [*points[1:], OPEN + 1]):
        x, y = at(sides[0], n), at(sides[1], n)
        if x == y:
            continue
        if runs and runs[-1][1] == n - 1 and runs[-1][2:] == (x, y):
            runs[-1] = (runs[-1][0], next_n - 1, x, y)
        else:
            runs.append((n, next_n - 1, x, y))
    heads = a.header[a.keys :]
    for lo, hi, x, y in runs:
        key = seats_words(Bounds(min=lo, max=None if hi >= OPEN else hi), lang)
        if len(heads) == 1 and x is not None and y is not None:  # one value: as a cell
            changes.append(Change(f"{_named(a, key)} {heads[0]}".strip(), x[0], y[0]))
            continue
        shown_x = _cells(a, x) if x is not None else ABSENT
        shown_y = _cells(b, y) if y is not None else ABSENT
        changes.append(Change(_named(a, key), shown_x, shown_y))
    return changes


def _pair_grids(a: Grid | None, b: Grid | None, lang: Lang) -> list[Change]:
    grid = b if b is not None else a
    assert grid is not None
    if a is not None and b is not None and {k for k, _ in _rows(a)} != {k for k, _ in _rows(b)}:
        ranged = _pair_ranges(a, b, lang)
        if ranged is not None:
            return ranged
    left = dict(_rows(a)) if a is not None else {}
    right = dict(_rows(b)) if b is not None else {}
    changes: list[Change] = []
    for key in [*left, *(k for k in right if k not in left)]:
        x, y = left.get(key), right.get(key)
        if x is None or y is None or a is None or b is None or a.header != b.header:
            shown_x = _cells(a, x) if a is not None and x is not None else ABSENT
            shown_y = _cells(b, y) if b is not None and y is not None else ABSENT
            if shown_x != shown_y:
                changes.append(Change(_named(grid, key), shown_x, shown_y))
            continue
        heads = grid.header[grid.keys :]
        for head, cell_x, cell_y in zip(heads, x, y):
            if cell_x != cell_y:
                label = f"{head} {key}" if grid.matrix else f"{_named(grid, key)} {head}".strip()
                changes.append(Change(label, cell_x or ABSENT, cell_y or ABSENT))
    common_a = [k for k in left if k in right]
    common_b = [k for k in right if k in left]
    if common_a != common_b:
        order = say(lang, ("order", "顺序"))
        changes.append(Change(order, ", ".join(common_a), ", ".join(common_b)))
    return changes


def _grids(section: Section | None) -> dict[tuple[str, ...], Grid]:
    """A section's tables by their header and the line just above them (a bonus group's
    name tells its table from the next group's)."""
    out: dict[tuple[str, ...], Grid] = {}
    above = ""
    for block in section.blocks if section is not None else ():
        if isinstance(block, Grid):
            out[(_split(above)[0], *block.header)] = block
        else:
            above = block
    return out


def _lines(section: Section | None) -> list[str]:
    return [b for b in (section.blocks if section is not None else ()) if isinstance(b, str)]


def _section_changes(a: Section | None, b: Section | None, lang: Lang) -> list[Change]:
    changes = _pair_lines(_lines(a), _lines(b))
    grids_a, grids_b = _grids(a), _grids(b)
    for key in [*grids_a, *(k for k in grids_b if k not in grids_a)]:
        changes += _pair_grids(grids_a.get(key), grids_b.get(key), lang)
    return changes


def worded_diff(a: RulesetBase, b: RulesetBase, lang: Lang = "en") -> list[Topic]:
    """The rules-sheet lines and table cells in which ``b`` reads differently from ``a``,
    grouped by sheet heading; empty when the rulesets score alike (names aside)."""
    if not diff_json(a, b)["differences"]:
        return []
    sheet_a, sheet_b = build_sheet(a, lang), build_sheet(b, lang)
    sources = term("sources", lang)
    by_title_a = {s.title: s for s in sheet_a.sections if s.title != sources}
    by_title_b = {s.title: s for s in sheet_b.sections if s.title != sources}
    topics = []
    for title in [*by_title_a, *(t for t in by_title_b if t not in by_title_a)]:
        changes = _section_changes(by_title_a.get(title), by_title_b.get(title), lang)
        if changes:
            topics.append(Topic(title, tuple(changes)))
    return topics


def unworded(result: dict[str, Any], topics: list[Topic], lang: Lang) -> Topic | None:
    """Settings that differ but read alike on both sheets (a setting these rules never
    reach, such as a banker rule at a table without a banker), as their key paths."""
    if topics or not result["differences"]:
        return None
    title = say(lang, ("Not on the rules sheet", "规则表上未显示"))
    rows = tuple(
        Change(d["setting"], _value(d["a"]), _value(d["b"])) for d in result["differences"]
    )
    return Topic(title, rows)


def _value(value: Any) -> str:
    return ABSENT if value is None else shown(value)


def diff_document(a: RulesetBase, b: RulesetBase, lang: Lang = "en") -> dict[str, Any]:
    """``housegame diff --format json``: the key paths (``differences``, for tools) and the
    same differences in words (``topics``)."""
    result = diff_json(a, b)
    topics = worded_diff(a, b, lang)
    extra = unworded(result, topics, lang)
    result["topics"] = [t.as_dict() for t in [*topics, *([extra] if extra else [])]]
    return result


def worded_lines(document: dict[str, Any], lang: Lang = "en") -> list[str]:
    """``housegame diff``'s lines: ``a -> b: N differences`` (the changes a reader sees: one
    moved tier boundary is one), then each topic and its changes."""
    count = sum(len(topic["changes"]) for topic in document["topics"])
    plural = "" if count == 1 else "s"
    counted = f"{count} difference{plural}" if lang == "en" else f"{count} 处不同"
    lines = [f"{document['a']} -> {document['b']}: {counted}"]
    for topic in document["topics"]:
        lines.append(f"{topic['topic']}")
        lines += [f"  {change['text']}" for change in topic["changes"]]
    return lines


__all__ = [
    "ABSENT",
    "ARROW",
    "Change",
    "Topic",
    "diff_document",
    "unworded",
    "worded_diff",
    "worded_lines",
]
