"""`housegame show`: golden sheets for every bundled ruleset, the merged YAML round trip, the
condition renderer, and the HTML page's escaping."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from housegame.arrange import default_arranger
from housegame.cards import SUIT_NAMES
from housegame.cli import app
from housegame.cli.common import to_jsonable
from housegame.errors import HousegameError
from housegame.glossary import Lang, glossary_markdown
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.loader import bundled_of, bundled_rulesets, load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import HandCondition, ThirteenCardRuleset
from housegame.rulesheet import (
    Section,
    Sheet,
    SheetFormat,
    hand_words,
    render_html,
    setting_words,
    show,
)
from housegame.tables import PlayerEntry, TableFile
from housegame.thirteen import score_thirteen
from tests.golden.regen_sheets import GLOSSARY_PAGE, render, sheet_cases, sheet_path

IDS = list(bundled_rulesets())
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.mark.parametrize(("ruleset", "fmt", "lang"), sheet_cases())
def test_golden_sheet(ruleset: str, fmt: SheetFormat, lang: Lang) -> None:
    expected = sheet_path(ruleset, fmt, lang).read_text(encoding="utf-8")
    assert render(ruleset, fmt, lang) == expected, "python -m tests.golden.regen_sheets"


def test_glossary_page_matches_module() -> None:
    assert GLOSSARY_PAGE.read_text(encoding="utf-8") == glossary_markdown()


def _merged_file(ruleset: RulesetBase, tmp_path: Path) -> RulesetBase:
    file = tmp_path / f"{ruleset.id}.yaml"
    file.write_text(show(ruleset, "yaml"), encoding="utf-8")
    return load_ruleset_file(file)


@pytest.mark.parametrize("ruleset_id", IDS)
def test_merged_yaml_loads_to_the_same_rules(ruleset_id: str, tmp_path: Path) -> None:
    original = load_ruleset(ruleset_id)
    merged = _merged_file(original, tmp_path)
    assert "\nextends:" not in show(original, "yaml")
    assert merged == original.model_copy(update={"extends": None})


def _random_table(rng: random.Random, fouls_allowed: bool) -> TableFile:
    """Four seats: three given as cards (set by the arranger, specials declared), one set
    naively by rank (often a foul) where the ruleset settles fouls."""
    deck = [f"{r}{s[0].upper()}" for r in RANKS for s in SUIT_NAMES]
    rng.shuffle(deck)
    players = []
    for seat in range(4):
        hand = deck[seat * 13 : seat * 13 + 13]
        if seat == 3 and fouls_allowed:
            by_rank = sorted(hand, key=lambda c: RANKS.index(c[:-1]))
            lanes = [" ".join(by_rank[:3]), " ".join(by_rank[3:8]), " ".join(by_rank[8:])]
            players.append(PlayerEntry(name="P3", front=lanes[0], middle=lanes[1], back=lanes[2]))
        else:
            players.append(PlayerEntry(name=f"P{seat}", cards=" ".join(hand)))
    return TableFile(players=players)


def _outcome(table: TableFile, ruleset: ThirteenCardRuleset) -> Any:
    banker = "P0" if ruleset.table.compare.startswith("banker") else None
    try:
        return to_jsonable(
            score_thirteen(ruleset, table, banker, arranger=default_arranger).as_dict()
        )
    except HousegameError as exc:
        return str(exc)


def _as_path(ruleset: RulesetBase, tmp_path: Path) -> Path:
    file = tmp_path / "merged.yaml"
    file.write_text(show(ruleset, "yaml"), encoding="utf-8")
    return file


@pytest.mark.parametrize("ruleset_id", [r.id for r in bundled_of(ThirteenCardRuleset)])
def test_merged_yaml_scores_random_tables_alike(ruleset_id: str, tmp_path: Path) -> None:
    """13-card rulesets; for OFC and Big Two the model comparison above is the whole check."""
    original = load_ruleset(ruleset_id)
    assert isinstance(original, ThirteenCardRuleset)
    merged = load_ruleset_file(_as_path(original, tmp_path))
    assert isinstance(merged, ThirteenCardRuleset)
    rng = random.Random(ruleset_id)
    for _ in range(3):
        table = _random_table(rng, original.foul.handling != "refuse")
        outcome = _outcome(table, original)
        assert isinstance(outcome, dict), outcome
        assert outcome == _outcome(table, merged)


def test_show_cli_formats() -> None:
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["show", "pagat-sweep-3", "--format", "json"]).output)
    assert data["scoop"] == {"multiplier": 1, "bonus": 3}
    assert "extends" not in data
    html = runner.invoke(app, ["show", "maceplay", "-f", "html", "--lang", "zh"]).output
    assert html.startswith("<!DOCTYPE html>") and "<th>头道</th>" in html
    house_file = Path(__file__).parents[1] / "rulesets" / "positive" / "maceplay-house.yaml"
    house = runner.invoke(app, ["show", str(house_file)]).output
    assert "- each player compares with the banker only\n" in house
    assert "- scoop: +3\n" in house and "home run" not in house
    unknown = runner.invoke(app, ["show", "pagatt"])
    assert unknown.exit_code == 2 and unknown.output.startswith("error: unknown ruleset 'pagatt'")
    bad = runner.invoke(app, ["show", "pagat", "--format", "pdf"])
    assert (bad.exit_code, bad.output) == (
        2,
        "error: --format: 'pdf' is not one of text, markdown, html, yaml, json\n",
    )


def test_html_escapes_everything() -> None:
    sheet = Sheet("<b>&", ("a<i>",), (Section("s<", ("x & y",)),))
    page = render_html(sheet)
    assert "<b>&" not in page and "&lt;b&gt;&amp;" in page and "x &amp; y" in page


@pytest.mark.parametrize(
    ("condition", "words"),
    [
        ({"pairs": 6}, "6 pairs (quads count two, trips one)"),
        ({"distinct_ranks": 13}, "13 different ranks"),
        ({"suit_pattern": [5, 5, 3]}, "cards per suit exactly 5-5-3"),
        ({"rank_pattern": [3, 2, 2, 2, 2, 2]}, "cards per rank exactly 3-2-2-2-2-2"),
        ({"most_of_a_rank": {"max": 3}}, "at most 3 cards of the commonest rank"),
        ({"repeated_ranks": {"min": 2, "max": 4}}, "2 to 4 ranks held twice or more"),
        ({"count_cards": {"colour": "red", "count": 1}}, "1 red card"),
        ({"count_cards": {"ranks": ["J", "Q", "K"], "count": 0}}, "0 cards of rank J, Q or K"),
        (
            {"count_cards": {"min_rank": "8", "suits": ["hearts"], "count": 7}},
            "7 cards ranked 8 or higher in hearts",
        ),
        (
            {"all": [{"distinct_ranks": 13}, {"any": [{"distinct_suits": 1}, {"pairs": 0}]}]},
            "13 different ranks and (1 suit or 0 pairs (quads count two, trips one))",
        ),
        ({"not": {"distinct_suits": 4}}, "not (4 suits)"),
        (
            {"can_set": {"front": "straight", "middle": "flush", "back": "straight-flush"}},
            "can be set as front straight, middle flush, back straight flush",
        ),
        ({"holds": ["AH", "KS"]}, "holds AH and KS"),
    ],
)
def test_hand_condition_words(condition: dict[str, Any], words: str) -> None:
    assert hand_words(_condition(condition)) == words


def _condition(condition: dict[str, Any]) -> HandCondition:
    special = {"id": "x", "name": "x", "points": 1, "when": condition}
    ruleset = ThirteenCardRuleset.model_validate(
        {
            "id": "t",
            "name": "t",
            "summary": "t",
            "foul": {"handling": "refuse"},
            "specials": {"hands": [special]},
        }
    )
    when = ruleset.specials.hands[0].when
    assert when is not None
    return when


@pytest.mark.parametrize(
    ("condition", "words"),
    [
        ({"pairs": 6}, "6 对 (铁支算两对, 三条算一对)"),
        ({"all": [{"distinct_ranks": 13}, {"distinct_suits": 1}]}, "13 种不同点数 且 1 种花色"),
        ({"count_cards": {"min_rank": "8", "count": 13}}, "13 张牌 点数 8 或以上"),
        ({"most_of_a_rank": {"max": 3}}, "同一点数 至多 3 张"),
        (
            {"can_set": {"front": "flush", "middle": "flush", "back": "flush"}},
            "可摆成 头道 同花, 中道 同花, 尾道 同花",
        ),
    ],
)
def test_hand_condition_words_in_chinese(condition: dict[str, Any], words: str) -> None:
    assert hand_words(_condition(condition), "zh") == words


def test_bonus_condition_words_bracket_what_would_be_ambiguous() -> None:
    taiwan = load_ruleset("taiwan")
    assert isinstance(taiwan, ThirteenCardRuleset)
    items = {item.id: item.when for group in taiwan.bonuses.values() for item in group.items}
    assert setting_words(items["chong-san"]) == (
        "front trips and not ((middle quads or straight flush) and (back quads or straight flush))"
    )
    assert setting_words(items["seven-eleven"], "zh") == (
        "(中道 葫芦, 点数恰为 7/J) 或 (尾道 葫芦, 点数恰为 7/J)"
    )


def test_card_condition_words() -> None:
    """Named cards, suit counts and rank thresholds in a lane; card multipliers; front shapes."""
    variants = Path(__file__).resolve().parents[1] / "arrange" / "variants"
    ruleset = load_ruleset_file(variants / "pagat-card-bonus.yaml")
    assert isinstance(ruleset, ThirteenCardRuleset)
    items = {item.id: item.when for group in ruleset.bonuses.values() for item in group.items}
    assert setting_words(items["horse-back"]) == "back holding AH"
    assert setting_words(items["red-middle"]) == "middle at least 3 cards in hearts"
    assert setting_words(items["high-front"]) == "front every card ranked Q or higher"
    assert setting_words(items["low-middle"]) == (
        "middle every card ranked 8 or lower and not (middle at least 1 card in spades)"
    )
    assert setting_words(items["high-front"], "zh") == "头道 每张牌 点数 Q 或以上"
    horse = show(load_ruleset_file(variants / "pagat-horse.yaml"), "text", "en")
    assert (
        '- 马牌: a player whose 13 cards meet "holds AH" has every pair settlement multiplied '
        "by 2, won or lost (two holders: both factors)"
    ) in horse
    shapes = show(load_ruleset_file(variants / "pagat-front-shapes.yaml"), "text", "en")
    assert "- three-card straight, flush, straight flush rank in the front" in shapes
    assert "  straight        1      1       1" in shapes  # the front now has a value


SOURCES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "sources.md"


def test_sources_page_has_a_section_per_bundled_ruleset() -> None:
    """Every sheet links docs/sources.md#ID: each bundled id has its heading there."""
    headings = {
        line.lstrip("#").strip()
        for line in SOURCES_PAGE.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }
    assert [rid for rid in IDS if rid not in headings] == []


def test_shipped_files_cite_no_unshipped_document() -> None:
    root = SOURCES_PAGE.parents[1]
    files = [root / "README.md", *sorted((root / "rulesets").glob("*.yaml"))]
    citing = [f.name for f in files if "RULES.md" in f.read_text(encoding="utf-8")]
    assert citing == []
