"""What one request to the web table may cost: limits sized to the job, far below the command
line's (which reads a 16 MiB table), so no request holds a core for long.

Every text a request carries (a pasted ruleset, a table, a table sent as JSON and laid out as
its file would be) is read within ``WEB_LIMITS`` (``InputLimits`` sets them for the request);
the API's models bound lists and strings (cards, rulesets per request) before anything is
read. ``docs/security.md`` lists each limit.
"""

from __future__ import annotations

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from housegame.budget import Budget, NobodyWaits, spending
from housegame.inputs import Limits, input_limits
from housegame.rooms import RoomLimits

WEB_TEXT_BYTES = 64 * 1024
"""Largest ruleset or table text (the largest bundled ruleset is under 8 KiB)."""
WEB_VALUES = 20_000
"""Most values in one text, aliases expanded (the largest bundled ruleset holds 441)."""
WEB_LIMITS = Limits(
    WEB_TEXT_BYTES,
    WEB_VALUES,
    hint="the web table reads texts of at most 64 KiB and 20,000 values; "
    "`housegame validate FILE` checks larger ones",
)
MAX_RULESETS = 32
"""Rulesets one request may name (every bundled ruleset fits)."""
MAX_NAME_CHARS = 200
"""Longest ruleset id, file name or player name a request's fields may give."""
MAX_CARDS = 52
"""Most cards in one list (a deck)."""
MAX_CARD_CHARS = 400
"""Longest card text (52 cards written out with separators)."""
REQUEST_CPU_SECONDS = 20.0
"""CPU time one request may spend. The costliest request known, a table compared under every
bundled ruleset on a server that has built no lookup table yet, takes 10-12 s (1.3 s once they
are built); reports and sensitivity runs are jobs with their own estimate, not requests."""
BUDGET_HINT = "the command line has no such limit: run the same there (`housegame --help`)"
ROOM_LIMITS = RoomLimits(rooms=100, players=8, rounds=500, idle_days=30)
"""What the table rooms keep: 100 rooms (rooms unused for 30 days are dropped when a new one
is made; past 100 a new room is refused), 8 players a room, 500 rounds a room."""


class InputLimits:
    """Read every text of a request within ``WEB_LIMITS``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with input_limits(WEB_LIMITS):
            await self.app(scope, receive, send)


class RequestBudget:
    """Run each request within ``cpu_seconds`` of CPU time, and stop its work once its client
    goes (``housegame.budget``). It sits inside ``BodyLimit``, whose body arrives whole in one
    message: after it the only message left is the client's going, watched here while the app
    works."""

    def __init__(self, app: ASGIApp, cpu_seconds: float = REQUEST_CPU_SECONDS) -> None:
        self.app = app
        self.cpu_seconds = cpu_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        budget = Budget(
            self.cpu_seconds,
            f"stopped after {self.cpu_seconds:g} CPU-seconds, the most the web table spends on "
            "one request",
            BUDGET_HINT,
        )
        body: Message | None = await receive()
        last: list[Message] = []
        ended = anyio.Event()

        async def watch() -> None:
            last.append(await receive())
            if last[0]["type"] == "http.disconnect":
                budget.gone.set()
            ended.set()

        async def app_receive() -> Message:
            nonlocal body
            if body is not None:
                message, body = body, None
                return message
            await ended.wait()
            return last[0]

        failed: Exception | None = None
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(watch)
            try:
                with spending(budget):
                    await self.app(scope, app_receive, send)
            except NobodyWaits:
                pass
            except Exception as exc:  # raised below as it is, not in a task group's wrapper
                failed = exc
            tasks.cancel_scope.cancel()
        if failed is not None:
            raise failed
