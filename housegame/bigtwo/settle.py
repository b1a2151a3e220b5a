"""Settlement at the end of a game: penalty points for cards left, then who pays whom."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.rules import Rules, card_of
from housegame.cards import Card, check_no_duplicates
from housegame.errors import CardError
from housegame.rulesets.bigtwo import RANK_NAMES


@dataclass(frozen=True)
class Settlement:
    """Each player's cards left, penalty score and net points (summing to zero)."""

    ruleset: str
    winner: str
    cards_left: dict[str, int]
    scores: dict[str, int]
    totals: dict[str, int]
    liable: str | None = None
    """The player who pays the other losers' losses (``penalty.liability``), if any."""

    def as_dict(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "winner": self.winner,
            "cards_left": self.cards_left,
            "scores": self.scores,
            "totals": self.totals,
            "liable": self.liable,
        }


def penalty(rules: Rules, left: int, held: Iterable[Card] = ()) -> int:
    """Penalty score for one player with ``left`` cards, some of which may be ``held`` (all of
    them when the ruleset counts the cards' values)."""
    spec = rules.ruleset.penalty
    cards = set(held)
    counted = left
    if spec.card_values is not None:
        counted = sum(spec.card_values[RANK_NAMES[c.rank - 2]] for c in cards)
    points = counted * spec.per_card(left)
    for multiplier in spec.multipliers:
        if left >= multiplier.min_left and card_of(multiplier.card) in cards:
            points *= multiplier.factor
    return points


def settle(
    rules: Rules,
    left: Mapping[str, int],
    held: Mapping[str, Iterable[Card]] | None = None,
    liable: str | None = None,
) -> Settlement:
    """Net points per player from cards left (exactly one player out, with 0 left); ``liable``:
    the player who let the winner go out (``penalty.liability``) and pays the other losers'
    losses."""
    holding = {name: list(cards) for name, cards in (held or {}).items()}
    largest = rules.deal_for(len(left)).largest_hand
    for name, count in left.items():
        if not 0 <= count <= largest:
            raise BigTwoError(
                f"{name} cannot have {count} cards left",
                hint=f"cards left run from 0 to {largest} with {len(left)} players",
            )
    out = [name for name, count in left.items() if count == 0]
    if len(out) != 1:
        raise BigTwoError(
            f"exactly one player ends with 0 cards; here {len(out)} do"
            + (f" ({', '.join(out)})" if out else ""),
            hint="the game ends when the first player is out, e.g. --left A=0",
        )
    unknown = sorted(set(holding) - set(left))
    if unknown:
        raise BigTwoError(f"cards held by {', '.join(unknown)}, who has no cards-left count")
    try:
        check_no_duplicates(holding)
    except CardError as exc:
        raise BigTwoError(exc.message, exc.hint) from None
    for name, cards in holding.items():
        if len(cards) > left[name]:
            raise BigTwoError(f"{name} is said to hold more cards than the {left[name]} left")
    spec = rules.ruleset.penalty
    if spec.card_values is not None:
        short = [n for n, count in left.items() if count and len(holding.get(n, ())) != count]
        if short:
            raise BigTwoError(
                f"{rules.id} counts the value of each card left: give every card "
                f"{', '.join(short)} still holds",
                hint="e.g. --holds Bo=KS,9H,3C for 3 cards left",
            )
    _check_liable(rules, left, out[0], liable)
    scores, totals = net_points(rules, left, holding, out[0], liable)
    return Settlement(rules.id, out[0], dict(left), scores, totals, liable)


def net_points(
    rules: Rules,
    left: Mapping[str, int],
    held: Mapping[str, Iterable[Card]],
    winner: str,
    liable: str | None = None,
) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's penalty score and net points for a checked finish: the arithmetic of
    ``settle`` without its input checks, for callers (the search's playouts) whose finishes
    come from the engine's own moves."""
    scores = {name: penalty(rules, count, held.get(name, ())) for name, count in left.items()}
    if rules.ruleset.penalty.settlement == "winner-collects":
        totals = {name: -score for name, score in scores.items()}
        totals[winner] = sum(scores.values())
    else:
        totals = {
            name: sum(other - score for other in scores.values()) for name, score in scores.items()
        }
    if liable is not None:
        totals = take_on_losses(totals, liable, winner)
    return scores, totals


def take_on_losses(totals: Mapping[str, int], liable: str, winner: str) -> dict[str, int]:
    """``liable`` takes on every other loser's net loss (頂大): they settle at 0, the sum is
    unchanged."""
    out = dict(totals)
    for name, net in totals.items():
        if name not in (liable, winner) and net < 0:
            out[liable] += net
            out[name] = 0
    return out


def _check_liable(rules: Rules, left: Mapping[str, int], winner: str, liable: str | None) -> None:
    if liable is None:
        return
    if rules.ruleset.penalty.liability == "none":
        raise BigTwoError(
            f"{rules.id} has no liability: each loser pays their own",
            hint="drop the liable player, or use a ruleset with penalty.liability",
        )
    if liable not in left:
        raise BigTwoError(f"the liable player {liable} has no cards-left count")
    if liable == winner:
        raise BigTwoError(f"{liable} went out and cannot be liable for the others' losses")
