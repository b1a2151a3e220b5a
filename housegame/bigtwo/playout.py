"""Fast playouts for the search bot: the baseline computer player's game, on bitmasks.

A playout plays a game to its end from a position where every hand is known (one
determinisation), every seat following the baseline policy of ``bots.computer_move``: lead
the lowest card in the largest play that holds it, follow with the weakest play that beats the
table (the same family first), else pass. A hand is a 52-bit mask and each seat's plays are
listed once (``PlayIndex.plays_of``: ``moves.all_plays`` of its hand, weakest first): a play
stays available while all its cards are in the hand, so the list is filtered, never rebuilt.
The engine (``engine.Game`` driven by ``bots.computer_move``, or ``bots.careful_choice`` for
the searching seat) is the oracle: the tests play both from the same positions and compare
every move and the settlement.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from housegame.bigtwo.combos import FAMILIES, Combo, classify
from housegame.bigtwo.engine import Game
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.moves import candidate_groups, order_key
from housegame.bigtwo.rules import Rules
from housegame.bigtwo.settle import net_points
from housegame.cards import DECK, Card


@dataclass(frozen=True)
class FastPlay:
    """A play with what the playout needs precomputed: its cards as a mask, family index,
    strength, and whether it is a bomb or may be bombed (``rules.bombs``)."""

    combo: Combo
    order: tuple[int, tuple[int, ...], tuple[int, ...]]
    """``moves.order_key``: weakest first."""
    mask: int
    size: int
    family: int
    strength: tuple[int, ...]
    bomb: bool
    bombable: bool


def card_mask(cards: Collection[Card]) -> int:
    """Cards as a 52-bit mask (bit ``card.index``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_cards(mask: int) -> list[Card]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return cards


class PlayIndex:
    """One ruleset's plays as ``FastPlay``, each made once, and its cards in single order."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.by_power = sorted(range(52), key=lambda i: rules.card_power[i])
        """Card indices, weakest single first."""
        self._plays: dict[int, FastPlay | None] = {}
        """Every group of cards met so far: its play, or None for a group that is no play."""
        self._hands: dict[int, list[FastPlay]] = {}

    def of(self, combo: Combo) -> FastPlay:
        mask = card_mask(combo.cards)
        found = self._plays.get(mask)
        if found is None:
            bombs = self.rules.ruleset.bombs
            found = FastPlay(
                combo,
                order_key(combo),
                mask,
                len(combo.cards),
                FAMILIES.index(combo.family),
                combo.strength,
                combo.kind in bombs.kinds,
                combo.kind in bombs.beat,
            )
            self._plays[mask] = found
        return found

    def group(self, cards: tuple[Card, ...]) -> FastPlay | None:
        """The play these cards make (None: none), classified once per ``PlayIndex``."""
        mask = card_mask(cards)
        if mask in self._plays:
            return self._plays[mask]
        try:
            return self.of(classify(cards, self.rules))
        except BigTwoError:
            self._plays[mask] = None
            return None

    def plays_of(self, hand: Collection[Card], keep: bool = False) -> list[FastPlay]:
        """``moves.all_plays`` of the hand (its oracle), each group classified only the first
        time it is met; ``keep`` remembers the list (for a hand met again, as the searching
        player's own across determinisations)."""
        mask = card_mask(hand)
        found = self._hands.get(mask)
        if found is None:
            plays = {
                p.mask: p for g in candidate_groups(list(hand), self.rules) if (p := self.group(g))
            }
            found = sorted(plays.values(), key=lambda p: p.order)
            if keep:
                if len(self._hands) >= 256:
                    self._hands.clear()
                self._hands[mask] = found
        return found

    def lowest(self, hand: int) -> int:
        return next(i for i in self.by_power if hand >> i & 1)

    def highest(self, hand: int) -> int:
        return next(i for i in reversed(self.by_power) if hand >> i & 1)


def fast_beats(play: FastPlay, table: FastPlay) -> bool:
    """``combos.beats`` on precomputed fields."""
    if play.family != table.family:
        return play.bomb and table.bombable
    return play.strength > table.strength


@dataclass
class Position:
    """A game's state with every hand known: the engine's fields as masks and seat numbers."""

    hands: list[int]
    plays: list[list[FastPlay]]
    turn: int
    table: FastPlay | None = None
    owner: int = -1
    passes: int = 0
    passed: int = 0
    did_not_top: int = 0
    must_contain: int = -1
    pass_is_final: bool = False
    winner: int = -1
    record: list[FastPlay | None] | None = field(default=None, repr=False)
    """When a list, every move is appended (None for a pass): for the oracle tests."""

    def copy(self) -> Position:
        return Position(
            list(self.hands),
            self.plays,
            self.turn,
            self.table,
            self.owner,
            self.passes,
            self.passed,
            self.did_not_top,
            self.must_contain,
            self.pass_is_final,
            self.winner,
            None if self.record is None else list(self.record),
        )


def position_of(game: Game, hands: Sequence[Collection[Card]], index: PlayIndex) -> Position:
    """The game's trick state with these hands (the real ones, or a determinisation)."""
    lead = game.must_contain
    own = game.turn
    return Position(
        hands=[card_mask(h) for h in hands],
        plays=[index.plays_of(h, keep=seat == own) for seat, h in enumerate(hands)],
        turn=game.turn,
        table=index.of(game.table) if game.table is not None else None,
        owner=game.table_owner if game.table_owner is not None else -1,
        passes=game.passes,
        passed=sum(1 << s for s in game.passed),
        did_not_top=sum(1 << s for s in game.did_not_top),
        must_contain=lead.index if lead is not None else -1,
        pass_is_final=game.rules.ruleset.trick.pass_is_final,
    )


def baseline_choice(pos: Position, index: PlayIndex) -> FastPlay | None:
    """What ``bots.computer_move`` plays here (None: pass)."""
    seat = pos.turn
    hand = pos.hands[seat]
    if pos.table is None:
        low = pos.must_contain if pos.must_contain >= 0 else index.lowest(hand)
        bit = 1 << low
        best: FastPlay | None = None
        for p in pos.plays[seat]:
            if p.mask & bit and p.mask & hand == p.mask and (best is None or p.size > best.size):
                best = p
        return best
    if pos.pass_is_final and pos.passed >> seat & 1:
        return None
    table = pos.table
    other: FastPlay | None = None
    for p in pos.plays[seat]:
        if p.mask & hand == p.mask and fast_beats(p, table):
            if p.family == table.family:
                return p
            if other is None:
                other = p
    return other


def rank_count(hand: int, card: int) -> int:
    """How many cards of ``card``'s rank the hand holds (a rank is 4 adjacent bits)."""
    return (hand >> (card & ~3) & 0xF).bit_count()


def careful_choice(pos: Position, index: PlayIndex) -> FastPlay | None:
    """``bots.careful_choice``: the baseline, except that a single follows with a card that
    breaks no pair or triple when one beats the table, and that with the next player on one
    card a single is the strongest card in hand (頂大) and a lead is a several-card play."""
    seat = pos.turn
    hand = pos.hands[seat]
    next_one = pos.hands[(seat + 1) % len(pos.hands)].bit_count() == 1
    choice = baseline_choice(pos, index)
    if choice is None or choice.family != 0:
        return choice
    if next_one:
        top = 1 << index.highest(hand)
        if pos.table is None and pos.must_contain < 0:
            for p in pos.plays[seat]:
                if p.family != 0 and p.mask & hand == p.mask:
                    return p
        for p in pos.plays[seat]:
            if p.mask == top and (pos.table is None or fast_beats(p, pos.table)):
                return p
        return choice
    if pos.table is None:
        return choice
    for p in pos.plays[seat]:
        if (
            p.family == 0
            and p.mask & hand == p.mask
            and fast_beats(p, pos.table)
            and rank_count(hand, p.mask.bit_length() - 1) == 1
        ):
            return p
    return choice


def apply(pos: Position, play: FastPlay | None, index: PlayIndex) -> None:
    """One move, as ``Game.play`` / ``Game.pass_turn`` make it (no legality checks: the
    moves come from the plays listed for the hand)."""
    seat = pos.turn
    bit = 1 << seat
    if pos.record is not None:
        pos.record.append(play)
    seats = len(pos.hands)
    if play is None:
        pos.did_not_top &= ~bit
        pos.passes += 1
        pos.passed |= bit
        if pos.passes == seats - 1:
            pos.turn = pos.owner
            pos.table, pos.owner, pos.passes, pos.passed = None, -1, 0, 0
        else:
            pos.turn = (seat + 1) % seats
        return
    hand = pos.hands[seat]
    following = pos.hands[(seat + 1) % seats]
    if following.bit_count() == 1 and play.family == 0 and play.mask != 1 << index.highest(hand):
        pos.did_not_top |= bit
    else:
        pos.did_not_top &= ~bit
    pos.must_contain = -1
    hand &= ~play.mask
    pos.hands[seat] = hand
    if not hand:
        pos.winner = seat
        return
    pos.table, pos.owner, pos.passes = play, seat, 0
    pos.turn = (seat + 1) % seats


def play_out(pos: Position, index: PlayIndex, careful: int = -1) -> None:
    """Every seat plays the baseline policy until someone is out; seat ``careful`` (if any)
    plays ``careful_choice``."""
    while pos.winner < 0:
        policy = careful_choice if pos.turn == careful else baseline_choice
        apply(pos, policy(pos, index), index)


def net_totals(pos: Position, rules: Rules, names: Sequence[str]) -> dict[str, int]:
    """The finished playout settled by the ruleset's own penalty (``settle.net_points``)."""
    left = {name: h.bit_count() for name, h in zip(names, pos.hands)}
    held = {name: mask_cards(h) for name, h in zip(names, pos.hands)}
    liable = None
    if rules.ruleset.penalty.liability != "none":
        before = (pos.winner - 1) % len(pos.hands)
        liable = names[before] if pos.did_not_top >> before & 1 else None
    return net_points(rules, left, held, names[pos.winner], liable)[1]
