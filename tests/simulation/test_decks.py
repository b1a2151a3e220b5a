"""``simulate`` over decks of their own: a deck with jokers and a six-seat 加两色 deck deal
from the ruleset's deck; every deal sums to zero, the same seed gives the same report, and the
order of the seats changes no player's result."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from housegame.arrange import Arranger
from housegame.arrange.simulate import seat_of
from housegame.cards import Card
from housegame.errors import TableError
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation import simulate
from housegame.simulation.report import decks_note, write_html
from housegame.simulation.thirteen import deal_chunk
from housegame.thirteen.settle import settle_table
from tests.suite import examples

ROOT = Path(__file__).resolve().parents[2]


def _load(path: Path) -> ThirteenCardRuleset:
    ruleset = load_ruleset_file(path)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


JOKERS = _load(ROOT / "examples" / "decks" / "maceplay-jokers.yaml")
SIX = _load(ROOT / "examples" / "decks" / "maceplay-six.yaml")
TAIWAN_SIX = _load(ROOT / "tests" / "arrange" / "decks" / "taiwan-six.yaml")
CASES = [([JOKERS], 4), ([SIX, TAIWAN_SIX], 6)]


@pytest.mark.parametrize(("rulesets", "players"), CASES)
def test_deals_sum_to_zero_and_repeat_from_their_seed(
    rulesets: list[ThirteenCardRuleset], players: int
) -> None:
    first = simulate(rulesets, deals=24, seed=3, players=players, objective="ev")
    again = simulate(rulesets, deals=24, seed=3, players=players, objective="ev")
    assert first.as_dict() == again.as_dict()
    other = simulate(rulesets, deals=24, seed=4, players=players, objective="ev")
    assert first.as_dict() != other.as_dict()
    for stats in first.rulesets:
        assert stats.players == players and stats.deals == 24
        assert sum(stats.seat_means) == pytest.approx(0.0, abs=1e-9)
        assert sum(stats.distribution.values()) == 24 * players


@pytest.mark.parametrize(("rulesets", "players"), CASES)
def test_deals_come_from_the_rulesets_deck(
    rulesets: list[ThirteenCardRuleset], players: int
) -> None:
    deck = rulesets[0].deck.deck()
    dealt = deal_chunk(5, 0, 40, players, deck)
    assert dealt.shape == (40, players, 13)
    special = 0
    for table in dealt.tolist():
        held = Counter(Card(c) for hand in table for c in hand)
        assert all(n <= deck.count(card) for card, n in held.items())
        special += any(c.is_joker or n > 1 for c, n in held.items())
    assert special > 20  # jokers or cards twice, at most tables


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), case=st.sampled_from(CASES), data=st.data())
def test_seat_order_changes_no_players_result(
    seed: int, case: tuple[list[ThirteenCardRuleset], int], data: st.DataObject
) -> None:
    rulesets, players = case
    deck = rulesets[0].deck.deck()
    hands = [[Card(c) for c in hand] for hand in deal_chunk(seed, 0, 1, players, deck)[0]]
    names = [f"p{i}" for i in range(players)]
    order = data.draw(st.permutations(range(players)))
    for ruleset in rulesets:
        arranged = Arranger(ruleset, "ev").arrange_many(hands)
        seats = [seat_of(n, a) for n, a in zip(names, arranged)]
        banker = names[0] if ruleset.table.compare == "banker" else None
        totals = settle_table(ruleset, seats, banker).totals
        shuffled = settle_table(ruleset, [seats[i] for i in order], banker).totals
        assert shuffled == totals
        assert sum(totals.values()) == 0


def test_seats_the_deck_cannot_deal_are_refused() -> None:
    refused = r"does not seat 5 players: its deck \(54 cards\) deals 4 hands of 13"
    with pytest.raises(TableError, match=refused):
        simulate([JOKERS], deals=5, players=5)
    with pytest.raises(TableError, match="a simulation deals 2 to 6 hands"):
        simulate([SIX], deals=5, players=7)


def test_rulesets_of_different_decks_play_as_groups_of_one_run() -> None:
    """Each deck's rulesets play the same deals, drawn from their deck: what a ruleset plays
    in a run of several decks is what it plays in a run of its deck alone."""
    run = {"deals": 30, "players": 4, "seed": 9, "objective": "ev"}
    together = simulate([JOKERS, SIX, TAIWAN_SIX], **run)  # type: ignore[arg-type]
    jokers = simulate([JOKERS], **run)  # type: ignore[arg-type]
    sixes = simulate([SIX, TAIWAN_SIX], **run)  # type: ignore[arg-type]
    assert together.rulesets == [*jokers.rulesets, *sixes.rulesets]
    decks = together.as_dict()["decks"]
    assert decks == [
        {"cards": JOKERS.deck.size, "rulesets": [JOKERS.id]},
        {"cards": SIX.deck.size, "rulesets": [SIX.id, TAIWAN_SIX.id]},
    ]


def test_the_report_says_which_rulesets_dealt_from_a_deck_of_their_own(tmp_path: Path) -> None:
    run = {"deals": 5, "players": 4, "seed": 9, "objective": "ev"}
    mixed = simulate(["pagat", "taiwan", JOKERS], **run)  # type: ignore[arg-type]
    assert decks_note(mixed) == (
        "rulesets of one deck play the same deals; these deal from a deck of their own, so "
        f"their deals are their own: {JOKERS.id} (54 cards)."
    )
    assert decks_note(mixed, "zh") is not None and "(54 张)" in str(decks_note(mixed, "zh"))
    assert decks_note(simulate(["pagat", "taiwan"], **run)) is None  # type: ignore[arg-type]
    page = tmp_path / "report.html"
    write_html(mixed, page)
    assert f"{JOKERS.id} (54 cards)." in page.read_text(encoding="utf-8")
