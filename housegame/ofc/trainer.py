"""The OFC trainer: for each street a player plays, the search bot's placement for that
situation and the value of each choice, the player's own and the best ones.

Values come from one search (``search.choices``, the player's move valued alongside the
candidates on the same sampled futures), in points per opponent; the bot's move is the first
choice, so it always has the best value, and what the player gave up is the difference.
"""

from __future__ import annotations

from dataclasses import dataclass

from housegame.glossary import Lang, Phrase, say
from housegame.ofc.hand import Hand, Move
from housegame.ofc.moves import move_text
from housegame.ofc.search import Choice, SearchSettings, choices, move_key
from housegame.rulesets.common import LANES

SHOWN = 3
"""Best choices listed besides the player's move."""

WORDS: dict[str, Phrase] = {
    "street": (
        "trainer, stage {stage}: yours {yours} ({value:+.2f}); the bot: {best} ({best_value:+.2f})",
        "教练, 第 {stage} 轮: 你的一步 {yours} ({value:+.2f}); "
        "电脑的一步 {best} ({best_value:+.2f})",
    ),
    "same": ("  you played the bot's move", "  你走的正是电脑的一步"),
    "gave-up": ("  you gave up {lost:.2f} points", "  你少得 {lost:.2f} 分"),
    "choice": ("  {rank}. {value:+.2f}  {move}", "  {rank}. {value:+.2f}  {move}"),
}
"""The trainer's lines in English and Chinese."""


@dataclass(frozen=True)
class StreetAdvice:
    """One street: the player's move and value, and the best choices (the bot's first)."""

    player: str
    stage: int
    yours: Choice
    best: list[Choice]

    @property
    def lost(self) -> float:
        """Points the player's move gave up against the bot's (0 when it is the bot's)."""
        return max(0.0, self.best[0].value - self.yours.value)

    @property
    def same(self) -> bool:
        return _same(self.yours.move, self.best[0].move)

    def lines(self, lang: Lang = "en") -> list[str]:
        """The advice as the terminal prints it."""
        top = self.best[0]
        out = [
            say(
                lang,
                WORDS["street"],
                stage=self.stage + 1,
                yours=move_text(self.yours.move, lang),
                value=self.yours.value,
                best=move_text(top.move, lang),
                best_value=top.value,
            ),
            say(lang, WORDS["same"]) if self.same else say(lang, WORDS["gave-up"], lost=self.lost),
        ]
        for rank, choice in enumerate(self.best, 1):
            out.append(
                say(
                    lang,
                    WORDS["choice"],
                    rank=rank,
                    value=choice.value,
                    move=move_text(choice.move, lang),
                )
            )
        return out

    def as_dict(self, lang: Lang = "en") -> dict[str, object]:
        def choice(c: Choice) -> dict[str, object]:
            placed = {lane: [str(x) for x in c.move.placed.get(lane, ())] for lane in LANES}
            return {
                "move": move_text(c.move, "en"),
                "text": move_text(c.move, lang),
                "value": round(c.value, 2),
                "placed": placed,
                "discard": [str(x) for x in c.move.discarded],
            }

        return {
            "player": self.player,
            "stage": self.stage + 1,
            "yours": choice(self.yours),
            "best": [choice(c) for c in self.best],
            "lost": round(self.lost, 2),
            "same": self.same,
            "lines": self.lines(lang),
        }


def _same(a: Move, b: Move) -> bool:
    """The same cards to the same lanes and the same discards, in any order."""
    return move_key(a) == move_key(b)


def advise(
    hand: Hand, name: str, seed: int, move: Move, settings: SearchSettings | None = None
) -> StreetAdvice:
    """The advice for ``name``'s ``move`` (legal, not yet played) at this street."""
    ranked = choices(hand, name, seed, settings, also=[move])
    yours = next(c for c in ranked if _same(c.move, move))
    return StreetAdvice(name, hand.stage, yours, ranked[:SHOWN])
