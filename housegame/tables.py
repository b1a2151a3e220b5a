"""The table file: which ruleset, who is banker, and each player's hand.

A player gives either ``front``/``middle``/``back`` (a set hand) or ``cards``
(13 cards to declare a special hand from, or to be set automatically).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from housegame.cards import Card, Deck, copies_problem, parse_cards
from housegame.errors import CardError, HousegameError, PathError, TableError
from housegame.rulesets.common import HAND_CARDS, LANE_SIZES, Model, require_unique
from housegame.rulesets.loader import load_ruleset, looks_like_path, resolve_ruleset_ref
from housegame.validation import (
    Problem,
    model_problems,
    problem_at,
    raise_problems,
    schema_problems,
)
from housegame.yamlsource import Located, load_yaml_file

CardText = str | list[str]
CARD_TEXT = "Cards separated by spaces or commas (AS, as, 10S, TS or A♠), or a list of cards."


class PlayerEntry(Model):
    """One seat: a set hand (front, middle, back) or 13 cards not yet set."""

    name: str = Field(min_length=1, description="The player's name, unique at the table.")
    front: CardText | None = Field(
        default=None, description="The front's 3 cards. " + CARD_TEXT, examples=["QS QH QD"]
    )
    middle: CardText | None = Field(
        default=None, description="The middle's 5 cards.", examples=["5S 5H 5D KS KH"]
    )
    back: CardText | None = Field(
        default=None, description="The back's 5 cards.", examples=["9S 9H 9D 9C 2S"]
    )
    cards: CardText | None = Field(
        default=None,
        description="13 cards not yet set: declared as a special hand or set by the ruleset's "
        "auto-arranger.",
    )
    declare: str | None = Field(
        default=None,
        description="auto (default for cards): declare the best special hand that holds, "
        "where declaring is optional only when it is worth more than the best set hand; "
        "force: declare it whatever it is worth; none (default for lanes): do not declare; "
        "or a special hand's id.",
    )
    surrender: bool = Field(
        default=False, description="Surrender before the showdown, where allowed."
    )
    fantasyland: bool = Field(
        default=False,
        description="OFC: the player played this hand in Fantasyland, so the ruleset's stay "
        "rules (not its entry rules) decide the next hand.",
    )

    @model_validator(mode="after")
    def _lanes_or_cards(self) -> PlayerEntry:
        lanes = [self.front, self.middle, self.back]
        if self.cards is not None and any(x is not None for x in lanes):
            raise PathError(
                ("cards",),
                f"player '{self.name}': give cards or front/middle/back, not both",
                "cards: 13 cards to set or declare; front/middle/back: a set hand",
            )
        if (
            self.cards is None
            and any(x is None for x in lanes)
            and any(x is not None for x in lanes)
        ):
            missing = [n for n, x in zip(("front", "middle", "back"), lanes) if x is None]
            raise PathError(
                (),
                f"player '{self.name}': missing {', '.join(missing)}",
                "a set hand gives front, middle and back",
            )
        return self


class TableFile(Model):
    """A table to score: the ruleset, the banker if any, and every player's hand."""

    ruleset: str | None = Field(
        default=None, description="Ruleset id or path; --ruleset overrides.", examples=["maceplay"]
    )
    banker: str | None = Field(default=None, description="The banker's name, in banker games.")
    players: list[PlayerEntry] = Field(min_length=1, description="Every player, in seat order.")

    @model_validator(mode="after")
    def _unique_names(self) -> TableFile:
        require_unique([p.name for p in self.players], "player names")
        return self


def table_schema() -> dict[str, Any]:
    schema = TableFile.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:housegame:schema:table",
        "title": "housegame table",
        **schema,
    }


def _named_deck(table: TableFile) -> Deck | None:
    """The deck of the bundled ruleset the table names; None otherwise (a table naming a file,
    or none, is counted against the deck of the ruleset it is scored under, when it is: a
    table read from the network must not make the server read files)."""
    if table.ruleset is None or looks_like_path(table.ruleset):
        return None
    try:
        ruleset = load_ruleset(table.ruleset)
    except HousegameError:
        return None
    deck = getattr(ruleset, "deck", None)
    return deck.deck() if deck is not None else None


def card_problems(located: Located, table: TableFile) -> list[Problem]:
    """Every card that cannot be read, every lane of the wrong size and every card held more
    often than the deck of the table's ruleset has it, each at its line."""
    found: list[Problem] = []
    holders: dict[Card, list[tuple[str, str, int]]] = {}
    sizes: dict[str, int] = {"cards": HAND_CARDS, **{str(k): n for k, n in LANE_SIZES.items()}}
    for i, player in enumerate(table.players):
        texts = {
            "front": player.front,
            "middle": player.middle,
            "back": player.back,
            "cards": player.cards,
        }
        for part, text in texts.items():
            if text is None:
                continue
            path = ("players", i, part)
            try:
                cards = parse_cards(text, None)
            except CardError as exc:
                who = f"player '{player.name}' {part}"
                found.append(problem_at(located, path, f"{who}: {exc.message}", exc.hint))
                continue
            size = sizes[part]
            if len(cards) != size:
                what = "a hand is 13" if part == "cards" else f"needs {size}"
                message = f"player '{player.name}': {part} has {len(cards)} cards, {what}"
                found.append(problem_at(located, path, message))
            for card in cards:
                holders.setdefault(card, []).append((player.name, part, i))
    deck = _named_deck(table)
    for card, held in holders.items():
        problem = copies_problem(card, [h[0] for h in held], deck) if deck else None
        if problem is not None:
            _, part, i = held[-1]
            found.append(problem_at(located, ("players", i, part), *problem))
    return sorted(found, key=lambda p: p.line or 0)


def parse_table(located: Located) -> TableFile:
    """The table, or every problem in it at once (schema, model, then cards)."""
    raise_problems(
        schema_problems(located, located.data, table_schema()), "table", located.file, TableError
    )
    table, problems = model_problems(located, located.data, TableFile)
    raise_problems(problems, "table", located.file, TableError)
    assert table is not None
    raise_problems(card_problems(located, table), "table", located.file, TableError)
    return table


def load_table(path: Path) -> TableFile:
    """Read a table file (YAML or JSON; JSON is YAML) with file:line errors."""
    table = parse_table(load_yaml_file(path))
    if table.ruleset is None:
        return table
    return table.model_copy(update={"ruleset": resolve_ruleset_ref(table.ruleset, path)})
