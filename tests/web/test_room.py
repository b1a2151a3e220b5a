"""The table room through the API: a room opened, joined and played for a round; refused
without its code or the right token; bounded; and still there after a restart (a new app on
the same SQLite file)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from housegame.arrange import Arranger
from housegame.cards import format_cards, parse_card
from housegame.rooms import Entry, RoomLimits, RoomStore
from housegame.rulesets.common import LANES
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.web import create_app
from housegame.web.limits import WEB_TEXT_BYTES
from tests.play.test_decks_play import JOKER_LANES, JOKER_SEED_2
from tests.rooms.hands import ANN, BO, CY
from tests.web.conftest import ROOT

SHARE = "http://192.168.1.5:8000"
BASE = "http://127.0.0.1:8000"


def client_on(store: RoomStore) -> TestClient:
    return TestClient(create_app(rooms=store, share=[SHARE]), base_url=BASE)


@pytest.fixture
def rooms(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture
def room_client(rooms: Path) -> Iterator[TestClient]:
    with client_on(RoomStore(rooms)) as client:
        yield client


def opened(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/rooms", json={"ruleset": "pagat", "name": "Ann", **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def joined(client: TestClient, code: str, name: str) -> str:
    answer = client.post(f"/api/rooms/{code}/join", json={"name": name})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["player_token"])


def enter(client: TestClient, code: str, token: str, hand: Any) -> Any:
    return client.post(
        f"/api/rooms/{code}/hand", json=hand.as_dict(), headers={"X-Room-Player": token}
    )


def played(client: TestClient) -> tuple[dict[str, Any], str, str]:
    """A room of Ann (the host), Bo and Cy with one round ended."""
    room = opened(client)
    code = room["code"]
    bo, cy = joined(client, code, "Bo"), joined(client, code, "Cy")
    for token, hand in ((room["player_token"], ANN), (bo, BO), (cy, CY)):
        assert enter(client, code, token, hand).status_code == 200
    ended = client.post(f"/api/rooms/{code}/end", json={}, headers=host(room))
    assert ended.status_code == 200, ended.text
    return room, bo, cy


def host(room: dict[str, Any]) -> dict[str, str]:
    return {"X-Room-Host": room["host_token"]}


def test_a_round_is_scored_and_everyone_reads_the_same_ledger(room_client: TestClient) -> None:
    room, bo, cy = played(room_client)
    code = room["code"]
    assert room["links"] == [f"{SHARE}/room/{code}"] and room["path"] == f"/room/{code}"
    views = [
        room_client.get(f"/api/rooms/{code}", headers={"X-Room-Player": token}).json()
        for token in (room["player_token"], bo, cy)
    ]
    assert [view["you"] for view in views] == ["Ann", "Bo", "Cy"]
    assert all(view["ledger"] == views[0]["ledger"] for view in views)
    assert views[0]["round"] == 2 and views[0]["last"]["number"] == 1
    totals = views[0]["ledger"]["totals"]
    assert totals == views[0]["last"]["totals"] and sum(totals.values()) == 0
    zh = room_client.get(f"/api/rooms/{code}?lang=zh").json()
    assert (
        zh["last"]["pairs"][0]["items"][0]["label"]
        != views[0]["last"]["pairs"][0]["items"][0]["label"]
    )  # the items in Chinese


def test_the_host_undoes_and_exports(room_client: TestClient) -> None:
    room, _, _ = played(room_client)
    code = room["code"]
    csv = room_client.get(f"/api/rooms/{code}/ledger.csv", headers=host(room))
    assert csv.headers["content-type"].startswith("text/csv")
    assert csv.text.splitlines()[0] == "round,Ann,Bo,Cy" and csv.text.splitlines()[1][:2] == "1,"
    data = room_client.get(f"/api/rooms/{code}/ledger.json", headers=host(room)).json()
    assert data["hands"][0]["table"]["players"][0]["front"] == ANN.front
    undone = room_client.post(f"/api/rooms/{code}/undo", headers=host(room)).json()
    assert undone["round"] == 1 and undone["ledger"]["rounds"] == [] and undone["last"] is None
    assert all(player["entered"] for player in undone["players"])


def test_a_room_survives_a_restart(rooms: Path) -> None:
    with client_on(RoomStore(rooms)) as before:
        room, bo, _ = played(before)
        ledger = before.get(f"/api/rooms/{room['code']}").json()["ledger"]
    with client_on(RoomStore(rooms)) as after:  # a new server on the same file
        view = after.get(f"/api/rooms/{room['code']}", headers={"X-Room-Player": bo}).json()
        assert view["ledger"] == ledger and view["you"] == "Bo"
        undo = after.post(f"/api/rooms/{room['code']}/undo", headers=host(room))
        assert undo.status_code == 200
        page = after.get(f"/room/{room['code']}")
        assert page.status_code == 200 and room["code"] in page.text


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/rooms"),
        ("GET", "/api/rooms/"),
        ("GET", "/api/rooms/not-a-room-code"),
        ("POST", "/api/rooms/not-a-room-code/join"),
        ("GET", "/room/not-a-room-code"),
    ],
)
def test_a_request_without_the_rooms_code_is_refused(
    room_client: TestClient, method: str, path: str
) -> None:
    played(room_client)
    answer = room_client.request(method, path, json={"name": "Eve"})
    assert answer.status_code in (404, 405)
    assert "Ann" not in answer.text


def test_host_actions_need_the_host_token(room_client: TestClient) -> None:
    room, bo, _ = played(room_client)
    code = room["code"]
    for wrong in ({}, {"X-Room-Host": "guess"}, {"X-Room-Host": bo}, {"X-Room-Player": bo}):
        for method, path in (
            ("POST", "/end"),
            ("POST", "/undo"),
            ("POST", "/close"),
            ("GET", "/ledger.csv"),
            ("GET", "/ledger.json"),
        ):
            answer = room_client.request(method, f"/api/rooms/{code}{path}", headers=wrong)
            assert answer.status_code == 403, (path, wrong)
            assert answer.json()["errors"][0] == "only the room's host may do that"
    assert room_client.get(f"/api/rooms/{code}").json()["round"] == 2  # nothing changed


def test_a_hand_needs_the_players_token_and_bad_cards_change_nothing(
    room_client: TestClient,
) -> None:
    room = opened(room_client)
    code = room["code"]
    assert enter(room_client, code, "guess", ANN).status_code == 403
    bad = room_client.post(
        f"/api/rooms/{code}/hand?lang=zh",
        json={"front": "QS QH", "middle": ANN.middle, "back": ANN.back},
        headers={"X-Room-Player": room["player_token"]},
    )
    assert bad.status_code == 422 and "front has 2 cards" in bad.json()["errors"][0]
    view = room_client.get(f"/api/rooms/{code}", headers={"X-Room-Player": room["player_token"]})
    assert view.json()["entry"] is None


def test_a_foreign_page_cannot_act_on_a_room(room_client: TestClient) -> None:
    room = opened(room_client)
    answer = room_client.post(
        f"/api/rooms/{room['code']}/join",
        json={"name": "Eve"},
        headers={"Origin": "http://evil.example"},
    )
    assert answer.status_code == 403
    assert room_client.get(f"/api/rooms/{room['code']}").json()["players"] == [
        {"name": "Ann", "entered": False}
    ]


def test_rooms_and_players_are_bounded(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "rooms.sqlite3", RoomLimits(rooms=1, players=2))
    with client_on(store) as client:
        room = opened(client)
        full = client.post("/api/rooms", json={"ruleset": "pagat"})
        assert full.status_code == 409 and "keeps 1 rooms" in full.json()["errors"][0]
        joined(client, room["code"], "Bo")
        third = client.post(f"/api/rooms/{room['code']}/join", json={"name": "Cy"})
        assert third.status_code == 409


@pytest.mark.parametrize(
    "body",
    [
        {"ruleset": "pagat", "name": "x" * 200},
        {"yaml": "id: big\nextends: pagat\n#" + "x" * WEB_TEXT_BYTES},
        {"ruleset": "../../etc/passwd"},
        {"ruleset": "progressive-pineapple"},
    ],
)
def test_a_room_request_beyond_the_limits_is_refused(room_client: TestClient, body: Any) -> None:
    answer = room_client.post("/api/rooms", json=body)
    assert answer.status_code == 422, answer.text
    assert room_client.app.state.rooms.count() == 0  # type: ignore[attr-defined]


def test_a_room_of_an_uploaded_ruleset(room_client: TestClient) -> None:
    text = "id: house\nextends: pagat\nname: House rules at Ann's\n"
    room = room_client.post("/api/rooms", json={"yaml": text}).json()
    view = room_client.get(f"/api/rooms/{room['code']}").json()
    assert view["ruleset"] == {"id": "house", "name": "House rules at Ann's", "ref": "upload"}


def test_the_room_page_shows_the_rules_sheet_in_your_language_and_a_qr(
    room_client: TestClient,
) -> None:
    room = opened(room_client)
    english = room_client.get(room["path"]).text
    chinese = room_client.get(room["path"] + "?lang=zh").text
    assert 'class="sheet"' in english and 'lang="zh"' in chinese
    assert "<svg" in english and f"{SHARE}/room/{room['code']}" in english
    assert room_client.get("/room").text.count("<svg") == 1


def test_without_a_network_address_the_page_says_how_to_open_one() -> None:
    with TestClient(create_app(), base_url=BASE) as client:
        page = client.get("/room").text
    assert "--host 0.0.0.0" in page and "<svg" not in page


def test_the_host_deals_and_each_player_sees_only_their_own_cards(
    room_client: TestClient,
) -> None:
    room = opened(room_client)
    code = room["code"]
    bo = joined(room_client, code, "Bo")
    assert (
        room_client.post(f"/api/rooms/{code}/deal", headers={"X-Room-Player": bo}).status_code
        == 403
    )
    dealt = room_client.post(f"/api/rooms/{code}/deal", headers=host(room)).json()
    assert dealt["dealt"] and dealt["cards"] is None  # the host's own cards need their token
    views = [
        room_client.get(f"/api/rooms/{code}", headers={"X-Room-Player": token}).json()
        for token in (room["player_token"], bo)
    ]
    ann_cards, bo_cards = (view["cards"] for view in views)
    assert len(ann_cards) == len(bo_cards) == 13 and not set(ann_cards) & set(bo_cards)
    seen_by_bo = str(views[1]).replace(code, "")  # a random code may spell a card ("9H")
    assert not any(card in seen_by_bo for card in ann_cards if card not in bo_cards)
    refused = enter(room_client, code, bo, ANN)
    assert refused.status_code == 422 and "not among the cards you were dealt" in refused.text


def test_a_dealt_round_of_an_uploaded_joker_ruleset(
    room_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room under an uploaded ruleset with two jokers deals them: seed 2 gives Ann a joker,
    which she enters, and the round's result says what it stood for."""
    text = (ROOT / "examples" / "decks" / "maceplay-jokers.yaml").read_text(encoding="utf-8")
    room = room_client.post("/api/rooms", json={"yaml": text, "name": "Ann"}).json()
    code = room["code"]
    bo = joined(room_client, code, "Bo")
    monkeypatch.setattr("housegame.web.room.secrets.randbelow", lambda _: 2)
    assert room_client.post(f"/api/rooms/{code}/deal", headers=host(room)).status_code == 200
    tokens = {"Ann": room["player_token"], "Bo": bo}
    rules = load_ruleset(ROOT / "examples" / "decks" / "maceplay-jokers.yaml", ThirteenCardRuleset)
    arranger = Arranger(rules, "ev")
    for name, token in tokens.items():
        view = room_client.get(f"/api/rooms/{code}", headers={"X-Room-Player": token}).json()
        cards = view["cards"]
        assert (name != "Ann") or cards == JOKER_SEED_2.split()
        lanes = JOKER_LANES if name == "Ann" else None
        if lanes is None:
            best = arranger.arrange([parse_card(c) for c in cards]).best.setting
            lanes = " ".join(f"{x} {format_cards(best.lane(x))}" for x in LANES)
        words = lanes.split()
        hand = Entry(" ".join(words[1:4]), " ".join(words[5:10]), " ".join(words[11:16]))
        assert enter(room_client, code, token, hand).status_code == 200, name
    ended = room_client.post(f"/api/rooms/{code}/end", json={}, headers=host(room)).json()
    ann = next(p for p in ended["last"]["players"] if p["name"] == "Ann")
    assert ann["jokers"] == {"front": "JK=QS"}


def test_a_poll_of_an_unchanged_room_is_304_after_one_row_read(
    room_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page sends back the last answer's ETag: until the room changes the answer is 304,
    and the room itself (its players, entries and every round) is not read at all."""
    room, bo, _ = played(room_client)
    url, as_bo = f"/api/rooms/{room['code']}", {"X-Room-Player": bo}
    first = room_client.get(url, headers=as_bo)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    loads: list[str] = []
    reading = RoomStore._load

    def counted(self: RoomStore, db: Any, code: str) -> Any:
        loads.append(code)
        return reading(self, db, code)

    monkeypatch.setattr(RoomStore, "_load", counted)
    same = room_client.get(url, headers={**as_bo, "If-None-Match": tag})
    assert (same.status_code, same.content, same.headers["ETag"]) == (304, b"", tag)
    assert loads == []
    # another holder's view, another language, or the room changed: answered in full
    assert room_client.get(url, headers={"If-None-Match": tag}).status_code == 200
    assert room_client.get(url + "?lang=zh", headers={**as_bo, "If-None-Match": tag}).json()
    joined(room_client, room["code"], "Di")
    again = room_client.get(url, headers={**as_bo, "If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
    assert [p["name"] for p in again.json()["players"]] == ["Ann", "Bo", "Cy", "Di"]
    assert (
        room_client.get(url, headers={**as_bo, "If-None-Match": again.headers["ETag"]}).status_code
        == 304
    )


def test_a_poll_of_a_closed_room_is_404_whatever_its_tag(room_client: TestClient) -> None:
    room = opened(room_client)
    url = f"/api/rooms/{room['code']}"
    tag = room_client.get(url).headers["ETag"]
    assert room_client.post(url + "/close", headers=host(room)).status_code == 204
    assert room_client.get(url, headers={"If-None-Match": tag}).status_code == 404
