"""Deals of the unseen cards, fast: ``search.sample_hands`` (the reference) on power masks.

The same generator state gives the same deal as the reference, card for card, and leaves the
generator in the same state: the same shuffle of the unseen cards, the same order (the most
restricted cards first) and the same draws. What is done once per decision instead of once
per attempt is the work that does not depend on the shuffle: which seats may hold each card
(its power against their ceilings) and the card's bit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from housegame.cards import Card


class UnseenDealer:
    """Deals of ``unseen`` to every seat but ``seat``, each seat getting its count (``counts``)
    and no single above its ``ceiling`` (a card power; None: no bound); after ``tries`` dead
    ends the ceilings are dropped. Hands are masks over card powers (``power``: by card
    index); the seat to move gets ``own``. Unseen cards the counts leave over (a deal that
    leaves some out of play) go to one more seat, set aside, as ``search.sample_hands``
    does."""

    def __init__(
        self,
        seat: int,
        own: int,
        counts: Sequence[int],
        unseen: Sequence[Card],
        ceiling: Sequence[int | None],
        power: Sequence[int],
        tries: int,
    ) -> None:
        players = len(counts)
        others = tuple(s for s in range(players) if s != seat)
        aside = len(unseen) - sum(counts[s] for s in others)
        self.players, self.seat, self.own, self.tries = players, seat, own, tries
        self.counts = (*counts, aside)
        """The room of every seat, and of the cards set aside (the last)."""
        self.others = (*others, players) if aside else others
        """The seats that take unseen cards: every other player, and the aside if any."""
        rest = (players,) if aside else ()
        self.cards = [
            (
                1 << power[c.index],
                (*(s for s in others if _under(power[c.index], ceiling[s])), *rest),
            )
            for c in unseen
        ]
        """Each unseen card, in ``unseen``'s order: its bit and the seats that may hold it."""
        self.restricted = any(len(seats) < len(self.others) for _, seats in self.cards)

    def deal(self, rng: random.Random) -> list[int]:
        for attempt in range(self.tries + 1):
            honour = attempt < self.tries and self.restricted
            cards = list(self.cards)
            rng.shuffle(cards)
            if honour:
                cards.sort(key=_choices)
            hands = self._give(cards, honour, rng)
            if hands is not None:
                hands[self.seat] = self.own
                return hands[: self.players]
        raise AssertionError("an unconstrained deal always fits the counts")

    def _give(
        self, cards: list[tuple[int, tuple[int, ...]]], honour: bool, rng: random.Random
    ) -> list[int] | None:
        """Each card in turn to a seat with room (one allowed to hold it, when ``honour``),
        drawn in proportion to the room; None: a dead end. Where every seat may hold every
        card, the room of the seats with room is the number of cards still to deal, and a
        seat with no room is never drawn."""
        room = list(self.counts)
        hands = [0] * len(room)
        left = len(cards)
        for bit, allowed in cards:
            seats: Sequence[int]
            if honour:
                seats = [s for s in allowed if room[s]]
                if not seats:
                    return None
                pick = rng.randrange(sum(room[s] for s in seats))
            else:
                seats, pick = self.others, rng.randrange(left)
            left -= 1
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            hands[s] |= bit
            room[s] -= 1
        return hands


def _under(power: int, bound: int | None) -> bool:
    return bound is None or power <= bound


def _choices(card: tuple[int, tuple[int, ...]]) -> int:
    return len(card[1])
