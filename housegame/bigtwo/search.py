"""The search bot: determinised Monte Carlo over the hands the player cannot see.

For one decision the bot deals the unseen cards to the other players many times, each deal
consistent with what the table has shown (every card played, every player's card count, and
what a pass says: a player who passed over a single holds no higher single). In each deal it
tries every candidate move, plays the game out with the baseline policy for every seat
(``playout``) and settles it by the ruleset's own penalty table. The move with the best mean
net points wins; all candidates see the same deals, so their differences are not noise of the
dealing. The search reads only ``PublicView``: what the player to move may know.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from housegame.bigtwo.combos import Combo
from housegame.bigtwo.engine import Game, Move
from housegame.bigtwo.playout import PlayIndex, apply, net_totals, play_out, position_of
from housegame.bigtwo.powerplays import PowerTable
from housegame.bigtwo.rollout import Payout, deal_of, own_moves, rollout, trick_of
from housegame.bigtwo.rules import Rules
from housegame.bigtwo.unseen import UnseenDealer
from housegame.budget import check
from housegame.cards import DECK, Card


@dataclass(frozen=True)
class SearchSettings:
    """How hard the bot looks: ``determinisations`` deals of the unseen cards per decision (each
    candidate is played out once in every deal), at most ``candidates`` moves tried, and
    ``read_passes``: whether a pass over a single rules out higher singles in that hand."""

    determinisations: int = 24
    candidates: int = 10
    read_passes: bool = True
    careful: bool = True


DEFAULT_SEARCH = SearchSettings()
SAMPLE_TRIES = 20
"""Attempts at a deal that honours every pass before the passes are ignored for that deal."""


@dataclass(frozen=True)
class PublicView:
    """What the player to move knows: their seat and hand, everyone's card count, the cards
    not yet seen, and for each player the strongest single they may hold (``ceiling``, a
    card power; None: no bound)."""

    seat: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    unseen: tuple[Card, ...]
    ceiling: tuple[int | None, ...]


def public_view(game: Game, read_passes: bool = True) -> PublicView:
    """The view of the player to move, from their own hand and the moves alone."""
    rules = game.rules
    seat = game.turn
    played: set[Card] = set()
    ceiling: list[int | None] = [None] * game.seats
    table: Combo | None = None
    passed: set[int] = set()
    final = rules.ruleset.trick.pass_is_final
    for move in game.moves:
        who = game.names.index(move.player)
        if move.play is not None:
            played.update(move.play.cards)
            table = move.play
        else:
            locked = final and who in passed
            if read_passes and table is not None and table.kind == "single" and not locked:
                power = rules.power(table.cards[0])
                bound = ceiling[who]
                ceiling[who] = power if bound is None else min(bound, power)
            passed.add(who)
        if move.ends_trick:
            table, passed = None, set()
    own = game.hands[seat]
    unseen = tuple(c for c in DECK if c not in own and c not in played)
    ceiling[seat] = None
    return PublicView(
        seat, tuple(rules.sort(own)), tuple(map(len, game.hands)), unseen, tuple(ceiling)
    )


def sample_hands(view: PublicView, rules: Rules, rng: random.Random) -> list[list[Card]]:
    """One deal of the unseen cards to the other players: each gets their count, no one a
    single above their ``ceiling``. Cards go one at a time to a player with room, chosen in
    proportion to the room left (a uniform deal when nothing is ruled out), the most
    restricted cards first; after ``SAMPLE_TRIES`` dead ends the ceilings are dropped. Cards
    the counts leave over are set aside, as a deal that leaves some out of play does."""
    players = len(view.counts)
    aside = players  # the unseen cards no player holds (a deal that leaves some out of play)
    others = [s for s in range(players) if s != view.seat]
    for attempt in range(SAMPLE_TRIES + 1):
        honour = attempt < SAMPLE_TRIES
        cards = list(view.unseen)
        rng.shuffle(cards)
        allowed = {
            card: [
                s
                for s in others
                if not honour or (bound := view.ceiling[s]) is None or rules.power(card) <= bound
            ]
            + [aside]
            for card in cards
        }
        cards.sort(key=lambda c: len(allowed[c]))
        room = [*view.counts, len(cards) - sum(view.counts[s] for s in others)]
        hands: list[list[Card]] = [[] for _ in range(players + 1)]
        for card in cards:
            seats = [s for s in allowed[card] if room[s] > 0]
            if not seats:
                break
            pick = rng.randrange(sum(room[s] for s in seats))
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            hands[s].append(card)
            room[s] -= 1
        else:
            hands[view.seat] = list(view.hand)
            return hands[:players]
    raise AssertionError("an unconstrained deal always fits the counts")


@dataclass(frozen=True)
class Estimate:
    """One candidate move's result over the deals: mean net points for the player to move,
    and the share of deals in which they went out first."""

    play: Combo | None
    points: float
    wins: float
    deals: int


def candidates(
    game: Game, limit: int, baseline: Combo | None, legal: list[Combo] | None = None
) -> list[Combo | None]:
    """The moves worth trying, the baseline's first (it wins ties): all of them when there are
    few; else pass, the two weakest plays of each family, the weakest of each five-card kind,
    the strongest single, then the weakest of the rest, up to ``limit``. ``legal``: the legal
    plays, if known (``game.legal_plays()``)."""
    plays = game.legal_plays() if legal is None else legal
    options: list[Combo | None] = [baseline]
    if not game.leading and baseline is not None:
        options.append(None)
    if len(plays) + 1 > limit:
        picked: list[Combo] = []
        for family in ("single", "pair", "triple", "five-card"):
            picked += [p for p in plays if p.family == family][:2]
        for kind in ("straight", "flush", "full-house", "quads", "straight-flush"):
            picked += [p for p in plays if p.kind == kind][:1]
        picked += [p for p in plays if p.kind == "single"][-1:]
        plays = picked + plays
    for play in plays:
        if play not in options:
            options.append(play)
    return options[:limit]


def _seed_for(game: Game, seed: int) -> random.Random:
    """The decision's own generator: the same seed and position always search alike."""
    return random.Random(f"bigtwo-search:{seed}:{len(game.moves)}:{game.turn}")


Scorer = Callable[[random.Random], list[tuple[int, bool]]]
"""One deal of the unseen cards drawn from the generator -> each candidate's net points for
the player to move, and whether they went out first, its game played out."""


def reference_scorer(
    game: Game, view: PublicView, options: Sequence[Combo | None], careful: int
) -> Scorer:
    """Deals by ``sample_hands``, candidates played out by ``playout``: the readable
    reference, which ``rollout_scorer`` must match score for score. Seat ``careful`` (-1:
    none) plays the careful policy."""
    rules = game.rules
    index = _tables(rules).index
    names = game.names
    me = game.turn
    moves = [index.of(p) if p is not None else None for p in options]

    def score(rng: random.Random) -> list[tuple[int, bool]]:
        start = position_of(game, sample_hands(view, rules, rng), index)
        found = []
        for move in moves:
            pos = start.copy()
            apply(pos, move, index)
            play_out(pos, index, careful)
            found.append((net_totals(pos, rules, names)[names[me]], pos.winner == me))
        return found

    return score


def rollout_scorer(
    game: Game, view: PublicView, options: Sequence[Combo | None], careful: int
) -> Scorer:
    """Deals by ``unseen.UnseenDealer``, candidates played out by ``rollout`` and settled by
    its ``Payout``: the fast path."""
    tables = _tables(game.rules)
    table, payout = tables.power, tables.payout
    me = game.turn
    moves = [table.of(p) if p is not None else None for p in options]
    dealer = UnseenDealer(
        me, table.mask(view.hand), view.counts, view.unseen, view.ceiling, table.power, SAMPLE_TRIES
    )
    trick = trick_of(game, table)

    def score(rng: random.Random) -> list[tuple[int, bool]]:
        deal = deal_of(trick, dealer.deal(rng), table)
        finishes = [rollout(deal, move, careful) for move in moves]
        return [(payout.net(f, me), f.winner == me) for f in finishes]

    return score


def estimates(
    game: Game,
    settings: SearchSettings = DEFAULT_SEARCH,
    seed: int = 0,
    scorer: Callable[[Game, PublicView, Sequence[Combo | None], int], Scorer] = rollout_scorer,
) -> list[Estimate]:
    """Every candidate move of the player to move with its estimate, best first."""
    legal, baseline = own_moves(game, _tables(game.rules).power)
    options = candidates(game, settings.candidates, baseline, legal)
    if len(options) == 1:
        return [Estimate(options[0], 0.0, 0.0, 0)]
    view = public_view(game, settings.read_passes)
    rng = _seed_for(game, seed)
    score = scorer(game, view, options, view.seat if settings.careful else -1)
    points = [0] * len(options)
    wins = [0] * len(options)
    for _ in range(settings.determinisations):
        check()
        for i, (net, won) in enumerate(score(rng)):
            points[i] += net
            wins[i] += won
    n = settings.determinisations
    found = [Estimate(p, points[i] / n, wins[i] / n, n) for i, p in enumerate(options)]
    return sorted(found, key=lambda e: -e.points)


def search_move(game: Game, seed: int = 0, settings: SearchSettings = DEFAULT_SEARCH) -> Move:
    """The search bot's move for the player to move (a plain ``computer_move``-like bot)."""
    best = estimates(game, settings, seed)[0].play
    return game.play(best.cards) if best is not None else game.pass_turn()


@dataclass(frozen=True)
class Tables:
    """A ruleset's lookup tables for the playouts, made once: the reference's and the fast
    path's."""

    rules: Rules
    index: PlayIndex
    power: PowerTable
    payout: Payout


_TABLES: dict[int, Tables] = {}
_WARM: list[Tables] = []
"""The tables of the last few distinct rulesets, found again for an equal ``Rules`` object
(a bench chunk or a new game loads its ruleset anew): what they learned is kept."""
WARM_KEPT = 8


def _tables(rules: Rules) -> Tables:
    """One ``Tables`` per ``Rules`` object (kept alive with it, so its id is not reused), the
    same for equal ones."""
    kept = _TABLES.get(id(rules))
    if kept is None or kept.rules is not rules:
        if len(_TABLES) > 16:
            _TABLES.clear()
        kept = next((t for t in _WARM if t.rules == rules), None)
        if kept is None:
            power = PowerTable(rules)
            kept = Tables(rules, power.index, power, Payout(power))
            _WARM[:] = [kept, *_WARM[: WARM_KEPT - 1]]
        _TABLES[id(rules)] = Tables(rules, kept.index, kept.power, kept.payout)
        kept = _TABLES[id(rules)]
    return kept
