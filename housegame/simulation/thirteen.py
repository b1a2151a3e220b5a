"""Monte Carlo over seeded 13-card deals: every ruleset plays the same deals, or, where
rulesets deal from different decks, each deck's rulesets the same deals from that deck.

Each hand is set by the ruleset's own arranger (``equilibrium`` by default, for the table's
size; ``ev`` or ``lexicographic``), special hands declared as that arranger decides, and each
table settled by the engine
(``settle_terms``: seat 1 banks in banker games). What a deal leaves is counted in a
``ThirteenTally``; ``RulesetStats`` (``housegame.simulation.summary``) is the designer's
summary of one ruleset's tally.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from housegame.arrange.arranger import Arrangement, Arranger
from housegame.arrange.batch import batches
from housegame.arrange.equilibrium import equilibrium_odds
from housegame.arrange.objectives import DEFAULT_OBJECTIVE, Objective, played_objective
from housegame.arrange.simulate import arranged_table
from housegame.cards import IDENTITIES, STANDARD_DECK, Card, Deck
from housegame.dealer import PLAYERS, deal_from
from housegame.errors import TableError
from housegame.jsonsafe import flat_records
from housegame.memo import Kept
from housegame.rulesets.common import HAND_CARDS
from housegame.rulesets.families import load_in_family_order
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import MAX_SEATS, ThirteenCardRuleset
from housegame.simulation.runner import CHUNK, LOCAL, Backend, chunk_rng, chunk_sizes, run_tasks
from housegame.simulation.summary import RulesetStats, summarize
from housegame.simulation.tally import NAMES, ThirteenTally
from housegame.thirteen.settle import settle_terms

Progress = Callable[[int], None]
"""Called with the number of deals just finished (under one ruleset); raising
``KeyboardInterrupt`` from it ends the run as Ctrl-C does."""

CARDS = tuple(Card(i) for i in range(IDENTITIES))
"""Every card identity by index (the jokers too)."""
ARRANGERS_KEPT = 64
"""Arrangers kept per process: more than a run's rulesets (each holds its model alive)."""
_ARRANGERS: Kept[tuple[str, str, int], Arranger] = Kept(ARRANGERS_KEPT)


def _arranger(ruleset: ThirteenCardRuleset, objective: Objective, players: int) -> Arranger:
    """One arranger per ruleset, objective and table size in each process (its model is costly
    to build), the least recently used going first. The ``equilibrium`` objective plays for
    the table's size; ``ev`` keeps its model of a full table."""
    seats = players if objective == "equilibrium" else None
    return _ARRANGERS.get(
        (ruleset.model_dump_json(), objective, players),
        lambda: Arranger(ruleset, objective, seats),
    )


def deal_chunk(
    seed: int, index: int, deals: int, players: int, deck: Deck = STANDARD_DECK
) -> np.ndarray:
    """Chunk ``index``'s deals: (deals, players, 13) card indices, each hand sorted, dealt
    from ``deck`` (a card it holds twice may come twice)."""
    rng = chunk_rng(seed, index)
    if deck.is_standard:
        decks = np.argsort(rng.random((deals, 52)), axis=1)
        return np.sort(decks.reshape(deals, PLAYERS, 13), axis=2)[:, :players]
    return deal_from(rng, deals, np.array([c.index for c in deck.cards()]), players)


def shared_deck(rulesets: Sequence[ThirteenCardRuleset]) -> Deck:
    """The deck every ruleset of a chunk deals from (they play the same deals)."""
    decks = {rules.deck.deck() for rules in rulesets}
    if len(decks) > 1:
        shown = ", ".join(f"{r.id} ({r.deck.size} cards)" for r in rulesets)
        raise TableError(
            f"the rulesets deal from different decks: {shown}",
            hint="`simulate` plays each deck's rulesets as a group (docs/decks.md)",
        )
    return decks.pop() if decks else STANDARD_DECK


def deck_groups(rulesets: Sequence[ThirteenCardRuleset]) -> list[list[int]]:
    """The rulesets' positions grouped by the deck they deal from, in order of first
    appearance: a group plays the same seeded deals, drawn from its deck."""
    groups: dict[Deck, list[int]] = {}
    for i, rules in enumerate(rulesets):
        groups.setdefault(rules.deck.deck(), []).append(i)
    return list(groups.values())


@dataclass(frozen=True)
class ThirteenChunk:
    """One chunk of deals under every ruleset of the run: a picklable task for any backend.
    The hands are sorted, and what depends only on the cards and the ranking setting built,
    once for all the rulesets (``HandBatch``)."""

    rulesets: tuple[ThirteenCardRuleset, ...]
    objective: Objective
    players: int
    seed: int
    index: int
    deals: int

    def __call__(self) -> list[ThirteenTally]:
        """One tally per ruleset, in order."""
        players = self.players
        deck = shared_deck(self.rulesets)
        dealt = deal_chunk(self.seed, self.index, self.deals, players, deck)
        hands = [[CARDS[c] for c in row] for row in dealt.reshape(-1, 13).tolist()]
        arranged: list[list[Arrangement]] = [[] for _ in self.rulesets]
        for batch in batches(hands, deck):  # one batch's arrays alive at a time
            for rules, out in zip(self.rulesets, arranged):
                out.extend(_arranger(rules, self.objective, players).arrange_many([batch]))
        return [self._tally(rules, rows) for rules, rows in zip(self.rulesets, arranged)]

    def _tally(self, rules: ThirteenCardRuleset, arranged: list[Arrangement]) -> ThirteenTally:
        players = self.players
        tally = ThirteenTally(players)
        for arrangement in arranged:
            if arrangement.special is not None:
                tally.held.update(d.hand.id for d in arrangement.special.held)
        names = NAMES[:players]
        first = self.index * CHUNK
        for d in range(self.deals):
            seats = arranged_table(rules, names, arranged[d * players : (d + 1) * players])
            tally.add_table(first + d, settle_terms(rules, *seats))
        return tally


def _check_seats(rules: ThirteenCardRuleset, players: int) -> None:
    if not 2 <= players <= MAX_SEATS:
        raise TableError(f"{players} players: a simulation deals 2 to {MAX_SEATS} hands")
    if not rules.table.seats.holds(players):
        seats, size = rules.table.seats, rules.deck.size
        deck = f": its deck ({size} cards) deals {size // HAND_CARDS} hands of 13"
        raise TableError(
            f"ruleset '{rules.id}' does not seat {players} players"
            + (deck if players * HAND_CARDS > size else ""),
            hint=f"it seats {seats.min or 2} to {seats.max or PLAYERS}; "
            "pass --players N or leave the ruleset out",
        )


@dataclass(frozen=True)
class SimulationReport:
    """A run: what was asked, whether Ctrl-C cut it short, and each ruleset's summary."""

    deals: int
    """Deals asked for (each ruleset's ``deals`` says how many were played)."""
    players: int
    seed: int
    objective: Objective
    interrupted: bool
    rulesets: list[RulesetStats]
    models: tuple[ThirteenCardRuleset, ...] = field(default=(), repr=False, compare=False)
    """The rulesets played, in the order of ``rulesets`` (a report reads what differs)."""

    def __getitem__(self, index: int) -> RulesetStats:
        return self.rulesets[index]

    def __len__(self) -> int:
        return len(self.rulesets)

    def to_records(self) -> list[dict[str, Any]]:
        """One flat row per ruleset, for ``pandas.DataFrame``."""
        return flat_records(s.as_dict() for s in self.rulesets)

    def __repr__(self) -> str:
        """A short summary: what was run, then one line per ruleset."""
        cut = ", interrupted" if self.interrupted else ""
        head = (
            f"SimulationReport: {self.deals} deals, {self.players} players, seed {self.seed}, "
            f"{self.objective} play{cut}"
        )
        return "\n".join([head, *(f"  {s!r}" for s in self.rulesets)])

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": "thirteen-card",
            "deals": self.deals,
            "players": self.players,
            "seed": self.seed,
            "objective": self.objective,
            "chunk": CHUNK,
            "interrupted": self.interrupted,
            "decks": [
                {"cards": self.models[g[0]].deck.size, "rulesets": [self.models[i].id for i in g]}
                for g in deck_groups(self.models)
            ],
            "rulesets": [s.as_dict() for s in self.rulesets],
        }


def simulated_rulesets(
    refs: Sequence[str] | None, players: int = PLAYERS
) -> list[ThirteenCardRuleset]:
    """The rulesets a simulation runs, in family order: those named, or every bundled one
    that seats ``players`` (whatever its deck: each deck's rulesets play as a group)."""
    loaded = load_in_family_order(refs, ThirteenCardRuleset)
    return loaded if refs else [rules for rules in loaded if _seats(rules, players)]


def _seats(rules: ThirteenCardRuleset, players: int) -> bool:
    return rules.table.seats.holds(players) and players * HAND_CARDS <= rules.deck.size


def simulate(
    rulesets: Sequence[RulesetRef],
    deals: int,
    seed: int = 1,
    players: int = PLAYERS,
    progress: Progress | None = None,
    objective: Objective = DEFAULT_OBJECTIVE,
    backend: Backend = LOCAL,
) -> SimulationReport:
    """Play ``deals`` seeded deals of ``players`` hands under every ruleset (an id, a path or
    a loaded ruleset): the same deals for each ruleset of a deck (``deck_groups``).

    The same arguments give the same report on any backend; Ctrl-C (or ``KeyboardInterrupt``
    from ``progress``) ends the run with the chunks already finished."""
    if deals < 1:
        raise TableError("deals must be at least 1")
    loaded = [resolve_ruleset(ref, ThirteenCardRuleset) for ref in rulesets]
    for rules in loaded:
        _check_seats(rules, players)
    for rules in loaded:
        if played_objective(rules, objective, players) == "equilibrium":
            equilibrium_odds(rules, players)  # a table not shipped is built (and cached) once
    groups = deck_groups(loaded)
    tasks = [
        (group, ThirteenChunk(tuple(loaded[i] for i in group), objective, players, seed, n, size))
        for n, size in enumerate(chunk_sizes(deals))
        for group in groups  # chunk by chunk: a stopped run has played under every deck
    ]
    tallies = [ThirteenTally(players) for _ in loaded]

    def fold(index: int, chunk: list[ThirteenTally]) -> None:
        """Each ruleset's share in turn, the progress hook after each (so Ctrl-C from it keeps
        the rulesets already counted of this chunk)."""
        for at, part in zip(tasks[index][0], chunk):
            tallies[at].merge(part)
            if progress is not None:
                progress(part.deals)

    interrupted = run_tasks([task for _, task in tasks], fold, backend)
    played = [(r, t) for r, t in zip(loaded, tallies) if t.deals]
    stats = [summarize(r, t) for r, t in played]
    models = tuple(r for r, _ in played)
    return SimulationReport(deals, players, seed, objective, interrupted, stats, models)
