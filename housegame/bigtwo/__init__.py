"""Big Two (大老二): combinations, comparison, legal moves, the game engine, replay and settlement.

Built bottom-up: ``rules`` (the ruleset as lookup tables) -> ``combos`` ->
``moves`` -> ``settle`` -> ``engine`` -> ``bots`` and ``replay``. Nothing here
branches on a ruleset's id; every regional difference is read from the ruleset.
"""

from __future__ import annotations

from housegame.bigtwo.bots import computer_move
from housegame.bigtwo.combos import Combo, beats, cards_text, classify, parse_play, why_not
from housegame.bigtwo.engine import DEFAULT_NAMES, Game, Move
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.moves import all_plays, hint, legal_plays, lowest_card_lead
from housegame.bigtwo.replay import GameLog, Replay, log_data, replay_file, replay_located
from housegame.bigtwo.rules import DEFAULT_RULESET, PLAYERS, Rules, load_rules
from housegame.bigtwo.settle import Settlement, penalty, settle

__all__ = [
    "DEFAULT_NAMES",
    "DEFAULT_RULESET",
    "PLAYERS",
    "BigTwoError",
    "Combo",
    "Game",
    "GameLog",
    "Move",
    "Replay",
    "Rules",
    "Settlement",
    "all_plays",
    "beats",
    "cards_text",
    "classify",
    "computer_move",
    "hint",
    "legal_plays",
    "load_rules",
    "log_data",
    "lowest_card_lead",
    "parse_play",
    "penalty",
    "replay_file",
    "replay_located",
    "settle",
    "why_not",
]
