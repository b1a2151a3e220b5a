"""13-card play against the bots, as a library: the deal, your choices checked by the
ruleset (fouls, specials, surrender), the timer, running totals and a log that replays."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from housegame.cards import parse_cards
from housegame.errors import HousegameError, TableError
from housegame.play import Table, TimeUp, parse_lanes, resume
from housegame.rulesets.loader import bundled_rulesets, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.replay import SessionLog, deal_hands, replay
from tests.suite import examples

SEED_7 = "AH QC JS JH 9S 6S 6D 6C 5H 4S 4H 4C 2C"
"""Your 13 cards with seed 7, highest first."""
FOUL = "front 6S 6D 6C middle AH QC JS JH 9S back 5H 4S 4H 4C 2C"
"""Trips in front over a pair in the middle."""
LEGAL = "front AH QC 9S middle 5H 4S 4H 4C 2C back JS JH 6S 6D 6C"


@cache
def rules(ruleset: str) -> ThirteenCardRuleset:
    found = load_ruleset(ruleset)
    assert isinstance(found, ThirteenCardRuleset)
    return found


THIRTEEN = sorted(
    ref for ref in bundled_rulesets() if isinstance(load_ruleset(ref), ThirteenCardRuleset)
)
"""Every bundled 13-card ruleset: a game against the computer deals each from its deck."""


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table(ruleset: str = "pagat", seed: int = 7, seats: int = 3, **extra: object) -> Table:
    players = ["You", *(f"Computer {i + 1}" for i in range(seats - 1))]
    return Table(rules(ruleset), ruleset, players, seed, **extra)  # type: ignore[arg-type]


def test_the_deal_is_seeded_and_the_bots_are_set_by_the_arranger() -> None:
    played = table(seats=4)
    assert played.cards == parse_cards(SEED_7)
    assert {c for cards in played.dealt.values() for c in cards} == {
        c for hand in deal_hands(7, 4) for c in hand
    }
    for name in played.players[1:]:
        seat = played.chosen[name]
        best = played.arranger.arrange(played.dealt[name]).best.setting
        assert (seat.front, seat.middle, seat.back) == tuple(
            " ".join(str(c) for c in sorted(best.lane(lane), key=lambda c: (-c.rank, -c.suit)))
            for lane in ("front", "middle", "back")
        )
    assert not played.finished and played.result is None


def test_your_lanes_are_settled_with_the_bots() -> None:
    played = table()
    played.set(parse_lanes(LEGAL))
    assert played.finished
    result = played.result
    assert result is not None
    assert [s.name for s in result.seats] == ["You", "Computer 1", "Computer 2"]
    assert result.seats[0].setting is not None
    assert sum(result.totals.values()) == 0
    assert played.totals == result.totals


def test_lanes_read_in_chinese_as_a_hint_shows_them() -> None:
    chinese = LEGAL.replace("front", "头道").replace("middle", "中道").replace("back", "尾道")
    assert parse_lanes(chinese) == parse_lanes(LEGAL)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("front AS KS QS middle 5H 4S 4H 4C 2C back JS JH 6S 6D 6C", "AS KS QS not in your hand"),
        ("front AH QC 9S middle AH 4S 4H 4C 2C back JS JH 6S 6D 6C", "AH set twice"),
        ("front AH QC middle 5H 4S 4H 4C 2C back JS JH 6S 6D 6C", "the front takes 3 cards, not 2"),
        ("AH front QC", "'AH' comes before any lane word"),
        ("front AH front QC", "'front' appears twice"),
        ("front ZZ", "'ZZ' is not a card"),
    ],
)
def test_a_wrong_setting_is_refused_and_changes_nothing(typed: str, message: str) -> None:
    played = table()
    with pytest.raises(TableError, match=message):
        played.set(parse_lanes(typed))
    assert not played.finished


def test_a_foul_is_refused_where_the_ruleset_refuses_it() -> None:
    played = table("maceplay")
    for _ in range(2):
        with pytest.raises(TableError) as refused:
            played.set(parse_lanes(FOUL))
        assert refused.value.text("en") == (
            "this setting fouls: front trips 6 6 6 beats middle pair J J A Q 9\n"
            "  hint: maceplay refuses fouls: back >= middle >= front"
        )
        assert refused.value.text("zh").startswith("这样摆是倒水: 头道 三条 6 6 6 大于 中道 对子")
    assert not played.finished


def test_a_foul_is_warned_once_then_played_where_the_ruleset_plays_it() -> None:
    played = table("pagat")
    with pytest.raises(TableError, match="warning: this setting fouls"):
        played.set(parse_lanes(FOUL))
    assert not played.finished
    played.set(parse_lanes(FOUL))
    result = played.result
    assert result is not None and result.seats[0].fouled
    assert any(
        item.kind == "foul" or "foul" in item.detail for p in result.pairs for item in p.items
    )


def test_two_lanes_given_the_cards_left_make_the_third() -> None:
    played = table()
    lanes = played.complete(parse_lanes("front AH QC 9S middle 5H 4S 4H 4C 2C"))
    assert lanes["back"] == parse_cards("JS JH 6S 6D 6C")
    assert played.complete(parse_lanes("front AH QC 9S")) == parse_lanes("front AH QC 9S")


def test_an_optional_special_is_declared_by_choice() -> None:
    played = table("pagat", seed=1)
    assert played.can_declare and [d.hand.id for d in played.held] == ["three-flushes"]
    with pytest.raises(TableError, match="you do not hold 'six-pairs'; you hold three-flushes"):
        played.declare("six-pairs")
    declared = played.declare()
    assert declared.hand.id == "three-flushes"
    result = played.result
    assert result is not None and result.seats[0].declared is not None
    assert played.hands[-1].seats[0].declare == "three-flushes"


def test_an_automatic_special_is_declared_at_the_deal() -> None:
    played = table("maceplay", seed=1)
    assert played.finished and played.declared_for_you is not None
    assert played.declared_for_you.hand.id == "three-flushes"
    with pytest.raises(TableError, match="the hand is over"):
        played.auto()


def test_no_special_to_declare() -> None:
    with pytest.raises(TableError, match="you hold no special hand"):
        table("pagat").declare()


def test_surrender_where_the_ruleset_has_it() -> None:
    with pytest.raises(TableError, match="pagat has no surrender"):
        table("pagat").surrender()
    played = table("pagat-surrender")
    played.surrender()
    result = played.result
    assert result is not None and result.seats[0].surrendered
    assert result.totals["You"] < 0


def test_the_timer_sets_the_hand_with_the_arranger() -> None:
    clock = Clock()
    played = table(timer=60, clock=clock)
    assert played.remaining() == 60
    clock.now = 59.5
    assert not played.time_up() and played.remaining() == 0.5
    clock.now = 60
    with pytest.raises(TimeUp, match="time is up: the arranger set your hand"):
        played.set(parse_lanes(LEGAL))
    seat = played.hands[-1].seats[0]
    best = played.arranger.arrange(played.cards).best.setting
    assert seat.timed_out and parse_cards(seat.back or "") == sorted(
        best.back, key=lambda c: (-c.rank, -c.suit)
    )
    assert played.remaining() is None
    played.next_hand()
    assert played.remaining() == 60  # the next hand's 60 s run from its deal
    clock.now = 61
    assert played.remaining() == 59


def test_running_totals_next_hand_and_banker_rotation() -> None:
    played = table("macau", seats=3)
    assert played.banker == "You"
    with pytest.raises(TableError, match="the hand is not over yet"):
        played.next_hand()
    totals: dict[str, Fraction] = dict.fromkeys(played.players, Fraction(0))
    for banker in ["You", "Computer 1", "Computer 2", "You"]:
        assert played.banker == banker
        played.auto()
        result = played.result
        assert result is not None and result.banker == banker
        for name, units in result.totals.items():
            totals[name] += units
        assert played.totals == totals
        if banker != "You" or played.number == 1:
            played.next_hand()
    assert played.number == 4 and played.seed == 10


def test_a_table_outside_the_rulesets_seats_is_refused() -> None:
    with pytest.raises(TableError, match="seats 2-4 players, not 5"):
        table("pagat", seats=5)


def test_the_log_replays_and_resumes(tmp_path: Path) -> None:
    played = table("pagat", seats=3)
    played.set(parse_lanes(LEGAL))
    played.next_hand()
    played.auto()
    played.next_hand()
    path = tmp_path / "session.yaml"
    path.write_text(played.log_text(), encoding="utf-8")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["seed"] == 7 and len(data["hands"]) == 2
    assert data["hands"][0]["seats"][0] == {
        "name": "You",
        "front": "AH QC 9S",
        "middle": "5H 4S 4H 4C 2C",
        "back": "JS JH 6S 6D 6C",
    }
    done = replay(SessionLog.model_validate(data))
    assert done.totals == played.totals
    again = resume(path)
    assert again.number == 3 and again.seed == 9 and again.totals == played.totals
    assert again.cards == played.cards


def test_a_log_that_breaks_the_rules_names_the_hand(tmp_path: Path) -> None:
    played = table("maceplay", seats=2)
    played.set(parse_lanes(LEGAL))
    data = played.log()
    data["hands"][0]["seats"][0].update(
        {"front": "6S 6D 6C", "middle": "AH QC JS JH 9S", "back": "5H 4S 4H 4C 2C"}
    )
    path = tmp_path / "foul.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(HousegameError) as found:
        resume(path)
    assert str(found.value).startswith(f"{path}:")
    assert "hands[0] (hand 1): player 'You' fouls" in str(found.value)
    data["hands"][0]["seats"][0].update(
        {"front": "AS QC 9S", "middle": "5H 4S 4H 4C 2C", "back": "JS JH 6S 6D 6C"}
    )
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(
        HousegameError, match=r"does not set the 13 cards it was dealt \(not dealt AS; missing AH\)"
    ):
        resume(path)


Session = tuple[str, int, int, int]
"""A ruleset, a seed, a seat count (clipped to the ruleset's) and how many hands."""


def sessions(rulesets: Sequence[str], most_hands: int) -> st.SearchStrategy[Session]:
    return st.tuples(
        st.sampled_from(rulesets),
        st.integers(0, 10**6),
        st.integers(2, 6),
        st.integers(1, most_hands),
    )


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(session=sessions(THIRTEEN, 3))
def test_any_session_replays_to_its_running_totals(session: Session) -> None:
    """Whatever the ruleset and deal, the log of a session the arranger plays replays to the
    same totals (the log holds every choice; no arranger is needed to replay it)."""
    played_and_replayed(*session)


def played_and_replayed(ruleset: str, seed: int, seats: int, hands: int) -> None:
    """Play ``hands`` hands with the arranger at ``seats`` (clipped to the ruleset's seats):
    every seat is dealt 13 cards its deck holds, and the log, read back under its schema,
    replays to the session's totals."""
    allowed = rules(ruleset).table.seats
    seats = min(max(seats, allowed.min or 2), allowed.max or 4)
    played = table(ruleset, seed, seats)
    deck = rules(ruleset).deck.deck()
    for number in range(hands):
        if number:
            played.next_hand()
        held = Counter(c for cards in played.dealt.values() for c in cards)
        assert all(n <= deck.count(c) for c, n in held.items())
        assert all(len(cards) == 13 for cards in played.dealt.values())
        if not played.finished:
            played.auto()
    log = SessionLog.model_validate(yaml.safe_load(played.log_text()))
    assert replay(log).totals == played.totals
