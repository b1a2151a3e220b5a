"""housegame: a house-rules engine for Chinese Poker games driven by YAML rulesets.

The public API, bottom-up: cards -> hand ranking -> ruleset models -> game engines
(``housegame.thirteen``, ``housegame.ofc``, ``housegame.bigtwo``) -> auto-arrange and
scoring -> comparing rulesets (``housegame.compare``). The names most users need are importable
from here; each engine package exports its own API explicitly.

Names load on first use (PEP 562), so ``import housegame`` and the command line's ``--help``
stay fast: numpy and the arranger load only when something needs them.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from housegame.arrange.arranger import Arrangement, Arranger, arrange, arrange_many
    from housegame.cards import Card, format_cards, parse_cards
    from housegame.compare import RulesetStats, TableComparison, compare_table, simulate
    from housegame.errors import CardError, FoulError, HousegameError, RulesetError, TableError
    from housegame.jsonsafe import records
    from housegame.ofc import OfcTableResult, score_ofc
    from housegame.ranking import Category, RankingRules, evaluate, evaluate_batch
    from housegame.rulesets.bigtwo import BigTwoRuleset
    from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file
    from housegame.rulesets.ofc import OfcRuleset
    from housegame.rulesets.registry import RULESET_MODELS, Ruleset
    from housegame.rulesets.thirteen import ThirteenCardRuleset
    from housegame.scoring import ScoreResult, resolve_ruleset, score, score_file
    from housegame.simulation.sensitivity import SensitivityReport, sensitivity
    from housegame.tables import PlayerEntry, TableFile, load_table
    from housegame.thirteen import (
        PairResult,
        Seat,
        Setting,
        TableResult,
        score_thirteen,
        settle_table,
    )

__version__ = "0.1.0"

_HOMES: dict[str, tuple[str, ...]] = {
    "housegame.arrange.arranger": ("Arrangement", "Arranger", "arrange", "arrange_many"),
    "housegame.cards": ("Card", "format_cards", "parse_cards"),
    "housegame.compare": ("RulesetStats", "TableComparison", "compare_table", "simulate"),
    "housegame.errors": ("CardError", "FoulError", "HousegameError", "RulesetError", "TableError"),
    "housegame.jsonsafe": ("records",),
    "housegame.ofc": ("OfcTableResult", "score_ofc"),
    "housegame.ranking": ("Category", "RankingRules", "evaluate", "evaluate_batch"),
    "housegame.rulesets.bigtwo": ("BigTwoRuleset",),
    "housegame.rulesets.loader": ("bundled_rulesets", "load_ruleset", "load_ruleset_file"),
    "housegame.rulesets.ofc": ("OfcRuleset",),
    "housegame.rulesets.registry": ("RULESET_MODELS", "Ruleset"),
    "housegame.rulesets.thirteen": ("ThirteenCardRuleset",),
    "housegame.scoring": ("ScoreResult", "resolve_ruleset", "score", "score_file"),
    "housegame.simulation.sensitivity": ("SensitivityReport", "sensitivity"),
    "housegame.tables": ("PlayerEntry", "TableFile", "load_table"),
    "housegame.thirteen": (
        "PairResult",
        "Seat",
        "Setting",
        "TableResult",
        "score_thirteen",
        "settle_table",
    ),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "RULESET_MODELS",
    "Arrangement",
    "Arranger",
    "BigTwoRuleset",
    "Card",
    "CardError",
    "Category",
    "FoulError",
    "HousegameError",
    "OfcRuleset",
    "OfcTableResult",
    "PairResult",
    "PlayerEntry",
    "RankingRules",
    "Ruleset",
    "RulesetError",
    "RulesetStats",
    "ScoreResult",
    "Seat",
    "SensitivityReport",
    "Setting",
    "TableComparison",
    "TableError",
    "TableFile",
    "TableResult",
    "ThirteenCardRuleset",
    "arrange",
    "arrange_many",
    "bundled_rulesets",
    "compare_table",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "load_ruleset",
    "load_ruleset_file",
    "load_table",
    "parse_cards",
    "records",
    "resolve_ruleset",
    "score",
    "score_file",
    "score_ofc",
    "score_thirteen",
    "sensitivity",
    "settle_table",
    "simulate",
]


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'housegame' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """``housegame.arrange`` is the function, although a subpackage has the same name.

    Importing a submodule binds it as an attribute of its parent package; this property keeps
    the function in place (the subpackage stays importable as ``housegame.arrange.*``).
    """

    @property
    def arrange(self) -> Any:
        from housegame.arrange.arranger import arrange

        return arrange

    @arrange.setter
    def arrange(self, value: Any) -> None:
        """The import system binding the ``housegame.arrange`` subpackage: keep the function."""


sys.modules[__name__].__class__ = _Package
