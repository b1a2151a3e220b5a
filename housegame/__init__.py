"""housegame: a house-rules engine for Chinese Poker games driven by YAML rulesets.

The public API, bottom-up: cards -> hand ranking -> ruleset models -> game engines
(``housegame.thirteen``, ``housegame.ofc``, ``housegame.bigtwo``) -> auto-arrange and
scoring -> comparing rulesets (``housegame.compare``). The names most users need are importable
from here; each engine package exports
its own API explicitly.
"""

from housegame.arrange import Arrangement, Arranger, arrange_many
from housegame.cards import Card, format_cards, parse_cards
from housegame.compare import RulesetStats, TableComparison, compare_table, simulate
from housegame.errors import CardError, FoulError, HousegameError, RulesetError, TableError
from housegame.ofc import OfcTableResult, score_ofc
from housegame.ranking import Category, RankingRules, evaluate, evaluate_batch
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.registry import RULESET_MODELS, Ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import ScoreResult, score, score_file
from housegame.tables import PlayerEntry, TableFile, load_table
from housegame.thirteen import PairResult, Seat, Setting, TableResult, score_thirteen, settle_table

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
    "Setting",
    "TableComparison",
    "TableError",
    "TableFile",
    "TableResult",
    "ThirteenCardRuleset",
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
    "score",
    "score_file",
    "score_ofc",
    "score_thirteen",
    "settle_table",
    "simulate",
]
__version__ = "0.1.0"
