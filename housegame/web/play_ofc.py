"""Play Pineapple OFC against the bots: the library's ``housegame.ofc.session``, as the terminal
game plays it; the state shows only what you could see at the table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from housegame.breakdown import detail_text, item_label
from housegame.glossary import Lang, hand_words, term
from housegame.inputs import MAX_SEED
from housegame.jsonsafe import number
from housegame.ofc.bot_names import DEFAULT_BOT, BotName
from housegame.ofc.hand import Played
from housegame.ofc.moves import parse_move
from housegame.ofc.session import Table as OfcTable
from housegame.ofc.session import example, move_text
from housegame.rulesets.common import LANES
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.web.core import WebInputError, lang_of, render
from housegame.web.games import (
    Games,
    bundled_id,
    card_texts,
    new_seed,
    refused,
    yaml_download,
    your_turn,
)

router = APIRouter()


class OfcNewGame(BaseModel):
    """``housegame ofc play``'s options."""

    ruleset: str = "golden-nugget-pineapple"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    opponents: int = Field(default=1, ge=1, le=2)
    name: str = Field(default="You", min_length=1, max_length=20)
    bot: BotName = Field(
        default=DEFAULT_BOT,
        description="The computer players (``ofc play --bot``): basic, or search (playouts "
        "valuing Fantasyland, up to about a second a move).",
    )
    trainer: bool = Field(
        default=False,
        description="``ofc play --trainer``: each move you play is valued against the search "
        "bot's choices (``trainer`` in the state).",
    )


class OfcMove(BaseModel):
    """Your whole move this stage, as typed at ``ofc play``: ``back AS KS front 7C discard
    2H``. A move that makes a foul certain is refused once with a warning; the same move
    again plays it."""

    move: str = Field(max_length=200)


class OfcLane(BaseModel):
    cap: int
    name: str = Field(description="The lane's name in the page's language.")


class OfcBoard(BaseModel):
    """A player's board face up; a bot's discards only counted."""

    name: str
    you: bool
    front: list[str]
    middle: list[str]
    back: list[str]
    fantasyland: bool
    discards: list[str] | int


class OfcYours(BaseModel):
    """Your cards to play this stage and how many to place and discard."""

    cards: list[str]
    place: int
    discard: int
    example: str = Field(description="A move of these cards, in the typed words.")


class OfcPlayed(BaseModel):
    player: str
    stage: int
    text: str = Field(description="The placements (yours with your discard).")
    face_down: int = Field(description="A bot's discards, face down.")


class OfcGameState(BaseModel):
    """An OFC hand as you see it at the table."""

    id: str
    game: str
    ruleset: str
    name: str
    seed: int
    you: str
    players: list[str]
    stage: int
    stages: int
    to_act: str | None
    finished: bool
    lanes: dict[str, OfcLane]
    boards: list[OfcBoard]
    yours: OfcYours | None = Field(description="Set when it is your move.")
    moves: list[OfcPlayed]
    result: dict[str, Any] | None = Field(
        description="Once finished: seats (lanes, hands, royalties, fouls, next Fantasyland), "
        "pairs (items, net) and totals, as ofc replay --json has them."
    )
    hand: int = Field(description="Which hand of this game (Next hand counts on).")
    totals: dict[str, int] = Field(description="Running totals of the hands before this one.")
    bot: str = Field(description="The computer players: search or basic.")
    trainer: list[OfcAdvice] | None = Field(
        description="With the trainer on: its advice on each of your streets this hand."
    )


class OfcChoice(BaseModel):
    move: str = Field(description="In the typed words.")
    text: str = Field(description="In the page's language.")
    value: float = Field(description="Points per opponent, by the search bot's playouts.")
    placed: dict[str, list[str]]
    discard: list[str]


class OfcAdvice(BaseModel):
    """The trainer on one of your streets: your move and the best choices, the bot's first."""

    player: str
    stage: int
    yours: OfcChoice
    best: list[OfcChoice]
    lost: float = Field(description="Points your move gave up against the bot's.")
    same: bool = Field(description="You played the bot's move.")
    lines: list[str] = Field(description="The advice as the terminal prints it.")


class OfcHint(BaseModel):
    move: str = Field(description="In the typed words: play it as it is.")
    text: str = Field(description="In the page's language.")
    value: float
    placed: dict[str, list[str]]
    discard: list[str]


def _played_text(played: Played, you: str, lang: Lang) -> dict[str, Any]:
    mine = played.player == you
    return {
        "player": played.player,
        "stage": played.stage + 1,
        "text": move_text(played.move, lang, sep=", ", skip="" if mine else "discard"),
        "face_down": 0 if mine else len(played.move.discarded),
    }


def _ofc_result(table: OfcTable, lang: Lang) -> dict[str, Any]:
    result = table.hand.result()
    seats = []
    for seat in result.seats:
        described = seat.describe()
        described["hands"] = {
            lane: hand_words(text, lang) for lane, text in described["hands"].items()
        }
        if "foul_reason" in described and seat.dead is None:
            described["foul_reason"] = seat.setting.foul_reason(lang)
        seats.append(described)
    pairs = [
        {
            "players": [pair.first, pair.second],
            "items": [
                {
                    "label": item_label(item, lang),
                    "units": number(item.units),
                    "detail": detail_text(item, lang),
                }
                for item in pair.items
            ],
            "net": number(pair.net),
        }
        for pair in result.pairs
    ]
    totals = {name: number(units) for name, units in result.totals.items()}
    return {"ruleset": result.ruleset, "seats": seats, "pairs": pairs, "totals": totals}


def ofc_state(game_id: str, table: OfcTable, lang: Lang) -> dict[str, Any]:
    """What the player sees: every board face up, your cards, the moves (bots' discards face
    down), and once the hand is over its settlement."""
    hand, you = table.hand, table.you
    rules = hand.ruleset
    boards = []
    for name in hand.order:
        board = hand.boards[name]
        shown: dict[str, Any] = {"name": name, "you": name == you}
        shown.update({lane: card_texts(board.lanes[lane]) for lane in LANES})
        shown["fantasyland"] = board.fantasyland_cards is not None
        shown["discards"] = card_texts(board.discards) if name == you else len(board.discards)
        boards.append(shown)
    yours = None
    if table.your_move:
        place, discard = hand.expected(you)
        yours = {
            "cards": card_texts(hand.boards[you].pending),
            "place": place,
            "discard": discard,
            "example": example(hand, you),
        }
    return {
        "id": game_id,
        "game": "ofc",
        "ruleset": rules.id,
        "name": rules.name,
        "seed": table.seed,
        "you": you,
        "players": list(hand.order),
        "stage": min(hand.stage + 1, len(rules.deal)),
        "stages": len(rules.deal),
        "to_act": hand.to_act,
        "finished": hand.finished,
        "lanes": {lane: {"cap": rules.lanes.cap(lane), "name": term(lane, lang)} for lane in LANES},
        "boards": boards,
        "yours": yours,
        "moves": [_played_text(p, you, lang) for p in hand.history],
        "result": _ofc_result(table, lang) if hand.finished else None,
        "hand": table.number,
        "totals": table.totals,
        "bot": table.bot,
        "trainer": [a.as_dict(lang) for a in table.turn.advice] if table.trainer else None,
    }


OFC_GAMES: Games[OfcTable] = Games("OFC", OfcTable.bots_play, ofc_state)


@router.post("/api/play/ofc", tags=["play"], status_code=201, response_model=OfcGameState)
def new_ofc_game(body: OfcNewGame, request: Request) -> dict[str, Any]:
    """Deal a hand of OFC against 1 or 2 bots (``housegame ofc play``); the bots seated before
    you move first. Returns the game's state, with its ``id``."""
    ref = bundled_id("ofc", "ruleset", body.ruleset)
    rules = load_ruleset(ref, OfcRuleset)
    players = [body.name] + [f"Computer {i + 1}" for i in range(body.opponents)]
    if body.name in players[1:]:
        raise WebInputError(f"name: '{body.name}' is a computer player's name")
    table = OfcTable(
        rules, ref, players, body.name, new_seed(body.seed), bot=body.bot, trainer=body.trainer
    )
    table.bots_play()
    game_id = OFC_GAMES.add(table)
    return ofc_state(game_id, table, lang_of(request))


@router.get("/api/play/ofc/{game_id}", tags=["play"], response_model=OfcGameState)
def ofc_game(game_id: str, request: Request) -> dict[str, Any]:
    """The game as you see it."""
    with OFC_GAMES.use(game_id) as kept:
        return ofc_state(game_id, kept.game, lang_of(request))


@router.post("/api/play/ofc/{game_id}/move", tags=["play"], response_model=OfcGameState)
def ofc_move(game_id: str, body: OfcMove, request: Request) -> dict[str, Any]:
    """Play your move; the bots then move until it is yours again or the hand is over.
    An illegal move answers 422 with the engine's reason, and nothing changes."""
    move = body.move.strip()
    return your_turn(
        OFC_GAMES, game_id, request, lambda table: table.play(move, parse_move(move), True)
    )


@router.post("/api/play/ofc/{game_id}/auto", tags=["play"], response_model=OfcGameState)
def ofc_auto(game_id: str, request: Request) -> dict[str, Any]:
    """The bot plays your move for you (``auto``)."""
    return your_turn(OFC_GAMES, game_id, request, OfcTable.auto)


@router.get("/api/play/ofc/{game_id}/hint", tags=["play"], response_model=OfcHint)
def ofc_hint(game_id: str, request: Request) -> dict[str, Any]:
    """The bot's move for you now and its value (``hint``), in the typed words: the game's
    ``bot`` gives it (the search bot's value is in points per opponent)."""
    lang = lang_of(request)
    with OFC_GAMES.use(game_id) as kept:
        move, value = refused(lang, kept.game.hint)
    placed = {lane: card_texts(move.placed.get(lane, ())) for lane in LANES}
    return {
        "move": move_text(move),
        "text": move_text(move, lang),
        "value": round(value, 2),
        "placed": placed,
        "discard": card_texts(move.discarded),
    }


@router.post("/api/play/ofc/{game_id}/next", tags=["play"], response_model=OfcGameState)
def ofc_next(game_id: str, request: Request) -> dict[str, Any]:
    """Deal the next hand of this game (``ofc play --hands``): the next seed, Fantasyland
    carried over, ``totals`` running. The finished hand's log is no longer served."""
    lang = lang_of(request)
    with OFC_GAMES.use(game_id) as kept:
        kept.game = refused(lang, kept.game.next_hand)
        kept.game.bots_play()
        return ofc_state(game_id, kept.game, lang)


@router.get("/api/play/ofc/{game_id}/log", tags=["play"], response_class=Response)
def ofc_log(game_id: str) -> Response:
    """The hand so far as a YAML log: ``housegame ofc replay`` reads a finished one,
    ``housegame ofc play --resume`` goes on with an unfinished one."""
    with OFC_GAMES.use(game_id) as kept:
        return yaml_download(kept.game.log_text(), f"ofc-{kept.game.seed}.yaml")


@router.get("/play/ofc", response_class=HTMLResponse, include_in_schema=False)
def ofc_page(request: Request) -> HTMLResponse:
    return render(request, "play/ofc.html", "play-ofc", rulesets=catalog("ofc"))
