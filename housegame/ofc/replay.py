"""Replaying a recorded hand: the log names the deal (a seed or the deck order) and every move.

Each move is checked by the same state machine a live hand uses, so a log
that replays is a legal hand; an illegal move is reported with the log's
``file:line``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from housegame.cards import Card, parse_cards
from housegame.errors import CardError, HousegameError
from housegame.ofc.deck import deck_from_text, shuffled_deck
from housegame.ofc.errors import OfcError
from housegame.ofc.hand import Hand, Move
from housegame.ofc.results import OfcTableResult
from housegame.rulesets.common import LANES, LaneName, Model
from housegame.rulesets.loader import load_ruleset, ruleset_in
from housegame.rulesets.ofc import OfcRuleset
from housegame.tables import CardText
from housegame.validation import validate_data
from housegame.yamlsource import Located, load_yaml_file


class LogMove(Model):
    """One player's move: cards added to each lane, and the cards discarded."""

    player: str
    front: CardText | None = None
    middle: CardText | None = None
    back: CardText | None = None
    discard: CardText | None = None


class HandLog(Model):
    ruleset: str = Field(description="Ruleset id or path; --ruleset overrides.")
    players: list[str] = Field(min_length=1, description="In seat order.")
    seed: int | None = Field(default=None, description="Deal from the seeded shuffle.")
    deck: CardText | None = Field(default=None, description="Or deal this order, top card first.")
    fantasyland: dict[str, int] = Field(
        default_factory=dict, description="Players in Fantasyland this hand -> cards they receive."
    )
    moves: list[LogMove] = Field(default_factory=list, description="Every move, in order.")

    @model_validator(mode="after")
    def _one_deal(self) -> HandLog:
        if (self.seed is None) == (self.deck is None):
            raise ValueError("give seed or deck (exactly one)")
        return self


@dataclass
class Replay:
    """A replayed hand: the log it came from, the finished hand and its settlement."""

    log: HandLog
    hand: Hand
    result: OfcTableResult

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.result.ruleset}
        out["seed" if self.log.seed is not None else "deck"] = (
            self.log.seed if self.log.seed is not None else format_deck(self.hand.deck)
        )
        out["moves"] = [
            {"player": p.player, "stage": p.stage + 1, **p.move.as_dict()}
            for p in self.hand.history
        ]
        out.update({k: v for k, v in self.result.as_dict().items() if k != "ruleset"})
        return out


def format_deck(deck: list[Card]) -> str:
    return " ".join(str(c) for c in deck)


def log_schema() -> dict[str, Any]:
    schema: dict[str, Any] = HandLog.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def load_log(path: Path) -> tuple[HandLog, Located]:
    located = load_yaml_file(path)
    try:
        log = validate_data(located, located.data, HandLog, log_schema(), "hand log", OfcError)
    except HousegameError as exc:
        raise OfcError(exc.message, exc.hint) from None
    return log, located


def _cards(text: CardText | None, where: str) -> list[Card]:
    if text is None:
        return []
    try:
        return parse_cards(text)
    except CardError as exc:
        raise OfcError(f"{where}: {exc.message}", exc.hint) from None


def move_of(entry: LogMove, where: str) -> Move:
    placed: dict[LaneName, list[Card]] = {}
    texts = {"front": entry.front, "middle": entry.middle, "back": entry.back}
    for lane in LANES:
        cards = _cards(texts[lane], f"{where} {lane}")
        if cards:
            placed[lane] = cards
    return Move(placed, _cards(entry.discard, f"{where} discard"))


def replay(
    log: HandLog, located: Located | None = None, ruleset: str | Path | None = None
) -> Replay:
    """Play every move of the log; the first illegal one stops the replay with its position."""
    own = ruleset_in(log.ruleset, located.file) if located is not None else log.ruleset
    rules = load_ruleset(ruleset if ruleset is not None else own, OfcRuleset)
    deck = shuffled_deck(log.seed) if log.seed is not None else deck_from_text(log.deck or "")
    hand = Hand(rules, log.players, deck, log.fantasyland)
    for i, entry in enumerate(log.moves):
        where = f"moves[{i}]"
        if located is not None:
            where = f"{located.position_of(('moves', i))}: {where}"
        stage = hand.stage + 1
        try:
            hand.play(entry.player, move_of(entry, where))
        except OfcError as exc:
            raise OfcError(f"{where} (stage {stage}): {exc.message}", exc.hint) from None
    if not hand.finished:
        raise OfcError(
            f"the log ends before the hand does: stage {hand.stage + 1}, {hand.to_act} to act",
            hint="add the remaining moves",
        )
    return Replay(log, hand, hand.result())


def replay_file(path: Path, ruleset: str | None = None) -> Replay:
    log, located = load_log(path)
    return replay(log, located, ruleset)


def to_log(hand: Hand, ruleset_ref: str, seed: int | None = None) -> dict[str, Any]:
    """A finished or partial hand as log data (YAML-ready), dealt by ``seed`` or by its deck."""
    out: dict[str, Any] = {"ruleset": ruleset_ref, "players": list(hand.order)}
    if seed is not None:
        out["seed"] = seed
    else:
        out["deck"] = format_deck(hand.deck)
    fantasyland = {b.name: b.fantasyland_cards for b in hand.boards.values() if b.fantasyland_cards}
    if fantasyland:
        out["fantasyland"] = fantasyland
    out["moves"] = [{"player": p.player, **p.move.as_dict()} for p in hand.history]
    return out
