"""Rulesets: every bundled ruleset's rules sheet, a pasted or uploaded one checked, two side by
side.

``GET /api/rulesets/{id}`` is ``housegame show ID --format json`` (the merged ruleset) and
``GET /api/rulesets/{id}/sheet`` the rules sheet ``show ID`` prints, as structure; a pasted
ruleset is checked as ``housegame validate --strict`` checks a file (``check_ruleset_text``),
and may extend only a bundled id.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, PlainTextResponse
from pydantic import BaseModel, Field

from housegame.errors import HousegameError
from housegame.filecheck import check_ruleset_text
from housegame.glossary import Lang
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_bundled
from housegame.rulesets.registry import RULESET_MODELS, Ruleset
from housegame.rulesheet import Grid, Sheet, build_sheet, render_text
from housegame.rulesheet import show as show_ruleset
from housegame.rulesheet.diffwords import diff_document, worded_lines
from housegame.web.core import WebInputError, error_lines, lang_of, render, upload_text
from housegame.web.limits import MAX_NAME_CHARS
from housegame.yamlsource import load_yaml_text

router = APIRouter()

PASTED = "pasted.yaml"
"""The name a pasted ruleset's errors carry (an upload carries its own file name)."""

FileName = Annotated[str, Field(max_length=MAX_NAME_CHARS)]
LangQuery = Annotated[Lang, Query(description="en, or zh for Chinese names (`--lang zh`).")]


class RulesetRow(BaseModel):
    """One bundled ruleset, as ``housegame rulesets --json`` lists it."""

    id: str
    game: str
    extends: str | None
    name: str
    summary: str


class GridBlock(BaseModel):
    """A table of the sheet: a header row and rows of cells."""

    header: list[str]
    rows: list[list[str]]


class SectionOut(BaseModel):
    title: str
    blocks: list[str | GridBlock] = Field(description="Lines (one rule each) and tables.")


class SheetOut(BaseModel):
    """A rules sheet as ``housegame show ID`` prints it: ``text`` is that exact text."""

    title: str
    intro: list[str]
    sections: list[SectionOut]
    text: str


class CheckRequest(BaseModel):
    yaml: str = Field(description="A ruleset's YAML text; `extends` may name a bundled id only.")
    name: str = Field(
        default=PASTED,
        max_length=MAX_NAME_CHARS,
        description="The file name its error lines carry.",
    )
    lang: Lang = "en"


class CheckOut(BaseModel):
    """A pasted ruleset that loads: its lint warnings (as ``validate --strict`` prints them)
    and its rules sheet."""

    id: str
    game: str
    warnings: list[str]
    sheet: SheetOut


def sheet_out(sheet: Sheet) -> dict[str, Any]:
    sections = [
        {
            "title": section.title,
            "blocks": [
                {"header": list(b.header), "rows": [list(r) for r in b.rows]}
                if isinstance(b, Grid)
                else b
                for b in section.blocks
            ],
        }
        for section in sheet.sections
    ]
    return {
        "title": sheet.title,
        "intro": list(sheet.intro),
        "sections": sections,
        "text": render_text(sheet),
    }


def check_text(text: str, name: str) -> tuple[Ruleset, list[str]]:
    """A pasted ruleset and its lint warnings as ``validate --strict`` prints them (each
    problem, its hint on the next line), or 422 with ``housegame validate``'s lines."""
    report = check_ruleset_text(text, name)
    if report.errors or report.ruleset is None:
        raise WebInputError("\n".join(report.error_lines()))
    return report.ruleset, [str(p) for p in report.warnings]


@router.get("/api/rulesets", response_model=list[RulesetRow], tags=["rulesets"])
def list_rulesets(game: str | None = None) -> list[dict[str, Any]]:
    """The bundled rulesets in family order (``housegame rulesets --json``); ``game`` keeps
    one game's (thirteen-card, ofc or big-two)."""
    if game is not None and game not in RULESET_MODELS:
        raise WebInputError(f"game: '{game}' is not one of {', '.join(RULESET_MODELS)}")
    return catalog(game)


@router.get("/api/rulesets/{rid}", tags=["rulesets"])
def merged_ruleset(rid: str) -> Any:
    """The merged ruleset (``extends`` resolved) as JSON: ``housegame show ID --format
    json``."""
    return json.loads(show_ruleset(load_bundled(rid), "json"))


@router.get("/api/rulesets/{rid}/sheet", response_model=SheetOut, tags=["rulesets"])
def ruleset_sheet(rid: str, lang: LangQuery = "en") -> dict[str, Any]:
    """The rules sheet of ``housegame show ID [--lang zh]``: its sections as structure, and
    the exact text."""
    return sheet_out(build_sheet(load_bundled(rid), lang))


@router.post("/api/rulesets/check", response_model=CheckOut, tags=["rulesets"])
def check_ruleset(body: CheckRequest) -> dict[str, Any]:
    """Check a pasted ruleset as ``housegame validate --strict`` checks a file: 422 with its
    error lines, or its lint warnings and its rules sheet."""
    ruleset, warnings = check_text(body.yaml, body.name)
    return {
        "id": ruleset.id,
        "game": getattr(ruleset, "game", ""),
        "warnings": [line for warning in warnings for line in warning.split("\n")],
        "sheet": sheet_out(build_sheet(ruleset, body.lang)),
    }


@router.get("/api/diff", tags=["rulesets"])
def diff_api(
    a: Annotated[str, Query(description="First bundled ruleset id.")],
    b: Annotated[str, Query(description="Second bundled ruleset id.")],
    lang: LangQuery = "en",
) -> dict[str, Any]:
    """The settings in which two bundled rulesets differ, by key path and in the rules'
    words: ``housegame diff A B --format json``."""
    return diff_document(load_bundled(a), load_bundled(b), lang)


class RulesetSource(BaseModel):
    """A ruleset to diff: a bundled ``id``, or ``yaml`` text (whose ``extends`` may name only a
    bundled id), checked as ``POST /api/rulesets/check`` checks it."""

    id: str | None = None
    yaml: str | None = None
    name: str = Field(
        default=PASTED,
        max_length=MAX_NAME_CHARS,
        description="The file name the text's errors carry.",
    )


class DiffRequest(BaseModel):
    a: RulesetSource
    b: RulesetSource
    lang: Lang = "en"


def loaded(source: RulesetSource, side: str) -> Ruleset:
    if source.yaml is not None and source.id is None:
        return check_text(source.yaml, source.name)[0]
    if source.id is not None and source.yaml is None:
        return load_bundled(source.id)
    raise WebInputError(f"{side}: give a bundled ruleset's id or a ruleset's yaml (one of them)")


@router.post("/api/diff", tags=["rulesets"])
def diff_post(body: DiffRequest) -> dict[str, Any]:
    """``housegame diff A B --format json`` where either side may be pasted YAML."""
    return diff_document(loaded(body.a, "a"), loaded(body.b, "b"), body.lang)


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def index(request: Request) -> HTMLResponse:
    return render(request, "rulesets/index.html", "rulesets", rows=catalog())


@router.get("/rulesets/check", response_class=HTMLResponse, include_in_schema=False)
def check_form(request: Request) -> HTMLResponse:
    return render(request, "rulesets/check.html", "rulesets", text="")


@router.post("/rulesets/check", response_class=HTMLResponse, include_in_schema=False)
async def check_page(
    request: Request,
    yaml: Annotated[str, Form()] = "",
    upload: Annotated[UploadFile | None, File()] = None,
) -> HTMLResponse:
    """The form's ruleset (an uploaded file wins over the text box), checked by the same
    function as ``POST /api/rulesets/check``."""
    text, name = yaml, PASTED
    try:
        if upload is not None and upload.filename:
            name = upload.filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1] or PASTED
            text = upload_text(await upload.read(), name)
        if not text.strip():
            raise WebInputError("paste a ruleset's YAML or choose a file")
        ruleset, warnings = check_text(text, name)
    except WebInputError as exc:
        lines = error_lines(exc)
        return render(request, "rulesets/check.html", "rulesets", 422, text=text, errors=lines)
    lang = lang_of(request)
    parent = load_yaml_text(text, name).data.get("extends")
    changes = []
    if parent:
        changes = worded_lines(diff_document(load_bundled(parent), ruleset, lang), lang)
    return render(
        request,
        "rulesets/check.html",
        "rulesets",
        text=text,
        warnings=warnings,
        sheet=build_sheet(ruleset, lang),
        changes=changes,
    )


@router.get("/rulesets/{rid}", response_class=HTMLResponse, include_in_schema=False)
def sheet_page(request: Request, rid: str) -> HTMLResponse:
    rows = {row["id"]: row for row in catalog()}
    try:
        ruleset = load_bundled(rid)
    except HousegameError as exc:
        return render(request, "rulesets/show.html", "rulesets", 422, errors=error_lines(exc))
    sheet = build_sheet(ruleset, lang_of(request))
    return render(request, "rulesets/show.html", "rulesets", sheet=sheet, row=rows[ruleset.id])


@router.get("/rulesets/{rid}/yaml", response_class=PlainTextResponse, include_in_schema=False)
def download_yaml(rid: str) -> PlainTextResponse:
    """The merged ruleset as YAML (``housegame show ID --format yaml``), to save and edit."""
    text = show_ruleset(load_bundled(rid), "yaml")
    headers = {"Content-Disposition": f'attachment; filename="{rid}.yaml"'}
    return PlainTextResponse(text, media_type="application/yaml", headers=headers)


@router.get("/diff", response_class=HTMLResponse, include_in_schema=False)
def diff_page(request: Request, a: str = "", b: str = "") -> HTMLResponse:
    """Two rulesets side by side: each changed rule in the rules sheet's words under its
    topic, both sides, and the lines of ``housegame diff A B``."""
    rows = catalog()
    context: dict[str, Any] = {"rows": rows, "a": a, "b": b}
    if not (a and b):
        return render(request, "diff/index.html", "diff", **context)
    try:
        lang = lang_of(request)
        result = diff_document(load_bundled(a), load_bundled(b), lang)
    except HousegameError as exc:
        return render(request, "diff/index.html", "diff", 422, errors=error_lines(exc), **context)
    lines = worded_lines(result, lang)
    return render(request, "diff/index.html", "diff", result=result, lines=lines, **context)
