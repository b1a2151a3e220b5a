"""Scoring final OFC settings written in a table file (``housegame score``)."""

from __future__ import annotations

from housegame.cards import Card, check_no_duplicates, parse_cards
from housegame.errors import CardError
from housegame.ofc.errors import OfcError
from housegame.ofc.results import OfcTableResult
from housegame.ofc.settle import make_seat, settle_table
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting
from housegame.tables import CardText, PlayerEntry, TableFile


def check_seats(ruleset: OfcRuleset, players: int) -> None:
    """Refuse a player count the ruleset or the deck cannot seat, saying which."""
    problem = ruleset.seats_problem(players)
    if problem is not None:
        raise OfcError(
            f"{ruleset.id} cannot seat {players} players: {problem}",
            hint=f"play with {ruleset.players.min}-{ruleset.players.max} players",
        )


def _lane(entry: PlayerEntry, lane: str, text: CardText | None, size: int) -> list[Card]:
    if text is None:
        raise OfcError(
            f"player '{entry.name}' gives no {lane}",
            hint="an OFC table gives each player's final front, middle and back",
        )
    try:
        cards = parse_cards(text)
    except CardError as exc:
        raise OfcError(f"player '{entry.name}' {lane}: {exc.message}", exc.hint) from None
    if len(cards) != size:
        raise OfcError(f"player '{entry.name}': {lane} has {len(cards)} cards, needs {size}")
    return cards


def setting_of(ruleset: OfcRuleset, entry: PlayerEntry) -> Setting:
    if entry.cards is not None or entry.declare not in (None, "none") or entry.surrender:
        raise OfcError(
            f"player '{entry.name}': OFC scores final settings only",
            hint="give front, middle and back; OFC has no declared hands or surrender",
        )
    texts = {"front": entry.front, "middle": entry.middle, "back": entry.back}
    front, middle, back = (
        _lane(entry, lane, texts[lane], ruleset.lanes.cap(lane)) for lane in LANES
    )
    return Setting.of(front, middle, back, ruleset.ranking.rules())


def score_ofc(ruleset: OfcRuleset, table: TableFile, banker: str | None = None) -> OfcTableResult:
    """Settle final settings: fouls and royalties apply, every pair of players settles."""
    if banker is not None or table.banker is not None:
        raise OfcError(
            f"{ruleset.id} has no banker", hint="drop banker: every pair of players settles"
        )
    check_seats(ruleset, len(table.players))
    settings = {p.name: setting_of(ruleset, p) for p in table.players}
    check_no_duplicates({name: s.cards for name, s in settings.items()})
    dreaming = {p.name for p in table.players if p.fantasyland}
    if dreaming and ruleset.fantasyland is None:
        raise OfcError(
            f"{', '.join(sorted(dreaming))} in Fantasyland, but {ruleset.id} has no Fantasyland",
            hint="drop fantasyland: true, or score with a ruleset that has Fantasyland",
        )
    seats = [make_seat(ruleset, name, s, name in dreaming) for name, s in settings.items()]
    return settle_table(ruleset, seats)
