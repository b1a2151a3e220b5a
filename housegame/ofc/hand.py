"""One OFC hand at a table as a state machine: deal by stages, accept legal moves, finish.

Deal order (so a seed or a written deck replays exactly): first every
Fantasyland player's whole hand, in seat order; then, at the start of each
stage, the stage's cards to every other player in seat order. Within a stage
players act in seat order; a Fantasyland player acts once, in the first stage,
setting all 13 cards and discarding the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from housegame.cards import Card, format_cards
from housegame.ofc.errors import OfcError
from housegame.ofc.results import OfcTableResult
from housegame.ofc.settle import make_seat, settle_table
from housegame.ofc.table import check_seats
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting


@dataclass(frozen=True)
class Move:
    """Cards a player adds to each lane this stage, and the cards discarded face down."""

    placed: Mapping[LaneName, Sequence[Card]]
    discarded: Sequence[Card] = ()

    @property
    def cards(self) -> list[Card]:
        return [c for lane in LANES for c in self.placed.get(lane, ())] + list(self.discarded)

    def as_dict(self) -> dict[str, str]:
        out: dict[str, str] = {
            lane: format_cards(self.placed.get(lane, ())) for lane in LANES if self.placed.get(lane)
        }
        if self.discarded:
            out["discard"] = format_cards(self.discarded)
        return out


@dataclass
class Board:
    """One player's cards: placed face up by lane, discarded, and dealt but not yet played."""

    name: str
    fantasyland_cards: int | None = None
    lanes: dict[LaneName, list[Card]] = field(default_factory=lambda: {lane: [] for lane in LANES})
    discards: list[Card] = field(default_factory=list)
    pending: list[Card] = field(default_factory=list)
    dealt: list[Card] = field(default_factory=list)

    @property
    def placed(self) -> list[Card]:
        return [c for lane in LANES for c in self.lanes[lane]]

    def lane_of(self, card: Card) -> LaneName | None:
        return next((lane for lane in LANES if card in self.lanes[lane]), None)

    def receive(self, cards: Sequence[Card]) -> None:
        self.pending = list(cards)
        self.dealt.extend(cards)


@dataclass(frozen=True)
class Played:
    player: str
    stage: int
    move: Move


class Hand:
    """A hand in progress; ``play`` applies one player's move or raises OfcError saying why not."""

    def __init__(
        self,
        ruleset: OfcRuleset,
        players: Sequence[str],
        deck: Sequence[Card],
        fantasyland: Mapping[str, int] | None = None,
    ) -> None:
        fantasyland = dict(fantasyland or {})
        check_seats(ruleset, len(players))
        if len(set(players)) != len(players):
            raise OfcError("player names must be unique: " + ", ".join(players))
        strangers = sorted(set(fantasyland) - set(players))
        if strangers:
            raise OfcError(f"Fantasyland names {', '.join(strangers)}, who is not at the table")
        if fantasyland and ruleset.fantasyland is None:
            raise OfcError(f"{ruleset.id} has no Fantasyland")
        for name, count in fantasyland.items():
            if not ruleset.lanes.total <= count:
                raise OfcError(
                    f"{name} cannot play Fantasyland with {count} cards; "
                    f"it takes at least {ruleset.lanes.total}"
                )
        need = sum(fantasyland.get(p, ruleset.cards_per_player()) for p in players)
        if need > len(deck):
            raise OfcError(f"this hand needs {need} cards but the deck has {len(deck)}")
        if len(set(deck)) != len(deck):
            raise OfcError("the deck holds a card twice")
        self.ruleset = ruleset
        self.boards = {p: Board(p, fantasyland.get(p)) for p in players}
        self.order = list(players)
        self.deck = list(deck)
        self.position = 0
        self.stage = 0
        self.acted: set[str] = set()
        self.history: list[Played] = []
        for board in self.boards.values():
            if board.fantasyland_cards is not None:
                board.receive(self._draw(board.fantasyland_cards))
        self._deal_stage()

    # ---- dealing and turns --------------------------------------------------------------

    def _draw(self, count: int) -> list[Card]:
        cards = self.deck[self.position : self.position + count]
        self.position += count
        return cards

    def _regular(self) -> list[Board]:
        return [self.boards[p] for p in self.order if self.boards[p].fantasyland_cards is None]

    def _deal_stage(self) -> None:
        for board in self._regular():
            board.receive(self._draw(self.ruleset.deal[self.stage].dealt))

    def _acts_this_stage(self, board: Board) -> bool:
        return board.fantasyland_cards is None or self.stage == 0

    @property
    def finished(self) -> bool:
        return self.stage >= len(self.ruleset.deal)

    @property
    def to_act(self) -> str | None:
        """Whose move it is, or None when the hand is over."""
        if self.finished:
            return None
        for name in self.order:
            if name not in self.acted and self._acts_this_stage(self.boards[name]):
                return name
        return None

    def expected(self, name: str) -> tuple[int, int]:
        """(cards to place, cards to discard) for this player's next move."""
        board = self.boards[name]
        if board.fantasyland_cards is not None:
            return self.ruleset.lanes.total, board.fantasyland_cards - self.ruleset.lanes.total
        stage = self.ruleset.deal[self.stage]
        return stage.placed, stage.discarded

    # ---- moves ------------------------------------------------------------------------

    def play(self, name: str, move: Move) -> None:
        """Apply a move after checking every rule; nothing changes when it is refused."""
        self._check(name, move)
        board = self.boards[name]
        for lane in LANES:
            board.lanes[lane].extend(move.placed.get(lane, ()))
        board.discards.extend(move.discarded)
        board.pending = []
        self.history.append(Played(name, self.stage, move))
        self.acted.add(name)
        if self.to_act is None:
            self.stage += 1
            self.acted = set()
            if not self.finished:
                self._deal_stage()

    def _check(self, name: str, move: Move) -> None:
        if self.finished:
            raise OfcError("the hand is over; no more moves")
        if name not in self.boards:
            raise OfcError(
                f"no player '{name}' at this table", hint="players: " + ", ".join(self.order)
            )
        turn = self.to_act
        if name != turn:
            raise OfcError(
                f"it is {turn}'s move, not {name}'s", hint="players act in seat order at each stage"
            )
        board = self.boards[name]
        cards = move.cards
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise OfcError(f"{name}: {card} appears twice in one move")
            seen.add(card)
            lane = board.lane_of(card)
            if lane is not None:
                raise OfcError(
                    f"{name}: {card} is already placed in your {lane}",
                    hint="placed cards never move",
                )
            if card not in board.pending:
                raise OfcError(
                    f"{name}: {card} was not dealt to you",
                    hint=f"your cards to play: {format_cards(board.pending)}",
                )
        self._check_counts(name, move)

    def _check_counts(self, name: str, move: Move) -> None:
        board = self.boards[name]
        place, discard = self.expected(name)
        placed = sum(len(move.placed.get(lane, ())) for lane in LANES)
        when = f"at stage {self.stage + 1}"
        if board.fantasyland_cards is not None:
            when = "in Fantasyland"
        if placed != place:
            raise OfcError(
                f"{name}: you placed {placed} cards; {when} you place {place}",
                hint=f"your cards: {format_cards(board.pending)}",
            )
        if len(move.discarded) != discard:
            raise OfcError(
                f"{name}: you discarded {len(move.discarded)} cards; {when} you discard {discard}"
            )
        for lane in LANES:
            adding = len(move.placed.get(lane, ()))
            room = self.ruleset.lanes.cap(lane) - len(board.lanes[lane])
            if adding > room:
                full = "is full" if room == 0 else f"has room for {room} more"
                raise OfcError(
                    f"{name}: your {lane} {full}; you add {adding}",
                    hint=f"a {lane} holds {self.ruleset.lanes.cap(lane)} cards",
                )

    # ---- the end ----------------------------------------------------------------------

    def setting(self, name: str) -> Setting:
        board = self.boards[name]
        return Setting.of(
            board.lanes["front"],
            board.lanes["middle"],
            board.lanes["back"],
            self.ruleset.ranking.rules(),
        )

    def result(self) -> OfcTableResult:
        """Fouls, lanes, royalties, scoops, payouts and next hand's Fantasyland, once finished."""
        if not self.finished:
            raise OfcError(
                f"the hand is not finished: stage {self.stage + 1}, {self.to_act} to act"
            )
        seats = [
            make_seat(
                self.ruleset,
                name,
                self.setting(name),
                in_fantasyland=board.fantasyland_cards is not None,
                discards=tuple(str(c) for c in board.discards),
            )
            for name, board in self.boards.items()
        ]
        return settle_table(self.ruleset, seats)
