"""The `deck:` section: what cards a ruleset's deck holds, and decks too small for the seats
refused with the file, line, key path and a hint (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cards import BIG_JOKER, JOKER, LITTLE_JOKER, parse_card
from housegame.cli import app
from housegame.errors import RulesetError
from housegame.rulesets.common import DeckSpec
from housegame.rulesets.loader import load_ruleset_text

runner = CliRunner()


@pytest.mark.parametrize(
    ("spec", "size", "most", "jokers"),
    [
        ({}, 52, 1, 0),
        ({"extra_suits": ["spades"]}, 65, 2, 0),  # 加一色
        ({"extra_suits": ["spades", "hearts"]}, 78, 2, 0),  # 加两色
        ({"extra_suits": ["spades", "spades"]}, 78, 3, 0),
        ({"decks": 2}, 104, 2, 0),
        ({"jokers": 2}, 54, 1, 2),
        ({"jokers": 2, "joker_kinds": "little-big"}, 54, 1, 2),
        ({"decks": 2, "jokers": 4, "joker_kinds": "little-big"}, 108, 2, 4),
    ],
)
def test_card_counts(spec: dict[str, object], size: int, most: int, jokers: int) -> None:
    model = DeckSpec.model_validate(spec)
    deck = model.deck()
    assert (model.size, deck.size, deck.most_copies, deck.jokers) == (size, size, most, jokers)
    assert len(deck.cards()) == size


def test_extra_suit_doubles_that_suit_only() -> None:
    deck = DeckSpec(extra_suits=["hearts"]).deck()
    assert deck.count(parse_card("AH")) == 2
    assert deck.count(parse_card("AS")) == 1


def test_joker_kinds() -> None:
    alike = DeckSpec(jokers=2).deck()
    apart = DeckSpec(jokers=2, joker_kinds="little-big").deck()
    assert (alike.count(JOKER), alike.count(LITTLE_JOKER), alike.count(BIG_JOKER)) == (2, 0, 0)
    assert (apart.count(JOKER), apart.count(LITTLE_JOKER), apart.count(BIG_JOKER)) == (0, 1, 1)


BASE = "id: room\nname: Room\nsummary: s\nfoul: {handling: refuse}\n"


@pytest.mark.parametrize(
    ("body", "line", "path", "hint"),
    [
        ("table: {seats: {min: 2, max: 5}}\n", 5, "table.seats.max", "add extra suits"),
        (
            "deck: {extra_suits: [spades]}\ntable: {seats: {min: 2, max: 6}}\n",
            6,
            "table.seats.max",
            "seat at most 5",
        ),
        ("table: {seats: {min: 2, max: 7}}\n", 5, "table.seats.max", "5 or 6 players"),
        ("deck: {jokers: 3, joker_kinds: little-big}\n", 5, "deck.jokers", "even number"),
        ("deck: {jokers: 9}\n", 5, "deck.jokers", None),
        ("ranking: {natural_beats_joker: true}\n", 5, "ranking.natural_beats_joker", "no jokers"),
        ("ranking: {joker_duplicates: false}\n", 5, "ranking.joker_duplicates", "no jokers"),
        (
            "ranking: {five_of_a_kind: below-straight-flush}\n",
            5,
            "ranking.five_of_a_kind",
            "no five of a kind",
        ),
        ("specials: {jokers_complete: all}\n", 5, "specials.jokers_complete", "no jokers"),
        (
            "deck: {jokers: 2}\nspecials: {jokers_complete: [dragon]}\n",
            6,
            "specials.jokers_complete[0]",
            "special hands: none",
        ),
    ],
)
def test_bad_decks_are_refused_with_file_line_and_hint(
    body: str, line: int, path: str, hint: str | None
) -> None:
    with pytest.raises(RulesetError) as raised:
        load_ruleset_text(BASE + body, "room.yaml")
    text = str(raised.value)
    assert f"room.yaml:{line}: {path}:" in text
    if hint is not None:
        assert hint in text


def test_five_and_six_seats_with_extra_suits() -> None:
    seats = "table: {seats: {min: 2, max: %d}}\n"
    five = load_ruleset_text(BASE + "deck: {extra_suits: [spades]}\n" + seats % 5)
    six = load_ruleset_text(BASE + "deck: {extra_suits: [spades, hearts]}\n" + seats % 6)
    assert (five.deck.size, six.deck.size) == (65, 78)  # type: ignore[attr-defined]


def test_validate_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "room.yaml"
    path.write_text(BASE + "table: {seats: {min: 2, max: 6}}\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert "room.yaml:5: table.seats.max: 6 seats need 78 cards but the deck has 52" in (
        result.stdout + result.stderr
    )


def test_ofc_deal_must_fit_the_deck() -> None:
    with pytest.raises(RulesetError, match="need 68 cards"):
        load_ruleset_text(
            "extends: golden-nugget-pineapple\nid: big-ofc\nname: n\nsummary: s\n"
            "players: {min: 2, max: 4}\n"
        )
    with pytest.raises(RulesetError, match="OFC deals one deck of unique cards"):
        load_ruleset_text(
            "extends: golden-nugget-pineapple\nid: big-ofc\nname: n\nsummary: s\n"
            "deck: {jokers: 2}\n"
        )
