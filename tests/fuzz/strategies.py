"""Hypothesis strategies for hostile input: text, numbers, card lists, YAML files of every
shape a careless or hostile user could write, and mutations of valid tables and logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"

NASTY_CHARS = [
    "[",
    "]",
    "[/]",
    "[bold red]",
    "\\",
    "\x1b",
    "\x1b]0;title\x07",
    "\x00",
    "\n",
    "\r",
    "\t",
    "\u202e",
    "\u212a",
    "\uff21",
    "²",
    "٣",
    "♠",
    "é",
    "十三张",
    ":smile:",
    "%s",
    "{}",
    "'",
    '"',
    "&a",
    "*a",
    "!!python/object:os.system",
    "~",
    "-",
    "#",
]

hostile_text = st.lists(
    st.one_of(st.sampled_from(NASTY_CHARS), st.text(max_size=6)), max_size=8
).map("".join)
"""Text full of markup, escapes, control and compatibility characters."""

hostile_numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([-1, 0, 2**63, -(2**63) - 1, 2**64, 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True),
)

card_tokens = st.one_of(
    st.sampled_from(["AS", "as", "10h", "TD", "Q♣", "\u212aS", "1S", "AX", "AS", "2C", "XX"]),
    hostile_text,
)
card_text = st.lists(card_tokens, max_size=18).map(" ".join)

hostile_values: st.SearchStrategy[Any] = st.recursive(
    st.one_of(st.none(), st.booleans(), hostile_numbers, hostile_text, card_text),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=4)
    ),
    max_leaves=12,
)


def _bomb(levels: int) -> str:
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


ATTACKS: list[bytes] = [
    _bomb(9).encode(),
    b"a: &a [*a]\n",
    b"[" * 3000 + b"]" * 3000,
    b"{a: " * 200 + b"1" + b"}" * 200,
    b"1: 2\n",
    b"~: 1\n",
    b"? [a, b]\n: c\n",
    b"players: " + b"9" * 5000 + b"\n",
    b"!!python/object/apply:os.system ['true']\n",
    b"players: !!binary aGVsbG8=\n",
    b"\xff\xfe" + "players: []\n".encode("utf-16-le"),
    "players:\n  - name: Jos\xe9\n".encode("latin-1"),
    b"\x00" * 64,
    b"---\na: 1\n---\nb: 2\n",
    b"players: [\n",
    b"<<: {players: []}\n<<: 1\n",
    b"",
]


def _mutate(data: Any, draw: st.DrawFn, depth: int = 0) -> Any:
    """Replace, drop or add values at random, keeping most of the structure valid."""
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            choice = draw(st.integers(0, 9))
            if choice == 0:
                continue
            out[key] = draw(hostile_values) if choice == 1 else _mutate(value, draw, depth + 1)
        if draw(st.integers(0, 9)) == 0:
            out[draw(hostile_text)] = draw(hostile_values)
        return out
    if isinstance(data, list):
        items = [_mutate(v, draw, depth + 1) for v in data]
        if items and draw(st.integers(0, 5)) == 0:
            items.pop(draw(st.integers(0, len(items) - 1)))
        return items
    choice = draw(st.integers(0, 7))
    if choice == 0:
        return draw(hostile_values)
    if choice == 1 and isinstance(data, str):
        return data + draw(hostile_text)
    return data


def example_data(name: str) -> Any:
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


@st.composite
def mutated_file(draw: st.DrawFn, example: str) -> bytes:
    """A valid example (table, log) with values replaced, dropped or added, as YAML or JSON."""
    data = _mutate(example_data(example), draw)
    if draw(st.booleans()):
        return json.dumps(data, ensure_ascii=draw(st.booleans()), default=str).encode()
    return yaml.safe_dump(data, allow_unicode=True).encode()


@st.composite
def hostile_file(draw: st.DrawFn, example: str) -> bytes:
    """Bytes for a file argument: a known attack, noise, YAML-ish text, or a mutated example."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.sampled_from(ATTACKS))
    if kind == 1:
        return draw(st.binary(max_size=300))
    if kind == 2:
        return draw(hostile_text).encode("utf-8", "surrogatepass")
    return draw(mutated_file(example))
