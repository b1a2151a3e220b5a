"""Build the rules sheet of any ruleset: the game kind picks the sections."""

from __future__ import annotations

from housegame.glossary import Lang
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.rulesheet.bigtwo import bigtwo_sections
from housegame.rulesheet.model import Section, Sheet
from housegame.rulesheet.ofc import ofc_sections
from housegame.rulesheet.thirteen import thirteen_sections

GAME_NAMES = {
    "thirteen-card": "13-card Chinese Poker 十三张",
    "ofc": "Pineapple / OFC",
    "big-two": "Big Two 大老二",
}


def build_sheet(ruleset: RulesetBase, lang: Lang = "en") -> Sheet:
    """The rules sheet of a loaded (merged) ruleset, in English or with Chinese names."""
    sections: list[Section]
    if isinstance(ruleset, ThirteenCardRuleset):
        sections = thirteen_sections(ruleset, lang)
    elif isinstance(ruleset, OfcRuleset):
        sections = ofc_sections(ruleset, lang)
    else:
        assert isinstance(ruleset, BigTwoRuleset), type(ruleset)
        sections = bigtwo_sections(ruleset, lang)
    game = str(getattr(ruleset, "game", ""))
    intro = (f"{ruleset.id} ({GAME_NAMES.get(game, game)})", ruleset.summary)
    return Sheet(ruleset.name, intro, tuple(sections))
