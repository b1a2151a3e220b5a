"""The search bot: legal moves only, games that replay, Fantasyland's value read from the
ruleset, playouts checked against plain reference code, and choices ranked consistently."""

from __future__ import annotations

import numpy as np
import pytest

from housegame.cards import DECK, parse_cards
from housegame.ofc.board_value import BoardValue, foul_cost
from housegame.ofc.bot import BoardParts, layouts, legal_moves
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.fantasyland import entry_cards
from housegame.ofc.fantasyland_value import compute, fantasyland_value
from housegame.ofc.hand import Hand, Move
from housegame.ofc.replay import load_log, play_log, to_log
from housegame.ofc.rollout import Geometry, best_fill_value, expand, fill, patterns, play_out
from housegame.ofc.royalties import lane_royalties
from housegame.ofc.search import SearchSettings, chases, choices, search_move
from housegame.ranking import evaluate_batch
from housegame.rulesets.common import LANES
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting

QUICK = SearchSettings(
    playouts=3,
    fills=2,
    groups=2,
    candidates=4,
    chase_candidates=2,
    screen_fills=4,
    fantasyland_deals=4,
)
"""Settings small enough for tests; the search is the same."""
OFC = ["golden-nugget-pineapple", "progressive-pineapple", "ofc-classic"]


def rules(ref: str = "golden-nugget-pineapple") -> OfcRuleset:
    ruleset = load_ruleset(ref, OfcRuleset)
    assert isinstance(ruleset, OfcRuleset)
    return ruleset


def no_fantasyland() -> OfcRuleset:
    return rules().model_copy(update={"fantasyland": None})


@pytest.mark.parametrize(
    ("ref", "players", "seed"), [(r, p, s) for r in OFC for p in (2, 3) for s in (1, 2)]
)
def test_seeded_games_are_legal_and_replay(
    ref: str, players: int, seed: int, tmp_path: object
) -> None:
    ruleset = rules(ref)
    names = [f"p{i}" for i in range(players)]
    fantasyland = {names[-1]: ruleset.fantasyland.stay.cards} if ruleset.fantasyland else {}
    hand = Hand(ruleset, names, shuffled_deck(seed), fantasyland)
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        hand.play(who, search_move(hand, who, seed, QUICK))  # play() refuses an illegal move
    assert all(board.dead is None for board in hand.boards.values())
    import yaml

    path = tmp_path / "hand.yaml"  # type: ignore[operator]
    path.write_text(yaml.safe_dump(to_log(hand, ref, seed)), encoding="utf-8")
    log, located = load_log(path)
    again = play_log(log, located, ruleset)
    assert again.result().totals == hand.result().totals


def test_the_same_seed_gives_the_same_move() -> None:
    hand = Hand(rules(), ["a", "b"], shuffled_deck(5))
    assert search_move(hand, "a", 5, QUICK) == search_move(hand, "a", 5, QUICK)


def test_a_ruleset_without_fantasyland_values_it_at_nothing() -> None:
    value = compute(no_fantasyland(), deals=4)
    assert value.values == {} and not value.by_front.any()


@pytest.mark.parametrize("ref", OFC)
def test_fantasyland_value_follows_the_rulesets_entry(ref: str) -> None:
    ruleset = rules(ref)
    value = fantasyland_value(ruleset, deals=8)
    assert ruleset.fantasyland is not None
    assert sorted(value.values) == ruleset.fantasyland.card_counts()
    rank_of = {"Q": 12, "K": 13, "A": 14}
    for front, category in (("QS QH 2C", 1), ("KS KH 2C", 1), ("AS AH 2C", 1), ("JS JH 2C", 1)):
        cards = parse_cards(front)
        setting = Setting.of(
            cards,
            parse_cards("AC AD 3S 3H 4C"),
            parse_cards("KC KD KH 5S 5H"),
            ruleset.ranking.rules(),
        )
        dealt = entry_cards(ruleset, setting)
        worth = value.by_front[category, rank_of.get(str(cards[0])[0], 11)]
        assert worth == (value.values[dealt] if dealt is not None else 0.0)
    stricter = ruleset.model_copy(
        update={
            "fantasyland": ruleset.fantasyland.model_copy(
                update={
                    "entry": ruleset.fantasyland.entry.model_copy(
                        update={
                            "front": ruleset.fantasyland.entry.front.model_copy(
                                update={"rank": "K"}
                            )
                        }
                    )
                }
            )
        }
    )
    assert compute(stricter, deals=4).by_front[1, 12] == 0.0


def test_fantasyland_value_is_royalties_and_staying() -> None:
    value = compute(rules(), deals=16)
    assert value.royalties[14] > 0 and 0 <= value.stays[14] <= 1
    assert value.values[14] == pytest.approx(value.royalties[14] / (1 - value.stays[14]), rel=0.01)


def _reference_value(ruleset: OfcRuleset, cards: list[int], worth: dict[int, float]) -> float:
    """A board's value from the settlement's own pieces, card by card."""
    front, middle, back = ([DECK[i] for i in cards[a:b]] for a, b in ((0, 3), (3, 8), (8, 13)))
    setting = Setting.of(front, middle, back, ruleset.ranking.rules())
    royalties = sum(lane_royalties(ruleset, setting).values())
    if setting.fouled:
        return -foul_cost(ruleset)
    dealt = entry_cards(ruleset, setting)
    categories = sum(setting.key(lane) >> 24 for lane in LANES)
    return royalties + (worth[dealt] if dealt else 0.0) + 0.2 * categories


@pytest.mark.parametrize("ref", OFC)
def test_board_value_matches_plain_settlement(ref: str) -> None:
    ruleset = rules(ref)
    value = BoardValue.of(ruleset, deals=4)
    rng = np.random.default_rng(3)
    boards = np.array([rng.permutation(52)[:13] for _ in range(300)])
    boards[:40, :3] = [c.index for c in parse_cards("QS QH 2C")]  # some Fantasyland fronts
    boards = np.array([b if len(set(b)) == 13 else rng.permutation(52)[:13] for b in boards])
    got = value(boards)
    for row, board in enumerate(boards):
        expected = _reference_value(ruleset, list(board), value.fantasyland.values)
        assert got[row] == pytest.approx(expected)


def test_foul_cost_reads_the_ruleset() -> None:
    ruleset = rules()
    assert foul_cost(ruleset) == 3 + ruleset.scoring.scoop_bonus
    lose = ruleset.model_copy(
        update={"foul": ruleset.foul.model_copy(update={"against_clean": "lose-lanes"})}
    )
    assert foul_cost(lose) == 3


@pytest.mark.parametrize(
    ("dealt", "placed", "count"), [(3, 2, 27), (1, 1, 3), (2, 2, 9), (2, 1, 6)]
)
def test_patterns_are_every_way_to_play_a_street(dealt: int, placed: int, count: int) -> None:
    ways = patterns(dealt, placed)
    assert len(ways) == len(set(ways)) == count
    assert all(sum(c >= 0 for c in way) == placed for way in ways)


def _reference_expand(
    board: list[int], cards: list[int], way: tuple[int, ...], caps: list[int]
) -> list[int] | None:
    """Place a pattern card by card, lane by lane: None when a lane overflows."""
    lanes = [board[:3], board[3:8], board[8:]]
    lanes = [[c for c in lane if c >= 0] for lane in lanes]
    for card, lane in zip(cards, way):
        if lane >= 0:
            lanes[lane].append(card)
    if any(len(lane) > cap for lane, cap in zip(lanes, caps)):
        return None
    return [c for lane, cap in zip(lanes, caps) for c in lane + [-1] * (cap - len(lane))]


def test_expand_matches_placing_card_by_card() -> None:
    ruleset = rules()
    rng = np.random.default_rng(9)
    stage = ruleset.deal[1]
    boards, streets = [], []
    for _ in range(40):
        deck = list(rng.permutation(52))
        counts = [int(rng.integers(0, 4)), int(rng.integers(0, 6)), int(rng.integers(0, 6))]
        board = [deck.pop() if i < counts[0] else -1 for i in range(3)]
        board += [deck.pop() if i < counts[1] else -1 for i in range(5)]
        board += [deck.pop() if i < counts[2] else -1 for i in range(5)]
        boards.append(board)
        streets.append([deck.pop() for _ in range(3)])
    options, legal = expand(Geometry.of(ruleset), np.array(boards), np.array(streets), stage)
    for b, (board, cards) in enumerate(zip(boards, streets)):
        for p, way in enumerate(patterns(3, 2)):
            expected = _reference_expand(board, cards, way, [3, 5, 5])
            assert legal[b, p] == (expected is not None)
            if expected is not None:
                assert list(options[b, p]) == expected


def test_fill_keeps_placed_cards_and_uses_unseen_ones() -> None:
    rng = np.random.default_rng(4)
    boards = np.full((5, 2, 13), -1)
    boards[:, :, :4] = np.arange(4)
    stock = np.array([rng.permutation(np.arange(4, 52)) for _ in range(5)])
    filled = fill(boards, stock, 3)
    assert filled.shape == (5, 2, 3, 13)
    assert (filled[..., :4] == np.arange(4)).all()
    for row in filled.reshape(-1, 13):
        assert len(set(row)) == 13 and min(row[4:]) >= 4


def test_play_out_completes_boards_with_the_dealt_cards() -> None:
    ruleset = rules()
    hand = Hand(ruleset, ["a", "b"], shuffled_deck(2))
    board = hand.boards["a"]
    moves = list(legal_moves(ruleset, board, 5, 0))[:3]
    starts, _ = layouts(ruleset, board, moves)
    unseen = np.array(
        [
            np.random.default_rng(i).permutation([c for c in range(52) if c not in starts[0]])
            for i in range(3)
        ]
    )
    done = play_out(ruleset, starts, ruleset.deal[1:], unseen, BoardValue.of(ruleset, 4), 2)
    assert (done >= 0).all()
    for row, start in zip(done, starts):
        kept = [c for c in start if c >= 0]
        assert set(kept) <= set(row) and len(set(row)) == 13
    for row, cards in zip(done, unseen):
        assert set(row) - set(starts[0]) <= set(cards[:12])  # only cards dealt to the playout


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_choices_rank_the_chosen_move_first(seed: int) -> None:
    ruleset = rules()
    hand = Hand(ruleset, ["a", "b"], shuffled_deck(seed))
    for _ in range(3):  # the first streets: screened, then not
        who = hand.to_act
        assert who is not None
        ranked = choices(hand, who, seed, QUICK)
        values = [c.value for c in ranked]
        assert values == sorted(values, reverse=True)
        assert ranked[0].move == search_move(hand, who, seed, QUICK)
        hand.play(who, ranked[0].move)


def test_a_move_asked_for_is_valued_with_the_rest() -> None:
    ruleset = rules()
    hand = Hand(ruleset, ["a", "b"], shuffled_deck(1))
    odd = list(legal_moves(ruleset, hand.boards["a"], 5, 0))[-1]
    ranked = choices(hand, "a", 1, QUICK, also=[odd])
    assert odd in [c.move for c in ranked]
    with pytest.raises(Exception, match="not a legal move now"):
        choices(hand, "a", 1, QUICK, also=[Move({"front": parse_cards("AS AH AD AC")})])


def test_the_last_street_is_valued_exactly() -> None:
    ruleset = rules()
    hand = Hand(ruleset, ["a", "b"], shuffled_deck(8))
    while hand.stage < len(ruleset.deal) - 1:
        who = hand.to_act
        assert who is not None
        hand.play(who, search_move(hand, who, 8, QUICK))
    who = hand.to_act
    assert who is not None
    value = BoardValue.of(ruleset, QUICK.fantasyland_deals)
    moves = list(legal_moves(ruleset, hand.boards[who], *hand.expected(who)))
    boards, _ = layouts(ruleset, hand.boards[who], moves)
    assert choices(hand, who, 8, QUICK)[0].value == pytest.approx(float(value(boards).max()))
    assert not BoardParts.of(ruleset, boards).fouled.all()


def _first_street(cards: str, seed: int = 1) -> Hand:
    """A heads-up hand whose first player is dealt ``cards`` first (the rest shuffled)."""
    first = parse_cards(cards)
    rest = [c for c in DECK if c not in first]
    order = np.random.default_rng(seed).permutation(len(rest))
    return Hand(rules(), ["a", "b"], [*first, *(rest[i] for i in order)])


def test_chases_reads_the_rulesets_entry_front() -> None:
    ruleset = rules()  # QQ or better
    board = _first_street("QS QH 7C 7D 7H").boards["a"]
    on_front = {
        "QS QH": True,
        "QS": True,
        "QS 7C": False,
        "7C": False,
        "": False,
    }
    for front, expected in on_front.items():
        cards = parse_cards(front) if front else []
        rest = [c for c in board.pending if c not in cards]
        move = Move({"front": cards, "back": rest} if cards else {"back": rest})
        assert chases(ruleset, board, move) is expected, front
    assert not chases(no_fantasyland(), board, Move({"front": parse_cards("QS QH")}))
    entry = ruleset.fantasyland.entry if ruleset.fantasyland else None
    assert entry is not None
    trips = ruleset.model_copy(
        update={
            "fantasyland": ruleset.fantasyland.model_copy(  # type: ignore[union-attr]
                update={
                    "entry": entry.model_copy(
                        update={"front": entry.front.model_copy(update={"category": "trips"})}
                    )
                }
            )
        }
    )
    assert chases(trips, board, Move({"front": parse_cards("QS QH")}))
    assert not chases(trips, board, Move({"front": parse_cards("QS 7C")}))


def test_a_fantasyland_front_is_always_a_candidate() -> None:
    """QQ dealt first with trips behind: screening by filled boards ranks QQ on top low (its
    random fills rarely keep the middle above QQ), but the move is played out all the same."""
    hand = _first_street("QS QH 7C 7D 7H")
    fronts = {
        tuple(sorted(str(c) for c in choice.move.placed.get("front", ())))
        for choice in choices(hand, "a", 1, QUICK)
    }
    assert ("QH", "QS") in fronts and ("QS",) in fronts


def test_grouped_fills_average_lucky_boards() -> None:
    """With ``groups``, a partial board is worth the mean over groups of one board each: its
    lanes the best of the group's fills (the front by royalty and Fantasyland, the others by
    strength), checked here board by board, lane by lane."""
    ruleset = rules()
    value = BoardValue.of(ruleset, deals=4)
    rng = np.random.default_rng(6)
    done = np.array([rng.permutation(52)[:13] for _ in range(6)])
    stock = np.array([rng.permutation([c for c in range(52) if c not in row]) for row in done])
    for groups in (1, 3):  # a complete board is worth its value whatever the fills
        got = best_fill_value(value, done[:, None, :], stock, 2, groups)
        assert got[:, 0] == pytest.approx(value(done))
    partial = done.copy()
    partial[:, [1, 2, 6, 7, 11, 12]] = -1
    groups, fills = 4, 2
    got = best_fill_value(value, partial[:, None, :], stock, fills, groups)[:, 0]
    filled = fill(partial[:, None, :], stock, groups * fills)[:, 0]  # (6, 8, 13)
    rules_ = ruleset.ranking.rules()
    for row in range(len(partial)):
        worths = []
        for group in range(groups):
            boards = filled[row, group * fills : (group + 1) * fills]
            best = []
            for a, b in ((0, 3), (3, 8), (8, 13)):
                keys = evaluate_batch(boards[:, a:b], rules_)
                scores = value.front_worth(keys) if a == 0 else keys
                best.append(boards[int(np.argmax(scores)), a:b])
            worths.append(float(value(np.concatenate(best)[None])[0]))
        assert got[row] == pytest.approx(np.mean(worths))


def _placed(board: list[int], cards: list[int], pattern: tuple[int, ...]) -> list[int] | None:
    """``board`` with ``cards`` put by ``pattern`` (a lane per card or -1), each in its lane's
    first empty slot; None when a lane overflows (plain reference code)."""
    out = list(board)
    for card, lane in zip(cards, pattern):
        if lane < 0:
            continue
        start, stop = ((0, 3), (3, 8), (8, 13))[lane]
        empty = [slot for slot in range(start, stop) if out[slot] < 0]
        if not empty:
            return None
        out[empty[0]] = card
    return out


def test_seeing_the_last_street_plays_both_streets_best() -> None:
    """With ``seen`` every pattern, the last two streets are played as well as they can be
    with both streets' cards known (checked against every pair of patterns); with ``seen`` 1
    the policy's own choice is kept, as without it."""
    ruleset = rules()
    value = BoardValue.of(ruleset, deals=4)
    streets = ruleset.deal[3:]
    rng = np.random.default_rng(8)
    starts, unseen = [], []
    for _ in range(4):
        deck = rng.permutation(52)
        board = [*deck[:2], -1, *deck[2:5], -1, -1, *deck[5:9], -1]
        starts.append(board)
        unseen.append(deck[9:])
    boards, decks = np.array(starts), np.array(unseen)
    every = len(patterns(3, 2))
    done = play_out(ruleset, boards, streets, decks, value, 2, seen=every)
    for board, deck, finished in zip(starts, decks, done):
        first, last = list(deck[:3]), list(deck[3:6])
        best = -np.inf
        for one in patterns(3, 2):
            middle = _placed(board, first, one)
            if middle is None:
                continue
            for two in patterns(3, 2):
                full = _placed(middle, last, two)
                if full is not None and min(full) >= 0:
                    best = max(best, float(value(np.array([full]))[0]))
        assert float(value(finished[None])[0]) == pytest.approx(best)
    plain = play_out(ruleset, boards, streets, decks, value, 2)
    assert (play_out(ruleset, boards, streets, decks, value, 2, seen=1) == plain).all()
