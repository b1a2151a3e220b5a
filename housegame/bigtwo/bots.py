"""The baseline computer player, built on the hint engine (the search bot's playout policy)."""

from __future__ import annotations

from collections import Counter

from housegame.bigtwo.combos import Combo
from housegame.bigtwo.engine import Game, Move
from housegame.bigtwo.moves import lowest_card_lead


def computer_choice(game: Game) -> Combo | None:
    """Lead the lowest card in the largest play that holds it; follow with the hint; None:
    pass."""
    if game.leading:
        return lowest_card_lead(
            game.hands[game.turn], game.rules, game.must_contain, most_cards=True
        )
    return game.hint()


def computer_move(game: Game) -> Move:
    """The baseline's move for the player to move."""
    choice = computer_choice(game)
    return game.play(choice.cards) if choice is not None else game.pass_turn()


def careful_choice(game: Game) -> Combo | None:
    """The baseline, except that a single follows with a card that breaks no pair or triple
    when one beats the table, and that with the next player on one card a single is the
    strongest card in hand (頂大) and a lead is a several-card play: the search bot's own
    policy in its playouts."""
    choice = computer_choice(game)
    if choice is None or choice.kind != "single":
        return choice
    hand = game.hands[game.turn]
    plays = game.legal_plays()
    if len(game.hands[(game.turn + 1) % game.seats]) == 1:
        if game.leading and game.must_contain is None:
            several = [p for p in plays if p.kind != "single"]
            if several:
                return several[0]
        top = max(hand, key=game.rules.power)
        strongest = [p for p in plays if p.kind == "single" and p.cards[0] == top]
        return strongest[0] if strongest else choice
    if game.leading:
        return choice
    counts = Counter(c.rank for c in hand)
    loose = [p for p in plays if p.kind == "single" and counts[p.cards[0].rank] == 1]
    return loose[0] if loose else choice
