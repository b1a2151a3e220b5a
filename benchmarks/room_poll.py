"""What one poll of a table room costs as its ledger grows: the room read from its SQLite
file, the view a phone gets (``Room.view``) and the last round itemized again, as
``GET /api/rooms/CODE`` does, at 1, 100, 250 and 500 rounds (the limit).

Run from the repository root::

    python -m benchmarks.room_poll

Prints the median CPU milliseconds of 9 polls at each length.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from housegame.rooms import RoomLimits, RoomStore
from tests.rooms.hands import ANN, BO, CY

LENGTHS = (1, 100, 250, 500)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = RoomStore(Path(folder) / "rooms.sqlite3", RoomLimits(rounds=max(LENGTHS)))
        created = store.create("pagat", host_name="Ann")
        code = created.room.code
        with store.change(code) as room:
            tokens = [created.player_token, room.join("Bo"), room.join("Cy")]
        for number in range(1, max(LENGTHS) + 1):
            with store.change(code) as room:
                for token, entry in zip(tokens, (ANN, BO, CY)):
                    room.enter(room.check_player(token), entry)
                room.end_round(float(number))
            if number in LENGTHS:
                costs = []
                for _ in range(9):
                    start = time.process_time()
                    room = store.read(code)
                    room.view(tokens[0], None)
                    room.round_result(room.rounds[-1])
                    costs.append((time.process_time() - start) * 1000)
                print(f"{number:4d} rounds: {statistics.median(costs):6.1f} ms a poll", flush=True)


if __name__ == "__main__":
    main()
