"""A hand played against the bots, shared by ``housegame ofc play`` and the web table.

``Turn`` takes the player's move for one stage, whole or in pieces, refusing an illegal piece
with the engine's reason (in English and Chinese) and a piece that makes a foul certain once,
with a warning: the same piece again plays it. ``Table`` is one hand at a table: the bots'
moves, the player's turn, hints and the log that ``housegame ofc replay`` reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from housegame.cards import Card, format_cards
from housegame.glossary import LANGS, Lang, Phrase, hand_words, refusal, say, term
from housegame.ofc.bot_names import BotName
from housegame.ofc.bots import bot, hint
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.errors import OfcError
from housegame.ofc.foul import foul_risk
from housegame.ofc.hand import Hand, Move, Played
from housegame.ofc.moves import move_text
from housegame.ofc.replay import load_log, play_log, to_log
from housegame.ofc.results import OfcTableResult
from housegame.ofc.trainer import StreetAdvice, advise
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.resolve import resolve_ruleset

__all__ = [
    "Table",
    "Turn",
    "example",
    "log_text",
    "merge_pieces",
    "move_text",
    "next_fantasyland",
    "resume",
]

WORDS: dict[str, Phrase] = {
    "foul-warning": (
        "warning: this makes a foul certain ({en})",
        "警告: 这样一定倒水 ({zh})",
    ),
    "foul-reason": (
        "{upper} will be at least {weakest}, {lower} at best {strongest}",
        "{upper}至少是 {weakest}, {lower}最多是 {strongest}",
    ),
    "foul-hint": ("type the same move again to play it anyway", "再输入一次同样的一步就照样打出"),
    "strangers": ("{cards} not in your hand", "{cards} 不在你的手牌里"),
    "twice": ("a card is used twice in this move", "这一步里有一张牌用了两次"),
    "room": ("the {lane} has room for {cap}", "{zh}只能放 {cap} 张"),
    "counts": (
        "this stage places {place} and discards {discard}",
        "本轮放 {place} 张, 弃 {discard} 张",
    ),
    "not-yours": ("it is {who}'s move, not yours", "现在轮到 {who}, 不是你"),
    "over": ("the hand is over; no more moves", "这一手已经结束, 不能再走"),
}
"""The player's mistakes, in English and Chinese (terms come from the glossary)."""


def example(hand: Hand, name: str) -> str:
    """A move made of the player's own cards: the first cards to the back, middle, front as
    they fit, the last ones discarded."""
    board = hand.boards[name]
    place, discard = hand.expected(name)
    cards = list(board.pending)
    parts = []
    for lane in reversed(LANES):
        room = hand.ruleset.lanes.cap(lane) - len(board.lanes[lane])
        take, cards = cards[: min(room, place)], cards[min(room, place) :]
        place -= len(take)
        if take:
            parts.append(f"{lane} {format_cards(take)}")
    if discard:
        parts.append(f"discard {format_cards(cards[:discard])}")
    return " ".join(parts)


def merge_pieces(pieces: list[Move]) -> Move:
    """The pieces typed so far as one move."""
    placed = {lane: [c for p in pieces for c in p.placed.get(lane, ())] for lane in LANES}
    return Move({k: v for k, v in placed.items() if v}, [c for p in pieces for c in p.discarded])


@dataclass
class Turn:
    """One player's move this stage, piece by piece."""

    hand: Hand
    name: str
    seed: int
    pieces: list[Move] = field(default_factory=list)
    warned: str | None = None
    lang: Lang = "en"
    bot: BotName = "basic"
    """Who gives the hint and plays ``auto``."""
    trainer: bool = False
    """Value every move played against the search bot's choices (``advice``)."""
    advice: list[StreetAdvice] = field(default_factory=list)

    def add(self, line: str, piece: Move, whole: bool = False) -> None:
        """Add a piece (``line``: how it was written); play the move once it is whole. Raises
        OfcError if not legal, or once with a warning if it makes a foul certain; with
        ``whole``, also if it is not the whole move."""
        move = merge_pieces([*self.pieces, piece])
        self._check_partial(move)
        place, discard = self.hand.expected(self.name)
        placed = sum(len(cards) for cards in move.placed.values())
        complete = placed == place and len(move.discarded) == discard
        if whole and not complete:
            raise refusal(OfcError, WORDS["counts"], place=place, discard=discard)
        risk = foul_risk(self.hand, self.name, move)
        if risk is not None and self.warned != line:
            self.warned = line
            reason = {
                lang: say(
                    lang,
                    WORDS["foul-reason"],
                    upper=term(risk.upper, lang),
                    weakest=hand_words(risk.weakest, lang),
                    lower=term(risk.lower, lang),
                    strongest=hand_words(risk.strongest, lang),
                )
                for lang in LANGS
            }
            raise refusal(
                OfcError,
                WORDS["foul-warning"],
                WORDS["foul-hint"],
                en=reason["en"],
                zh=reason["zh"],
            )
        self.warned = None
        if complete:
            self._play(move)
            self.pieces = []
        else:
            self.pieces.append(piece)

    def _play(self, move: Move) -> None:
        """Play a whole move; with the trainer on, keep its advice (only once it is played)."""
        advice = advise(self.hand, self.name, self.seed, move) if self.trainer else None
        self.hand.play(self.name, move)
        if advice is not None:
            self.advice.append(advice)

    def check_turn(self) -> None:
        """Refuse a move or a hint when it is not this player's move."""
        if self.hand.finished:
            raise refusal(OfcError, WORDS["over"])
        if self.hand.to_act != self.name:
            raise refusal(OfcError, WORDS["not-yours"], who=self.hand.to_act)

    def _check_partial(self, move: Move) -> None:
        self.check_turn()
        board = self.hand.boards[self.name]
        place, discard = self.hand.expected(self.name)
        cards = move.cards
        strangers = [c for c in cards if c not in board.pending]
        if strangers:
            raise refusal(OfcError, WORDS["strangers"], cards=format_cards(strangers))
        if len(set(cards)) != len(cards):
            raise refusal(OfcError, WORDS["twice"])
        for lane in LANES:
            cap = self.hand.ruleset.lanes.cap(lane)
            if len(board.lanes[lane]) + len(move.placed.get(lane, ())) > cap:
                raise refusal(OfcError, WORDS["room"], lane=lane, zh=term(lane, "zh"), cap=cap)
        placed = sum(len(c) for c in move.placed.values())
        if placed > place or len(move.discarded) > discard:
            raise refusal(OfcError, WORDS["counts"], place=place, discard=discard)

    def undo(self) -> Move | None:
        """Take back the last piece of this stage's move (None when there is none)."""
        return self.pieces.pop() if self.pieces else None

    def hint(self) -> tuple[Move, float]:
        """The bot's move for this player now and its value; pieces typed so far are dropped
        (the hint is a whole move)."""
        self.check_turn()
        self.pieces = []
        return hint(self.bot)(self.hand, self.name, self.seed)

    def auto(self) -> Move:
        """Play the hinted move."""
        move, _ = self.hint()
        self._play(move)
        return move

    def left(self) -> list[Card]:
        """The player's cards not yet in a piece."""
        used = set(merge_pieces(self.pieces).cards)
        return [c for c in self.hand.boards[self.name].pending if c not in used]


def next_fantasyland(result: OfcTableResult) -> dict[str, int]:
    """Who plays the next hand in Fantasyland, and with how many cards."""
    return {s.name: s.next_hand.cards for s in result.seats if s.next_hand.cards is not None}


def log_text(hand: Hand, ruleset_ref: str, seed: int | None) -> str:
    """The hand so far as the YAML log ``housegame ofc replay`` reads (a finished hand replays;
    an unfinished one resumes with ``ofc play --resume``)."""
    return yaml.safe_dump(to_log(hand, ruleset_ref, seed), sort_keys=False, allow_unicode=True)


def resume(path: Path, name: str) -> tuple[OfcRuleset, str, int, Hand]:
    """A hand saved by ``quit``: its ruleset, reference and seed, and the hand so far."""
    log, located = load_log(path)
    rules = resolve_ruleset(log.ruleset, OfcRuleset)
    if log.seed is None:
        raise OfcError(f"{path}: a saved game to resume has a seed", hint="save it with ofc play")
    if name not in log.players:
        raise OfcError(
            f"{path}: '{name}' is not at this table ({', '.join(log.players)})",
            hint="pass --name with your name in the log",
        )
    return rules, log.ruleset, log.seed, play_log(log, located, rules)


class Table:
    """One hand: you against the bots, dealt by ``seed``; every seat but yours is a bot
    (``bot`` names which, and gives your hints). ``totals`` are the running totals of the hands
    before this one; with ``trainer``, each move you play is valued (``turn.advice``)."""

    def __init__(
        self,
        rules: OfcRuleset,
        ruleset_ref: str,
        players: list[str],
        you: str,
        seed: int,
        hand: Hand | None = None,
        fantasyland: dict[str, int] | None = None,
        totals: dict[str, int] | None = None,
        number: int = 1,
        bot: BotName = "basic",
        trainer: bool = False,
    ) -> None:
        self.rules = rules
        self.ruleset_ref = ruleset_ref
        self.you = you
        self.seed = seed
        self.bot = bot
        self.trainer = trainer
        self.hand = hand or Hand(rules, players, shuffled_deck(seed), fantasyland)
        self.turn = Turn(self.hand, you, seed, bot=bot, trainer=trainer)
        self.totals = totals or dict.fromkeys(self.hand.order, 0)
        self.number = number

    @property
    def your_move(self) -> bool:
        return self.hand.to_act == self.you

    def bot_move(self) -> Played:
        """The bot whose move it is plays it (its placements face up, its discard hidden)."""
        who = self.hand.to_act
        assert who is not None and who != self.you
        self.hand.play(who, bot(self.bot)(self.hand, who, self.seed))
        return self.hand.history[-1]

    def bots_play(self) -> list[Played]:
        """The bots' moves until it is your move or the hand is over."""
        played = []
        while not self.hand.finished and not self.your_move:
            played.append(self.bot_move())
        return played

    def play(self, line: str, move: Move, whole: bool = False) -> None:
        """Your move (or a piece of it), as ``Turn.add``."""
        self.turn.add(line, move, whole)

    def hint(self) -> tuple[Move, float]:
        return self.turn.hint()

    def auto(self) -> Move:
        return self.turn.auto()

    def next_hand(self) -> Table:
        """The next hand of the session: the next seed, the Fantasyland this hand earned, the
        totals with this hand's added (OfcError while this hand is not finished)."""
        result = self.hand.result()
        totals = {name: self.totals[name] + int(units) for name, units in result.totals.items()}
        return Table(
            self.rules,
            self.ruleset_ref,
            list(self.hand.order),
            self.you,
            self.seed + 1,
            fantasyland=next_fantasyland(result),
            totals=totals,
            number=self.number + 1,
            bot=self.bot,
            trainer=self.trainer,
        )

    def log(self) -> dict[str, Any]:
        return to_log(self.hand, self.ruleset_ref, self.seed)

    def log_text(self) -> str:
        return log_text(self.hand, self.ruleset_ref, self.seed)
