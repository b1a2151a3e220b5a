"""The table room's pages and API over ``housegame.rooms``: a host opens a room, players join
by its link, enter the hand they set each round, and read one ledger; the page polls, and a
poll of a room that has not changed since the page's last answer costs one row read (304).

Every route of a room holds its code in the path; there is no route that lists rooms, so a
request without the code is refused (404, the same answer as a wrong code). Host actions need
the host's token (header ``X-Room-Host``) and a player's actions their own (``X-Room-Player``):
403 otherwise. The tokens travel in headers, never in an address a log or a shared link
would hold.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Request, Response
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from pydantic import BaseModel, Field

from housegame.errors import HousegameError
from housegame.inputs import MAX_SEED
from housegame.rooms import (
    Entry,
    Room,
    RoomStore,
    ledger_csv,
    ledger_json,
)
from housegame.rooms.room import NAME_CHARS, TOKEN_BYTES
from housegame.rulesets.families import catalog
from housegame.rulesheet import build_sheet
from housegame.web.core import WebInputError, error_lines, lang_of, render
from housegame.web.limits import MAX_CARD_CHARS, MAX_NAME_CHARS, WEB_TEXT_BYTES
from housegame.web.share import qr_svg
from housegame.web.table import deck_picker, result_json

router = APIRouter()
GAME = "thirteen-card"

TOKEN_CHARS = 4 * TOKEN_BYTES
"""Longest token header read (a token is shorter)."""
PlayerToken = Annotated[str | None, Header(alias="X-Room-Player", max_length=TOKEN_CHARS)]
HostToken = Annotated[str | None, Header(alias="X-Room-Host", max_length=TOKEN_CHARS)]
Code = Annotated[str, Path(max_length=64, description="The room's code, from its link.")]


class RoomNew(BaseModel):
    """A room under a bundled 13-card ruleset (``ruleset``) or one given as YAML (``yaml``,
    its ``extends`` a bundled id at most); ``name``: the host plays too, under this name."""

    ruleset: str | None = Field(default=None, max_length=MAX_NAME_CHARS)
    yaml: str | None = Field(default=None, max_length=WEB_TEXT_BYTES)
    name: str | None = Field(default=None, max_length=NAME_CHARS * 4)


class RoomCreated(BaseModel):
    """The new room's code and the host's token (and player token): the only copies."""

    code: str
    host_token: str
    player_token: str | None
    path: str = Field(description="The room's page: everyone joins by this path.")
    links: list[str] = Field(description="The room's address for phones on this network.")


class JoinBody(BaseModel):
    name: str = Field(max_length=NAME_CHARS * 4)


class Joined(BaseModel):
    name: str
    player_token: str


CardField = Annotated[str, Field(default="", max_length=MAX_CARD_CHARS)]


class HandBody(BaseModel):
    """The hand you set this round: three lanes of cards (``AS KS QS``), and a special to
    declare (its id, ``auto``, ``force`` or ``none``) or a surrender, as in a table file."""

    front: CardField = ""
    middle: CardField = ""
    back: CardField = ""
    declare: str | None = Field(default=None, max_length=MAX_NAME_CHARS)
    surrender: bool = False


class EndBody(BaseModel):
    banker: str | None = Field(default=None, max_length=NAME_CHARS * 4)


class RoomRefused(WebInputError):
    """A room's refusal in the page's language, with its status (403, 404, 409 or 422)."""

    def __init__(self, text: str, status: int) -> None:
        super().__init__(text)
        self.status = status


@contextmanager
def speaking(request: Request) -> Iterator[None]:
    """Library errors inside the block answer in the page's language (``?lang=zh``)."""
    try:
        yield
    except HousegameError as exc:
        raise RoomRefused(exc.text(lang_of(request)), getattr(exc, "status", 422)) from None


def store_of(request: Request) -> RoomStore:
    store: RoomStore = request.app.state.rooms
    return store


def links_of(request: Request, code: str) -> list[str]:
    """The room's address on each network address ``serve`` found (none on loopback)."""
    return [f"{base}/room/{code}" for base in request.app.state.share]


def room_state(
    request: Request, room: Room, player: str | None, host: str | None
) -> dict[str, Any]:
    """``Room.view`` with the last round itemized in the page's language."""
    lang = lang_of(request)
    state = room.view(player, host, lang)
    last = room.rounds[-1] if room.rounds else None
    state["last"] = (
        {"number": last.number, **result_json(room.round_result(last), lang)}
        if last is not None
        else None
    )
    state["links"] = links_of(request, room.code)
    return state


def _create(request: Request, body: RoomNew) -> dict[str, Any]:
    store = store_of(request)
    if body.ruleset is not None:
        ids = [str(row["id"]) for row in catalog(GAME)]
        if body.ruleset not in ids:
            raise HousegameError(
                f"ruleset: '{body.ruleset}' is not a bundled 13-card ruleset",
                hint="one of " + ", ".join(ids),
            )
    with speaking(request):
        created = store.create(body.ruleset, body.yaml, body.name or None)
    code = created.room.code
    return {
        "code": code,
        "host_token": created.host_token,
        "player_token": created.player_token,
        "path": f"/room/{code}",
        "links": links_of(request, code),
    }


@router.post("/api/rooms", tags=["room"], status_code=201, response_model=RoomCreated)
def create_room(body: RoomNew, request: Request) -> dict[str, Any]:
    """Open a room (``housegame.rooms.RoomStore.create``). Keep ``host_token``: the host's
    actions need it, and the server keeps only its hash."""
    return _create(request, body)


def view_tag(version: int, request: Request, player: str | None, host: str | None) -> str:
    """The ``ETag`` of one holder's view of a room at ``version``: the view changes with the
    room, the page's language and the tokens it is asked with (hashed: a tag is no token)."""
    asked = "\0".join((lang_of(request), player or "", host or ""))
    return f'"{version}-{hashlib.sha256(asked.encode()).hexdigest()[:16]}"'


@router.get("/api/rooms/{code}", tags=["room"], response_model=None)
def room_api(
    code: Code,
    request: Request,
    response: Response,
    player: PlayerToken = None,
    host: HostToken = None,
    seen: Annotated[str | None, Header(alias="If-None-Match", max_length=64)] = None,
) -> dict[str, Any] | Response:
    """The room as its link's holders see it: players (who has entered this round, not
    their cards), the last round itemized, the ledger; your own entry with your token. With
    the ``ETag`` of the last answer in ``If-None-Match``: 304 and nothing else until the room
    changes, at the cost of one row read whatever the room holds."""
    store = store_of(request)
    with speaking(request):
        if seen is not None and seen == view_tag(store.version(code), request, player, host):
            return Response(status_code=304, headers={"ETag": seen, "Cache-Control": "no-cache"})
        room = store.read(code)
        state = room_state(request, room, player, host)
    response.headers["ETag"] = view_tag(room.version, request, player, host)
    response.headers["Cache-Control"] = "no-cache"
    return state


@router.post("/api/rooms/{code}/join", tags=["room"], status_code=201, response_model=Joined)
def join_room(code: Code, body: JoinBody, request: Request) -> dict[str, Any]:
    """Join under a name; keep ``player_token`` to enter hands (and to get back in)."""
    with speaking(request), store_of(request).change(code) as room:
        token = room.join(body.name)
        name = room.players[-1].name
    return {"name": name, "player_token": token}


def acted(
    request: Request,
    code: str,
    action: Callable[[Room], object],
    player: str | None,
    host: str | None,
) -> dict[str, Any]:
    """``action`` on the room in one transaction (refused: nothing changes), then the room
    as this caller sees it."""
    with speaking(request), store_of(request).change(code) as room:
        action(room)
    return room_state(request, room, player, host)


def by_host(host: str | None, action: Callable[[Room], object]) -> Callable[[Room], None]:
    """``action``, for the host's token only (403 otherwise)."""

    def act(room: Room) -> None:
        room.check_host(host)
        action(room)

    return act


@router.post("/api/rooms/{code}/hand", tags=["room"])
def enter_hand(
    code: Code, body: HandBody, request: Request, player: PlayerToken = None, host: HostToken = None
) -> dict[str, Any]:
    """Enter (or replace) your hand for this round: bad cards and a foul the ruleset refuses
    answer 422, and nothing changes."""
    entry = Entry(body.front, body.middle, body.back, body.declare, body.surrender)
    return acted(
        request, code, lambda room: room.enter(room.check_player(player), entry), player, host
    )


@router.post("/api/rooms/{code}/withdraw", tags=["room"])
def withdraw_hand(
    code: Code, request: Request, player: PlayerToken = None, host: HostToken = None
) -> dict[str, Any]:
    """Take your hand back out of this round (you sit it out)."""
    return acted(request, code, lambda room: room.withdraw(room.check_player(player)), player, host)


@router.post("/api/rooms/{code}/end", tags=["room"])
def end_round(
    code: Code,
    request: Request,
    body: EndBody | None = None,
    host: HostToken = None,
    player: PlayerToken = None,
) -> dict[str, Any]:
    """The host ends the round: every hand entered is scored (each pair, with the scorer's
    items) and the round goes on the ledger; a table the scorer refuses answers 422 with
    its message (a card entered twice, a banker missing) and nothing changes."""
    banker = body.banker if body is not None else None
    now = store_of(request).clock()
    return acted(
        request, code, by_host(host, lambda room: room.end_round(now, banker)), player, host
    )


@router.post("/api/rooms/{code}/deal", tags=["room"])
def deal_round(
    code: Code, request: Request, host: HostToken = None, player: PlayerToken = None
) -> dict[str, Any]:
    """The host has the room deal this round: 13 cards to every player, each seeing only
    their own (``cards``), to set and enter as ever; hands entered so far are dropped."""
    seed = secrets.randbelow(MAX_SEED + 1)
    return acted(request, code, by_host(host, lambda room: room.deal_round(seed)), player, host)


@router.post("/api/rooms/{code}/undo", tags=["room"])
def undo_round(
    code: Code, request: Request, host: HostToken = None, player: PlayerToken = None
) -> dict[str, Any]:
    """The host takes back the last round: off the ledger, its hands entered again."""
    return acted(request, code, by_host(host, Room.undo_round), player, host)


@router.post("/api/rooms/{code}/close", tags=["room"], status_code=204)
def close_room(code: Code, request: Request, host: HostToken = None) -> Response:
    """The host closes the room for good: its code no longer opens anything."""
    with speaking(request):
        store_of(request).delete(code, host)
    return Response(status_code=204)


def _host_room(request: Request, code: str, host: str | None) -> Room:
    with speaking(request):
        room = store_of(request).read(code)
        room.check_host(host)
    return room


@router.get("/api/rooms/{code}/ledger.csv", tags=["room"], response_class=Response)
def ledger_csv_api(code: Code, request: Request, host: HostToken = None) -> Response:
    """The ledger as CSV (the host's): a row per round, a column per player, the totals."""
    room = _host_room(request, code, host)
    return Response(
        ledger_csv(room.ledger()),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="ledger.csv"'},
    )


@router.get("/api/rooms/{code}/ledger.json", tags=["room"])
def ledger_json_api(code: Code, request: Request, host: HostToken = None) -> dict[str, Any]:
    """The ledger as JSON (the host's), with every round's hands as a table file."""
    room = _host_room(request, code, host)
    return {
        **ledger_json(room.ledger()),
        "hands": [{"round": r.number, "table": r.table} for r in room.rounds],
    }


@router.get("/room", response_class=HTMLResponse, include_in_schema=False)
def rooms_page(request: Request) -> HTMLResponse:
    share = list(request.app.state.share)
    return render(
        request,
        "room/index.html",
        "room",
        rulesets=catalog(GAME),
        share=share,
        qr=Markup(qr_svg(share[0])) if share else None,
    )


@router.get("/room/{code}", response_class=HTMLResponse, include_in_schema=False)
def room_page(request: Request, code: Code) -> HTMLResponse:
    try:
        room = store_of(request).read(code)
    except HousegameError as exc:
        status = getattr(exc, "status", 422)
        return render(request, "room/missing.html", "room", status, errors=error_lines(exc))
    links = links_of(request, code)
    return render(
        request,
        "room/room.html",
        "room",
        room=room,
        sheet=build_sheet(room.ruleset, lang_of(request)),
        deck=deck_picker(room.ruleset),
        links=links,
        qr=Markup(qr_svg(links[0])) if links else None,
        specials=list(room.ruleset.specials.hands),
        optional=room.ruleset.specials.declare == "optional",
        surrender=room.ruleset.surrender is not None,
    )
