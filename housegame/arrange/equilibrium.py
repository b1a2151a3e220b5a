"""The ``equilibrium`` objective's lane odds: blended best-response iteration (fictitious play).

The ``ev`` objective is the best response to opponents whose lanes are drawn from the shipped
lane odds, which describe hands set for a neutral ruleset. Under a ruleset's own payouts those
settings are exploitable: a response to the lanes ``ev`` itself sets gains against it. The
iteration (``iteration``) removes most of that: start from the ``ev`` odds of the ruleset's
deck; deal seeded hands from that deck and set them with the ``ev`` objective of this ruleset,
at this many players, against the current odds; blend the distribution of the lanes it set into
the odds; repeat. The odds the last step leaves are the objective's: its settings are (near) a
best response to settings like its own.

Every set hand is counted, special hands included (opponents who declare are a few hands in a
hundred; the model assumes opponents set hands). The tables depend on what the ``ev`` model
reads of the ruleset (``payout_key``: descriptive fields left out, so rulesets that differ only
in name or in rules the arranger does not play share a table; the deck is read), the number of
opponents (``opponents_at``: a banker game's table is one whatever the table size) and the
iteration's settings. The bundled rulesets' tables are shipped (``housegame tables
equilibrium``); another ruleset's are built on first use, with a notice and a bar on a
terminal, and kept in the user cache.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.progress import Progress as Bar

from housegame.arrange.cache import Unverified, cache_dir, notice, store_cached, unwritable
from housegame.arrange.iteration import (
    Iteration,
    Progress,
    check_players,
    hands_per_deal,
    iterate,
    opponents_at,
    payout_key,
    seats_dealt,
    table_slug,
)
from housegame.arrange.odds import DATA_DIR, ODDS_VERSION, DataFileError, LaneOdds
from housegame.rulesets.thirteen import ThirteenCardRuleset

__all__ = [
    "SHIPPED",
    "Iteration",
    "equilibrium_name",
    "equilibrium_odds",
    "iterate",
    "load_equilibrium",
    "opponents_at",
    "payout_key",
    "shipped_entries",
]

SECONDS_PER_HAND = 0.0004
"""About what setting one hand costs in a step, on one core (for the build notice): 0.00025
on one 52-card deck, 0.0004 on 加一色's 65 cards, at two players as at five."""

SHIPPED = Iteration()
"""The settings of the shipped tables, and of tables built on demand."""


def default_players(ruleset: ThirteenCardRuleset) -> int:
    """A full table: the ruleset's most seats (four when it sets no maximum)."""
    return ruleset.table.seats.max or 4


def equilibrium_name(ruleset: ThirteenCardRuleset, players: int) -> str:
    """The table's file: by payouts and opponents (a banker game's tables are one, whatever
    the table size)."""
    opponents = opponents_at(ruleset, players)
    return f"equilibrium-v{ODDS_VERSION}-{payout_key(ruleset)}-o{opponents}.npz"


def shipped_path(ruleset: ThirteenCardRuleset, players: int) -> Path:
    """Where the table would be shipped (it is for the bundled rulesets)."""
    return DATA_DIR / equilibrium_name(ruleset, players)


def check_meta(odds: LaneOdds, ruleset: ThirteenCardRuleset, players: int) -> None:
    """``Unverified`` unless the table is this ruleset's at ``players``."""
    meta = odds.meta
    if meta.get("objective") != "equilibrium":
        raise Unverified("not an equilibrium table")
    opponents = opponents_at(ruleset, players)
    if meta.get("payout") != payout_key(ruleset) or meta.get("opponents") != opponents:
        raise Unverified(
            f"built for payouts {meta.get('payout')} against {meta.get('opponents')} opponents"
        )


def load_equilibrium(
    path: Path, ruleset: ThirteenCardRuleset, players: int, require_checksum: bool = False
) -> LaneOdds:
    """A table read and checked: whole, well formed, and this ruleset's at ``players``."""
    odds = LaneOdds.load(path, ruleset.ranking.rules(), require_checksum, table_slug(ruleset))
    check_meta(odds, ruleset, players)
    return odds


def _shipped(path: Path, ruleset: ThirteenCardRuleset, players: int) -> LaneOdds:
    try:
        return load_equilibrium(path, ruleset, players)
    except Unverified as exc:
        raise DataFileError(
            f"the shipped equilibrium table {path} is damaged ({exc})",
            hint="reinstall housegame, or rebuild the tables: housegame tables equilibrium "
            f"--out {path.parent}",
        ) from None


def _cached(path: Path, ruleset: ThirteenCardRuleset, players: int) -> LaneOdds | None:
    try:
        odds = load_equilibrium(path, ruleset, players, require_checksum=True)
    except Unverified as exc:
        notice(f"cache file {path} does not verify ({exc}); rebuilding it")
        return None
    built = {k: odds.meta.get(k) for k in asdict(SHIPPED)}
    if built != asdict(SHIPPED):
        notice(f"cache file {path} was built with other settings; rebuilding it")
        return None
    return odds


@contextmanager
def build_bar(description: str, total: int) -> Iterator[Progress | None]:
    """A bar on stderr while a table is built, where stderr is a terminal (a log or a
    captured stream gets the notices alone)."""
    if not sys.stderr.isatty():
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Bar(*columns, TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda hands: bar.advance(task, hands)


def equilibrium_odds_for(ruleset: ThirteenCardRuleset, players: int) -> LaneOdds:
    """Shipped tables first (a damaged one is an error); else the user cache (a file that does
    not verify is rebuilt); else built now, with a notice of the time it takes, and cached."""
    name = equilibrium_name(ruleset, players)
    shipped = shipped_path(ruleset, players)
    if shipped.is_file():
        return _shipped(shipped, ruleset, players)
    folder = cache_dir()
    path = folder / name if folder is not None else None
    if path is not None and path.is_file():
        found = _cached(path, ruleset, players)
        if found is not None:
            return found
    check_players(ruleset, players)
    hands = SHIPPED.hands_of(hands_per_deal(ruleset.deck.deck()))
    estimate = hands * SECONDS_PER_HAND
    notice(
        f"building the equilibrium lane odds of ruleset '{ruleset.id}' at {players} players "
        f"({SHIPPED.steps} steps of {hands // SHIPPED.steps:,} hands, about {estimate:.0f} s)"
        + ("; this happens once" if path is not None and not unwritable() else "")
    )
    began = time.monotonic()
    with build_bar(f"{ruleset.id}, {players} players", hands) as progress:
        odds = iterate(ruleset, players, SHIPPED, progress)
    notice(f"built in {time.monotonic() - began:.0f} s")
    store_cached(path, odds.arrays(), compressed=True)
    return odds


_LOADED: dict[tuple[str, int], LaneOdds] = {}
"""Tables read or built in this process, by payouts and opponents."""


def equilibrium_odds(ruleset: ThirteenCardRuleset, players: int | None = None) -> LaneOdds:
    """The ``equilibrium`` objective's lane odds for ``ruleset`` at ``players`` (default: a
    full table), once per process."""
    count = default_players(ruleset) if players is None else players
    key = (payout_key(ruleset), opponents_at(ruleset, count))
    if key not in _LOADED:
        _LOADED[key] = equilibrium_odds_for(ruleset, count)
    return _LOADED[key]


SHIPPED_PLAYERS = (2, 3, 4)
"""Table sizes whose tables are shipped for the bundled rulesets on one 52-card deck: every
size they seat, so the default objective builds nothing for them."""


def table_sizes(ruleset: ThirteenCardRuleset) -> list[int]:
    """The table sizes a ruleset's tables are shipped (or built by ``housegame tables
    equilibrium``) for: 2 to 4 on one 52-card deck; on a deck of its own, every size from 2
    that it seats and its deck deals (2 to 5 for 加一色's 65 cards)."""
    if ruleset.deck.deck().is_standard:
        return list(SHIPPED_PLAYERS)
    seats = ruleset.table.seats
    return [n for n in range(2, seats_dealt(ruleset) + 1) if seats.holds(n)]


def shipped_entries(
    rulesets: Sequence[ThirteenCardRuleset], players: Sequence[int] | None = None
) -> list[tuple[ThirteenCardRuleset, int]]:
    """One (ruleset, players) per distinct table the rulesets need (``players``: those sizes,
    by default each ruleset's ``table_sizes``), in first-seen order."""
    seen: dict[str, tuple[ThirteenCardRuleset, int]] = {}
    for ruleset in rulesets:
        for count in players if players is not None else table_sizes(ruleset):
            seen.setdefault(equilibrium_name(ruleset, count), (ruleset, count))
    return list(seen.values())
