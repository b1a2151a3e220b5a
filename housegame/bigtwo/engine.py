"""The game as a state machine: deal, turns, passes, tricks, the first player out.

One ``Game`` is mutated by ``play``, ``pass_turn`` and ``timeout``; each checks
the move against the ruleset and raises BigTwoError naming the player, so the
same code serves the terminal game, the computer players and log replay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from housegame.bigtwo.combos import Combo, cards_text, classify, why_not
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.moves import hint, legal_plays, lowest_card_lead
from housegame.bigtwo.rules import Rules
from housegame.bigtwo.settle import Settlement, settle
from housegame.cards import DECK, Card, check_no_duplicates
from housegame.errors import CardError
from housegame.glossary import refusal

DEFAULT_NAMES = ("North", "East", "South", "West")


@dataclass(frozen=True)
class Move:
    """One turn: a play, or a pass (``play is None``); ``ends_trick`` when three passes close it."""

    player: str
    play: Combo | None
    timed_out: bool = False
    ends_trick: bool = False
    goes_out: bool = False

    def __str__(self) -> str:
        what = f"plays {self.play}" if self.play is not None else "passes"
        return f"{self.player} {what}" + (" (timeout)" if self.timed_out else "")


def check_deal(rules: Rules, hands: Mapping[str, Sequence[Card]]) -> Card:
    """Refuse hands that the ruleset's deal for their number of players does not give (each
    player its ``cards``; with ``rest: to-opener`` the opener the left-over cards too); the
    opening card (``Rules.opening_card``)."""
    deal = rules.deal_for(len(hands))
    try:
        check_no_duplicates(hands)
    except CardError as exc:
        raise BigTwoError(exc.message, exc.hint) from None
    opening = rules.opening_card(c for cards in hands.values() for c in cards)
    for name, cards in hands.items():
        want = deal.largest_hand if opening in cards else deal.cards
        if len(cards) != want:
            extra = " (the left-over cards go to the opener)" if want != deal.cards else ""
            raise BigTwoError(
                f"{name} has {len(cards)} cards; the deal for {deal.players} players gives "
                f"{want}{extra}",
                hint=f"{rules.id} deals {deal.cards} cards each to {deal.players} players",
            )
    return opening


class Game:
    """The players' hands (as many as the ruleset's deal seats), whose turn it is, the play to
    beat, and every move so far."""

    def __init__(self, rules: Rules, hands: Mapping[str, Sequence[Card]]) -> None:
        self.opening = check_deal(rules, hands)
        """The card whose holder opens (the lead card, or the lowest card dealt)."""
        self.rules = rules
        self.names: tuple[str, ...] = tuple(hands)
        self.seats = len(self.names)
        self.hands: list[set[Card]] = [set(cards) for cards in hands.values()]
        self.turn = next(i for i, h in enumerate(self.hands) if self.opening in h)
        self.table: Combo | None = None
        self.table_owner: int | None = None
        self.passes = 0
        self.passed: set[int] = set()
        self.moves: list[Move] = []
        self.winner: int | None = None
        self.did_not_top: set[int] = set()
        """Seats whose last move was a single below their highest card while the next player
        held one card (``penalty.liability: did-not-top``)."""

    @classmethod
    def deal(cls, rules: Rules, seed: int, names: Sequence[str] | None = None) -> Game:
        """A shuffled deal that the same seed always repeats, by the ruleset's deal for
        ``len(names)`` players (default: its most, named from ``DEFAULT_NAMES``)."""
        if names is None:
            names = DEFAULT_NAMES[: rules.ruleset.default_players]
        deal = rules.deal_for(len(names))
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        size = deal.cards
        hands = [deck[i * size : (i + 1) * size] for i in range(len(names))]
        if deal.rest == "to-opener" and deal.left_over:
            opening = rules.opening_card(c for hand in hands for c in hand)
            opener = next(h for h in hands if opening in h)
            opener.extend(deck[len(names) * size :])
        return cls(rules, dict(zip(names, hands)))

    # ---- what the current player sees --------------------------------------------------------

    @property
    def current(self) -> str:
        return self.names[self.turn]

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def leading(self) -> bool:
        """The current player starts a trick: anything goes, and passing is not allowed."""
        return self.table is None

    @property
    def must_contain(self) -> Card | None:
        """The opening card, while the game's first play is still to be made."""
        first = not any(m.play is not None for m in self.moves)
        return self.opening if first and self.rules.ruleset.first_play_contains_lead else None

    def hand(self, name: str | None = None) -> list[Card]:
        """A player's cards (the current player's by default), weakest first."""
        return self.rules.sort(self.hands[self._seat(name) if name else self.turn])

    def cards_left(self) -> dict[str, int]:
        return {name: len(h) for name, h in zip(self.names, self.hands)}

    def locked_out(self) -> bool:
        return self.rules.ruleset.trick.pass_is_final and self.turn in self.passed

    def legal_plays(self) -> list[Combo]:
        """Every play the current player may make now, weakest first (passing aside)."""
        if self.over or self.locked_out():
            return []
        return legal_plays(self.hands[self.turn], self.rules, self.table, self.must_contain)

    def hint(self) -> Combo | None:
        """The weakest play that beats the table; None when the only move is to pass."""
        if self.over or self.locked_out():
            return None
        return hint(self.hands[self.turn], self.rules, self.table, self.must_contain)

    # ---- moves -------------------------------------------------------------------------------

    def play(self, cards: Sequence[Card], timed_out: bool = False) -> Move:
        """The current player plays these cards."""
        who = self._check_open()
        missing = [c for c in cards if c not in self.hands[self.turn]]
        if missing:
            raise refusal(
                BigTwoError,
                ("{who} does not hold {missing}", "{who} 没有 {missing}"),
                ("{who} holds {cards}", "{who} 的牌: {cards}"),
                who=who,
                missing=cards_text(missing),
                cards=cards_text(self.hand()),
            )
        combo = classify(cards, self.rules)
        lead = self.must_contain
        if lead is not None and lead not in combo.cards:
            phrase = ("the first play must contain {card}", "首出牌必须含 {card}")
            raise refusal(BigTwoError, phrase, card=cards_text([lead]))
        if self.locked_out():
            phrase = (
                "{who} passed in this trick and may not play again until it ends",
                "{who} 这一圈已经过了, 这一圈结束前不能再出",
            )
            raise refusal(BigTwoError, phrase, who=who)
        if self.table is not None:
            reason = why_not(combo, self.table, self.rules)
            if reason is not None:
                raise refusal(
                    BigTwoError,
                    ("{who} cannot play that: {reason}", "{who} 不能这样出: {zh}"),
                    ("play higher, or pass", "出更大的牌, 或者 pass (过)"),
                    who=who,
                    reason=reason,
                    zh=why_not(combo, self.table, self.rules, "zh"),
                )
        self._note_topping(combo)
        self.hands[self.turn] -= set(combo.cards)
        out = not self.hands[self.turn]
        move = Move(who, combo, timed_out, goes_out=out)
        self.moves.append(move)
        if out:
            self.winner = self.turn
            return move
        self.table, self.table_owner = combo, self.turn
        self.passes = 0
        self._advance()
        return move

    def pass_turn(self, timed_out: bool = False) -> Move:
        """The current player passes; the third pass in a row ends the trick."""
        who = self._check_open()
        if self.table is None or self.table_owner is None:
            raise refusal(
                BigTwoError,
                ("{who} leads this trick and cannot pass", "{who} 先出这一圈, 不能过"),
                (
                    "lead any single, pair, triple or five-card hand",
                    "出任意单张、对子、三张或五张牌型",
                ),
                who=who,
            )
        self.did_not_top.discard(self.turn)
        self.passes += 1
        self.passed.add(self.turn)
        ends = self.passes == self.seats - 1
        move = Move(who, None, timed_out, ends_trick=ends)
        self.moves.append(move)
        if ends:
            self.turn = self.table_owner
            self.table, self.table_owner = None, None
            self.passes = 0
            self.passed.clear()
        else:
            self._advance()
        return move

    def timeout(self) -> Move:
        """What the table does when the current player's timer runs out (ruleset ``timeout``)."""
        self._check_open()
        rule = self.rules.ruleset.timeout
        if self.leading:
            most = rule.on_lead == "lowest-card-most-cards"
            lead = lowest_card_lead(self.hands[self.turn], self.rules, self.must_contain, most)
            return self.play(lead.cards, timed_out=True)
        suggestion = self.hint() if rule.on_follow == "hint" else None
        if suggestion is None:
            return self.pass_turn(timed_out=True)
        return self.play(suggestion.cards, timed_out=True)

    def settlement(self) -> Settlement:
        """Points for the finished game; the ruleset's penalty table decides them, and who is
        liable for the others' losses (``penalty.liability``)."""
        if self.winner is None:
            raise BigTwoError("the game is not over: nobody has played all their cards")
        held = dict(zip(self.names, self.hands))
        return settle(self.rules, self.cards_left(), held, self.liable())

    def liable(self) -> str | None:
        """The player before the winner, if their last move let the winner go out without
        topping (a single below their highest card while the winner held one card)."""
        if self.winner is None or self.rules.ruleset.penalty.liability == "none":
            return None
        before = (self.winner - 1) % self.seats
        return self.names[before] if before in self.did_not_top else None

    def _note_topping(self, combo: Combo) -> None:
        """Whether this play fails to top (頂大) for a next player holding one card."""
        following = self.hands[(self.turn + 1) % self.seats]
        highest = max(self.hands[self.turn], key=self.rules.power)
        if len(following) == 1 and combo.kind == "single" and combo.cards[0] != highest:
            self.did_not_top.add(self.turn)
        else:
            self.did_not_top.discard(self.turn)

    def _check_open(self) -> str:
        if self.winner is not None:
            raise BigTwoError(f"the game is over: {self.names[self.winner]} went out")
        return self.current

    def _advance(self) -> None:
        self.turn = (self.turn + 1) % self.seats

    def _seat(self, name: str) -> int:
        if name not in self.names:
            raise BigTwoError(
                f"no player '{name}' at this table", hint="players: " + ", ".join(self.names)
            )
        return self.names.index(name)
