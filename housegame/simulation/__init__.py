"""Simulations: many seeded deals under many rulesets, on one core, local processes or Dask.

``simulate`` runs 13-card rulesets and returns a ``SimulationReport``; ``Backend`` says where
the seeded chunks run; ``special_probability`` gives a special hand's exact chance where it
has a closed form.
"""

from __future__ import annotations

from housegame.simulation.exact import condition_probability, special_probability
from housegame.simulation.runner import CHUNK, Backend
from housegame.simulation.summary import RulesetStats
from housegame.simulation.thirteen import SimulationReport, simulate

__all__ = [
    "CHUNK",
    "Backend",
    "RulesetStats",
    "SimulationReport",
    "condition_probability",
    "simulate",
    "special_probability",
]
