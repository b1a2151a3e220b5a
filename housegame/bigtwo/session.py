"""A game against the computer players, shared by ``housegame bigtwo play`` and the web table.

``Table`` holds one ``Game`` with you in the first seat and a computer player in every other:
the computer's turns up to yours, your play, pass, hint and auto, and the log that
``housegame bigtwo replay`` reads. ``move_text`` says a turn in English or Chinese.
"""

from __future__ import annotations

from collections.abc import Sequence

import yaml

from housegame.bigtwo.advice import Advice, advise
from housegame.bigtwo.computer import DEFAULT_BOT, bot_named
from housegame.bigtwo.engine import Game, Move
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.replay import log_data
from housegame.bigtwo.rules import Rules
from housegame.cards import parse_cards
from housegame.glossary import Lang, Phrase, refusal, say

__all__ = ["PLAY_NAMES", "Table", "log_text", "move_text"]

PLAY_NAMES = ("South", "West", "North", "East")
"""The seats of a game against the computer: you are South."""

WORDS: dict[str, Phrase] = {
    "plays": ("{player} plays {play}", "{player} 出 {play}"),
    "passes": ("{player} passes", "{player} 过"),
    "timeout": (" (timeout)", " (超时)"),
    "out": (" and is out", ", 出完了"),
    "trick-over": ("; the trick is over", "; 这一圈结束"),
}
"""A turn's words in English and Chinese."""


def move_text(move: Move, lang: Lang = "en") -> str:
    """A turn as one line: who played what (or passed), going out, the trick's end."""
    if move.play is not None:
        text = say(lang, WORDS["plays"], player=move.player, play=move.play.text(lang))
    else:
        text = say(lang, WORDS["passes"], player=move.player)
    if move.timed_out:
        text += say(lang, WORDS["timeout"])
    if move.goes_out:
        text += say(lang, WORDS["out"])
    if move.ends_trick:
        text += say(lang, WORDS["trick-over"])
    return text


def log_text(game: Game) -> str:
    """The game so far as the YAML log ``housegame bigtwo replay`` reads (once it is over)."""
    return yaml.safe_dump(log_data(game), sort_keys=False, allow_unicode=True)


class Table:
    """You in the first seat of ``names`` (default: the first ``players`` of ``PLAY_NAMES``,
    as many as the ruleset deals for when not given), the computer player ``bot``
    (``computer.BOT_NAMES``) in the others; the search bot and the hint search with the deal's
    seed."""

    def __init__(
        self,
        rules: Rules,
        seed: int,
        names: Sequence[str] | None = None,
        bot: str = DEFAULT_BOT,
        players: int | None = None,
    ) -> None:
        self.seed = seed
        self.bot_name = bot
        self.bot = bot_named(bot, seed)
        if names is None:
            names = PLAY_NAMES[: rules.deal_for(players).players]
        self.game = Game.deal(rules, seed, names)
        self.you = self.game.names[0]

    @property
    def your_turn(self) -> bool:
        return not self.game.over and self.game.turn == 0

    def computer_turn(self) -> Move:
        """The computer player whose turn it is moves."""
        assert not self.game.over and not self.your_turn
        return self.bot(self.game)

    def computers_play(self) -> list[Move]:
        """The computer's turns until it is yours or the game is over."""
        moves = []
        while not self.game.over and not self.your_turn:
            moves.append(self.computer_turn())
        return moves

    def play(self, text: str) -> Move:
        """Your play, typed as cards (``3C 3D``); BigTwoError says why it is not allowed."""
        self.check_turn()
        return self.game.play(parse_cards(text))

    def pass_turn(self) -> Move:
        self.check_turn()
        return self.game.pass_turn()

    def hint(self, top: int = 3) -> list[Advice]:
        """Your best moves by the search's estimate, best first, each with its reasons."""
        self.check_turn()
        return advise(self.game, seed=self.seed, top=top)

    def auto(self) -> Move:
        """The computer player makes your move."""
        self.check_turn()
        return self.bot(self.game)

    def log_text(self) -> str:
        return log_text(self.game)

    def check_turn(self) -> None:
        """Refuse to act for you when it is not your turn (or the game is over)."""
        if self.game.over:
            phrase: Phrase = ("the game is over: {who} went out", "牌局已经结束: {who} 出完了")
            raise refusal(BigTwoError, phrase, who=self.game.names[self.game.winner or 0])
        if not self.your_turn:
            phrase = ("it is {who}'s turn, not yours", "现在轮到 {who}, 不是你")
            raise refusal(BigTwoError, phrase, who=self.game.current)
