"""From a table file to checked seats: cards parsed, lanes sized, specials declared, fouls
judged.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from housegame.cards import Card, Deck, check_no_duplicates, parse_cards
from housegame.errors import CardError, FoulError, TableError
from housegame.rulesets.common import LANE_SIZES, LaneName
from housegame.rulesets.thirteen import SpecialHand, ThirteenCardRuleset
from housegame.setting import Setting
from housegame.tables import CardText, PlayerEntry, TableFile
from housegame.thirteen.conditions import HandCounts
from housegame.thirteen.results import Seat
from housegame.thirteen.specials import Declared, declare, holding

Arranger = Callable[[Sequence[Card], ThirteenCardRuleset], Setting]
"""Sets 13 cards under a ruleset (the auto-arrange engine)."""


@runtime_checkable
class Chooser(Protocol):
    """An arranger that also weighs a special hand against a set hand (the default arranger):
    where declaring is optional, ``declare: auto`` declares only when it is worth more."""

    def choose(
        self, cards: Sequence[Card], ruleset: ThirteenCardRuleset, setting: Setting | None
    ) -> tuple[Setting, Declared | None]:
        """The setting (``setting`` itself when given) and the special to declare, if any."""
        ...


def _cards(text: CardText, who: str, deck: Deck) -> list[Card]:
    try:
        return parse_cards(text, deck)
    except CardError as exc:
        raise CardError(f"{who}: {exc.message}", exc.hint) from None


def _entry_cards(entry: PlayerEntry, deck: Deck) -> dict[str, list[Card]]:
    if entry.cards is not None:
        cards = _cards(entry.cards, f"player '{entry.name}' cards", deck)
        if len(cards) != 13:
            raise TableError(f"player '{entry.name}' has {len(cards)} cards; a hand is 13")
        return {"cards": cards}
    if entry.front is None or entry.middle is None or entry.back is None:
        raise TableError(
            f"player '{entry.name}' gives no cards", hint="give cards: or front/middle/back"
        )
    lanes: dict[LaneName, CardText] = {
        "front": entry.front,
        "middle": entry.middle,
        "back": entry.back,
    }
    out: dict[str, list[Card]] = {}
    for lane, text in lanes.items():
        cards = _cards(text, f"player '{entry.name}' {lane}", deck)
        if len(cards) != LANE_SIZES[lane]:
            raise TableError(
                f"player '{entry.name}': {lane} has {len(cards)} cards, needs {LANE_SIZES[lane]}"
            )
        out[lane] = cards
    return out


def declaration(
    entry: PlayerEntry, cards: list[Card], ruleset: ThirteenCardRuleset, has_lanes: bool
) -> Declared | SpecialHand | None:
    """The special a player declares; a bare ``SpecialHand`` is one the cards do not make,
    declared where the ruleset settles a false declaration."""
    specials = ruleset.specials
    choice = entry.declare or (
        "auto" if specials.declare == "automatic" or not has_lanes else "none"
    )
    if choice == "none":
        if specials.declare == "automatic" and holding(cards, ruleset):
            raise TableError(
                f"player '{entry.name}' may not decline a special hand",
                hint=f"{ruleset.id} declares the best special hand automatically",
            )
        return None
    if choice in ("auto", "force"):
        found = holding(cards, ruleset)
        return found[0] if found else None
    ids = [h.id for h in specials.hands]
    if choice not in ids:
        close = difflib.get_close_matches(choice, ids, n=1)
        raise TableError(
            f"player '{entry.name}' declares '{choice}', which {ruleset.id} does not have",
            hint=(f"did you mean '{close[0]}'? " if close else "")
            + "special hands: "
            + (", ".join(ids) or "none")
            + "; or auto / force / none",
        )
    hand = specials.hands[ids.index(choice)]
    declared = declare(hand, HandCounts.of(cards), ruleset)
    if declared is None:
        if specials.false_declaration is not None:
            return hand
        raise TableError(
            f"player '{entry.name}' declares {hand.name} ({hand.id}) but the cards do not make it",
            hint=f"{ruleset.id} settles no false declaration (specials.false_declaration)",
        )
    best = holding(cards, ruleset)[0]
    if specials.declare == "automatic" and best.hand.id != hand.id:
        return best
    return declared


def _weighs(entry: PlayerEntry, ruleset: ThirteenCardRuleset, has_lanes: bool) -> bool:
    """``declare: auto`` (the default for loose cards) under a ruleset where declaring is
    optional: declare only when it is worth more than the best set hand (``force`` always
    declares)."""
    choice = entry.declare or ("auto" if not has_lanes else "none")
    return choice == "auto" and ruleset.specials.declare == "optional"


def standard_deck(ruleset: ThirteenCardRuleset) -> bool:
    """Whether the ruleset deals one 52-card deck: what shares a simulation with the other
    bundled rulesets (a deck of its own is simulated on its own). The one test of it, which the
    defaults and tests ask."""
    return ruleset.deck.deck().is_standard


def resolve_banker(
    ruleset: ThirteenCardRuleset, table: TableFile, banker: str | None
) -> str | None:
    name = banker if banker is not None else table.banker
    compare = ruleset.table.compare
    names = [p.name for p in table.players]
    if compare == "banker" and name is None:
        raise TableError(
            f"{ruleset.id} is a banker game and no banker is named",
            hint="add `banker: NAME` to the table or pass --banker NAME",
        )
    if name is None:
        return None
    if compare in ("all-pairs", "pool"):
        raise TableError(
            f"{ruleset.id} has no banker ({compare}) but the table names '{name}'",
            hint="drop the banker, or choose a banker ruleset",
        )
    if name not in names:
        raise TableError(
            f"banker '{name}' is not at the table", hint="players: " + ", ".join(names)
        )
    return name


def seat_table(
    ruleset: ThirteenCardRuleset, table: TableFile, arranger: Arranger | None = None
) -> list[Seat]:
    """Checked seats for every player; refuses what the ruleset refuses."""
    seats_allowed = ruleset.table.seats
    if not seats_allowed.holds(len(table.players)):
        raise TableError(
            f"{ruleset.id} seats {seats_allowed.min}-{seats_allowed.max} players, "
            f"the table has {len(table.players)}"
        )
    deck = ruleset.deck.deck()
    dealt = {p.name: _entry_cards(p, deck) for p in table.players}
    check_no_duplicates(
        {name: [c for cs in parts.values() for c in cs] for name, parts in dealt.items()}, deck
    )
    return [_seat(ruleset, entry, dealt[entry.name], arranger) for entry in table.players]


def seat_player(
    ruleset: ThirteenCardRuleset, entry: PlayerEntry, arranger: Arranger | None = None
) -> Seat:
    """One player seated alone (its cards read and checked as ``seat_table`` checks them)."""
    deck = ruleset.deck.deck()
    parts = _entry_cards(entry, deck)
    check_no_duplicates({entry.name: [c for cs in parts.values() for c in cs]}, deck)
    return _seat(ruleset, entry, parts, arranger)


def _seat(
    ruleset: ThirteenCardRuleset,
    entry: PlayerEntry,
    parts: dict[str, list[Card]],
    arranger: Arranger | None,
) -> Seat:
    """A player's seat: a surrender, a declared special or a setting (a foul refused where
    the ruleset refuses it)."""
    rules = ruleset.ranking.rules()
    cards = [c for cs in parts.values() for c in cs]
    if entry.fantasyland:
        raise TableError(
            f"player '{entry.name}' is in Fantasyland, an OFC setting",
            hint=f"{ruleset.id} is a 13-card ruleset; drop fantasyland",
        )
    if entry.surrender:
        if ruleset.surrender is None:
            raise TableError(f"player '{entry.name}' surrenders but {ruleset.id} has no surrender")
        return Seat(entry.name, None, surrendered=True, cards=tuple(cards))
    has_lanes = "cards" not in parts
    declared = declaration(entry, cards, ruleset, has_lanes)
    if isinstance(declared, SpecialHand):
        return Seat(entry.name, None, cards=tuple(cards), misdeclared=declared)
    setting = (
        Setting.of(parts["front"], parts["middle"], parts["back"], rules) if has_lanes else None
    )
    weighs = declared is not None and _weighs(entry, ruleset, has_lanes)
    if weighs and isinstance(arranger, Chooser):
        chosen, declared = arranger.choose(cards, ruleset, setting)
        setting = setting if has_lanes or declared is not None else chosen
    if setting is None and declared is None:
        if arranger is None:
            raise TableError(
                f"player '{entry.name}' gives 13 cards that make no special hand "
                "and no arranger is available",
                hint="give front/middle/back for this player",
            )
        setting = arranger(cards, ruleset)
    if (
        declared is None
        and setting is not None
        and setting.fouled
        and ruleset.foul.handling == "refuse"
    ):
        raise FoulError(
            f"player '{entry.name}' fouls: {setting.foul_reason()}",
            hint=f"{ruleset.id} refuses foul settings: {ruleset.ranking.foul_order()}",
        )
    return Seat(entry.name, setting, declared, cards=tuple(cards))
