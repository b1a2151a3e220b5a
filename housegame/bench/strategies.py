"""The strategies a ladder can seat, per game: a name and a callable.

- 13-card: ``(ruleset, players) -> Arranger``, the arranger that sets hands for a table of
  ``players`` (``ev``, ``equilibrium``, ``lexicographic``: the arranger's objectives).
- OFC: ``(hand, seat name, seed) -> Move`` (``bot``: ``housegame.ofc.bot.choose_move``;
  ``search``: ``housegame.ofc.search.search_move``, playouts valuing Fantasyland; ``random``:
  a uniformly random legal move).
- Big Two: ``(game, seed) -> Move``, making the current player's move (``bot``:
  ``housegame.bigtwo.bots.computer_move``; ``search``: ``housegame.bigtwo.search.search_move``,
  Monte Carlo over the unseen hands; ``random``: a uniformly random legal play or pass).

The bots are the games' own registries' (``ofc.bots``, ``bigtwo.computer``; ``bot`` here is
their ``basic``). A ladder's tasks name strategies, and each worker process looks them up
here, so a new strategy is added to these tables (not registered at run time), and must be
deterministic for its seed: the same seed replays the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import get_args

import numpy as np

from housegame.arrange.arranger import Arranger
from housegame.arrange.objectives import Objective
from housegame.bigtwo.computer import BotName as BigTwoBotName
from housegame.bigtwo.computer import bot_named
from housegame.bigtwo.engine import Game
from housegame.bigtwo.engine import Move as BigTwoMove
from housegame.cards import Card
from housegame.errors import HousegameError
from housegame.ofc.bots import bot as ofc_bot
from housegame.ofc.hand import Hand, Move
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.thirteen import ThirteenCardRuleset

ThirteenStrategy = Callable[[ThirteenCardRuleset, int], Arranger]
OfcStrategy = Callable[[Hand, str, int], Move]
BigTwoStrategy = Callable[[Game, int], BigTwoMove]


def _objective(objective: Objective) -> ThirteenStrategy:
    def arranger(ruleset: ThirteenCardRuleset, players: int) -> Arranger:
        return Arranger(ruleset, objective, players)

    return arranger


THIRTEEN: Mapping[str, ThirteenStrategy] = {name: _objective(name) for name in get_args(Objective)}


def random_ofc_move(hand: Hand, name: str, seed: int) -> Move:
    """A uniformly random legal move: random discards, the kept cards into random free slots."""
    board = hand.boards[name]
    place, discard = hand.expected(name)
    rng = np.random.default_rng([seed, hand.stage, hand.order.index(name)])
    cards = [board.pending[i] for i in rng.permutation(len(board.pending))]
    thrown, kept = cards[:discard], cards[discard : discard + place]
    cap = hand.ruleset.lanes.cap
    free = [lane for lane in LANES for _ in range(cap(lane) - len(board.lanes[lane]))]
    placed: dict[LaneName, list[Card]] = {}
    for card, slot in zip(kept, rng.permutation(len(free)).tolist()):
        placed.setdefault(free[slot], []).append(card)
    return Move({lane: tuple(placed[lane]) for lane in LANES if lane in placed}, tuple(thrown))


OFC: Mapping[str, OfcStrategy] = {
    "bot": ofc_bot("basic"),
    "search": ofc_bot("search"),
    "random": random_ofc_move,
}


def bigtwo_bot(name: BigTwoBotName) -> BigTwoStrategy:
    """The game's computer player ``name`` (``bigtwo.computer``), seeded per move."""

    def move(game: Game, seed: int) -> BigTwoMove:
        return bot_named(name, seed)(game)

    return move


def random_bigtwo_move(game: Game, seed: int) -> BigTwoMove:
    """A uniformly random choice among the legal plays, and passing where it is allowed."""
    options: list[tuple[Card, ...] | None] = [tuple(c.cards) for c in game.legal_plays()]
    if not game.leading:
        options.append(None)
    rng = np.random.default_rng([seed, len(game.moves)])
    chosen = options[int(rng.integers(len(options)))]
    return game.pass_turn() if chosen is None else game.play(chosen)


BIGTWO: Mapping[str, BigTwoStrategy] = {
    "bot": bigtwo_bot("basic"),
    "search": bigtwo_bot("search"),
    "random": random_bigtwo_move,
}


BASELINES = ("bot", "random")
"""What a bot plays against unless told (the search bots are measured, not baselines: they
take up to a second a move)."""


def known(table: Mapping[str, object], name: str, game: str) -> None:
    """A clear error for a strategy name the game's table does not hold."""
    if name not in table:
        raise HousegameError(
            f"unknown {game} strategy '{name}'", hint=f"use one of {', '.join(table)}"
        )
