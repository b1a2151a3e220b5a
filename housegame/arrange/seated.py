"""The arranger the 13-card engine seats loose cards with: the best setting, and whether to
declare a special hand where declaring is optional (``declare: auto``)."""

from __future__ import annotations

from collections.abc import Sequence

from housegame.arrange.arranger import Arranger, Choice
from housegame.arrange.objectives import DEFAULT_OBJECTIVE
from housegame.cards import Card
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.specials import Declared


def weigh_special(
    arranger: Arranger, cards: Sequence[Card], setting: Setting | None
) -> tuple[Setting, Declared | None]:
    """The setting (``setting`` when the player set the lanes, else the best one) and the
    special to declare: the best special hand, only when its expected units beat the set
    hand's (``SpecialDecision.declare``); what ``declare: auto`` means where declaring is
    optional."""
    if setting is None:
        arrangement = arranger.arrange(cards)
        return arrangement.best.setting, arrangement.declared
    decision = arranger.special(cards, Choice(setting, arranger.ev(setting)))
    return setting, decision.special if decision is not None and decision.declare else None


class DefaultArranger:
    """The default objective (``DEFAULT_OBJECTIVE``, for a full table), as the arranger
    ``score_thirteen`` seats loose cards with; it also decides ``declare: auto`` where
    declaring is optional (``Chooser``)."""

    def __call__(self, cards: Sequence[Card], ruleset: ThirteenCardRuleset) -> Setting:
        return Arranger(ruleset, DEFAULT_OBJECTIVE)(cards, ruleset)

    def choose(
        self, cards: Sequence[Card], ruleset: ThirteenCardRuleset, setting: Setting | None
    ) -> tuple[Setting, Declared | None]:
        return weigh_special(Arranger(ruleset, DEFAULT_OBJECTIVE), cards, setting)


default_arranger = DefaultArranger()
