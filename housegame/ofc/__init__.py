"""Open Face Chinese Poker: one interpreter for every ``game: ofc`` ruleset.

Built bottom-up: royalties and Fantasyland rules -> settlement -> the hand
state machine -> replay, computer opponent and Fantasyland solver.
"""

from __future__ import annotations

from housegame.ofc.deck import deck_from_text, shuffled_deck
from housegame.ofc.errors import OfcError
from housegame.ofc.fantasyland import NextHand, entry_cards, next_hand, stay_holds
from housegame.ofc.hand import Board, Hand, Move
from housegame.ofc.results import OfcSeat, OfcTableResult
from housegame.ofc.royalties import RoyaltyTables, lane_royalties, tables_for
from housegame.ofc.settle import make_seat, settle_pair, settle_table
from housegame.ofc.table import check_seats, score_ofc

__all__ = [
    "Board",
    "Hand",
    "Move",
    "NextHand",
    "OfcError",
    "OfcSeat",
    "OfcTableResult",
    "RoyaltyTables",
    "check_seats",
    "deck_from_text",
    "entry_cards",
    "lane_royalties",
    "make_seat",
    "next_hand",
    "score_ofc",
    "settle_pair",
    "settle_table",
    "shuffled_deck",
    "stay_holds",
    "tables_for",
]
