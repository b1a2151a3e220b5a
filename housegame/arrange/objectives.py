"""The objectives: which lane odds a setting is valued against, and one compiled model per
ruleset, objective and table size.

``ev`` answers the shipped lane odds of the ruleset's ranking (dealt from its deck);
``equilibrium`` its own equilibrium tables (``equilibrium``, dealt from its deck too), except
at a table its deck cannot deal, which can have none; ``lexicographic`` needs no model.
"""

from __future__ import annotations

from typing import Literal

from housegame.arrange.build import ruleset_odds
from housegame.arrange.equilibrium import default_players, equilibrium_odds, opponents_at
from housegame.arrange.iteration import seats_dealt
from housegame.arrange.lookup import RankTables
from housegame.arrange.model import EvModel
from housegame.arrange.odds import LaneOdds
from housegame.memo import Kept, array_bytes
from housegame.rulesets.thirteen import ThirteenCardRuleset

Objective = Literal["ev", "equilibrium", "lexicographic"]
OBJECTIVES: tuple[Objective, ...] = ("ev", "equilibrium", "lexicographic")
"""``ev``: the best response to the shipped lane odds; ``equilibrium``: the same against the
ruleset's equilibrium tables (``equilibrium``); ``lexicographic``: the strongest back first."""
ModelObjective = Literal["ev", "equilibrium"]
"""The objectives that value a setting in expected units (an ``EvModel``)."""
DEFAULT_OBJECTIVE: ModelObjective = "equilibrium"
"""What every caller that is not told otherwise sets hands with (``arrange``, ``simulate``,
``score``'s loose hands, play, the trainer); ``ev`` is the fallback asked for by name."""


def objective_named(text: str) -> Objective | None:
    """The objective called ``text``, or None (for a caller's own error message)."""
    return next((o for o in OBJECTIVES if o == text), None)


MODEL_BYTES = 128 * 2**20
"""The compiled models kept between runs, by the bytes of their arrays (``memo.array_bytes``;
a model holds 1.4 to 5 MB of them, and about as much again in Python objects), the least
recently used going first. A ``simulate`` run keeps every model it uses whatever this says
(``memo.kept_for_run``: each chunk asks for every ruleset's); a sensitivity run, which may
have 150 variants, goes through them a group at a time within it."""


def model_bytes(model: EvModel) -> int:
    """What a model holds of its own: its arrays, the lookup tables it shares left out."""
    return array_bytes(model, skip=(RankTables,))


_MODELS: Kept[tuple[str, str, int | None], EvModel] = Kept(MODEL_BYTES, model_bytes)


def ev_model(
    ruleset: ThirteenCardRuleset, objective: Objective = "ev", players: int | None = None
) -> EvModel:
    """One compiled model per ruleset content (rulesets hold lists, so they do not hash),
    objective and table size (None: the model's default), with the objective's lane odds: the
    shipped odds of the ruleset's ranking (``ev``), or its equilibrium tables. Kept while
    ``MODEL_BYTES`` allows."""
    objective = played_objective(ruleset, objective, players)

    def make() -> EvModel:
        odds = objective_odds(ruleset, objective, players)
        if objective == "equilibrium":
            seats = default_players(ruleset) if players is None else players
            return EvModel(ruleset, odds, opponents_at(ruleset, seats))
        return odds_model(ruleset, odds, players)

    return _MODELS.get((ruleset.model_dump_json(), objective, players), make)


def played_objective(
    ruleset: ThirteenCardRuleset, objective: Objective, players: int | None = None
) -> Objective:
    """The objective played: ``equilibrium`` has no table at more players than the ruleset's
    deck deals a hand each (``players``, None: a full table), the one table no iteration can
    deal, and plays ``ev`` against the deck's odds there (what ``arrange`` then reports as its
    objective). Every other table has one, shipped or built on first use."""
    if objective != "equilibrium":
        return objective
    seats = default_players(ruleset) if players is None else players
    return objective if 2 <= seats <= seats_dealt(ruleset) else "ev"


def objective_odds(
    ruleset: ThirteenCardRuleset, objective: Objective, players: int | None = None
) -> LaneOdds:
    """The opponents' lane odds an objective's model responds to: the ruleset's equilibrium
    table at ``players`` (None: a full table), else the odds of its ranking dealt from its
    deck."""
    if played_objective(ruleset, objective, players) == "equilibrium":
        return equilibrium_odds(ruleset, players)
    return ruleset_odds(ruleset)


def odds_model(ruleset: ThirteenCardRuleset, odds: LaneOdds, players: int | None) -> EvModel:
    """The ``ev`` model against opponents whose lanes follow ``odds``."""
    return EvModel(ruleset, odds, None if players is None else opponents_at(ruleset, players))
