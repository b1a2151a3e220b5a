"""Objectives over a deck of its own: ``ev`` and ``lexicographic`` read the deck's tables and
lane odds; ``equilibrium``, which has no tables for such a deck yet, plays ``ev`` and reports it."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from housegame.arrange import Arranger
from housegame.arrange.objectives import _MODELS
from housegame.cards import parse_cards
from housegame.cli import app
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset

JOKERS = Path(__file__).resolve().parents[2] / "examples" / "decks" / "maceplay-jokers.yaml"


def test_equilibrium_over_a_joker_deck_plays_ev_and_reports_it() -> None:
    ruleset = load_ruleset_file(JOKERS)
    assert isinstance(ruleset, ThirteenCardRuleset)
    _MODELS.clear()
    hand = parse_cards("JK JK QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S", ruleset.deck.deck())
    played = Arranger(ruleset, "equilibrium").arrange(hand)
    assert played.objective == "ev"
    ev = Arranger(ruleset, "ev").arrange(hand)
    assert played.best.value == ev.best.value
    assert played.best.setting == ev.best.setting


def test_equilibrium_tables_are_not_built_for_a_joker_deck(tmp_path: Path) -> None:
    args = ["tables", "equilibrium", "--ruleset", str(JOKERS), "--out", str(tmp_path)]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2
    assert "the equilibrium tables deal one 52-card deck" in out.output
