"""Play Big Two against the bots: the library's ``housegame.bigtwo.session``, as the terminal
game plays it; the state shows only your own cards and the others' counts."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from housegame.bigtwo.computer import DEFAULT_BOT, BotName
from housegame.bigtwo.rules import load_rules
from housegame.bigtwo.session import Table as BigTwoTable
from housegame.bigtwo.session import move_text as bigtwo_move_text
from housegame.glossary import Lang
from housegame.inputs import MAX_SEED
from housegame.rulesets.families import catalog
from housegame.web.core import lang_of, render
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


class BigTwoNewGame(BaseModel):
    """``housegame bigtwo play``'s options: you are South, the computer plays the others."""

    ruleset: str = "maceplay-big-two"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    bot: BotName = Field(
        default=DEFAULT_BOT,
        description="The computer players: search (looks ahead) or basic (the baseline).",
    )
    players: int | None = Field(
        default=None,
        ge=2,
        le=4,
        description="Players at the table, you included: one of the ruleset's deals (default: "
        "the most it deals for).",
    )


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
    bot: str
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


class BigTwoAlternative(BaseModel):
    """One of the hint's moves: the search's estimate and the reasons, in the page's language."""

    cards: list[str] | None = Field(description="Null: pass.")
    text: str
    points: float = Field(description="Mean net points a game over the search's deals.")
    wins: float = Field(description="Share of the search's deals in which you go out first.")
    reasons: list[str]


class BigTwoHint(BaseModel):
    """The best move (``cards``, ``text``) and the alternatives in the search's order."""

    cards: list[str] | None = Field(description="Null: pass.")
    text: str
    alternatives: list[BigTwoAlternative]


def bigtwo_state(game_id: str, table: BigTwoTable, lang: Lang) -> dict[str, Any]:
    """What South sees: their hand, the play to beat, everyone's card count, every turn."""
    game = table.game
    on_table = None
    if game.table is not None:
        owner = game.names[game.table_owner or 0]
        on_table = {
            "cards": card_texts(game.table.cards),
            "text": game.table.text(lang),
            "by": owner,
        }
    lead = game.must_contain
    return {
        "id": game_id,
        "game": "big-two",
        "ruleset": game.rules.id,
        "name": game.rules.ruleset.name,
        "seed": table.seed,
        "bot": table.bot_name,
        "you": table.you,
        "players": list(game.names),
        "current": None if game.over else game.current,
        "your_turn": table.your_turn,
        "over": game.over,
        "hand": card_texts(game.hand(table.you)),
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
    rules = load_rules(bundled_id("big-two", "ruleset", body.ruleset))
    seed = new_seed(body.seed)
    table = refused(
        lang_of(request),
        lambda: BigTwoTable(rules, seed, bot=body.bot, players=body.players),
    )
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
        return your_turn(BIGTWO_GAMES, game_id, request, BigTwoTable.pass_turn)
    return your_turn(BIGTWO_GAMES, game_id, request, lambda table: table.play(word))


@router.post("/api/play/bigtwo/{game_id}/auto", tags=["play"], response_model=BigTwoGameState)
def bigtwo_auto(game_id: str, request: Request) -> dict[str, Any]:
    """The computer makes your move (``auto``)."""
    return your_turn(BIGTWO_GAMES, game_id, request, BigTwoTable.auto)


@router.get("/api/play/bigtwo/{game_id}/hint", tags=["play"], response_model=BigTwoHint)
def bigtwo_hint(game_id: str, request: Request) -> dict[str, Any]:
    """Your best moves by the search (``hint``), best first, each with its estimate and
    reasons; ``cards`` is null for a pass."""
    lang = lang_of(request)
    with BIGTWO_GAMES.use(game_id) as kept:
        alternatives = refused(lang, kept.game.hint)
    shown = [
        {
            "cards": card_texts(a.play.cards) if a.play is not None else None,
            "text": a.move_text(lang),
            "points": a.estimate.points,
            "wins": a.estimate.wins,
            "reasons": a.reason_texts(lang),
        }
        for a in alternatives
    ]
    return {"cards": shown[0]["cards"], "text": shown[0]["text"], "alternatives": shown}


@router.get("/api/play/bigtwo/{game_id}/log", tags=["play"], response_class=Response)
def bigtwo_log(game_id: str) -> Response:
    """The game so far as a YAML log; ``housegame bigtwo replay`` reads a finished one."""
    with BIGTWO_GAMES.use(game_id) as kept:
        return yaml_download(kept.game.log_text(), f"bigtwo-{kept.game.seed}.yaml")


@router.get("/play/bigtwo", response_class=HTMLResponse, include_in_schema=False)
def bigtwo_page(request: Request) -> HTMLResponse:
    return render(request, "play/bigtwo.html", "play-bigtwo", rulesets=catalog("big-two"))
