"""Test helpers: the shipped big-two ruleset ids, and variants written on the fly."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from housegame.bigtwo import Game, Rules, load_rules
from housegame.cards import DECK, parse_cards
from housegame.rulesets.loader import bundled_rulesets


def shipped_big_two() -> list[str]:
    """Bundled rulesets with game: big-two, read from the files, so a new one is tested the day
    it ships.
    """
    return [
        rid
        for rid, path in bundled_rulesets().items()
        if "\ngame: big-two" in path.read_text(encoding="utf-8")
    ]


BIG_TWO_IDS = shipped_big_two()


def variant(tmp_path: Path, body: str, name: str = "variant") -> Rules:
    """A ruleset extending MacePlay's with ``body`` (YAML) on top."""
    file = tmp_path / f"{name}.yaml"
    file.write_text(
        f"id: {name}\nname: {name}\nsummary: test variant\ngame: big-two\n"
        f"extends: maceplay-big-two\n{body}",
        encoding="utf-8",
    )
    return load_rules(file)


def game_with(rules: Rules, wanted: Mapping[str, str]) -> Game:
    """A game where each player holds the named cards, filled up to 13 from the rest of the
    deck from the top (aces and 2s) down, so the filler rarely matters to a test."""
    hands = {name: parse_cards(text) for name, text in wanted.items()}
    used = {c for cards in hands.values() for c in cards}
    rest = [c for c in reversed(DECK) if c not in used]
    for cards in hands.values():
        while len(cards) < 13:
            cards.append(rest.pop(0))
    return Game(rules, hands)
