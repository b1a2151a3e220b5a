"""Replaying a recorded game log (YAML) move by move, with ``file:line`` for a bad move.

A log names the ruleset, the players (2 to 4, as the ruleset's ``deal`` seats) with
their hands (or a ``seed`` to deal them), and the moves in order, each ``- NAME: CARDS``,
``- NAME: pass`` or ``- NAME: timeout``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from housegame.bigtwo.combos import cards_text
from housegame.bigtwo.engine import Game, Move
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.rules import load_rules
from housegame.bigtwo.settle import Settlement
from housegame.cards import parse_cards
from housegame.errors import HousegameError
from housegame.rulesets.bigtwo import MAX_PLAYERS
from housegame.rulesets.common import Model
from housegame.rulesets.loader import ruleset_in
from housegame.validation import validate_data
from housegame.yamlsource import Located, load_yaml_file

CardText = str | list[str]


class LogPlayer(Model):
    name: str = Field(min_length=1)
    hand: CardText | None = Field(
        default=None,
        description="The cards dealt (13 in a four-player deal; as the ruleset's `deal` says "
        "for the number of players); omit for every player to deal from seed.",
    )


class GameLog(Model):
    """A recorded Big Two game."""

    ruleset: str | None = Field(
        default=None, description="Ruleset id or path (default maceplay-big-two)."
    )
    seed: int | None = Field(
        default=None, description="Deal from this seed when no hands are given."
    )
    players: list[LogPlayer] = Field(
        min_length=2,
        max_length=MAX_PLAYERS,
        description="The players in seat order: as many as one of the ruleset's deals seats.",
    )
    moves: list[dict[str, str]] = Field(
        description="In order: {NAME: CARDS}, {NAME: pass} or {NAME: timeout}.",
        json_schema_extra={
            "items": {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "additionalProperties": {"type": "string"},
            }
        },
    )

    @model_validator(mode="after")
    def _hands_or_seed(self) -> GameLog:
        names = [p.name for p in self.players]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"player names must be unique: {', '.join(dupes)}")
        given = [p.hand is not None for p in self.players]
        if any(given) and not all(given):
            raise ValueError("give every player's hand, or none of them and a seed")
        if not any(given) and self.seed is None:
            raise ValueError("give the players' hands, or a seed to deal them")
        return self


@dataclass(frozen=True)
class Replay:
    """A validated game: its moves in order and the settlement."""

    game: Game
    settlement: Settlement

    @property
    def moves(self) -> list[Move]:
        return self.game.moves

    def as_dict(self) -> dict[str, Any]:
        return {**self.settlement.as_dict(), "moves": len(self.game.moves)}


def log_schema() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "housegame Big Two game log",
        **GameLog.model_json_schema(),
    }


def _apply(game: Game, name: str, text: str) -> Move:
    if name not in game.names:
        raise BigTwoError(
            f"no player '{name}' at this table", hint="players: " + ", ".join(game.names)
        )
    if name != game.current:
        raise BigTwoError(f"it is {game.current}'s turn, not {name}'s")
    word = text.strip().lower()
    if word == "pass":
        return game.pass_turn()
    if word == "timeout":
        return game.timeout()
    return game.play(parse_cards(text))


def replay_located(located: Located, ruleset: str | Path | None = None) -> Replay:
    """Check a parsed log move by move; errors name the move's file:line."""
    log = validate_data(located, located.data, GameLog, log_schema(), "game log", BigTwoError)
    rules = load_rules(ruleset if ruleset is not None else ruleset_in(log.ruleset, located.file))
    names = [p.name for p in log.players]
    try:
        if log.players[0].hand is None:
            game = Game.deal(rules, log.seed or 0, names)
        else:
            game = Game(
                rules, {p.name: parse_cards(p.hand) for p in log.players if p.hand is not None}
            )
    except HousegameError as exc:
        raise BigTwoError(
            f"{located.position_of(('players',))}: players: {exc.message}", exc.hint
        ) from None
    for i, entry in enumerate(log.moves):
        ((name, text),) = entry.items()
        where = f"{located.position_of(('moves', i))}: move {i + 1} ({name}: {text})"
        if game.over:
            raise BigTwoError(
                f"{where}: the game already ended when {game.current} went out",
                hint="remove the moves after the last card is played",
            )
        try:
            _apply(game, name, text)
        except HousegameError as exc:
            raise BigTwoError(f"{where}: {exc.message}", exc.hint) from None
    if not game.over:
        left = ", ".join(f"{n} {c}" for n, c in game.cards_left().items())
        raise BigTwoError(
            f"{located.file}: the log ends before anyone is out (cards left: {left})",
            hint=f"the next move is {game.current}'s",
        )
    return Replay(game, game.settlement())


def replay_file(path: Path, ruleset: str | Path | None = None) -> Replay:
    """Replay a YAML game log; ``ruleset`` overrides the log's own."""
    return replay_located(load_yaml_file(path), ruleset)


def log_data(game: Game) -> dict[str, Any]:
    """A game as log data (hands as dealt, then every move), ready to dump as YAML."""
    dealt = {name: set(hand) for name, hand in zip(game.names, game.hands)}
    for move in game.moves:
        if move.play is not None:
            dealt[move.player] |= set(move.play.cards)
    return {
        "ruleset": game.rules.id,
        "players": [{"name": n, "hand": cards_text(game.rules.sort(dealt[n]))} for n in game.names],
        "moves": [
            {m.player: cards_text(m.play.cards) if m.play is not None else "pass"}
            for m in game.moves
        ],
    }
