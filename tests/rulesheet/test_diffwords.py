"""`housegame diff` in the rules' own words: every setting of every game's schema, changed on
its own, reads differently on the rules sheet, so a diff can word it; and the words of known
pairs, in English and Chinese, text, JSON and YAML."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from housegame.cli import app
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.variants import Pattern, schema_patterns, variants
from housegame.rulesheet.diffwords import diff_document, worded_diff, worded_lines

VARIANT_FILES = Path(__file__).resolve().parents[1] / "arrange" / "variants"

Edit = Callable[[dict[str, Any]], None]


def _mirror_outcome(data: dict[str, Any]) -> None:
    for row in data["outcomes"]:
        if (row["won"], row["lost"]) in ((2, 1), (1, 2)):
            row["units"] *= 2


def _tier_when(data: dict[str, Any]) -> None:
    hand = next(h for h in data["specials"]["hands"] if h.get("tiers"))
    hand["tiers"][-1]["when"] = {"count_cards": {"max_rank": "5", "count": 13}}


def _penalty_ranges(data: dict[str, Any]) -> None:
    tiers = data["penalty"]["tiers"]
    tiers[0]["cards"] = {"min": 1, "max": 6}
    tiers[1]["cards"] = {"min": 7, "max": 9}


def _deal(data: dict[str, Any]) -> None:
    data["deal"][1] = {"dealt": 3, "placed": 1, "discarded": 2}
    data["deal"][2] = {"dealt": 3, "placed": 3, "discarded": 0}


def _set(path: tuple[str, ...], value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value

    return edit


def _all_jokers_complete(data: dict[str, Any]) -> None:
    data["deck"] = {"jokers": 2}
    data["specials"]["jokers_complete"] = "all"


EDITS: dict[Pattern, tuple[str, Edit]] = {
    ("specials", "jokers_complete"): ("maceplay", _all_jokers_complete),
    ("outcomes", "[]", "units"): ("taiwan", _mirror_outcome),
    ("specials", "hands", "[]", "tiers", "[]", "when"): ("shanghai", _tier_when),
    ("lead_card",): ("maceplay-big-two", _set(("lead_card",), {"rank": "3", "suit": "spades"})),
    ("penalty", "tiers", "[]", "cards"): ("taiwan-big-two", _penalty_ranges),
    ("deal", "[]", "dealt"): ("golden-nugget-pineapple", _deal),
    ("deal", "[]", "placed"): ("golden-nugget-pineapple", _deal),
    ("deal", "[]", "discarded"): ("golden-nugget-pineapple", _deal),
    ("fantasyland", "entry", "front"): (
        "golden-nugget-pineapple",
        _set(("fantasyland", "entry", "front"), {"category": "pair", "rank": "K"}),
    ),
}
"""Settings no single step can change validly (an outcome row and its mirror, a card, a range
of tiers that must cover every count, a deal that must total 13 cards), changed by hand."""


def _joker_room(data: dict[str, Any]) -> None:
    data["deck"] = ROOM_DECK
    data["specials"]["jokers_complete"] = ["dragon", "six-pairs"]


ROOM_DECK = {"extra_suits": ["spades"], "jokers": 2, "joker_kinds": "little-big"}

MORE_BASES: dict[str, list[tuple[str, Edit]]] = {
    "thirteen-card": [
        ("maceplay", _set(("deck",), ROOM_DECK)),
        ("maceplay", _set(("home_run", "max_opponents"), 3)),
        ("maceplay", _joker_room),
    ],
    "big-two": [
        (
            "maceplay-big-two",
            _set(("bombs",), {"kinds": ["quads", "straight-flush"], "beat": ["single", "pair"]}),
        ),
    ],
    "ofc": [
        ("golden-nugget-pineapple", _set(("fantasyland", "cards", "mode"), "progressive")),
        (
            "golden-nugget-pineapple",
            _set(("ranking", "suit_order"), ["spades", "hearts", "diamonds", "clubs"]),
        ),
    ],
}
"""Rulesets with settings no bundled ruleset of the game uses, for their variants."""

REFUSED: dict[str, list[Pattern]] = {
    "ofc": [
        ("ranking", "front_straights"),
        ("ranking", "front_flushes"),
        ("ranking", "five_of_a_kind"),
        ("ranking", "joker_duplicates"),
        ("ranking", "natural_beats_joker"),
        ("deck", "decks"),
        ("deck", "extra_suits", "[]"),
        ("deck", "jokers"),
        ("deck", "joker_kinds"),
    ],
    "big-two": [
        ("deck", "decks"),
        ("deck", "extra_suits", "[]"),
        ("deck", "jokers"),
        ("deck", "joker_kinds"),
    ],
    "thirteen-card": [("outcomes", "[]", key) for key in ("won", "lost", "tied")],
}
"""Settings a game's model refuses to change on their own (OFC reads the front as high card,
pair or trips; OFC and Big Two deal one 52-card deck; an outcome table holds all ten rows, so
no row's won-lost-tied can change); checked to be refused, so the day they are allowed they
must be worded."""


def _edited(base: RulesetBase, edit: Edit) -> RulesetBase:
    data = copy.deepcopy(base.model_dump(mode="json", by_alias=True, exclude={"extends"}))
    edit(data)
    return type(base).model_validate(data)


def _bases(game: str) -> list[RulesetBase]:
    out = [load_ruleset(str(row["id"])) for row in catalog() if row["game"] == game]
    if game == "thirteen-card":
        out += [load_ruleset_file(path) for path in sorted(VARIANT_FILES.glob("*.yaml"))]
    out += [_edited(load_ruleset(rid), edit) for rid, edit in MORE_BASES.get(game, [])]
    return out


def _covered(game: str, bases: list[RulesetBase]) -> set[Pattern]:
    spec = type(bases[0]).merge_spec
    worded: set[Pattern] = set()
    for base in bases:
        for variant in variants(base):
            if not worded_diff(base, variant.ruleset):
                continue
            worded.add(variant.pattern)
            if variant.change == "removed":  # an entry's identity and conditions go with it
                for pattern in schema_patterns(type(base), spec):
                    inside = pattern[: len(variant.pattern)] == variant.pattern
                    keyed = pattern[-1] in (spec.key_fields(pattern[:-2]) or ())
                    if inside and (keyed or spec.is_atomic(pattern)):
                        worded.add(pattern)
    for pattern, (rid, edit) in EDITS.items():
        base = load_ruleset(rid)
        if getattr(base, "game", "") == game and worded_diff(base, _edited(base, edit)):
            worded.add(pattern)
    return worded


@pytest.mark.slow  # every one-setting change of every bundled ruleset, validated and worded
@pytest.mark.parametrize("game", ["thirteen-card", "ofc", "big-two"])
def test_every_setting_of_the_schema_is_worded(game: str) -> None:
    """Fails when a new schema key has no words on the rules sheet: add them there (and a
    base or an edit here if no bundled ruleset can change it)."""
    bases = _bases(game)
    kind = type(bases[0])
    covered = _covered(game, bases)
    refused = REFUSED.get(game, [])
    missing = [
        ".".join(p)
        for p in schema_patterns(kind, kind.merge_spec)
        if p not in covered and p not in refused
    ]
    assert missing == []
    for pattern in refused:
        assert not any(v.pattern == pattern for base in bases for v in variants(base))


WORDS = {
    ("pagat", "pagat-sweep-3", "en"): {"Payouts": ["scoop: no extra payment → +3"]},
    ("maceplay", "taiwan", "zh"): {"赔付": ["打枪: 各道分数 x2 → 无额外赔付"]},
    ("maceplay", "pagat", "en"): {
        "Payouts": ["middle quads: 8 → 4", "scoop: lane units x2 → no extra payment"]
    },
    ("taiwan", "taiwan-direct", "en"): {
        "Bonuses": [
            "ordinary: paid when the pair's result goes to the holder → paid win or lose",
            "special: paid when the pair's result goes to the holder → "
            "paid when the holder wins any lane of the pair",
        ]
    },
    ("pagat", "pagat-house", "zh"): {
        "牌桌": [
            "每两位玩家之间都比牌 → 每位闲家只与庄家比牌",
            "平手的一道双方都不得分 → 平手的一道算庄家赢",
        ]
    },
    ("maceplay-big-two", "taiwan-big-two", "en"): {
        "Penalty": [
            "cards left 10-12 points per card: 2 → 3",
            "cards left 13 points per card: 3 → 4",
        ]
    },
    ("golden-nugget-pineapple", "ofc-classic", "en"): {
        "Deal": ["seats: 2-3; one 52-card deck → 2-4; one 52-card deck", "street 2 dealt: 3 → 1"],
        "Fantasyland": ["cards dealt: 14 → 13"],
    },
}


@pytest.mark.parametrize(("a", "b", "lang"), list(WORDS))
def test_known_pairs_in_words(a: str, b: str, lang: str) -> None:
    words = worded_diff(load_ruleset(a), load_ruleset(b), "zh" if lang == "zh" else "en")
    topics = {t.title: [c.text for c in t.changes] for t in words}
    for title, lines in WORDS[(a, b, lang)].items():
        assert [line for line in lines if line not in topics[title]] == []


def test_a_bonus_table_reads_as_its_rows() -> None:
    topics = worded_diff(load_ruleset("maceplay"), load_ruleset("taiwan"))
    bonuses = next(t for t in topics if t.title == "Bonuses")
    rows = {c.label: (c.a, c.b) for c in bonuses.changes}
    assert rows["后墩铁枝"] == ("—", "back, 4, back quads")
    assert rows["ordinary"] == ("—", "paid when the pair's result goes to the holder")


def test_cli_text_json_and_yaml() -> None:
    runner = CliRunner()
    text = runner.invoke(app, ["diff", "pagat", "pagat-sweep-3"])
    assert text.output == (
        "pagat -> pagat-sweep-3: 1 difference\nPayouts\n  scoop: no extra payment → +3\n"
    )
    as_json = json.loads(
        runner.invoke(app, ["diff", "pagat", "pagat-sweep-3", "-f", "json"]).output
    )
    assert as_json["differences"] == [
        {"setting": "scoop.bonus", "a": 0, "b": 3, "text": "scoop.bonus: 0 -> 3"}
    ]
    assert as_json["topics"] == [
        {
            "topic": "Payouts",
            "changes": [
                {
                    "label": "scoop",
                    "a": "no extra payment",
                    "b": "+3",
                    "text": "scoop: no extra payment → +3",
                }
            ],
        }
    ]
    alias = runner.invoke(app, ["diff", "pagat", "pagat-sweep-3", "--json"]).output
    assert json.loads(alias) == as_json
    keys = yaml.safe_load(
        runner.invoke(app, ["diff", "pagat", "pagat-sweep-3", "-f", "yaml"]).output
    )
    assert keys == {
        "a": "pagat",
        "b": "pagat-sweep-3",
        "differences": [{"setting": "scoop.bonus", "a": 0, "b": 3}],
    }
    bad = runner.invoke(app, ["diff", "pagat", "pagat", "-f", "xml"])
    assert bad.exit_code == 2 and "--format: 'xml' is not one of text, json, yaml" in bad.output


def test_unreachable_settings_fall_back_to_key_paths() -> None:
    """A banker rule for both fouls under a pool reads alike on both sheets."""
    pool = load_ruleset("pagat-pool")
    changed = next(v for v in variants(pool) if v.setting == "foul.both_fouled").ruleset
    document = diff_document(pool, changed)
    assert worded_diff(pool, changed) == []
    assert document["topics"] == [
        {
            "topic": "Not on the rules sheet",
            "changes": [
                {
                    "label": "foul.both_fouled",
                    "a": "push",
                    "b": "banker-wins",
                    "text": "foul.both_fouled: push → banker-wins",
                }
            ],
        }
    ]
    assert worded_lines(diff_document(pool, pool)) == ["pagat-pool -> pagat-pool: 0 differences"]


def test_a_moved_tier_boundary_is_one_difference(tmp_path: Path) -> None:
    """Penalty tiers cut 1-9 / 10-12 / 13 moved to 1-7 / 8-12 / 13: counts 8 and 9 pay 2 a
    card instead of 1, one change (the key paths count four), and the header counts it once."""
    path = tmp_path / "moved.yaml"
    path.write_text(
        "id: moved\nextends: maceplay-big-two\nname: Moved\nsummary: s\npenalty:\n  tiers:\n"
        "    $replace:\n      - {cards: {min: 1, max: 7}, per_card: 1}\n"
        "      - {cards: {min: 8, max: 12}, per_card: 2}\n"
        "      - {cards: {min: 13, max: 13}, per_card: 3}\n",
        encoding="utf-8",
    )
    document = diff_document(load_ruleset("maceplay-big-two"), load_ruleset(path))
    assert worded_lines(document) == [
        "maceplay-big-two -> moved: 1 difference",
        "Penalty",
        "  cards left 8-9 points per card: 1 → 2",
    ]
