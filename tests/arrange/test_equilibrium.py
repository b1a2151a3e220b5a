"""The equilibrium objective's tables: the iteration lowers exploitability, rebuilds to the
byte, and the shipped tables verify."""

from __future__ import annotations

import os
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from housegame.arrange import DEFAULT_OBJECTIVE, arrange, equilibrium
from housegame.arrange.arranger import Arranger
from housegame.arrange.build import lane_odds
from housegame.arrange.cache import Unverified
from housegame.arrange.equilibrium import (
    Iteration,
    equilibrium_name,
    iterate,
    load_equilibrium,
    payout_key,
)
from housegame.arrange.odds import DataFileError, LaneOdds
from housegame.bench.thirteen import counted_odds, seat_gains
from housegame.cards import DECK, Card, format_cards
from housegame.dealer import deal_hands
from housegame.play.session import Table
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import table_arranger
from housegame.simulation import simulate
from housegame.tables import TableFile
from housegame.trainer import coach
from tests.docs_blocks import ROOT

BUNDLED = {r.id: r for r in bundled_of(ThirteenCardRuleset)}
SMALL = Iteration(seed=7, deals=40, steps=2)
GOLDEN = ROOT / "tests" / "golden" / "equilibrium" / "pagat-o1-small.npz"
"""Regenerate with ``HOUSEGAME_REGEN=1 pytest tests/arrange/test_equilibrium.py``."""


def _hands(seed: int, deals: int) -> list[list[Card]]:
    return [[DECK[c] for c in row] for row in deal_hands(seed, deals).tolist()]


def exploitability(ruleset: ThirteenCardRuleset, odds: LaneOdds) -> Fraction:
    """Heads-up: the best response to the lanes the arranger against ``odds`` sets (on
    response deals) gains this much a hand against it (on other deals, both seats)."""
    mine = Arranger(ruleset, "ev", 2, odds)
    lanes: list[Counter[int]] = [Counter(), Counter(), Counter()]
    for arrangement in mine.arrange_many(_hands(11, 300)):
        for lane, key in zip(lanes, arrangement.best.setting.keys):
            lane[key] += 1
    response = Arranger(ruleset, "ev", 2, counted_odds(ruleset, lanes))
    hands = _hands(12, 200)
    ours, theirs = mine.arrange_many(hands), response.arrange_many(hands)
    gains = [
        g
        for t in range(0, len(hands), 2)
        for g in seat_gains(ruleset, ours[t : t + 2], theirs[t : t + 2])
    ]
    return Fraction(sum(gains), len(gains))


@pytest.mark.slow  # runs the iteration and two best responses
def test_the_iteration_lowers_exploitability() -> None:
    """pagat heads-up: ``ev`` (the shipped odds) is exploitable; a few small steps of the
    iteration leave much less."""
    ruleset = BUNDLED["pagat"]
    before = exploitability(ruleset, lane_odds(ruleset.ranking.rules()))
    after = exploitability(ruleset, iterate(ruleset, 2, Iteration(seed=3, deals=250, steps=3)))
    assert before > Fraction(1, 20)
    assert after < before / 2


def test_a_small_seeded_run_rebuilds_byte_identical(tmp_path: Path) -> None:
    ruleset = BUNDLED["pagat"]
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    iterate(ruleset, 2, SMALL).save(first)
    iterate(ruleset, 2, SMALL).save(second)
    if os.environ.get("HOUSEGAME_REGEN"):
        GOLDEN.write_bytes(first.read_bytes())
    assert first.read_bytes() == second.read_bytes() == GOLDEN.read_bytes()
    other = tmp_path / "c.npz"
    iterate(ruleset, 2, Iteration(seed=8, deals=40, steps=2)).save(other)
    assert other.read_bytes() != first.read_bytes()


def test_tables_are_keyed_by_what_the_model_reads() -> None:
    """Names and rules the arranger does not play leave the key alone; payouts change it; a
    banker game's table is one whatever the table size."""
    pagat = BUNDLED["pagat"]
    assert payout_key(pagat) == payout_key(BUNDLED["pagat-surrender"])
    assert payout_key(pagat) == payout_key(pagat.model_copy(update={"name": "renamed"}))
    assert payout_key(pagat) != payout_key(BUNDLED["pagat-overall-point"])
    assert equilibrium_name(pagat, 2) != equilibrium_name(pagat, 4)
    macau = BUNDLED["macau"]
    assert equilibrium_name(macau, 2) == equilibrium_name(macau, 4)


def test_a_table_for_other_payouts_does_not_verify(tmp_path: Path) -> None:
    ruleset = BUNDLED["pagat"]
    path = tmp_path / "t.npz"
    iterate(ruleset, 2, SMALL).save(path)
    with pytest.raises(Unverified, match="built for payouts"):
        load_equilibrium(path, BUNDLED["pagat-overall-point"], 2)
    with pytest.raises(Unverified, match="against 1 opponents"):
        load_equilibrium(path, ruleset, 4)


@pytest.mark.builds_equilibrium
def test_a_user_ruleset_is_built_once_with_a_notice(
    small_builds: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path = small_builds
    ruleset = BUNDLED["pagat"].model_copy(update={"overall_point": 5})
    built = equilibrium.equilibrium_odds(ruleset, 2)
    err = capsys.readouterr().err
    assert "building the equilibrium lane odds of ruleset 'pagat' at 2 players" in err
    assert "about" in err and "built in" in err
    path = tmp_path / equilibrium_name(ruleset, 2)
    assert path.is_file()
    monkeypatch.setattr(equilibrium, "_LOADED", {})
    again = equilibrium.equilibrium_odds(ruleset, 2)
    assert capsys.readouterr().err == ""
    assert [a.tolist() for a in again.counts] == [a.tolist() for a in built.counts]
    path.write_bytes(path.read_bytes()[:100])
    monkeypatch.setattr(equilibrium, "_LOADED", {})
    equilibrium.equilibrium_odds(ruleset, 2)
    assert "does not verify" in capsys.readouterr().err


def test_a_damaged_shipped_table_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = BUNDLED["pagat"]
    name = equilibrium_name(ruleset, 2)
    iterate(ruleset, 2, SMALL).save(tmp_path / name)
    (tmp_path / name).write_bytes((tmp_path / name).read_bytes()[:500])
    monkeypatch.setattr(equilibrium, "DATA_DIR", tmp_path)
    with pytest.raises(DataFileError) as caught:
        equilibrium.equilibrium_odds_for(ruleset, 2)
    assert caught.value.hint is not None and "housegame tables equilibrium" in caught.value.hint


def test_the_equilibrium_objective_sets_hands() -> None:
    """The objective's arranger reads its tables: a legal setting, valued in expected units."""
    ruleset = load_ruleset("taiwan")
    assert isinstance(ruleset, ThirteenCardRuleset)
    hands = _hands(5, 10)
    for players in (2, 4):
        arranged = Arranger(ruleset, "equilibrium", players).arrange_many(hands)
        assert all(a.objective == "equilibrium" for a in arranged)
        assert all(sorted(a.best.setting.cards) == sorted(h) for a, h in zip(arranged, hands))


def test_every_caller_sets_hands_with_the_default_objective() -> None:
    """``equilibrium`` unless told otherwise: the library, simulate, score's loose hands, the
    bots at play (for the table's size) and the trainer's best choice (for the seat's)."""
    assert DEFAULT_OBJECTIVE == "equilibrium"
    taiwan = BUNDLED["taiwan"]
    by_ev, by_default = Arranger(taiwan, "ev"), Arranger(taiwan, "equilibrium")
    hand = next(  # a hand the two objectives set apart
        h
        for h in _hands(5, 40)
        if by_ev.arrange(h).best.setting != by_default.arrange(h).best.setting
    )
    assert arrange(hand, taiwan).objective == "equilibrium"
    assert simulate([taiwan], deals=1, seed=1, players=2).objective == "equilibrium"
    loose = TableFile.model_validate({"players": [{"name": "A", "cards": format_cards(hand)}]})
    scored = table_arranger(taiwan, loose)(hand, taiwan)
    assert scored == by_default.arrange(hand).best.setting
    bots = Table(taiwan, "taiwan", ["You", "Bot"], seed=3).arranger
    assert (bots.objective, bots.players) == ("equilibrium", 2)
    seat = coach(taiwan, 1, False)
    assert seat.arranger.objective == "equilibrium"
    assert seat.model.odds is equilibrium.equilibrium_odds(taiwan, 2)
    assert coach(taiwan, 1, False, "ev").model.odds is lane_odds(taiwan.ranking.rules())


def test_outside_builds_equilibrium_a_table_not_shipped_fails_the_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tests/conftest.py: a test would pay half a minute on a fresh machine and nothing on a
    warm one, so asking is a failure at once (before the cache is read)."""
    monkeypatch.setattr(equilibrium, "_LOADED", {})
    ruleset = BUNDLED["pagat"].model_copy(update={"overall_point": 5})
    with pytest.raises(pytest.fail.Exception, match="no shipped equilibrium table"):
        Arranger(ruleset).arrange(_hands(5, 1)[0])
    Arranger(ruleset, "ev").arrange(_hands(5, 1)[0])
