"""Objectives over a deck of its own: ``ev`` and ``lexicographic`` read the deck's tables and
lane odds; ``equilibrium`` iterates on hands dealt from the deck (tables keyed by the deck and
the opponents), shipped for ``maceplay-add-a-suit``, built on first use for a user's deck; it
plays ``ev`` only at a table the deck cannot deal."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.arrange import Arranger
from housegame.arrange.build import ruleset_odds
from housegame.arrange.equilibrium import (
    Iteration,
    equilibrium_name,
    iterate,
    load_equilibrium,
    shipped_entries,
    table_sizes,
)
from housegame.arrange.iteration import seats_dealt, step_hands
from housegame.arrange.objectives import played_objective
from housegame.arrange.odds import DATA_DIR, LaneOdds
from housegame.bench.thirteen import counted_odds, seat_gains
from housegame.cards import Card, parse_cards
from housegame.cli import app
from housegame.rulesets.loader import bundled_of, load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"
JOKERS = DECKS / "maceplay-jokers.yaml"
SMALL = Iteration(seed=7, deals=20, steps=2)


def _ruleset(path: Path) -> ThirteenCardRuleset:
    ruleset = load_ruleset_file(path)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def add_a_suit() -> ThirteenCardRuleset:
    ruleset = load_ruleset("maceplay-add-a-suit")
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def _hands(ruleset: ThirteenCardRuleset, seed: int, deals: int) -> list[list[Card]]:
    dealt = step_hands(ruleset.deck.deck(), seed, deals)
    return [[Card(c) for c in row] for row in dealt.tolist()]


def exploitability(ruleset: ThirteenCardRuleset, odds: LaneOdds, players: int) -> Fraction:
    """One seat against the rest: the best response to the lanes the arranger against ``odds``
    sets (on response deals of the deck) gains this much a hand against it (on other deals,
    every seat of every table a deal gives)."""
    mine = Arranger(ruleset, "ev", players, odds)
    lanes: list[Counter[int]] = [Counter(), Counter(), Counter()]
    for arrangement in mine.arrange_many(_hands(ruleset, 11, 60)):
        for lane, key in zip(lanes, arrangement.best.setting.keys):
            lane[key] += 1
    response = Arranger(ruleset, "ev", players, counted_odds(ruleset, lanes))
    hands, dealt = _hands(ruleset, 12, 40), seats_dealt(ruleset)
    ours, theirs = mine.arrange_many(hands), response.arrange_many(hands)
    gains = [
        g
        for deal in range(0, len(hands), dealt)
        for first in range(deal, deal + dealt - players + 1, players)
        for g in seat_gains(ruleset, ours[first : first + players], theirs[first : first + players])
    ]
    return Fraction(sum(gains), len(gains))


@pytest.mark.slow  # builds two tables
@pytest.mark.parametrize(
    ("ruleset", "players"),
    [(_ruleset(JOKERS), 4), (add_a_suit(), 5)],
    ids=["jokers-4", "add-a-suit-5"],
)
def test_the_iteration_lowers_exploitability_on_a_deck_of_its_own(
    ruleset: ThirteenCardRuleset, players: int
) -> None:
    """Two jokers at four seats, 加一色 at five: ``ev`` (the deck's odds) is exploitable; three
    small steps of the iteration on the deck's deals leave much less."""
    before = exploitability(ruleset, ruleset_odds(ruleset), players)
    odds = iterate(ruleset, players, Iteration(seed=3, deals=150 if players == 4 else 120, steps=3))
    after = exploitability(ruleset, odds, players)
    assert before > Fraction(1, 5)
    assert after < before / 2


def test_a_deck_of_its_own_rebuilds_byte_identical_and_keys_its_own_tables(
    tmp_path: Path,
) -> None:
    ruleset = add_a_suit()
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    iterate(ruleset, 5, SMALL).save(first)
    iterate(ruleset, 5, SMALL).save(second)
    assert first.read_bytes() == second.read_bytes()
    odds = load_equilibrium(first, ruleset, 5, require_checksum=True)
    assert odds.meta["ranking"].endswith("-c1d1h1s2")  # the deck names the lanes' keys
    assert odds.meta["opponents"] == 4
    maceplay = load_ruleset("maceplay")
    assert isinstance(maceplay, ThirteenCardRuleset)
    assert equilibrium_name(ruleset, 4) != equilibrium_name(maceplay, 4)
    assert equilibrium_name(ruleset, 4) != equilibrium_name(ruleset, 5)


def test_the_shipped_deck_tables_verify() -> None:
    """maceplay-add-a-suit's tables at 2 to 5 players are shipped, whole and its own, and
    small (a rebuild of all four takes four minutes of CPU: ``docs/arrange.md``)."""
    ruleset = add_a_suit()
    assert table_sizes(ruleset) == [2, 3, 4, 5]
    entries = shipped_entries([ruleset])
    assert [n for _, n in entries] == [2, 3, 4, 5]
    for _, players in entries:
        path = DATA_DIR / equilibrium_name(ruleset, players)
        load_equilibrium(path, ruleset, players, require_checksum=True)
        assert path.stat().st_size < 80_000


@pytest.mark.slow  # builds a joker deck's tables and its equilibrium
@pytest.mark.builds_equilibrium
def test_a_users_joker_deck_is_built_once_with_a_notice(
    small_builds: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path = small_builds
    ruleset = _ruleset(JOKERS)
    hand = parse_cards("JK JK QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S", ruleset.deck.deck())
    played = Arranger(ruleset, "equilibrium", 2).arrange(hand)
    err = capsys.readouterr().err
    assert "building the equilibrium lane odds of ruleset 'maceplay-jokers' at 2 players" in err
    assert "2 steps of 160 hands" in err and "built in" in err  # 40 deals of 4 hands a step
    assert played.objective == "equilibrium"
    assert (tmp_path / equilibrium_name(ruleset, 2)).is_file()
    assert sorted(played.best.setting.cards) == sorted(hand)


def test_equilibrium_falls_back_only_where_the_deck_cannot_deal_the_table() -> None:
    """Every bundled ruleset plays ``equilibrium`` at every size it seats; only more players
    than the deck deals hands (six over 65 cards) play ``ev``, and say so."""
    for ruleset in bundled_of(ThirteenCardRuleset):
        for players in table_sizes(ruleset):
            assert played_objective(ruleset, "equilibrium", players) == "equilibrium"
        assert played_objective(ruleset, "equilibrium") == "equilibrium"
    ruleset = add_a_suit()
    assert Arranger(ruleset, "equilibrium", 6).objective == "ev"
    assert Arranger(ruleset, "equilibrium", 5).objective == "equilibrium"
    hand = parse_cards("AS AS KS QS JS 9H 9D 4C 4S 3H 3D 2C 7S", ruleset.deck.deck())
    assert Arranger(ruleset).arrange(hand).objective == "equilibrium"


def test_equilibrium_tables_at_more_players_than_the_deck_deals_are_refused(
    tmp_path: Path,
) -> None:
    args = ["tables", "equilibrium", "-r", str(JOKERS), "--players", "5", "--out", str(tmp_path)]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2
    assert "maceplay-jokers's deck (54 cards) deals 4 hands, not 5" in out.output
    assert not list(tmp_path.iterdir())


def test_equilibrium_tables_are_built_for_a_joker_deck(tmp_path: Path) -> None:
    args = ["tables", "equilibrium", "-r", str(JOKERS), "--players", "3", "--out", str(tmp_path)]
    out = CliRunner().invoke(app, [*args, "--deals", "10", "--steps", "1"])
    assert out.exit_code == 0, out.output
    ruleset = _ruleset(JOKERS)
    path = tmp_path / equilibrium_name(ruleset, 3)
    odds = load_equilibrium(path, ruleset, 3, require_checksum=True)
    assert (odds.meta["deals"], odds.meta["steps"], odds.meta["opponents"]) == (10, 1, 2)
