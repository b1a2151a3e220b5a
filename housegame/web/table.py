"""The table calculator: pick each player's cards, see payouts under one ruleset or many.

Every answer is the library's: ``POST /api/score`` is exactly ``housegame score --json``,
``POST /api/compare`` is ``housegame compare --json``, ``POST /api/arrange`` is ``housegame
arrange --json``, and ``POST /api/setting/check`` ranks one player's lanes under a ruleset so
the page shows a foul before the table is scored (the ruleset's ranking, never the page's).
Rulesets are bundled ids only: a table's ``ruleset:`` may not name a file on the server.
With ``?lang=zh`` the text for people (hands, items' labels and details, a foul's reason) is
in Chinese, as ``housegame score --lang zh`` prints it; the fields for programs are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from housegame.arrange import DEFAULT_OBJECTIVE, Objective, arrange
from housegame.breakdown import detail_text, item_label
from housegame.cards import parse_cards
from housegame.compare import compare_table
from housegame.glossary import Lang, hand_words
from housegame.results import PairResult
from housegame.rulesets.common import HAND_CARDS
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_bundled, looks_like_path, of_kind
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.thirteen import MAX_SEATS, ThirteenCardRuleset
from housegame.scoring import ScoreResult, arrangement_json, check_setting, score
from housegame.tables import TableFile, parse_table
from housegame.thirteen import TableResult
from housegame.web.core import WebInputError, json_located, lang_of, render
from housegame.web.limits import MAX_CARD_CHARS, MAX_CARDS, MAX_NAME_CHARS, MAX_RULESETS
from housegame.yamlsource import Located, load_yaml_text

router = APIRouter()

TABLE_NAME = "table.json"
"""The name a table sent as JSON carries in error lines (laid out as that file would be)."""

MAX_PLAYERS = 10
"""Most players a table sent to the web may have (rulesets seat 2-4; loose hands are set by
the arranger before seats are counted, so a huge table would hold the server)."""

RulesetId = Annotated[
    str, Field(max_length=MAX_NAME_CHARS, description="A bundled ruleset id (no paths).")
]
CardText = Annotated[
    Annotated[str, Field(max_length=MAX_CARD_CHARS)]
    | Annotated[
        list[Annotated[str, Field(max_length=MAX_NAME_CHARS)]], Field(max_length=MAX_CARDS)
    ],
    Field(description="Cards separated by spaces or commas, or a list."),
]
Name = Annotated[str, Field(max_length=MAX_NAME_CHARS)]


class ScoreRequest(BaseModel):
    table: Any = Field(description="A table file's content as JSON (players, ruleset, banker).")
    ruleset: RulesetId | None = Field(default=None, description="Overrides the table's own.")
    banker: Name | None = Field(default=None, description="The banker's name (banker games).")


class CompareRequest(BaseModel):
    table: Any = Field(description="A table file's content as JSON.")
    rulesets: list[RulesetId] | None = Field(
        default=None,
        max_length=MAX_RULESETS,
        description="Bundled ids; default: every bundled ruleset of its game.",
    )
    banker: Name | None = None


class SettingRequest(BaseModel):
    ruleset: RulesetId
    front: CardText
    middle: CardText
    back: CardText


class SettingOut(BaseModel):
    """One player's lanes ranked under the ruleset: ``fouled`` with its ``reason``, and
    ``refused`` when the ruleset refuses a foul setting (scoring the table is an error)."""

    ruleset: str
    front: str
    middle: str
    back: str
    hands: dict[str, str]
    declared: str | None = Field(
        description="The special hand declared instead (rulesets that declare automatically)."
    )
    fouled: bool
    reason: str | None
    refused: bool


class ArrangeRequest(BaseModel):
    cards: CardText = Field(description="13 cards.")
    ruleset: RulesetId
    objective: Objective = DEFAULT_OBJECTIVE
    top: int = Field(default=3, ge=0, le=50, description="Alternatives to show.")


class ChoiceOut(BaseModel):
    front: str
    middle: str
    back: str
    value: float


class ArrangeOut(ChoiceOut):
    declare: str | None
    alternatives: list[ChoiceOut]


def bundled_table(data: Any) -> TableFile:
    """The table as the CLI would read the same JSON file; its ``ruleset:`` a bundled id."""
    return _checked_table(lambda: json_located(data, TABLE_NAME), data, TABLE_NAME)


def _checked_table(read: Callable[[], Located], data: Any, name: str) -> TableFile:
    """The table ``read`` gives (``data`` counted first, so a huge one is refused unread), as
    the CLI checks it, with a bundled ruleset id at most."""
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list) and len(players) > MAX_PLAYERS:
        raise WebInputError(
            f"{name}: {len(players)} players; the web table scores at most {MAX_PLAYERS}",
            hint="score larger tables with `housegame score`",
        )
    located = read()
    table = parse_table(located)
    if table.ruleset is not None and looks_like_path(table.ruleset):
        where = located.position_of(("ruleset",))
        raise WebInputError(
            f"{where}: ruleset: '{table.ruleset}' is a path; the web table takes bundled "
            "ruleset ids only",
            hint="`GET /api/rulesets` lists them",
        )
    return table


def _pair_json(pair: PairResult, lang: Lang) -> dict[str, Any]:
    data = pair.as_dict()
    for lane, shown in zip(pair.lanes, data["lanes"], strict=True):
        shown["hands"] = [hand_words(lane.first, lang), hand_words(lane.second, lang)]
    for item, shown in zip(pair.items, data["items"], strict=True):
        shown.update(label=item_label(item, lang), detail=detail_text(item, lang))
    return data


def result_json(result: ScoreResult, lang: Lang) -> dict[str, Any]:
    """``result.as_dict()`` (``housegame score --json``) with its text for people in
    ``lang``: the lanes' hands and the items' labels and details."""
    data = result.as_dict()
    if lang == "en":
        return data
    data["pairs"] = [_pair_json(pair, lang) for pair in result.pairs]
    if isinstance(result, TableResult):
        for entry, shown in zip(result.pool, data["pool"], strict=True):
            shown.update(label=item_label(entry.item, lang), detail=detail_text(entry.item, lang))
        for entry, shown in zip(result.settlements, data.get("settlements", []), strict=True):
            shown.update(label=item_label(entry.item, lang), detail=detail_text(entry.item, lang))
    return data


def _ruleset(table: TableFile, override: str | None) -> Ruleset | None:
    ref = override if override is not None else table.ruleset
    return load_bundled(ref) if ref is not None else None


@router.post("/api/score", tags=["table"])
def score_api(body: ScoreRequest, request: Request) -> dict[str, Any]:
    """Score a table: exactly the JSON of ``housegame score TABLE [--ruleset ID] [--banker
    NAME] --json`` (``?lang=zh``: its hands and items in Chinese)."""
    table = bundled_table(body.table)
    return result_json(score(table, _ruleset(table, body.ruleset), body.banker), lang_of(request))


@router.post("/api/compare", tags=["table"])
def compare_api(body: CompareRequest, request: Request) -> dict[str, Any]:
    """One table under several rulesets: exactly the JSON of ``housegame compare TABLE [-r
    ID ...] [--banker NAME] --json`` (``?lang=zh``: its hands and items in Chinese)."""
    table = bundled_table(body.table)
    if table.ruleset is not None:
        load_bundled(table.ruleset)
    if body.banker is not None:
        table = table.model_copy(update={"banker": body.banker})
    rulesets = [load_bundled(rid) for rid in body.rulesets] if body.rulesets else None
    comparison = compare_table(table, rulesets)
    data = comparison.as_dict()
    for rid, result in comparison.results.items():
        data["rulesets"][rid]["result"] = result_json(result, lang_of(request))
    return data


@router.post("/api/setting/check", response_model=SettingOut, tags=["table"])
def setting_api(body: SettingRequest, request: Request) -> dict[str, Any]:
    """One player's three lanes ranked under a 13-card ruleset: the foul the table would
    show (and whether the ruleset refuses it), found before the table is scored
    (``?lang=zh``: the hands and the reason in Chinese)."""
    check = check_setting(load_bundled(body.ruleset), body.front, body.middle, body.back)
    return check.as_dict(lang_of(request))


@router.post("/api/arrange", response_model=ArrangeOut, tags=["table"])
def arrange_api(body: ArrangeRequest) -> dict[str, Any]:
    """The best setting of 13 cards under a 13-card ruleset: exactly the JSON of ``housegame
    arrange CARDS --ruleset ID [--objective O] [--top N] --json``."""
    rules = of_kind(load_bundled(body.ruleset), ThirteenCardRuleset)
    cards = parse_cards(body.cards, rules.deck.deck())
    return arrangement_json(arrange(cards, rules, body.objective, body.top))


class TableText(BaseModel):
    text: str = Field(description="A table file's text (YAML or JSON).")
    name: Name = Field(default="table.yaml", description="The file name its errors carry.")


@router.post("/api/tables/read", tags=["table"])
def read_table(body: TableText) -> dict[str, Any]:
    """A table file's text checked as ``housegame validate`` checks a table (its ``ruleset:``
    a bundled id), as JSON: what the calculator opens, and what ``/api/score`` takes."""
    located = load_yaml_text(body.text, body.name)
    table = _checked_table(lambda: located, located.data, body.name)
    data: dict[str, Any] = table.model_dump(exclude_defaults=True)
    return data


def deck_picker(rules: ThirteenCardRuleset) -> dict[str, Any]:
    """What the calculator's deck shows for a ruleset: each card it holds with its copies
    (jokers as ``JK``, or ``JKS`` / ``JKB``; None for the standard 52), and the most players it
    seats."""
    deck = rules.deck.deck()
    copies: dict[str, int] | None = None
    if not deck.is_standard:
        copies = {}
        for card in deck.cards():
            copies[str(card)] = copies.get(str(card), 0) + 1
    seats = rules.table.seats.max or min(MAX_SEATS, deck.size // HAND_CARDS)
    return {"copies": copies, "seats": seats, "size": deck.size}


@router.get("/table", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request) -> HTMLResponse:
    rows = []
    decks: dict[str, dict[str, Any]] = {}
    for row in catalog("thirteen-card"):
        rules = of_kind(load_bundled(str(row["id"])), ThirteenCardRuleset)
        rows.append({**row, "banker": rules.table.compare == "banker"})
        decks[rules.id] = deck_picker(rules)
    return render(request, "table/index.html", "table", rows=rows, decks=decks)
