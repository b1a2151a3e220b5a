"""The search's playouts, fast: ``playout``'s game on card powers, in one loop.

``playout`` is the readable reference (its tests compare it with the engine move by move); this
module plays exactly its moves and settles exactly its points, for the search's inner loop,
where one decision plays some 240 games to their end. The hands and their plays are
``powerplays``'s masks and lists; here:

- **One deal, many candidates.** ``Deal`` holds what all candidates of a determinisation share
  (the hands, their plays, the trick state); ``rollout`` copies only a few integers.
- **The payout as arrays.** ``Payout`` is the ruleset's penalty table read once, returning one
  seat's net points (``settle.net_points`` is its oracle).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from housegame.bigtwo.combos import Combo
from housegame.bigtwo.engine import Game
from housegame.bigtwo.powerplays import SINGLE, HandPlays, Play, PowerTable, beats
from housegame.bigtwo.rules import card_of
from housegame.cards import DECK
from housegame.rulesets.bigtwo import RANK_NAMES


@dataclass(frozen=True)
class Trick:
    """The trick state of a position (``playout.Position``'s fields but the hands): seats as
    numbers, sets of seats as bits, the lead card as its power bit (0: none)."""

    turn: int
    table: Play | None
    owner: int
    passes: int
    passed: int
    did_not_top: int
    must_contain: int
    """The lead card's bit while the first play is still to be made, else 0."""
    pass_is_final: bool
    next_seat: tuple[int, ...]
    """Who plays after each seat."""


def trick_of(game: Game, table: PowerTable) -> Trick:
    lead = game.must_contain
    return Trick(
        turn=game.turn,
        table=table.of(game.table) if game.table is not None else None,
        owner=game.table_owner if game.table_owner is not None else -1,
        passes=game.passes,
        passed=sum(1 << s for s in game.passed),
        did_not_top=sum(1 << s for s in game.did_not_top),
        must_contain=1 << table.power[lead.index] if lead is not None else 0,
        pass_is_final=game.rules.ruleset.trick.pass_is_final,
        next_seat=tuple((s + 1) % len(game.hands) for s in range(len(game.hands))),
    )


@dataclass(frozen=True)
class Deal:
    """One determinisation of a position: each seat's hand (a power mask) and plays, with the
    trick state, shared by every candidate tried in it."""

    hands: Sequence[int]
    plays: Sequence[HandPlays]
    trick: Trick


def deal_of(trick: Trick, hands: Sequence[int], table: PowerTable) -> Deal:
    """``playout.position_of`` on power masks: the seat to move's plays are remembered."""
    own = trick.turn
    plays = [table.own_plays(h) if s == own else table.hand_plays(h) for s, h in enumerate(hands)]
    return Deal(hands, plays, trick)


def own_moves(game: Game, table: PowerTable) -> tuple[list[Combo], Combo | None]:
    """``game.legal_plays()`` and the baseline's choice (``bots.computer_choice``) for the
    player to move, from their plays on power masks (the search's candidates, each decision)."""
    if game.over or game.locked_out():
        return [], None
    hand = table.mask(game.hands[game.turn])
    mine = table.own_plays(hand)
    plays = [p for family in mine.families for p in family]
    if game.table is None:
        lead = game.must_contain
        must = 1 << table.power[lead.index] if lead is not None else 0
        legal = [p for p in plays if p.mask & must] if must else plays
        choice: Play | None = mine.lead(hand, must or hand & -hand)
    else:
        on = table.of(game.table)
        legal = [p for p in plays if beats(p, on)]
        choice = mine.follow(hand, on)
    return [p.combo for p in legal], None if choice is None else choice.combo


@dataclass(frozen=True)
class Finish:
    """How a playout ended: who went out, every hand left, and who did not top (頂大)."""

    winner: int
    hands: list[int]
    did_not_top: int


def rollout(deal: Deal, first: Play | None, careful: int = -1) -> Finish:
    """``playout.apply`` of ``first`` for the player to move, then ``playout.play_out``: the
    baseline for every seat, ``careful_choice`` for seat ``careful``."""
    hands = list(deal.hands)
    plays = deal.plays
    players = len(hands)
    trick = deal.trick
    seat, table, owner, passes = trick.turn, trick.table, trick.owner, trick.passes
    passed, did_not_top = trick.passed, trick.did_not_top
    must, final, nexts = trick.must_contain, trick.pass_is_final, trick.next_seat
    choice = first
    while True:
        bit = 1 << seat
        if choice is None:
            did_not_top &= ~bit
            passes += 1
            passed |= bit
            if passes == players - 1:
                seat, table, owner, passes, passed = owner, None, -1, 0, 0
            else:
                seat = nexts[seat]
        else:
            hand = hands[seat]
            after = nexts[seat]
            if (
                hands[after].bit_count() == 1
                and choice.family == SINGLE
                and choice.mask != 1 << (hand.bit_length() - 1)
            ):
                did_not_top |= bit
            else:
                did_not_top &= ~bit
            must = 0
            hand &= ~choice.mask
            hands[seat] = hand
            if not hand:
                return Finish(seat, hands, did_not_top)
            table, owner, passes = choice, seat, 0
            seat = after
        # the next move: the baseline's, then the careful seat's changes to a single
        hand = hands[seat]
        mine = plays[seat]
        if table is None:
            choice = mine.lead(hand, must or hand & -hand)
        elif final and passed >> seat & 1:
            choice = None
            continue
        else:
            choice = mine.follow(hand, table)
        if seat == careful and choice is not None and choice.family == SINGLE:
            choice = careful_single(mine, hand, hands[nexts[seat]], table, must, choice)


def careful_single(
    mine: HandPlays, hand: int, following: int, table: Play | None, must: int, choice: Play
) -> Play:
    """``playout.careful_choice`` where the baseline plays a single: with the next player on
    one card, a several-card lead or the top card (頂大); else a single that breaks nothing."""
    if following.bit_count() == 1:
        if table is None and not must:
            for p in mine.several:
                if p.mask & hand == p.mask:
                    return p
        top = 1 << (hand.bit_length() - 1)
        for p in mine.families[SINGLE]:
            if p.mask == top and (table is None or beats(p, table)):
                return p
        return choice
    if table is None:
        return choice
    return mine.loose_single(hand, table) or choice


class Payout:
    """The ruleset's penalty table read once (``settle.net_points``): one seat's net points at
    a playout's finish."""

    def __init__(self, table: PowerTable) -> None:
        spec = table.rules.ruleset.penalty
        self.per_card = [spec.per_card(n) for n in range(len(DECK) + 1)]
        values = spec.card_values
        self.values = (
            None if values is None else [values[RANK_NAMES[c.rank - 2]] for c in table.card]
        )
        self.multipliers = [
            (m.min_left, 1 << table.power[card_of(m.card).index], m.factor)
            for m in spec.multipliers
        ]
        self.winner_collects = spec.settlement == "winner-collects"
        self.liability = spec.liability != "none"

    def penalty(self, hand: int) -> int:
        left = hand.bit_count()
        counted = left
        if self.values is not None:
            counted = 0
            rest = hand
            while rest:
                low = rest & -rest
                counted += self.values[low.bit_length() - 1]
                rest ^= low
        points = counted * self.per_card[left]
        for min_left, bit, factor in self.multipliers:
            if left >= min_left and hand & bit:
                points *= factor
        return points

    def net(self, finish: Finish, seat: int) -> int:
        """The seat's net points; where each loser pays their own, from the scores it needs
        (a loser who pays the winner: their own)."""
        hands = finish.hands
        if not self.liability:
            if self.winner_collects:
                if seat != finish.winner:
                    return -self.penalty(hands[seat])
                return sum(map(self.penalty, hands))
            scores = list(map(self.penalty, hands))
            return sum(scores) - len(scores) * scores[seat]
        return self.totals(finish)[seat]

    def totals(self, finish: Finish) -> list[int]:
        """Every seat's net points (``settle.net_points``)."""
        scores = [self.penalty(h) for h in finish.hands]
        winner = finish.winner
        if self.winner_collects:
            totals = [-s for s in scores]
            totals[winner] = sum(scores)
        else:
            totals = [sum(o - s for o in scores) for s in scores]
        before = (winner - 1) % len(scores)
        if self.liability and finish.did_not_top >> before & 1:
            for other, net in enumerate(list(totals)):
                if other not in (before, winner) and net < 0:
                    totals[before] += net
                    totals[other] = 0
        return totals
