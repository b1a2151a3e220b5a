"""What one poll of a table room costs as its ledger grows, through the web app as a phone
polls it (``GET /api/rooms/CODE``), at 1, 100, 250 and 500 rounds (the limit):

- a poll after the room changed: the room read from its SQLite file, the view and the last
  round itemized (it grows with the ledger, which the page shows whole);
- a poll of a room that has not changed since the page's last answer (its ``ETag`` sent back
  in ``If-None-Match``): 304 after one row read, whatever the ledger holds.

Run from the repository root::

    python -m benchmarks.room_poll

Prints the median CPU milliseconds of 9 polls of each kind at each length.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from fastapi.testclient import TestClient

from housegame.rooms import RoomLimits, RoomStore
from housegame.web.app import create_app
from tests.rooms.hands import ANN, BO, CY

LENGTHS = (1, 100, 250, 500)


def _median_ms(poll: Callable[[], object]) -> float:
    costs = []
    for _ in range(9):
        start = time.process_time()
        poll()
        costs.append((time.process_time() - start) * 1000)
    return statistics.median(costs)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = RoomStore(Path(folder) / "rooms.sqlite3", RoomLimits(rounds=max(LENGTHS)))
        created = store.create("pagat", host_name="Ann")
        code = created.room.code
        with store.change(code) as room:
            tokens = [created.player_token, room.join("Bo"), room.join("Cy")]
        app = create_app(rooms=store)
        with TestClient(app, base_url="http://127.0.0.1:8000") as client:
            url, asked = f"/api/rooms/{code}", {"X-Room-Player": str(tokens[0])}
            for number in range(1, max(LENGTHS) + 1):
                with store.change(code) as room:
                    for token, entry in zip(tokens, (ANN, BO, CY)):
                        room.enter(room.check_player(token), entry)
                    room.end_round(float(number))
                if number not in LENGTHS:
                    continue
                tag = client.get(url, headers=asked).headers["ETag"]
                changed = _median_ms(partial(client.get, url, headers=asked))
                again = {**asked, "If-None-Match": tag}
                unchanged = _median_ms(partial(client.get, url, headers=again))
                print(
                    f"{number:4d} rounds: {changed:6.1f} ms a poll after a change, "
                    f"{unchanged:5.1f} ms unchanged (304)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
