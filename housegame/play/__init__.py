"""13-card Chinese Poker played against the bots (``housegame play`` and the web page): a
session's deals, your choice checked by the ruleset, the arranger's bots, the timer, and the
log ``housegame replay`` reads."""

from __future__ import annotations

from housegame.play.session import (
    LANE_WORDS,
    Table,
    TimeUp,
    bot_names,
    parse_lanes,
    resume,
    resume_log,
)

__all__ = ["LANE_WORDS", "Table", "TimeUp", "bot_names", "parse_lanes", "resume", "resume_log"]
