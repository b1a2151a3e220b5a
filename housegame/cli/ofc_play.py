"""``housegame ofc play``: a session of hands against the bots, typed one line at a time.

A move may be typed in pieces (``back AS KS``, then ``front 7C discard 2H``); it is played
when every card is placed or discarded, and ``undo`` takes back the last piece until then.
A piece that makes a foul certain is refused once with a warning; typing it again plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import typer
import yaml

from housegame.cards import Card, format_cards
from housegame.cli.common import EXIT_BAD_INPUT, console, err_console, literal, signed_units
from housegame.cli.ofc_render import render_boards, render_result
from housegame.cli.safe import read_line
from housegame.inputs import write_text_atomic
from housegame.ofc.bot import best_move
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.errors import OfcError
from housegame.ofc.foul import certain_foul
from housegame.ofc.hand import Hand, Move
from housegame.ofc.moves import parse_move
from housegame.ofc.replay import load_log, play_log, to_log
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.resolve import resolve_ruleset

COMMANDS = """commands:
  LANE CARDS ...  place cards: back AS KS front 7C discard 2H (short: b AS KS f 7C x 2H);
                  a move may come in pieces, played once every card has a place
  undo            take back the last piece of this stage's move
  hint            the computer's move for you, and its value
  auto            play the computer's move for you
  help            this list
  quit            stop; the hand so far is saved (--save FILE, else ofc-SEED.yaml);
                  ofc play --resume FILE goes on from there"""


class Quit(Exception):
    """The player typed ``quit``."""


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


def _merge(pieces: list[Move]) -> Move:
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

    def add(self, line: str, piece: Move) -> None:
        """Add a piece; play the move once it is whole. Raises OfcError if not legal."""
        move = _merge([*self.pieces, piece])
        self._check_partial(move)
        reason = certain_foul(self.hand, self.name, move)
        if reason is not None and self.warned != line:
            self.warned = line
            raise OfcError(
                f"warning: this makes a foul certain ({reason})",
                hint="type the same move again to play it anyway",
            )
        self.warned = None
        place, discard = self.hand.expected(self.name)
        placed = sum(len(cards) for cards in move.placed.values())
        if placed == place and len(move.discarded) == discard:
            self.hand.play(self.name, move)
            self.pieces = []
        else:
            self.pieces.append(piece)

    def _check_partial(self, move: Move) -> None:
        board = self.hand.boards[self.name]
        place, discard = self.hand.expected(self.name)
        cards = move.cards
        strangers = [c for c in cards if c not in board.pending]
        if strangers:
            raise OfcError(f"{format_cards(strangers)} not in your hand")
        if len(set(cards)) != len(cards):
            raise OfcError("a card is used twice in this move")
        for lane in LANES:
            if len(board.lanes[lane]) + len(
                move.placed.get(lane, ())
            ) > self.hand.ruleset.lanes.cap(lane):
                raise OfcError(f"the {lane} has room for {self.hand.ruleset.lanes.cap(lane)}")
        placed = sum(len(c) for c in move.placed.values())
        if placed > place or len(move.discarded) > discard:
            raise OfcError(f"this stage places {place} and discards {discard}")

    def left(self) -> list[Card]:
        used = set(_merge(self.pieces).cards)
        return [c for c in self.hand.boards[self.name].pending if c not in used]


def read_turn(turn: Turn) -> None:
    """Prompt until the player's move for this stage is played."""
    hand, name = turn.hand, turn.name
    place, discard = hand.expected(name)
    console.print(
        f"\nyour cards: [bold]{format_cards(hand.boards[name].pending)}[/]"
        f"  place {place}, discard {discard}"
    )
    console.print(f"[dim]e.g. {example(hand, name)}   (help: commands)[/]")
    while hand.to_act == name:
        console.print("your move> ", end="")
        line = read_line()
        if not line:
            raise OfcError("input ended before the hand was finished", hint="type quit to stop")
        command = line.strip().lower()
        try:
            _command(turn, command, line)
        except OfcError as exc:
            console.print(f"[red]not legal:[/] {literal(exc, lines=True)}")


def _command(turn: Turn, command: str, line: str) -> None:
    if not command:
        return
    if command == "quit":
        raise Quit
    if command == "help":
        console.print(COMMANDS, markup=False)
    elif command == "undo":
        if not turn.pieces:
            console.print("nothing to undo in this stage")
        else:
            undone = turn.pieces.pop()
            console.print(f"took back {_shown(undone)}; left: {format_cards(turn.left())}")
    elif command in ("hint", "auto"):
        if turn.pieces:
            turn.pieces = []
            console.print("(pieces so far taken back)")
        move, value = best_move(turn.hand, turn.name, turn.seed)
        if command == "hint":
            console.print(f"hint: {_shown(move)}   (value {value:+.2f})")
        else:
            console.print(f"auto: {_shown(move)}")
            turn.hand.play(turn.name, move)
    else:
        turn.add(line.strip(), parse_move(line))
        if turn.pieces:
            console.print(
                f"so far: {_shown(_merge(turn.pieces))}; left: {format_cards(turn.left())}"
            )


def _shown(move: Move) -> str:
    return " ".join(f"{k} {v}" for k, v in move.as_dict().items())


@dataclass
class Session:
    """Hands in a row: running totals, Fantasyland carried from one hand to the next."""

    rules: OfcRuleset
    ruleset_ref: str
    players: list[str]
    you: str
    save: Path | None
    totals: dict[str, int] = field(default_factory=dict)
    fantasyland: dict[str, int] = field(default_factory=dict)

    def play(self, seed: int, hands: int, resumed: Hand | None = None) -> None:
        """``hands`` hands from ``seed`` on, the first one ``resumed`` if given."""
        self.totals = {p: 0 for p in self.players}
        for number in range(hands):
            hand_seed = seed + number
            if hands > 1:
                console.print(f"\n[bold]hand {number + 1} of {hands}[/]")
            if not self.play_hand(hand_seed, resumed if number == 0 else None):
                return

    def play_hand(self, seed: int, hand: Hand | None = None) -> bool:
        """One hand (``hand``: one already under way); False when the player quits."""
        if hand is None:
            hand = Hand(self.rules, self.players, shuffled_deck(seed), self.fantasyland)
        players = literal(", ".join(self.players))
        console.print(f"[bold]{literal(self.rules.name)}[/], seed {seed}: {players}")
        for name, cards in self.fantasyland.items():
            console.print(f"{literal(name)} plays Fantasyland with {cards} cards")
        shown_stage = -1
        try:
            while not hand.finished:
                if hand.stage != shown_stage:
                    shown_stage = hand.stage
                    console.print(f"\n[bold]stage {hand.stage + 1}[/]")
                    self._counts(hand)
                    render_boards(hand)
                who = hand.to_act
                assert who is not None
                if who == self.you:
                    read_turn(Turn(hand, who, seed))
                else:
                    move, _ = best_move(hand, who, seed)
                    hand.play(who, move)
                    placed = ", ".join(
                        f"{k} {v}" for k, v in move.as_dict().items() if k != "discard"
                    )
                    hidden = " and discards face down" if move.discarded else ""
                    console.print(f"{literal(who)} places {placed}{hidden}")
        except Quit:
            path = self._save(hand, seed, self.save or Path(f"ofc-{seed}.yaml"))
            console.print(f"\nstopped; the hand so far is saved in {literal(path)}")
            self._running()
            return False
        console.print("\n[bold]final boards[/]")
        render_boards(hand)
        console.print()
        result = hand.result()
        render_result(result)
        for name, units in result.totals.items():
            self.totals[name] += int(units)
        self.fantasyland = {
            s.name: s.next_hand.cards for s in result.seats if s.next_hand.cards is not None
        }
        self._running()
        if self.save is not None:
            self._save(hand, seed, self.save)
            console.print(f"log written to {literal(self.save)}")
        return True

    def _counts(self, hand: Hand) -> None:
        left = len(hand.ruleset.deal) - hand.stage
        console.print(f"[dim]{left} stage{'s' if left != 1 else ''} to go[/]")

    def _running(self) -> None:
        shown = literal(", ".join(f"{n} {signed_units(t)}" for n, t in self.totals.items()))
        console.print(f"\n[bold]running totals[/] {shown}")

    def _save(self, hand: Hand, seed: int, path: Path) -> Path:
        text = yaml.safe_dump(
            to_log(hand, self.ruleset_ref, seed), sort_keys=False, allow_unicode=True
        )
        save_log(path, text)
        return path


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


def save_log(path: Path, text: str) -> None:
    """Write the log whole or not at all; if the file cannot be written after all (checked
    before the hand, but the disk may have changed), the log goes to stdout so the hand is not
    lost, and the exit code is 2."""
    try:
        write_text_atomic(path, text)
    except OSError as exc:
        err_console.print(
            f"[bold red]error:[/] cannot write {literal(path)}: "
            f"{literal(exc.strerror or exc)}; the log follows on stdout",
            soft_wrap=True,
        )
        console.print(literal(text, lines=True), end="", soft_wrap=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
