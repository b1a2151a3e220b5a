"""A session of 13-card hands as a log, and replaying it.

The log names the ruleset, the players in seat order and the first hand's seed (hand N is
dealt by ``seed + N - 1``); each hand records every seat's choice: its lanes, a declared
special hand or a surrender. Replaying deals each hand again, checks that every seat set
exactly the cards it was dealt, and scores the hand with the same seating and settlement as
``housegame score``, so a log that replays is a session played by the rules; running totals
add up hand by hand. No arranger is needed: the log holds every choice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from housegame.cards import STANDARD_DECK, Card, Deck, format_cards, parse_cards
from housegame.errors import CardError, HousegameError, PathError, TableError
from housegame.inputs import MAX_SEED
from housegame.jsonsafe import number_map
from housegame.rulesets.common import HAND_CARDS, LANES, Model, require_unique
from housegame.rulesets.loader import load_ruleset, ruleset_in
from housegame.rulesets.thirteen import MAX_SEATS, ThirteenCardRuleset
from housegame.tables import CardText, PlayerEntry, TableFile
from housegame.thirteen.results import TableResult
from housegame.thirteen.seating import resolve_banker, seat_table
from housegame.thirteen.settle import settle_table
from housegame.validation import validate_data
from housegame.yamlsource import Located, load_yaml_file

__all__ = [
    "HandReplay",
    "LogHand",
    "LogSeat",
    "SessionLog",
    "SessionReplay",
    "deal_hands",
    "load_log",
    "log_schema",
    "read_log",
    "replay",
    "replay_file",
    "score_hand",
    "skill_of",
]


class LogSeat(Model):
    """One seat's choice in a hand: its lanes, a special hand declared, or a surrender."""

    name: str = Field(min_length=1)
    front: CardText | None = Field(default=None, description="The front's 3 cards.")
    middle: CardText | None = Field(default=None, description="The middle's 5 cards.")
    back: CardText | None = Field(default=None, description="The back's 5 cards.")
    declare: str | None = Field(
        default=None, description="The special hand declared (its id), with or without lanes."
    )
    surrender: bool = Field(default=False, description="Surrendered before the showdown.")
    timed_out: bool = Field(
        default=False, description="The timer ran out and the arranger set the hand."
    )

    @model_validator(mode="after")
    def _one_choice(self) -> LogSeat:
        lanes = [self.front, self.middle, self.back]
        if any(x is not None for x in lanes) and any(x is None for x in lanes):
            missing = [lane for lane, x in zip(LANES, lanes) if x is None]
            raise PathError((), f"seat '{self.name}': missing {', '.join(missing)}")
        if lanes[0] is None and self.declare is None and not self.surrender:
            raise PathError(
                (),
                f"seat '{self.name}' sets no lanes, declares nothing and does not surrender",
                "give front/middle/back, declare: ID or surrender: true",
            )
        return self

    @property
    def has_lanes(self) -> bool:
        return self.front is not None


class LogHand(Model):
    """One hand: the banker (in banker games) and every seat, in seat order."""

    banker: str | None = Field(default=None, description="The banker's name, in banker games.")
    seats: list[LogSeat] = Field(min_length=2, description="Every seat, in the players' order.")
    best: LogSeat | None = Field(
        default=None,
        description="The trainer's best choice for the first seat's cards (``housegame "
        "play``): what the session's skill score compares its result with.",
    )


class SessionLog(Model):
    """A session of 13-card hands against the bots (``housegame play``)."""

    ruleset: str = Field(description="Ruleset id or path; --ruleset overrides.")
    players: list[str] = Field(
        min_length=2,
        max_length=MAX_SEATS,
        description="In seat order, as many as the ruleset seats.",
    )
    seed: int = Field(ge=0, le=MAX_SEED, description="Hand N is dealt by seed + N - 1.")
    hands: list[LogHand] = Field(default_factory=list, description="Every finished hand.")

    @model_validator(mode="after")
    def _seats_are_the_players(self) -> SessionLog:
        require_unique(self.players, "players")
        for i, hand in enumerate(self.hands):
            names = [seat.name for seat in hand.seats]
            if names != self.players:
                raise PathError(
                    ("hands", i, "seats"),
                    f"hand {i + 1} seats {', '.join(names)}",
                    "the seats are the players, in their order: " + ", ".join(self.players),
                )
            if hand.best is not None and hand.best.name != self.players[0]:
                raise PathError(
                    ("hands", i, "best", "name"),
                    f"hand {i + 1}'s best choice is for '{hand.best.name}'",
                    f"it is the first seat's: {self.players[0]}",
                )
        return self


def log_schema() -> dict[str, Any]:
    schema: dict[str, Any] = SessionLog.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def deal_hands(seed: int, seats: int, deck: Deck = STANDARD_DECK) -> list[list[Card]]:
    """13 cards to each seat from the deck ``random.Random(seed)`` shuffles, seat by seat."""
    cards = deck.shuffled(seed)
    return [cards[i * HAND_CARDS : (i + 1) * HAND_CARDS] for i in range(seats)]


def _entry(seat: LogSeat, dealt: list[Card], deck: Deck) -> PlayerEntry:
    """The seat as a table's player, its lanes checked to be the cards it was dealt."""
    if not seat.has_lanes:
        return PlayerEntry(
            name=seat.name,
            cards=[str(c) for c in dealt],
            declare=seat.declare or "none",
            surrender=seat.surrender,
        )
    try:
        lanes = {lane: parse_cards(getattr(seat, lane), deck) for lane in LANES}
    except CardError as exc:
        raise TableError(f"seat '{seat.name}': {exc.message}", exc.hint) from None
    held = [c for cards in lanes.values() for c in cards]
    missing, strangers = Counter(dealt) - Counter(held), Counter(held) - Counter(dealt)
    if missing or strangers or len(held) != HAND_CARDS:
        parts = [f"not dealt {format_cards(strangers.elements())}"] if strangers else []
        parts += [f"missing {format_cards(missing.elements())}"] if missing else []
        raise TableError(
            f"seat '{seat.name}' does not set the 13 cards it was dealt"
            + (f" ({'; '.join(parts)})" if parts else ""),
            hint="dealt: " + format_cards(dealt),
        )
    return PlayerEntry(
        name=seat.name,
        front=[str(c) for c in lanes["front"]],
        middle=[str(c) for c in lanes["middle"]],
        back=[str(c) for c in lanes["back"]],
        declare=seat.declare or "none",
        surrender=seat.surrender,
    )


def score_hand(
    rules: ThirteenCardRuleset, players: list[str], seed: int, hand: LogHand
) -> TableResult:
    """Deal the hand by ``seed`` from the ruleset's deck, seat every choice as the ruleset
    says and settle it; a seat count the ruleset does not seat is refused before the deal."""
    seats = rules.table.seats
    if not seats.holds(len(players)):
        raise TableError(
            f"{rules.id} seats {seats.min}-{seats.max} players, the log has {len(players)}",
            hint=f"replay it under a ruleset that seats {len(players)} (--ruleset); "
            f"{rules.id}'s deck has {rules.deck.size} cards, 13 a seat",
        )
    deck = rules.deck.deck()
    dealt = deal_hands(seed, len(players), deck)
    entries = [_entry(seat, cards, deck) for seat, cards in zip(hand.seats, dealt)]
    table = TableFile(ruleset=rules.id, banker=hand.banker, players=entries)
    banker = resolve_banker(rules, table, None)
    return settle_table(rules, seat_table(rules, table), banker)


def skill_of(
    rules: ThirteenCardRuleset, players: list[str], seed: int, hand: LogHand, result: TableResult
) -> Fraction | None:
    """The first seat's skill in a hand: its result less what the hand's ``best`` choice
    would have made against the same seats, both settled by the scorer (None: no best)."""
    if hand.best is None:
        return None
    you = players[0]
    instead = hand.model_copy(update={"seats": [hand.best, *hand.seats[1:]], "best": None})
    return result.totals[you] - score_hand(rules, players, seed, instead).totals[you]


@dataclass(frozen=True)
class HandReplay:
    """A replayed hand: its number, seed, the log's record of it and its settlement."""

    number: int
    seed: int
    hand: LogHand
    result: TableResult


@dataclass(frozen=True)
class SessionReplay:
    log: SessionLog
    hands: list[HandReplay]

    @property
    def totals(self) -> dict[str, Fraction]:
        """Each player's running total over the hands."""
        totals = {name: Fraction(0) for name in self.log.players}
        for done in self.hands:
            for name, units in done.result.totals.items():
                totals[name] += units
        return totals

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.log.ruleset,
            "players": self.log.players,
            "hands": [
                {
                    "hand": done.number,
                    "seed": done.seed,
                    "timed_out": [s.name for s in done.hand.seats if s.timed_out],
                    **done.result.as_dict(),
                }
                for done in self.hands
            ],
            **number_map("totals", self.totals),
        }


def read_log(located: Located) -> SessionLog:
    """The log in a YAML document, or every problem in it with its line."""
    return validate_data(located, located.data, SessionLog, log_schema(), "session log", TableError)


def load_log(path: Path) -> tuple[SessionLog, Located]:
    located = load_yaml_file(path)
    return read_log(located), located


def replay(
    log: SessionLog, located: Located | None = None, ruleset: str | Path | None = None
) -> SessionReplay:
    """Score every hand of the log; the first that breaks the rules stops the replay with its
    position (``file:line: hands[N]``)."""
    if ruleset is None:  # the log's own, read relative to it (an override is not)
        ruleset = ruleset_in(log.ruleset, located.file) if located is not None else log.ruleset
    rules = load_ruleset(ruleset, ThirteenCardRuleset)
    done = []
    for i, hand in enumerate(log.hands):
        where = f"hands[{i}]"
        if located is not None:
            where = f"{located.position_of(('hands', i))}: {where}"
        seed = log.seed + i
        try:
            result = score_hand(rules, log.players, seed, hand)
        except HousegameError as exc:
            raise TableError(f"{where} (hand {i + 1}): {exc.message}", exc.hint) from None
        done.append(HandReplay(i + 1, seed, hand, result))
    return SessionReplay(log, done)


def replay_file(path: Path, ruleset: str | Path | None = None) -> SessionReplay:
    log, located = load_log(path)
    return replay(log, located, ruleset)
