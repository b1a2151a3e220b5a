"""A table room: friends at one table share a 13-card ruleset and a running score from their
phones. Each round every player enters the hand they set with physical cards; the host ends
the round, the room scores it with the library's scorer and keeps every round for the ledger.

A room is pure state: ``RoomStore`` (``housegame.rooms.store``) keeps it in SQLite. Nobody
can find a room without its code (``secrets``, unguessable); the host and each player hold a
token of their own, and the room keeps only the tokens' hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from housegame.cards import format_cards, parse_cards
from housegame.errors import FoulError, HousegameError, TableError
from housegame.glossary import Lang
from housegame.names import mixed_scripts, same_name, shown_name
from housegame.rooms.ledger import Ledger, ledger_json
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import check_setting, score
from housegame.tables import PlayerEntry, TableFile
from housegame.thirteen import TableResult
from housegame.thirteen.replay import deal_hands
from housegame.thirteen.seating import declaration

CODE_BYTES = 12
"""Random bytes in a room code (96 bits: a code cannot be guessed, only given)."""
TOKEN_BYTES = 18
"""Random bytes in a host's or a player's token."""
NAME_CHARS = 20
"""Longest player name (a phone's column)."""
DECLARE_CHOICES = ("auto", "force", "none")
"""What ``declare`` may say besides a special hand's id (as in a table file)."""


@dataclass(frozen=True)
class RoomLimits:
    """How much a room server keeps: a bound for each, so a crowd on the network cannot fill
    the disk or the memory (``docs/security.md``)."""

    rooms: int = 100
    """Rooms kept at once; a new room beyond this is refused (rooms idle for ``idle_days``
    are dropped first)."""
    players: int = 8
    """Players who may join one room (a round seats as many as the ruleset allows)."""
    rounds: int = 500
    """Rounds one room keeps; then its host exports the ledger and opens a new room."""
    idle_days: float = 30.0
    """A room nobody used for this long is dropped when a new room is made."""


class RoomError(HousegameError):
    """A room action refused: the message says why and what to do."""

    status = 422


class RoomNotFound(RoomError):
    """No room has this code (or it was closed): the same answer for both, so a code cannot
    be tested for having been used."""

    status = 404


class RoomForbidden(RoomError):
    """A host action without the host's token, or a player action without the player's."""

    status = 403


class RoomFull(RoomError):
    """A bound of ``RoomLimits`` reached."""

    status = 409


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What a room keeps of a token (or a code): its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _matches(token: str | None, kept: str) -> bool:
    return token is not None and hmac.compare_digest(token_hash(token), kept)


@dataclass(frozen=True)
class Entry:
    """The hand one player set for this round: three lanes of card text (``AS KS QS``), a
    special hand to declare (its id, or ``auto``/``force``/``none``), or a surrender."""

    front: str = ""
    middle: str = ""
    back: str = ""
    declare: str | None = None
    surrender: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "front": self.front,
            "middle": self.middle,
            "back": self.back,
            "declare": self.declare,
            "surrender": self.surrender,
        }

    @classmethod
    def of(cls, data: dict[str, Any]) -> Entry:
        return cls(
            str(data.get("front", "")),
            str(data.get("middle", "")),
            str(data.get("back", "")),
            data.get("declare"),
            bool(data.get("surrender", False)),
        )

    def table_entry(self, name: str) -> PlayerEntry:
        """The entry as a table file's player (what the scorer reads)."""
        if self.surrender:
            return PlayerEntry(name=name, surrender=True)
        return PlayerEntry(
            name=name, front=self.front, middle=self.middle, back=self.back, declare=self.declare
        )


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    token_hash: str


@dataclass(frozen=True)
class RoundRecord:
    """A round the host ended: the hands as a table file, the banker, each player's result
    in units (exact), and the scorer's itemized result (``score --json``) to show. The hands
    and the result are kept as the JSON text stored, read when asked for: a room's poll reads
    every round's totals, and only the last round's result."""

    number: int
    table_text: str
    banker: str | None
    totals: dict[str, Fraction]
    result_text: str
    ended: float
    deal: dict[str, str] | None = None
    """The cards the room dealt each player this round (None: physical cards)."""

    @cached_property
    def table(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.table_text)
        return data

    @cached_property
    def result(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.result_text)
        return data


@dataclass
class Room:
    """One table's room. ``code`` is known to whoever holds the link; ``host_hash`` and each
    player's ``token_hash`` guard the actions that change the room."""

    code: str
    host_hash: str
    ruleset: ThirteenCardRuleset
    ruleset_ref: str
    """The bundled id, or ``upload`` for a ruleset given as text (``ruleset_text``)."""
    ruleset_text: str | None = None
    limits: RoomLimits = field(default_factory=RoomLimits)
    players: list[Player] = field(default_factory=list)
    entries: dict[str, Entry] = field(default_factory=dict)
    """This round's hands so far, by player name."""
    rounds: list[RoundRecord] = field(default_factory=list)
    created: float = 0.0
    touched: float = 0.0
    deal: dict[str, str] | None = None
    """This round's cards by player when the room dealt them (``deal_round``); None when
    everyone plays their own physical cards."""
    version: int = 0
    """How many changes the room has had: a page that saw this version needs nothing new."""

    @property
    def round_number(self) -> int:
        """The round being entered (rounds ended, plus one)."""
        return self.rounds[-1].number + 1 if self.rounds else 1

    def is_host(self, token: str | None) -> bool:
        return _matches(token, self.host_hash)

    def check_host(self, token: str | None) -> None:
        if not self.is_host(token):
            raise RoomForbidden(
                "only the room's host may do that",
                hint="use the host's link (the one the room was created with)",
                chinese=("只有房主可以这样做", "请用创建房间时的房主链接"),
            )

    def player_of(self, token: str | None) -> Player | None:
        return next((p for p in self.players if _matches(token, p.token_hash)), None)

    def check_player(self, token: str | None) -> Player:
        player = self.player_of(token)
        if player is None:
            raise RoomForbidden(
                "you have not joined this room (or your player token is wrong)",
                hint="join with your name first",
                chinese=("你还没有加入这个房间 (或玩家凭证不对)", "先输入名字加入"),
            )
        return player

    def join(self, name: str) -> str:
        """Seat a new player by ``name``; their token (the only copy) comes back."""
        name = shown_name(name)
        if not name or len(name) > NAME_CHARS:
            raise RoomError(
                f"name: 1 to {NAME_CHARS} characters",
                chinese=(f"名字: 1 到 {NAME_CHARS} 个字符", None),
            )
        mixed = mixed_scripts(name)
        if mixed is not None:
            raise RoomError(
                f"'{name}' mixes letters of look-alike scripts ({mixed})",
                hint="write the name in one script",
                chinese=(f"'{name}' 混用了形似的字母 ({mixed})", "请只用一种文字写名字"),
            )
        if any(same_name(p.name, name) for p in self.players):
            raise RoomError(
                f"'{name}' is already in this room",
                hint="choose another name; to get back in, open your own link on your phone",
                chinese=(f"房间里已经有 '{name}'", "换个名字; 要回到房间, 用你自己的链接"),
            )
        if len(self.players) >= self.limits.players:
            raise RoomFull(
                f"the room is full ({self.limits.players} players)",
                chinese=(f"房间已满 ({self.limits.players} 人)", None),
            )
        token = new_token()
        seat = max((p.seat for p in self.players), default=-1) + 1
        self.players.append(Player(seat, name, token_hash(token)))
        return token

    def check_entry(self, entry: Entry, lang: Lang = "en", name: str = "you") -> dict[str, Any]:
        """Rank an entry's lanes under the room's ruleset, as the table calculator does: bad
        cards and a foul the ruleset refuses are errors; the check (hands, foul) comes back."""
        rules = self.ruleset
        if entry.surrender:
            if rules.surrender is None:
                raise TableError(f"{rules.id} has no surrender")
            return {"surrender": True}
        specials = [hand.id for hand in rules.specials.hands]
        if entry.declare is not None and entry.declare not in (*DECLARE_CHOICES, *specials):
            raise TableError(
                f"declare: '{entry.declare}' is not a special hand of {rules.id}",
                hint="one of " + ", ".join([*DECLARE_CHOICES, *specials]),
            )
        check = check_setting(rules, entry.front, entry.middle, entry.back)
        if check.fouled and check.refuses:
            raise FoulError(
                f"foul: {check.setting.foul_reason()}",
                hint=f"{rules.id} refuses foul settings: {rules.ranking.foul_order()}",
            )
        # what ending the round would refuse, refused now: declining a special the ruleset
        # declares, declaring one the cards do not make where nothing settles that
        declaration(entry.table_entry(name), list(check.setting.cards), rules, has_lanes=True)
        return check.as_dict(lang)

    def deal_round(self, seed: int) -> None:
        """Deal this round from the ruleset's deck shuffled by ``seed`` (the dealer
        ``housegame play`` deals with): 13 cards to every player in the room, who then set
        those cards. Hands entered so far are dropped."""
        seats = self.ruleset.table.seats
        if not seats.holds(len(self.players)):
            raise RoomError(
                f"{self.ruleset.id} deals to {seats.min}-{seats.max} players; "
                f"{len(self.players)} in the room",
                hint="play this round with your own cards",
                chinese=(f"{self.ruleset.id} 只能发给 {seats.min}-{seats.max} 人", None),
            )
        hands = deal_hands(seed, len(self.players), self.ruleset.deck.deck())
        self.deal = {p.name: format_cards(cards) for p, cards in zip(self.players, hands)}
        self.entries = {}

    def _dealt_to(self, player: Player | None) -> list[str] | None:
        dealt = self.deal.get(player.name) if self.deal is not None and player else None
        return dealt.split() if dealt is not None else None

    def _check_dealt(self, player: Player, entry: Entry) -> None:
        """In a dealt round, a hand holds exactly the cards its player was dealt."""
        if self.deal is None or entry.surrender:
            return
        dealt = self.deal.get(player.name)
        if dealt is None:
            raise RoomError(
                "this round was dealt before you joined: you sit it out",
                chinese=("这一轮在你加入前已发牌: 这轮你不打", None),
            )
        given = parse_cards(" ".join((entry.front, entry.middle, entry.back)), None)
        # a card held twice (an extra suit) is entered twice, no more often than dealt
        foreign = list((Counter(given) - Counter(parse_cards(dealt, None))).elements())
        if foreign:
            raise RoomError(
                f"{format_cards(foreign)}: not among the cards you were dealt",
                hint=f"your cards: {dealt}",
                chinese=(f"{format_cards(foreign)}: 不是发给你的牌", f"你的牌: {dealt}"),
            )

    def enter(self, player: Player, entry: Entry) -> None:
        """This round's hand of ``player``, checked (an earlier one is replaced); in a dealt
        round, of the cards dealt to them."""
        self.check_entry(entry, name=player.name)
        self._check_dealt(player, entry)
        self.entries[player.name] = entry

    def withdraw(self, player: Player) -> None:
        self.entries.pop(player.name, None)

    def table(self, banker: str | None = None) -> TableFile:
        """This round's entries as a table file, in seat order."""
        seated = [p.name for p in self.players if p.name in self.entries]
        return TableFile(
            ruleset=self.ruleset.id,
            banker=banker,
            players=[self.entries[name].table_entry(name) for name in seated],
        )

    def end_round(self, now: float, banker: str | None = None) -> RoundRecord:
        """Score this round's entries (the players who entered a hand sit in), keep it, and
        open the next round. Nothing changes when the scorer refuses the table."""
        if len(self.rounds) >= self.limits.rounds:
            raise RoomFull(
                f"this room keeps {self.limits.rounds} rounds, the most it may",
                hint="export the ledger and open a new room",
            )
        if len(self.entries) < 2:
            raise RoomError(
                f"{len(self.entries)} hand(s) entered: a round needs two at least",
                chinese=(f"已录入 {len(self.entries)} 手牌: 一轮至少要两手", None),
            )
        table = self.table(banker)
        result = score(table, self.ruleset)
        assert isinstance(result, TableResult)
        record = RoundRecord(
            number=self.round_number,
            table_text=json.dumps(table.model_dump(exclude_defaults=True), ensure_ascii=False),
            banker=banker,
            totals=dict(result.totals),
            result_text=json.dumps(result.as_dict(), ensure_ascii=False),
            ended=now,
            deal=self.deal,
        )
        self.rounds.append(record)
        self.entries = {}
        self.deal = None
        return record

    def round_result(self, record: RoundRecord) -> TableResult:
        """The round's itemized result, scored again from its hands (to show it in another
        language); the ledger keeps the totals the round was ended with."""
        table = TableFile.model_validate(record.table)
        result = score(table, self.ruleset, record.banker)
        assert isinstance(result, TableResult)
        return result

    def undo_round(self) -> RoundRecord:
        """Take back the last round: off the ledger, its hands entered again for whoever has
        not entered a new one (to fix a mistyped card and end the round anew). A dealt round
        comes back with its deal; a deal made since is dropped, with the hands of it."""
        if not self.rounds:
            raise RoomError("no round to undo", chinese=("没有可以撤销的一轮", None))
        record = self.rounds.pop()
        if record.deal is not None or self.deal is not None:
            self.entries = {}
        self.deal = dict(record.deal) if record.deal is not None else None
        for player in record.table["players"]:
            if player["name"] in {p.name for p in self.players}:
                self.entries.setdefault(player["name"], Entry.of(player))
        return record

    def ledger(self) -> Ledger:
        """Every player's result per round and in all, in seat order."""
        rounds = [(r.number, r.totals) for r in self.rounds]
        return Ledger.of(self.ruleset.id, [p.name for p in self.players], rounds)

    def view(
        self, token: str | None = None, host_token: str | None = None, lang: Lang = "en"
    ) -> dict[str, Any]:
        """What a holder of the link sees: the ruleset, who has entered this round (not their
        cards), the last round's result and the ledger; with a player's token, their own
        entry and its check, and in a dealt round their own cards (nobody else's)."""
        you = self.player_of(token)
        entry = self.entries.get(you.name) if you is not None else None
        return {
            "ruleset": {"id": self.ruleset.id, "name": self.ruleset.name, "ref": self.ruleset_ref},
            "banker_game": self.ruleset.table.compare == "banker",
            "round": self.round_number,
            "players": [{"name": p.name, "entered": p.name in self.entries} for p in self.players],
            "you": you.name if you is not None else None,
            "host": self.is_host(host_token),
            "entry": entry.as_dict() if entry is not None else None,
            "dealt": self.deal is not None,
            "cards": self._dealt_to(you),
            "check": self.check_entry(entry, lang, you.name) if entry is not None and you else None,
            "rounds": len(self.rounds),
            "ledger": ledger_json(self.ledger()),
            "lanes": list(LANES),
        }
