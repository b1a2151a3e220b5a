"""Experiment (session 23): a learned value of partial boards for the OFC search bot.

The search bot's fast playout policy values a partial board by filling its empty slots at
random, which cannot see that a player choosing where each card goes will build a middle that
beats a pair of queens on top (RESULTS.md, "Why it does not go for Fantasyland"). This script
fits the alternative the issue suggested, tables over partial boards fitted by least squares,
and reports how the greedy policy they define plays (the policy the playouts would use):

- each lane is reduced to a class: what it holds so far (nothing, a pair, two pair, trips, ...,
  with the rank that defines it), its card count, and for the middle and back whether a flush
  or a straight is still alive; the front's class also counts the unseen cards of its top rank;
- a board's value is a constant plus one weight per lane class, plus one for the front and
  middle together and one for the middle and back together (their kinds, counts and which is
  ahead so far: what decides a foul); one set of tables per street;
- seeded hands are dealt to one player (the next cards of each deck stand for what an
  opponent shows) and played street by street; from the last street back, a board's target is
  the best of its next street's moves for the cards that hand was dealt next, valued exactly
  (``BoardValue``) when that street finishes the board and by the tables just fitted
  otherwise; tables are fitted by backfitting (each block's cells in turn set to the mean of
  what the others leave, shrunk by ``RIDGE``);
- round 0 plays at random; each later round plays greedily by the last round's tables, a share
  ``--explore`` of choices at random and a share ``--chasers`` of hands always taking the best
  move that goes for Fantasyland's front (so such boards are seen);
- ``--model network`` fits, in place of the tables, a small ReLU network per street (two
  hidden layers of ``HIDDEN``, least squares by Adam) on the same lane parts as numbers, so
  that the lanes' joint outcome can be learned.

Run::

    nice -n 10 python benchmarks/ofc_partial_tables.py --hands 12000 --rounds 3
    nice -n 10 python benchmarks/ofc_partial_tables.py --model network --hands 12000 --rounds 3
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import numpy as np

from housegame.cards import parse_cards, rank_value
from housegame.ofc.board_value import BoardValue
from housegame.ofc.bot import BoardParts, FloatArray, IntArray
from housegame.ofc.rollout import SLOTS, Geometry, expand
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset

RANKS = 13
KINDS = 9
"""Five-card lane kinds: none, pair, two pair, trips, straight, flush, full house, quads,
straight flush (a lane's partial cards only make the first four and full house or quads)."""
FRONT_KINDS = 3
"""Front kinds: none, pair, trips."""
RELATIONS = 4
"""Which of two lanes is ahead: the lower lane's kind above, the same kind and rank above, the
same kind and rank, or behind."""
BLOCKS = ("front", "middle", "back", "front_middle", "middle_back")
SIZES = {
    "front": FRONT_KINDS * RANKS * 4 * 4,
    "middle": KINDS * RANKS * 6 * 4,
    "back": KINDS * RANKS * 6 * 4,
    "front_middle": RELATIONS * FRONT_KINDS * RANKS * 4 * KINDS * 6,
    "middle_back": RELATIONS * KINDS * 6 * KINDS * 6,
}


@dataclass(frozen=True)
class Lanes:
    """Each lane of boards (N, 13) reduced to its kind, defining rank and card count."""

    kind: IntArray  # (N, 3); the front's on the front scale (none, pair, trips)
    top: IntArray  # (N, 3) rank index 0..12 of the kind's rank (the high card for none)
    count: IntArray  # (N, 3)
    flush: IntArray  # (N, 2) middle, back: a flush still alive
    straight: IntArray  # (N, 2)


def _lane(cards: IntArray) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """Kind, top rank, count, flush alive, straight alive of lanes (N, width)."""
    valid = cards >= 0
    ranks = np.where(valid, cards // 4, -1)
    count = valid.sum(axis=1)
    per_rank = (ranks[:, :, None] == np.arange(RANKS)).sum(axis=1)  # (N, 13)
    most = per_rank.max(axis=1)
    pairs = (per_rank >= 2).sum(axis=1)
    top = np.argmax(per_rank * 16 + np.arange(RANKS), axis=1)
    top = np.where(count > 0, top, 0)
    kind = np.select(
        [most >= 4, (most == 3) & (pairs >= 2), most == 3, pairs >= 2, pairs == 1],
        [7, 6, 3, 2, 1],
        0,
    )
    suits = np.where(valid, cards % 4, -1)
    first = suits.max(axis=1)
    one_suit = ((suits == first[:, None]) | ~valid).all(axis=1) & (count > 0)
    high = np.where(valid, ranks, -1).max(axis=1)
    low = np.where(valid, ranks, 99).min(axis=1)
    ace_low = np.where(ranks == RANKS - 1, -1, ranks)
    high_a = np.where(valid, ace_low, -99).max(axis=1)
    low_a = np.where(valid, ace_low, 99).min(axis=1)
    runs = (kind == 0) & ((high - low <= 4) | (high_a - low_a <= 4))
    width = cards.shape[1]
    full = count == width
    made_flush = full & one_suit & (width == 5)
    made_straight = full & runs & (width == 5)
    kind = np.where(made_flush & made_straight, 8, kind)
    kind = np.where(made_flush & ~made_straight, 5, kind)
    kind = np.where(made_straight & ~made_flush, 4, kind)
    flush = (one_suit & (kind == 0) & ~full).astype(np.int64)
    straight = (runs & ~full).astype(np.int64)
    return kind, top, count, flush, straight


def lanes_of(boards: IntArray) -> Lanes:
    """``Lanes`` of boards (N, 13): front slots 0-2, middle 3-7, back 8-12."""
    parts = [_lane(boards[:, a:b]) for a, b in ((0, 3), (3, 8), (8, 13))]
    kind = np.stack([p[0] for p in parts], axis=1)
    kind[:, 0] = np.select([kind[:, 0] == 3, kind[:, 0] == 1], [2, 1], 0)
    return Lanes(
        kind,
        np.stack([p[1] for p in parts], axis=1),
        np.stack([p[2] for p in parts], axis=1),
        np.stack([parts[1][3], parts[2][3]], axis=1),
        np.stack([parts[1][4], parts[2][4]], axis=1),
    )


def _relation(kind_a: IntArray, top_a: IntArray, kind_b: IntArray, top_b: IntArray) -> IntArray:
    """Lane b (the lower one) against lane a: 0 kind above, 1 rank above, 2 level, 3 behind."""
    return np.select(
        [
            kind_b > kind_a,
            (kind_b == kind_a) & (top_b > top_a),
            (kind_b == kind_a) & (top_b == top_a),
        ],
        [0, 1, 2],
        3,
    )


def features(boards: IntArray, live: IntArray) -> IntArray:
    """Per board (N, 13), the cell it falls in for each block of ``BLOCKS`` (N, 5); ``live``
    (N, 13) counts each rank's cards the player has not seen."""
    lanes = lanes_of(boards)
    kind, top, count = lanes.kind, lanes.top, lanes.count
    outs = np.minimum(np.take_along_axis(live, top[:, :1], axis=1)[:, 0], 3)
    front = ((kind[:, 0] * RANKS + top[:, 0]) * 4 + count[:, 0]) * 4 + outs
    five = [
        (((kind[:, i] * RANKS + top[:, i]) * 6 + count[:, i]) * 2 + lanes.flush[:, i - 1]) * 2
        + lanes.straight[:, i - 1]
        for i in (1, 2)
    ]
    front_scale = np.array([0, 1, 3])[kind[:, 0]]
    ahead = _relation(front_scale, top[:, 0], kind[:, 1], top[:, 1])
    front_middle = (
        ((ahead * FRONT_KINDS + kind[:, 0]) * RANKS + top[:, 0]) * 4 + count[:, 0]
    ) * KINDS * 6 + (kind[:, 1] * 6 + count[:, 1])
    behind = _relation(kind[:, 1], top[:, 1], kind[:, 2], top[:, 2])
    middle_back = ((behind * KINDS + kind[:, 1]) * 6 + count[:, 1]) * KINDS * 6 + (
        kind[:, 2] * 6 + count[:, 2]
    )
    return np.stack([front, *five, front_middle, middle_back], axis=1)


def live_counts(cards: IntArray) -> IntArray:
    """Cards of each rank among rows of unseen cards (N, U), -1 for none: (N, 13)."""
    counted: IntArray = (np.where(cards >= 0, cards // 4, -1)[:, :, None] == np.arange(RANKS)).sum(
        axis=1
    )
    return counted


@dataclass(frozen=True)
class PartialValue:
    """Fitted tables: ``weights[stage][block]`` and a constant per stage (the street after
    which the board stands, an index into the ruleset's deal)."""

    weights: dict[int, dict[str, FloatArray]]
    constants: dict[int, float]

    @property
    def stages(self) -> tuple[int, ...]:
        return tuple(sorted(self.weights))

    def __call__(self, boards: IntArray, live: IntArray, stage: int) -> FloatArray:
        """Values of boards (..., 13) standing after ``stage``; ``live`` (..., 13) per board,
        broadcast against the boards' leading axes."""
        shape = boards.shape[:-1]
        flat = boards.reshape(-1, 13)
        counts = np.broadcast_to(live, (*shape, RANKS)).reshape(-1, RANKS)
        cells = features(flat, counts)
        tables = self.weights[stage]
        total = np.full(len(flat), self.constants[stage])
        for column, block in enumerate(BLOCKS):
            total += tables[block][cells[:, column]]
        out: FloatArray = total.reshape(shape)
        return out


def dense(boards: IntArray, live: IntArray) -> FloatArray:
    """The lane classes' parts as one row of numbers per board (the network's input): kinds,
    ranks and counts one-hot or scaled, flush and straight alive, the front's outs, which
    lane is ahead of which and by how many rank steps."""
    lanes = lanes_of(boards)
    kind, top, count = lanes.kind, lanes.top, lanes.count
    outs = np.minimum(np.take_along_axis(live, top[:, :1], axis=1)[:, 0], 3)
    cols: list[np.ndarray] = [
        np.eye(3)[kind[:, 0]],
        np.eye(RANKS)[top[:, 0]],
        np.eye(4)[count[:, 0]],
        np.eye(4)[outs],
    ]
    for i in (1, 2):
        cols += [np.eye(KINDS)[kind[:, i]], top[:, i : i + 1] / 12.0, np.eye(6)[count[:, i]]]
        cols += [lanes.flush[:, i - 1 : i], lanes.straight[:, i - 1 : i]]
    front = np.array([0, 1, 3])[kind[:, 0]]
    cols.append(np.eye(RELATIONS)[_relation(front, top[:, 0], kind[:, 1], top[:, 1])])
    cols.append(np.eye(RELATIONS)[_relation(kind[:, 1], top[:, 1], kind[:, 2], top[:, 2])])
    levels = [
        front * RANKS + top[:, 0],
        kind[:, 1] * RANKS + top[:, 1],
        kind[:, 2] * RANKS + top[:, 2],
    ]
    cols.append((levels[0] - levels[1])[:, None] / 40.0)
    cols.append((levels[1] - levels[2])[:, None] / 40.0)
    out: FloatArray = np.concatenate(cols, axis=1).astype(np.float32)
    return out


@dataclass(frozen=True)
class Network:
    """``--model network``: per street a two-layer ReLU network on ``dense`` rows."""

    layers: dict[int, list[np.ndarray]]

    def __call__(self, boards: IntArray, live: IntArray, stage: int) -> FloatArray:
        shape = boards.shape[:-1]
        flat = boards.reshape(-1, 13)
        counts = np.broadcast_to(live, (*shape, RANKS)).reshape(-1, RANKS)
        out: FloatArray = self.predict(stage, dense(flat, counts)).reshape(shape)
        return out

    def predict(self, stage: int, rows: np.ndarray) -> FloatArray:
        return forward(self.layers[stage], rows)


def forward(layers: list[np.ndarray], rows: np.ndarray) -> FloatArray:
    """A network's (``train``'s weights) values of input rows."""
    w1, b1, w2, b2, w3, b3 = layers
    hidden = np.maximum(np.maximum(rows @ w1 + b1, 0) @ w2 + b2, 0)
    out: FloatArray = (hidden @ w3 + b3)[:, 0].astype(np.float64)
    return out


Model = PartialValue | Network


def train(
    rows: np.ndarray, target: FloatArray, rng: np.random.Generator, epochs: int = 25
) -> list[np.ndarray]:
    """A network's weights fitted by least squares (Adam, batches of 256, ``HIDDEN`` units)."""
    width = rows.shape[1]
    params: list[np.ndarray] = [
        rng.normal(0, (2 / width) ** 0.5, (width, HIDDEN)).astype(np.float32),
        np.zeros(HIDDEN, np.float32),
        rng.normal(0, (2 / HIDDEN) ** 0.5, (HIDDEN, HIDDEN)).astype(np.float32),
        np.zeros(HIDDEN, np.float32),
        rng.normal(0, (1 / HIDDEN) ** 0.5, (HIDDEN, 1)).astype(np.float32),
        np.array([target.mean()], np.float32),
    ]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    goal = target.astype(np.float32)
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(rows))
        for lo in range(0, len(rows), 256):
            idx = order[lo : lo + 256]
            x, want = rows[idx], goal[idx]
            w1, b1, w2, b2, w3, b3 = params
            z1 = x @ w1 + b1
            h1 = np.maximum(z1, 0)
            z2 = h1 @ w2 + b2
            h2 = np.maximum(z2, 0)
            out = (h2 @ w3 + b3)[:, 0]
            g = (2 * (out - want) / len(idx))[:, None]
            g2 = g @ w3.T * (z2 > 0)
            g1 = g2 @ w2.T * (z1 > 0)
            grads = (x.T @ g1, g1.sum(0), h1.T @ g2, g2.sum(0), h2.T @ g, g.sum(0))
            step += 1
            for i, grad in enumerate(grads):
                first[i] = 0.9 * first[i] + 0.1 * grad
                second[i] = 0.999 * second[i] + 0.001 * grad * grad
                mean = first[i] / (1 - 0.9**step)
                spread = np.sqrt(second[i] / (1 - 0.999**step)) + 1e-8
                params[i] -= 2e-3 * mean / spread
    return params


RIDGE = 2.0
HIDDEN = 64
SWEEPS = 12
CHUNK = 2000


@dataclass(frozen=True)
class Fit:
    """How the tables are fitted: hands simulated a round, rounds, the share of random
    choices, the share of hands that always go for Fantasyland's front when they can."""

    hands: int = 12_000
    rounds: int = 3
    explore: float = 0.15
    chasers: float = 0.3
    seed: int = 2026


DEFAULT = Fit()


def fit_tables(cells: IntArray, target: FloatArray) -> tuple[dict[str, FloatArray], float]:
    """Least-squares weights of ``BLOCKS``' cells (N, 5) for ``target`` (N,), by backfitting."""
    constant = float(target.mean())
    weights = {block: np.zeros(SIZES[block]) for block in BLOCKS}
    predicted = np.full(len(target), constant)
    for _ in range(SWEEPS):
        for column, block in enumerate(BLOCKS):
            cell = cells[:, column]
            old = weights[block]
            left = target - predicted + old[cell]
            sums = np.bincount(cell, left, SIZES[block])
            counts = np.bincount(cell, minlength=SIZES[block])
            new = sums / (counts + RIDGE)
            predicted += new[cell] - old[cell]
            weights[block] = new
    return weights, constant


def chasing(ruleset: OfcRuleset, options: IntArray, front: int) -> np.ndarray:
    """Options (..., 13) whose front (its first ``front`` slots) goes for Fantasyland: cards
    there, all of the entry's rank or above (none when the ruleset has no Fantasyland)."""
    fantasyland = ruleset.fantasyland
    if fantasyland is None:
        return np.zeros(options.shape[:-1], dtype=bool)
    least = rank_value(fantasyland.entry.front.rank) - 2
    lane = options[..., :front]
    placed = lane >= 0
    high = (lane // 4 >= least) | ~placed
    chase: np.ndarray = np.asarray(high.all(axis=-1) & placed.any(axis=-1))
    return chase


def choose(
    worth: FloatArray,
    legal: np.ndarray,
    explore: float,
    chase: np.ndarray,
    chasers: np.ndarray,
    rng: np.random.Generator,
) -> IntArray:
    """Per row the legal option worth the most, or with chance ``explore`` a random one;
    rows in ``chasers`` take the best option that goes for Fantasyland when there is one
    (so that boards with a Fantasyland front are seen often enough to be valued)."""
    best = np.argmax(np.where(legal, worth, -np.inf), axis=1)
    wild = np.argmax(np.where(legal, rng.random(legal.shape), -1.0), axis=1)
    picked: IntArray = np.where(rng.random(len(best)) < explore, wild, best)
    chasing = legal & chase
    bold = np.argmax(np.where(chasing, worth, -np.inf), axis=1)
    picked = np.where(chasers & chasing.any(axis=1), bold, picked)
    return picked


@dataclass
class Hands:
    """Simulated hands: each deck's order, and the board after each street."""

    decks: IntArray
    boards: list[IntArray]


class Fitter:
    """One ruleset's simulation and fitting (streets, lanes and values from the ruleset)."""

    def __init__(self, ruleset: OfcRuleset, rng: np.random.Generator, log: bool = False) -> None:
        self.ruleset = ruleset
        self.log = log
        self.rng = rng
        self.value = BoardValue.of(ruleset)
        self.geometry = Geometry.of(ruleset)
        self.streets = list(ruleset.deal)
        dealt = [s.dealt for s in self.streets]
        self.starts = [sum(dealt[:i]) for i in range(len(dealt) + 1)]
        self.placed = [sum(s.placed for s in self.streets[: i + 1]) for i in range(len(dealt))]

    def live(self, decks: IntArray, stage: int) -> IntArray:
        """Unseen cards of each rank after ``stage`` is dealt: not the player's, not what the
        opponent shows by then (the cards after the player's in the deck)."""
        own = self.starts[-1]
        seen = np.concatenate(
            [decks[:, : self.starts[stage + 1]], decks[:, own : own + self.placed[stage]]], axis=1
        )
        counted: IntArray = 4 - live_counts(seen)
        return counted

    def worth(
        self, model: Model | None, options: IntArray, decks: IntArray, stage: int
    ) -> FloatArray:
        """Boards (B, P, 13) standing after ``stage``: exact when finished, else the model's."""
        if stage == len(self.streets) - 1:
            return self.value(options)
        if model is None:
            return self.rng.random(options.shape[:2])
        return model(options, self.live(decks, stage)[:, None, :], stage)

    def simulate(self, hands: int, model: Model | None, explore: float, share: float) -> Hands:
        decks = self.rng.random((hands, 52)).argsort(axis=1)
        boards = np.full((hands, SLOTS), -1, dtype=np.int64)
        chasers = self.rng.random(hands) < share
        after: list[IntArray] = []
        for stage, street in enumerate(self.streets):
            chosen = []
            for lo in range(0, hands, CHUNK):
                part, rows = boards[lo : lo + CHUNK], decks[lo : lo + CHUNK]
                cards = rows[:, self.starts[stage] : self.starts[stage] + street.dealt]
                options, legal = expand(self.geometry, part, cards, street)
                worth = self.worth(model, options, rows, stage)
                chase = chasing(self.ruleset, options, int(self.geometry.cap[0]))
                pick = choose(worth, legal, explore, chase, chasers[lo : lo + CHUNK], self.rng)
                chosen.append(options[np.arange(len(part)), pick])
            boards = np.concatenate(chosen)
            after.append(boards)
        return Hands(decks, after)

    def fit(self, hands: Hands, kind: str) -> Model:
        """Tables (or networks) for every street but the last, from the last street back."""
        model: Model = PartialValue({}, {}) if kind == "tables" else Network({})
        for stage in reversed(range(len(self.streets) - 1)):
            targets = []
            boards = hands.boards[stage]
            for lo in range(0, len(boards), CHUNK):
                part, rows = boards[lo : lo + CHUNK], hands.decks[lo : lo + CHUNK]
                nxt = self.streets[stage + 1]
                cards = rows[:, self.starts[stage + 1] : self.starts[stage + 1] + nxt.dealt]
                options, legal = expand(self.geometry, part, cards, nxt)
                worth = np.where(legal, self.worth(model, options, rows, stage + 1), -np.inf)
                targets.append(worth.max(axis=1))
            live = self.live(hands.decks, stage)
            target = np.concatenate(targets)
            if isinstance(model, Network):
                inputs = dense(boards, live)
                model.layers[stage] = train(inputs, target, self.rng)
                fitted = model.predict(stage, inputs)
            else:
                cells = features(boards, live)
                weights, constant = fit_tables(cells, target)
                model.weights[stage], model.constants[stage] = weights, constant
                fitted = constant + np.sum(
                    [weights[b][cells[:, i]] for i, b in enumerate(BLOCKS)], axis=0
                )
            if self.log:
                share = 1 - float(((target - fitted) ** 2).mean() / target.var())
                print(f"  street {stage + 1}: target mean {target.mean():+.2f}  R2 {share:.2f}")
        return model


def outcomes(ruleset: OfcRuleset, hands: Hands) -> tuple[float, float, float]:
    """Finished boards' mean value, foul rate and Fantasyland entry rate (clean, QQ+ front)."""
    value = BoardValue.of(ruleset)
    final = hands.boards[-1]
    parts = BoardParts.of(ruleset, final)
    worth = value(final)
    entry = value.fantasyland.by_front[parts.front >> 24, (parts.front >> 20) & 0xF] > 0
    entering = entry & ~parts.fouled
    return float(worth.mean()), float(parts.fouled.mean()), float(entering.mean())


def fit(
    ruleset: OfcRuleset, settings: Fit = DEFAULT, kind: str = "tables", log: bool = False
) -> Model:
    """The model for ``ruleset`` (``kind``: tables or network): ``settings.rounds`` rounds of
    simulating and fitting."""
    fitter = Fitter(ruleset, np.random.default_rng([settings.seed, 0x0FC]), log)
    model: Model | None = None
    for round_ in range(settings.rounds):
        explore = 1.0 if model is None else settings.explore
        hands = fitter.simulate(settings.hands, model, explore, settings.chasers)
        if log:
            mean, fouls, entry = outcomes(ruleset, hands)
            print(
                f"round {round_}: policy {'random' if model is None else kind}"
                f"  value {mean:+.2f}  fouls {fouls:.1%}  Fantasyland {entry:.1%}",
                flush=True,
            )
        model = fitter.fit(hands, kind)
    assert model is not None
    if log:
        hands = fitter.simulate(settings.hands, model, 0.0, 0.0)
        mean, fouls, entry = outcomes(ruleset, hands)
        print(
            f"final {kind}, greedy: value {mean:+.2f}  fouls {fouls:.1%}  Fantasyland {entry:.1%}"
        )
    return model


PROBES = (
    ("QS QH", "", "7C 7D 7H"),
    ("", "", "QS QH 7C 7D 7H"),
    ("QS", "9H 7D", "4C 2S"),
    ("", "QS 9H 7D", "4C 2S"),
    ("", "9H 7D", "QS 4C 2S"),
)
"""First-street boards whose values the tables are asked for (the search bot playing on
makes +12.7 of the first and +8.9 of the second: RESULTS.md)."""


def probe(model: Model, label: str) -> None:
    for lanes in PROBES:
        board: list[int] = []
        for text, cap in zip(lanes, (3, 5, 5)):
            cards = [c.index for c in parse_cards(text)] if text else []
            board += cards + [-1] * (cap - len(cards))
        worth = model(np.array([board]), np.full((1, RANKS), 3), 0)[0]
        shown = " | ".join(f"{text:<14}" for text in lanes)
        print(f"  {shown}  {label} {worth:+.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="golden-nugget-pineapple")
    parser.add_argument("--hands", type=int, default=DEFAULT.hands)
    parser.add_argument("--rounds", type=int, default=DEFAULT.rounds)
    parser.add_argument("--model", choices=("tables", "network"), default="tables")
    parser.add_argument("--explore", type=float, default=DEFAULT.explore)
    parser.add_argument("--chasers", type=float, default=DEFAULT.chasers)
    parser.add_argument("--seed", type=int, default=DEFAULT.seed)
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset, OfcRuleset)
    settings = Fit(args.hands, args.rounds, args.explore, args.chasers, args.seed)
    model = fit(ruleset, settings, args.model, log=True)
    probe(model, "tables" if args.model == "tables" else "model")


if __name__ == "__main__":
    main()
