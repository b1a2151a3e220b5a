"""Games kept in server memory for the play pages: by random id, bounded, one request at a
time per game; the shared steps of a turn (your move checked by the engine, then the bots')."""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from fastapi import Request, Response

from housegame.cards import Card
from housegame.errors import HousegameError
from housegame.glossary import Lang
from housegame.rulesets.families import catalog
from housegame.web.core import NotFound, WebInputError, lang_of

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


def bundled_id(game: str, field_name: str, ref: str) -> str:
    ids = [str(row["id"]) for row in catalog(game)]
    if ref not in ids:
        raise WebInputError(
            f"{field_name}: '{ref}' is not a bundled {game} ruleset",
            hint="one of " + ", ".join(ids),
        )
    return ref


def new_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1_000_000)


def refused(lang: Lang, action: Callable[[], T]) -> T:
    """Run a player's action; a refusal becomes 422 in the page's language."""
    try:
        return action()
    except HousegameError as exc:
        raise Refused(exc.text(lang)) from None


class Refused(WebInputError):
    """A move the engine refused, its message already in the player's language."""


def your_turn(
    games: Games[T], game_id: str, request: Request, action: Callable[[T], object]
) -> dict[str, Any]:
    """Your move by ``action`` (refused: 422, and nothing changes), then the bots' moves until
    it is yours again; the game's state after them."""
    lang = lang_of(request)
    with games.use(game_id) as kept:
        refused(lang, lambda: action(kept.game))
        games.bots(kept.game)
        return games.state(game_id, kept.game, lang)


def card_texts(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def yaml_download(text: str, filename: str) -> Response:
    return Response(
        text,
        media_type="application/yaml; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
