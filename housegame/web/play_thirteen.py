"""Play 13-card Chinese Poker against the bots: the library's ``housegame.play``, as
``housegame play`` plays it. Until the showdown the state shows only your own cards; the timer
is the server's (a choice made after it ran out is not taken: the arranger set the hand)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from housegame.breakdown import detail_text, hands_line, item_label, lane_line
from housegame.cards import Card, format_cards
from housegame.glossary import Lang, Phrase, hand_words, refusal, term
from housegame.inputs import MAX_SEED
from housegame.jsonsafe import number
from housegame.play import Table, TimeUp, bot_names, parse_lanes, resume_log
from housegame.ranking import describe
from housegame.rulesets.common import LANE_SIZES, LANES
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import MAX_SEATS, ThirteenCardRuleset
from housegame.thirteen.replay import read_log
from housegame.thirteen.results import TableResult
from housegame.web.core import MAX_BODY_BYTES, WebInputError, lang_of, render
from housegame.web.games import (
    Games,
    bundled_id,
    card_texts,
    new_seed,
    refused,
    yaml_download,
    your_turn,
)
from housegame.yamlsource import load_yaml_text

router = APIRouter()
GAME = "thirteen-card"


class ThirteenNewGame(BaseModel):
    """``housegame play``'s options."""

    ruleset: str = "maceplay"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    opponents: int = Field(
        default=3, ge=1, le=MAX_SEATS - 1, description="Bots: as many as the ruleset seats."
    )
    name: str = Field(default="You", min_length=1, max_length=20)
    timer: int | None = Field(
        default=None, ge=5, le=600, description="Seconds to set each hand (MacePlay: 60)."
    )


class ThirteenResume(BaseModel):
    """A log ``housegame play`` saved (or this page downloaded), to go on with."""

    log: str = Field(max_length=MAX_BODY_BYTES, description="The log's YAML text.")
    timer: int | None = Field(default=None, ge=5, le=600)


class ThirteenSet(BaseModel):
    """Your lanes as typed at ``housegame play``: ``front AS KS QS middle ... back ...``; with
    two lanes full the cards left go to the third."""

    lanes: str = Field(max_length=200)


class ThirteenDeclare(BaseModel):
    special: str | None = Field(default=None, description="A special hand's id; None: the best.")


class ThirteenSpecial(BaseModel):
    id: str
    name: str
    points: int


class ThirteenGameState(BaseModel):
    """A 13-card hand as you see it at the table."""

    id: str
    game: str
    ruleset: str
    name: str
    seed: int
    hand: int = Field(description="Which hand of this game (Next hand counts on).")
    you: str
    players: list[str]
    banker: str | None
    cards: list[str] = Field(description="Your 13 cards, highest first.")
    lanes: dict[str, dict[str, Any]] = Field(description="Each lane's size and name.")
    finished: bool
    timer: int | None
    remaining: float | None = Field(description="Seconds left to set your hand.")
    specials: list[ThirteenSpecial] = Field(description="The special hands your cards make.")
    can_declare: bool
    declared_for_you: str | None = Field(description="A special the ruleset declared for you.")
    can_surrender: bool
    foul: str = Field(description="The ruleset's foul handling: refuse or lose-all-lanes.")
    seats: list[dict[str, Any]] | None = Field(
        description="Once finished: every seat's lanes, hands, what each lane's jokers stood "
        "for (``JK=AS``), special, foul, timeout."
    )
    result: dict[str, Any] | None = Field(
        description="Once finished: each pair's lanes and items, the pool, the hand's totals."
    )
    totals: dict[str, int | float] = Field(description="Running totals of the finished hands.")
    trainer: dict[str, Any] | None = Field(
        description="Once finished: the trainer's explanation of your choice (``POST "
        "/api/explain``'s answer): the best choice and the regret term by term."
    )
    skill: dict[str, float | None] = Field(
        description="Your skill score: ``hand`` (once finished) and ``session``, your result "
        "less what the best choice would have made against the same hands."
    )


class ThirteenHint(BaseModel):
    lanes: str = Field(description="In the typed words: set it as it is.")
    text: str = Field(description="In the page's language.")
    value: float
    front: list[str]
    middle: list[str]
    back: list[str]
    jokers: dict[str, str] = Field(
        description="What each lane's jokers stand for (``JK=AS``), lane by lane."
    )
    special: dict[str, Any] | None = Field(description="The special-hand decision, if any.")


def _highest_first(cards: Iterable[Card]) -> list[str]:
    """A lane's cards as players read them (``format_cards``' order)."""
    return format_cards(cards).split()


def _seats(table: Table, result: TableResult, lang: Lang) -> list[dict[str, Any]]:
    record = {seat.name: seat for seat in table.hands[-1].seats}
    seats = []
    for seat in result.seats:
        shown: dict[str, Any] = {"name": seat.name}
        setting = seat.setting if seat.declared is None and not seat.surrendered else None
        for lane in LANES:
            shown[lane] = _highest_first(setting.lane(lane)) if setting is not None else []
        shown["hands"] = {
            lane: hand_words(describe(setting.key(lane)), lang) if setting is not None else ""
            for lane in LANES
        }
        shown["jokers"] = setting.jokers() if setting is not None else {}
        shown["declared"] = seat.declared.label if seat.declared is not None else None
        shown["surrendered"] = seat.surrendered
        shown["fouled"] = seat.fouled
        shown["timed_out"] = record[seat.name].timed_out
        seats.append(shown)
    return seats


def _result(result: TableResult, lang: Lang) -> dict[str, Any]:
    def items(found: list[Any]) -> list[dict[str, Any]]:
        return [
            {
                "label": item_label(item, lang),
                "units": number(item.units),
                "detail": detail_text(item, lang),
            }
            for item in found
        ]

    pairs = []
    for pair in result.pairs:
        lane_units = {i.lane: number(i.units) for i in pair.items if i.kind == "lane" and i.lane}
        lanes = [
            {
                "text": lane_line(lane, lang),
                "hands": hands_line(lane, lang),
                "units": lane_units.get(lane.lane),
            }
            for lane in pair.lanes
        ]
        shown = {lane.lane for lane in pair.lanes}
        others = [i for i in pair.items if i.kind != "lane" or i.lane not in shown]
        players = [pair.first, pair.second]
        pairs.append(
            {"players": players, "lanes": lanes, "items": items(others), "net": number(pair.net)}
        )
    pool = [{"player": e.player, **items([e.item])[0]} for e in result.pool]
    settled = [{"player": e.player, **items([e.item])[0]} for e in result.settlements]
    totals = {name: number(units) for name, units in result.totals.items()}
    return {
        "ruleset": result.ruleset,
        "pairs": pairs,
        "pool": pool,
        "settlements": settled,
        "totals": totals,
    }


def thirteen_state(game_id: str, table: Table, lang: Lang) -> dict[str, Any]:
    """What the player sees: your cards, the clock, your choices; the bots' hands only at the
    showdown, with the settlement."""
    rules = table.rules
    result = table.result
    remaining = table.remaining()
    declared = table.declared_for_you
    explained = table.explanation if table.finished else None
    hand_skill = table.hand_skill
    return {
        "id": game_id,
        "game": "thirteen",
        "ruleset": rules.id,
        "name": rules.name,
        "seed": table.seed,
        "hand": table.number,
        "you": table.you,
        "players": table.players,
        "banker": table.banker,
        "cards": card_texts(table.cards),
        "lanes": {lane: {"size": LANE_SIZES[lane], "name": term(lane, lang)} for lane in LANES},
        "finished": table.finished,
        "timer": int(table.timer) if table.timer is not None else None,
        "remaining": round(remaining, 1) if remaining is not None else None,
        "specials": [
            {"id": d.hand.id, "name": d.hand.name, "points": d.points} for d in table.held
        ],
        "can_declare": table.can_declare and not table.finished,
        "declared_for_you": declared.label if declared is not None else None,
        "can_surrender": table.can_surrender and not table.finished,
        "foul": rules.foul.handling,
        "seats": _seats(table, result, lang) if result is not None else None,
        "result": _result(result, lang) if result is not None else None,
        "totals": {name: number(units) for name, units in table.totals.items()},
        "trainer": explained.as_dict(lang) if explained is not None else None,
        "skill": {
            "hand": float(hand_skill) if hand_skill is not None else None,
            "session": float(table.skill),
        },
    }


THIRTEEN_GAMES: Games[Table] = Games("13-card", lambda table: None, thirteen_state)


def _in_time(action: Callable[[Table], object]) -> Callable[[Table], object]:
    """Your choice, unless the time ran out first: then the arranger's setting stands."""

    def in_time(table: Table) -> None:
        if table.time_up():
            return
        with suppress(TimeUp):  # the time ran out while the choice was read
            action(table)

    return in_time


@router.post("/api/play/thirteen", tags=["play"], status_code=201, response_model=ThirteenGameState)
def new_thirteen_game(body: ThirteenNewGame, request: Request) -> dict[str, Any]:
    """Deal a hand of 13-card Chinese Poker against 1-5 bots (as many as the ruleset seats;
    ``housegame play``) from the ruleset's deck: the bots' hands are set by the default
    (``equilibrium``) arranger, ``ev`` on a deck of its own. Returns the game's state, with its
    ``id``."""
    ref = bundled_id(GAME, "ruleset", body.ruleset)
    rules = load_ruleset(ref, ThirteenCardRuleset)
    players = [body.name, *bot_names(body.opponents)]
    if body.name in players[1:]:
        raise WebInputError(f"name: '{body.name}' is a computer player's name")
    lang = lang_of(request)
    table = refused(lang, lambda: Table(rules, ref, players, new_seed(body.seed), body.timer))
    game_id = THIRTEEN_GAMES.add(table)
    return thirteen_state(game_id, table, lang)


@router.post(
    "/api/play/thirteen/resume", tags=["play"], status_code=201, response_model=ThirteenGameState
)
def resume_thirteen_game(body: ThirteenResume, request: Request) -> dict[str, Any]:
    """Go on with a saved session (``housegame play --resume``): every hand of the log is
    checked and settled again, and the next one is dealt; the log names a bundled ruleset."""
    located = load_yaml_text(body.log, "<log>")
    log = read_log(located)
    bundled_id(GAME, "ruleset", log.ruleset)
    lang = lang_of(request)
    table = refused(lang, lambda: resume_log(log, located, body.timer))
    game_id = THIRTEEN_GAMES.add(table)
    return thirteen_state(game_id, table, lang)


@router.get("/api/play/thirteen/{game_id}", tags=["play"], response_model=ThirteenGameState)
def thirteen_game(game_id: str, request: Request) -> dict[str, Any]:
    """The game as you see it (once the timer ran out, with the arranger's setting)."""
    with THIRTEEN_GAMES.use(game_id) as kept:
        kept.game.time_up()
        return thirteen_state(game_id, kept.game, lang_of(request))


@router.post("/api/play/thirteen/{game_id}/set", tags=["play"], response_model=ThirteenGameState)
def thirteen_set(game_id: str, body: ThirteenSet, request: Request) -> dict[str, Any]:
    """Set your lanes; the hand is then settled. A refused setting answers 422 with the
    reason (a foul the ruleset plays is refused once with a warning; the same again plays
    it), and nothing changes."""
    lanes = body.lanes

    def set_lanes(table: Table) -> None:
        table.set(table.complete(parse_lanes(lanes, table.rules.deck.deck())))

    return your_turn(THIRTEEN_GAMES, game_id, request, _in_time(set_lanes))


@router.post(
    "/api/play/thirteen/{game_id}/declare", tags=["play"], response_model=ThirteenGameState
)
def thirteen_declare(game_id: str, body: ThirteenDeclare, request: Request) -> dict[str, Any]:
    """Declare a special hand you hold, where the ruleset lets you choose."""
    special = body.special
    return your_turn(
        THIRTEEN_GAMES, game_id, request, _in_time(lambda table: table.declare(special))
    )


@router.post(
    "/api/play/thirteen/{game_id}/surrender", tags=["play"], response_model=ThirteenGameState
)
def thirteen_surrender(game_id: str, request: Request) -> dict[str, Any]:
    """Surrender this hand, where the ruleset has surrender."""
    return your_turn(THIRTEEN_GAMES, game_id, request, _in_time(Table.surrender))


@router.post("/api/play/thirteen/{game_id}/auto", tags=["play"], response_model=ThirteenGameState)
def thirteen_auto(game_id: str, request: Request) -> dict[str, Any]:
    """The arranger sets your hand (``auto``)."""
    return your_turn(THIRTEEN_GAMES, game_id, request, _in_time(Table.auto))


TOO_SOON: Phrase = ("the time is not up yet", "时间还没到")


def _timeout(table: Table) -> None:
    if not table.finished and not table.time_up():
        raise refusal(WebInputError, TOO_SOON)


@router.post(
    "/api/play/thirteen/{game_id}/timeout", tags=["play"], response_model=ThirteenGameState
)
def thirteen_timeout(game_id: str, request: Request) -> dict[str, Any]:
    """The page's clock ran out: the arranger sets your hand (422 while time is left)."""
    return your_turn(THIRTEEN_GAMES, game_id, request, _timeout)


@router.get("/api/play/thirteen/{game_id}/hint", tags=["play"], response_model=ThirteenHint)
def thirteen_hint(game_id: str, request: Request) -> dict[str, Any]:
    """The arranger's setting of your cards, its value, and whether to declare a special."""
    lang = lang_of(request)
    with THIRTEEN_GAMES.use(game_id) as kept:
        arrangement = refused(lang, kept.game.hint)
    setting = arrangement.best.setting
    lanes: dict[str, list[str]] = {lane: _highest_first(setting.lane(lane)) for lane in LANES}
    special = arrangement.special
    return {
        "lanes": " ".join(f"{lane} {' '.join(lanes[lane])}" for lane in LANES),
        "text": " ".join(f"{term(lane, lang)} {' '.join(lanes[lane])}" for lane in LANES),
        "value": round(arrangement.best.value, 2),
        **lanes,
        "jokers": setting.jokers(),
        "special": special.as_dict() if special is not None else None,
    }


@router.post("/api/play/thirteen/{game_id}/next", tags=["play"], response_model=ThirteenGameState)
def thirteen_next(game_id: str, request: Request) -> dict[str, Any]:
    """Deal the next hand of this game (``play --hands``): the next seed, ``totals`` running."""
    lang = lang_of(request)
    with THIRTEEN_GAMES.use(game_id) as kept:
        refused(lang, kept.game.next_hand)
        return thirteen_state(game_id, kept.game, lang)


@router.get("/api/play/thirteen/{game_id}/log", tags=["play"], response_class=Response)
def thirteen_log(game_id: str) -> Response:
    """The finished hands as a YAML log: ``housegame replay`` reads it, ``housegame play
    --resume`` goes on from it."""
    with THIRTEEN_GAMES.use(game_id) as kept:
        return yaml_download(kept.game.log_text(), f"thirteen-{kept.game.first_seed}.yaml")


@router.get("/play/thirteen", response_class=HTMLResponse, include_in_schema=False)
def thirteen_page(request: Request) -> HTMLResponse:
    """Every bundled 13-card ruleset, each dealt from its own deck, with the bots it seats
    (the page offers only those)."""
    rows = catalog(GAME)
    bots = {}
    for row in rows:
        seats = load_ruleset(str(row["id"]), ThirteenCardRuleset).table.seats
        bots[str(row["id"])] = [(seats.min or 2) - 1, (seats.max or MAX_SEATS) - 1]
    return render(request, "play/thirteen.html", "play-thirteen", rulesets=rows, bots=bots)
