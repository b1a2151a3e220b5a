"""Computer players for the terminal game, built on the hint engine."""

from __future__ import annotations

from housegame.bigtwo.engine import Game, Move
from housegame.bigtwo.moves import lowest_card_lead


def computer_move(game: Game) -> Move:
    """Lead the lowest card in the largest play that holds it; follow with the hint, else pass."""
    if game.leading:
        lead = lowest_card_lead(
            game.hands[game.turn], game.rules, game.must_contain, most_cards=True
        )
        return game.play(lead.cards)
    suggestion = game.hint()
    return game.play(suggestion.cards) if suggestion is not None else game.pass_turn()
