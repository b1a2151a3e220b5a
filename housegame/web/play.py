"""Play: Pineapple OFC and Big Two against the bots, one game per random id in server memory.

The games are the library's sessions (``housegame.ofc.session``, ``housegame.bigtwo.session``),
the same the terminal games use: the bots' moves, your move checked by the engine (a refused
move answers 422 with the engine's message, in Chinese with ``?lang=zh``), hints, and the log
that ``housegame ofc replay`` / ``housegame bigtwo replay`` read. The state never shows what a
player could not see at the table: the bots' cards in hand, their discards, the deck.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from housegame.bigtwo.rules import load_rules
from housegame.bigtwo.session import Table as BigTwoTable
from housegame.bigtwo.session import move_text as bigtwo_move_text
from housegame.cards import Card
from housegame.errors import HousegameError
from housegame.glossary import Lang, hand_words, term
from housegame.inputs import MAX_SEED
from housegame.jsonsafe import number
from housegame.ofc.hand import Played
from housegame.ofc.moves import parse_move
from housegame.ofc.session import Table as OfcTable
from housegame.ofc.session import example, move_text
from housegame.rulesets.common import LANES
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.web.core import NotFound, WebInputError, lang_of, render

router = APIRouter()

MAX_GAMES = 200
"""Games kept in memory; a new game drops the one left alone longest."""

T = TypeVar("T")


@dataclass
class Kept(Generic[T]):
    """A game in memory, with the lock that lets one request at a time act on it (a double
    click must not move twice at once)."""

    game: T
    lock: threading.Lock = field(default_factory=threading.Lock)


class Games(Generic[T]):
    """Games by random id, the one used least recently dropped first."""

    def __init__(
        self,
        kind: str,
        bots: Callable[[T], object],
        state: Callable[[str, T, Lang], dict[str, Any]],
    ) -> None:
        self.kind = kind
        self.bots = bots
        """Plays the bots' moves up to yours."""
        self.state = state
        """The game as you see it."""
        self.lock = threading.Lock()
        self.games: OrderedDict[str, Kept[T]] = OrderedDict()

    def add(self, game: T) -> str:
        with self.lock:
            while len(self.games) >= MAX_GAMES:
                self.games.popitem(last=False)
            game_id = secrets.token_urlsafe(12)
            self.games[game_id] = Kept(game)
            return game_id

    @contextmanager
    def use(self, game_id: str) -> Iterator[Kept[T]]:
        """The game, held for this request alone (404 when it is not kept)."""
        with self.lock:
            kept = self.games.get(game_id)
            if kept is None:
                raise NotFound(
                    f"no {self.kind} game '{game_id}' (games left alone are dropped)",
                    hint="start a new game",
                )
            self.games.move_to_end(game_id)
        with kept.lock:
            yield kept


def _bundled(game: str, field_name: str, ref: str) -> str:
    ids = [str(row["id"]) for row in catalog(game)]
    if ref not in ids:
        raise WebInputError(
            f"{field_name}: '{ref}' is not a bundled {game} ruleset",
            hint="one of " + ", ".join(ids),
        )
    return ref


def _seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1_000_000)


def refused(lang: Lang, action: Callable[[], T]) -> T:
    """Run a player's action; a refusal becomes 422 in the page's language."""
    try:
        return action()
    except HousegameError as exc:
        raise Refused(exc.text(lang)) from None


class Refused(WebInputError):
    """A move the engine refused, its message already in the player's language."""


def _your_turn(
    games: Games[T], game_id: str, request: Request, action: Callable[[T], object]
) -> dict[str, Any]:
    """Your move by ``action`` (refused: 422, and nothing changes), then the bots' moves until
    it is yours again; the game's state after them."""
    lang = lang_of(request)
    with games.use(game_id) as kept:
        refused(lang, lambda: action(kept.game))
        games.bots(kept.game)
        return games.state(game_id, kept.game, lang)


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


# ---- OFC ---------------------------------------------------------------------------------


class OfcNewGame(BaseModel):
    """``housegame ofc play``'s options."""

    ruleset: str = "golden-nugget-pineapple"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    opponents: int = Field(default=1, ge=1, le=2)
    name: str = Field(default="You", min_length=1, max_length=20)


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
        seats.append(described)
    pairs = [
        {
            "players": [pair.first, pair.second],
            "items": [
                {"label": item.label, "units": number(item.units), "detail": item.detail}
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
        shown.update({lane: _cards(board.lanes[lane]) for lane in LANES})
        shown["fantasyland"] = board.fantasyland_cards is not None
        shown["discards"] = _cards(board.discards) if name == you else len(board.discards)
        boards.append(shown)
    yours = None
    if table.your_move:
        place, discard = hand.expected(you)
        yours = {
            "cards": _cards(hand.boards[you].pending),
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
    }


OFC_GAMES: Games[OfcTable] = Games("OFC", OfcTable.bots_play, ofc_state)


@router.post("/api/play/ofc", tags=["play"], status_code=201, response_model=OfcGameState)
def new_ofc_game(body: OfcNewGame, request: Request) -> dict[str, Any]:
    """Deal a hand of OFC against 1 or 2 bots (``housegame ofc play``); the bots seated before
    you move first. Returns the game's state, with its ``id``."""
    ref = _bundled("ofc", "ruleset", body.ruleset)
    rules = load_ruleset(ref, OfcRuleset)
    players = [body.name] + [f"Computer {i + 1}" for i in range(body.opponents)]
    if body.name in players[1:]:
        raise WebInputError(f"name: '{body.name}' is a computer player's name")
    table = OfcTable(rules, ref, players, body.name, _seed(body.seed))
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
    return _your_turn(
        OFC_GAMES, game_id, request, lambda table: table.play(move, parse_move(move), True)
    )


@router.post("/api/play/ofc/{game_id}/auto", tags=["play"], response_model=OfcGameState)
def ofc_auto(game_id: str, request: Request) -> dict[str, Any]:
    """The bot plays your move for you (``auto``)."""
    return _your_turn(OFC_GAMES, game_id, request, OfcTable.auto)


@router.get("/api/play/ofc/{game_id}/hint", tags=["play"], response_model=OfcHint)
def ofc_hint(game_id: str, request: Request) -> dict[str, Any]:
    """The bot's move for you now and its value (``hint``), in the typed words."""
    lang = lang_of(request)
    with OFC_GAMES.use(game_id) as kept:
        move, value = refused(lang, kept.game.hint)
    placed = {lane: _cards(move.placed.get(lane, ())) for lane in LANES}
    return {
        "move": move_text(move),
        "text": move_text(move, lang),
        "value": round(value, 2),
        "placed": placed,
        "discard": _cards(move.discarded),
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
        return _yaml(kept.game.log_text(), f"ofc-{kept.game.seed}.yaml")


def _yaml(text: str, filename: str) -> Response:
    return Response(
        text,
        media_type="application/yaml; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


# ---- Big Two -----------------------------------------------------------------------------


class BigTwoNewGame(BaseModel):
    """``housegame bigtwo play``'s options: you are South, the computer plays the others."""

    ruleset: str = "maceplay-big-two"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)


class BigTwoMove(BaseModel):
    """Your turn as typed at ``bigtwo play``: cards (``3C 3D``) or ``pass``."""

    play: str = Field(max_length=100)


class BigTwoPlay(BaseModel):
    cards: list[str]
    text: str
    by: str


class BigTwoGameState(BaseModel):
    """A Big Two game as South sees it."""

    id: str
    game: str
    ruleset: str
    name: str
    seed: int
    you: str
    players: list[str]
    current: str | None
    your_turn: bool
    over: bool
    hand: list[str] = Field(description="Your cards, weakest first.")
    table: BigTwoPlay | None = Field(description="The play to beat; null when you lead.")
    must_contain: str | None
    can_pass: bool
    cards_left: dict[str, int]
    moves: list[str]
    settlement: dict[str, Any] | None = Field(description="As bigtwo replay --json has it.")


class BigTwoHint(BaseModel):
    cards: list[str] | None = Field(description="Null: pass.")
    text: str


def bigtwo_state(game_id: str, table: BigTwoTable, lang: Lang) -> dict[str, Any]:
    """What South sees: their hand, the play to beat, everyone's card count, every turn."""
    game = table.game
    on_table = None
    if game.table is not None:
        owner = game.names[game.table_owner or 0]
        on_table = {"cards": _cards(game.table.cards), "text": game.table.text(lang), "by": owner}
    lead = game.must_contain
    return {
        "id": game_id,
        "game": "big-two",
        "ruleset": game.rules.id,
        "name": game.rules.ruleset.name,
        "seed": table.seed,
        "you": table.you,
        "players": list(game.names),
        "current": None if game.over else game.current,
        "your_turn": table.your_turn,
        "over": game.over,
        "hand": _cards(game.hand(table.you)),
        "table": on_table,
        "must_contain": str(lead) if lead is not None else None,
        "can_pass": table.your_turn and not game.leading,
        "cards_left": game.cards_left(),
        "moves": [bigtwo_move_text(m, lang) for m in game.moves],
        "settlement": game.settlement().as_dict() if game.over else None,
    }


BIGTWO_GAMES: Games[BigTwoTable] = Games("Big Two", BigTwoTable.computers_play, bigtwo_state)


@router.post("/api/play/bigtwo", tags=["play"], status_code=201, response_model=BigTwoGameState)
def new_bigtwo_game(body: BigTwoNewGame, request: Request) -> dict[str, Any]:
    """Deal a game of Big Two against three computer players (``housegame bigtwo play``);
    they play until it is your turn. Returns the game's state, with its ``id``."""
    rules = load_rules(_bundled("big-two", "ruleset", body.ruleset))
    table = BigTwoTable(rules, _seed(body.seed))
    table.computers_play()
    game_id = BIGTWO_GAMES.add(table)
    return bigtwo_state(game_id, table, lang_of(request))


@router.get("/api/play/bigtwo/{game_id}", tags=["play"], response_model=BigTwoGameState)
def bigtwo_game(game_id: str, request: Request) -> dict[str, Any]:
    """The game as South sees it."""
    with BIGTWO_GAMES.use(game_id) as kept:
        return bigtwo_state(game_id, kept.game, lang_of(request))


@router.post("/api/play/bigtwo/{game_id}/move", tags=["play"], response_model=BigTwoGameState)
def bigtwo_move(game_id: str, body: BigTwoMove, request: Request) -> dict[str, Any]:
    """Play cards or pass; the computer then plays until it is your turn or the game is over.
    A play the rules refuse answers 422 with the engine's reason, and nothing changes."""
    word = body.play.strip()
    if word.lower() == "pass":
        return _your_turn(BIGTWO_GAMES, game_id, request, BigTwoTable.pass_turn)
    return _your_turn(BIGTWO_GAMES, game_id, request, lambda table: table.play(word))


@router.post("/api/play/bigtwo/{game_id}/auto", tags=["play"], response_model=BigTwoGameState)
def bigtwo_auto(game_id: str, request: Request) -> dict[str, Any]:
    """The computer makes your move (``auto``)."""
    return _your_turn(BIGTWO_GAMES, game_id, request, BigTwoTable.auto)


@router.get("/api/play/bigtwo/{game_id}/hint", tags=["play"], response_model=BigTwoHint)
def bigtwo_hint(game_id: str, request: Request) -> dict[str, Any]:
    """The play the computer would make for you (``hint``); ``cards`` is null for a pass."""
    lang = lang_of(request)
    with BIGTWO_GAMES.use(game_id) as kept:
        suggestion = refused(lang, kept.game.hint)
    if suggestion is None:
        return {"cards": None, "text": term("pass", lang)}
    return {"cards": _cards(suggestion.cards), "text": suggestion.text(lang)}


@router.get("/api/play/bigtwo/{game_id}/log", tags=["play"], response_class=Response)
def bigtwo_log(game_id: str) -> Response:
    """The game so far as a YAML log; ``housegame bigtwo replay`` reads a finished one."""
    with BIGTWO_GAMES.use(game_id) as kept:
        return _yaml(kept.game.log_text(), f"bigtwo-{kept.game.seed}.yaml")


# ---- pages -------------------------------------------------------------------------------


@router.get("/play/ofc", response_class=HTMLResponse, include_in_schema=False)
def ofc_page(request: Request) -> HTMLResponse:
    return render(request, "play/ofc.html", "play-ofc", rulesets=catalog("ofc"))


@router.get("/play/bigtwo", response_class=HTMLResponse, include_in_schema=False)
def bigtwo_page(request: Request) -> HTMLResponse:
    return render(request, "play/bigtwo.html", "play-bigtwo", rulesets=catalog("big-two"))
