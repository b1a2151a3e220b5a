"""The trainer over HTTP: ``POST /api/explain`` is exactly ``housegame explain TABLE --json``
(``?lang=zh``: its text for people in Chinese); the table's ``ruleset:`` a bundled id."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from housegame.rulesets.loader import load_bundled, of_kind
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.trainer import explain_table
from housegame.web.core import lang_of
from housegame.web.table import Name, RulesetId, bundled_table

router = APIRouter()


class ExplainRequest(BaseModel):
    table: Any = Field(description="A table file's content as JSON (players, ruleset, banker).")
    ruleset: RulesetId | None = Field(default=None, description="Overrides the table's own.")
    player: Name | None = Field(default=None, description="The player to explain (the first).")


class ChoiceOut(BaseModel):
    front: str | None
    middle: str | None
    back: str | None
    declare: str | None
    surrender: bool
    fouled: bool
    value: float
    text: str


class PartOut(BaseModel):
    term: str = Field(description="The payout term's kind (lane, outcome, scoop, bonus, ...).")
    lane: str | None
    id: str | None = Field(description="An add-on's or a special hand's id.")
    label: str
    best: float
    yours: float
    regret: float


class ExplainOut(BaseModel):
    """Your choice and the best one, and the regret (best minus yours) term by term: the
    parts sum to the regret (exactly in the library; here each is rounded to 6 places)."""

    ruleset: str
    opponents: int
    banker: bool
    regret: float
    best_is_yours: bool
    yours: ChoiceOut
    best: ChoiceOut
    parts: list[PartOut]


@router.post("/api/explain", response_model=ExplainOut, tags=["table"])
def explain_api(body: ExplainRequest, request: Request) -> dict[str, Any]:
    """The trainer: one player's setting against the best one under a 13-card ruleset, and
    the regret split into payout terms (``housegame explain TABLE [--ruleset ID] [--player
    NAME] --json``)."""
    table = bundled_table(body.table)
    ref = body.ruleset if body.ruleset is not None else table.ruleset
    rules = of_kind(load_bundled(ref), ThirteenCardRuleset) if ref is not None else None
    return explain_table(table, rules, body.player).as_dict(lang_of(request))
