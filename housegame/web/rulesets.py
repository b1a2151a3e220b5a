"""Rulesets: every bundled ruleset's rules sheet, a pasted or uploaded one checked, two side by
side."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from housegame.rulesets.families import catalog
from housegame.rulesets.registry import RULESET_MODELS
from housegame.web.core import WebInputError, render

router = APIRouter()


class RulesetRow(BaseModel):
    """One bundled ruleset, as ``housegame rulesets --json`` lists it."""

    id: str
    game: str
    extends: str | None
    name: str
    summary: str


@router.get("/api/rulesets", response_model=list[RulesetRow], tags=["rulesets"])
def list_rulesets(game: str | None = None) -> list[dict[str, Any]]:
    """The bundled rulesets in family order (``housegame rulesets --json``); ``game`` keeps
    one game's (thirteen-card, ofc or big-two)."""
    if game is not None and game not in RULESET_MODELS:
        raise WebInputError(f"game: '{game}' is not one of {', '.join(RULESET_MODELS)}")
    return catalog(game)


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def index(request: Request) -> HTMLResponse:
    return render(request, "rulesets/index.html", "rulesets", rows=catalog())
