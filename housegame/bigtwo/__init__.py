"""Big Two (大老二): combinations, comparison, legal moves, the game engine, replay and settlement.

Built bottom-up: ``rules`` (the ruleset as lookup tables) -> ``combos`` ->
``moves`` -> ``settle`` -> ``engine`` -> ``bots`` and ``replay`` -> ``playout`` (the
baseline's game on bitmasks, the search's readable reference) -> ``powerplays``, ``rollout``
and ``unseen`` (the search's fast path: plays as bitmasks by card power, the playout loop and
payout, the dealer of unseen cards) -> ``search`` (the search bot) -> ``advice`` (the hint)
and ``computer`` (the bots by name) -> ``session``. Nothing here
branches on a ruleset's id; every regional difference is read from the ruleset.
"""

from __future__ import annotations

from housegame.bigtwo.advice import Advice, advise
from housegame.bigtwo.bots import computer_move
from housegame.bigtwo.combos import Combo, beats, cards_text, classify, parse_play, why_not
from housegame.bigtwo.computer import BOT_NAMES, DEFAULT_BOT, bot_named
from housegame.bigtwo.engine import DEFAULT_NAMES, Game, Move
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.moves import all_plays, hint, legal_plays, lowest_card_lead
from housegame.bigtwo.replay import GameLog, Replay, log_data, replay_file, replay_located
from housegame.bigtwo.rules import DEFAULT_RULESET, PLAYERS, Rules, load_rules
from housegame.bigtwo.search import DEFAULT_SEARCH, Estimate, SearchSettings, estimates, search_move
from housegame.bigtwo.settle import Settlement, penalty, settle

__all__ = [
    "BOT_NAMES",
    "DEFAULT_BOT",
    "DEFAULT_NAMES",
    "DEFAULT_RULESET",
    "DEFAULT_SEARCH",
    "PLAYERS",
    "Advice",
    "BigTwoError",
    "Combo",
    "Estimate",
    "Game",
    "GameLog",
    "Move",
    "Replay",
    "Rules",
    "SearchSettings",
    "Settlement",
    "advise",
    "all_plays",
    "beats",
    "bot_named",
    "cards_text",
    "classify",
    "computer_move",
    "estimates",
    "hint",
    "legal_plays",
    "load_rules",
    "log_data",
    "lowest_card_lead",
    "parse_play",
    "penalty",
    "replay_file",
    "replay_located",
    "search_move",
    "settle",
    "why_not",
]
