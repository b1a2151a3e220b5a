"""Sensitivity: what each setting of a bundled ruleset changes (``housegame sensitivity``), run
in the background like a simulation (the same store of runs, the same limit on how many run at
once), then the ranked table, its legend, the chart and the CSV and JSON.

The page needs no script: the form posts, the run's page reloads itself while it runs.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse
from pydantic import BaseModel, Field

from housegame.durations import cpu_text
from housegame.errors import HousegameError
from housegame.glossary import Lang
from housegame.inputs import MAX_SEED
from housegame.rulesets.families import catalog
from housegame.rulesets.loader import load_bundled
from housegame.simulation import sensitivity_out
from housegame.simulation.sensitivity import Plan, SensitivityReport, planned, sensitivity
from housegame.simulation.sensitivity_out import effect_rows, legend
from housegame.web.core import WebInputError, error_lines, lang_of, render
from housegame.web.limits import MAX_NAME_CHARS
from housegame.web.reports import JOBS, PLOTTING, Run, State, guarded

router = APIRouter()

WEB_MAX_DEALS = 500
"""Most deals a sensitivity run on the web table plays (each under every variant)."""
WEB_CPU_SECONDS = 600.0
"""Most CPU a sensitivity run on the web table may take, by its estimate before it starts
(``Plan.cpu_seconds``): a 500-deal run of any bundled 13-card ruleset fits, a 500-hand OFC
run of every setting does not."""
MAX_SETTINGS = 32
"""Setting prefixes one request may give."""


class SensitivityRequest(BaseModel):
    """What ``housegame sensitivity`` is asked: a bundled ruleset, ``--deals``, ``--seed``,
    ``--players`` and ``--setting`` prefixes (none: every setting)."""

    ruleset: str = Field(max_length=MAX_NAME_CHARS)
    deals: int = Field(default=200, ge=2)
    seed: int = Field(default=1, ge=0, le=MAX_SEED)
    players: int | None = Field(default=None, ge=2, le=4)
    settings: list[Annotated[str, Field(max_length=MAX_NAME_CHARS)]] = Field(
        default_factory=list, max_length=MAX_SETTINGS
    )
    lang: Lang = "en"


class SensitivityStatus(BaseModel):
    id: str
    state: State
    done: int = Field(description="Deals played so far, over the ruleset and every variant.")
    total: int
    errors: list[str]
    report: dict[str, Any] | None = Field(description="As housegame sensitivity --json prints it.")


@dataclass
class SensitivityRun(Run):
    request: SensitivityRequest = field(default_factory=lambda: SensitivityRequest(ruleset=""))
    report: SensitivityReport | None = None
    chart: bytes = b""
    csv: str = ""

    def status(self) -> SensitivityStatus:
        report = self.report.as_dict(self.request.lang) if self.report is not None else None
        return SensitivityStatus(
            id=self.id,
            state=self.state,
            done=self.done,
            total=self.total,
            errors=self.errors,
            report=report,
        )


def _checked_plan(request: SensitivityRequest) -> Plan:
    """What the run will play, checked as the command line checks it, within the web table's
    deals and CPU."""
    if request.deals > WEB_MAX_DEALS:
        raise WebInputError(
            f"deals: {request.deals} is more than the web table plays ({WEB_MAX_DEALS})",
            hint=f"run housegame sensitivity {request.ruleset} --deals {request.deals}",
        )
    plan = planned(load_bundled(request.ruleset), request.players, request.settings)
    seconds = plan.cpu_seconds(request.deals)
    if seconds > WEB_CPU_SECONDS:
        settings = "".join(f" -s {prefix}" for prefix in request.settings)
        raise WebInputError(
            f"this run would take {cpu_text(seconds)} ({request.deals} deals under the "
            f"ruleset and {len(plan.variants)} variants); the web table runs at most "
            f"{WEB_CPU_SECONDS / 60:.0f} CPU-minutes",
            hint="play fewer deals or name settings, or run housegame sensitivity "
            f"{request.ruleset} --deals {request.deals}{settings} on your own machine",
        )
    return plan


def _run(run: SensitivityRun, plan: Plan) -> None:
    r = run.request

    def body() -> None:
        report = sensitivity(
            r.ruleset, r.deals, r.seed, r.players, r.settings, run.progress, lang=r.lang, plan=plan
        )
        run.csv = sensitivity_out.sensitivity_csv(report)
        with PLOTTING:
            run.chart = sensitivity_out.sensitivity_chart(report, r.lang)
        run.report = report
        run.state = "cancelled" if report.interrupted else "done"

    guarded(run, "sensitivity run", body)


def start(request: SensitivityRequest) -> SensitivityRun:
    plan = _checked_plan(request)
    total = request.deals * plan.rulesets
    run = JOBS.start(lambda run_id: SensitivityRun(run_id, total, request=request))
    threading.Thread(target=_run, args=(run, plan), daemon=True).start()
    return run


def _get(run_id: str) -> SensitivityRun:
    return JOBS.get_run(run_id, SensitivityRun, "sensitivity run")


class Started(BaseModel):
    id: str


@router.post("/api/sensitivity", response_model=Started, status_code=202, tags=["reports"])
def start_sensitivity(request: SensitivityRequest) -> Started:
    """Start ``housegame sensitivity RULESET`` in the background; poll the run's id."""
    return Started(id=start(request).id)


@router.get("/api/sensitivity/{run_id}", response_model=SensitivityStatus, tags=["reports"])
def sensitivity_status(run_id: str) -> SensitivityStatus:
    """Progress, and once over the report: the JSON of ``housegame sensitivity --json``."""
    return _get(run_id).status()


@router.delete("/api/sensitivity/{run_id}", response_model=SensitivityStatus, tags=["reports"])
def cancel_sensitivity(run_id: str) -> SensitivityStatus:
    """Stop a run as Ctrl-C does (the report covers the deals played)."""
    run = _get(run_id)
    run.cancel.set()
    return run.status()


def _finished(run_id: str) -> SensitivityRun:
    run = _get(run_id)
    if run.report is None:
        raise WebInputError(f"sensitivity run '{run_id}' has no report yet ({run.state})")
    return run


@router.get(
    "/api/sensitivity/{run_id}/sensitivity.csv",
    response_class=PlainTextResponse,
    tags=["reports"],
)
def sensitivity_csv(run_id: str) -> Response:
    """The CSV ``housegame sensitivity --csv FILE`` writes."""
    return Response(_finished(run_id).csv, media_type="text/csv; charset=utf-8")


@router.get(
    "/api/sensitivity/{run_id}/sensitivity.png",
    response_class=Response,
    responses={200: {"content": {"image/png": {}}}},
    tags=["reports"],
)
def sensitivity_chart(run_id: str) -> Response:
    """The chart ``housegame sensitivity --out DIR`` draws."""
    return Response(_finished(run_id).chart, media_type="image/png")


@router.get("/api/sensitivity/{run_id}/sensitivity.json", tags=["reports"])
def sensitivity_json(run_id: str) -> Response:
    run = _finished(run_id)
    assert run.report is not None
    text = json.dumps(run.report.as_dict(run.request.lang), ensure_ascii=False, indent=2)
    return Response(text + "\n", media_type="application/json")


# ---- pages -------------------------------------------------------------------------------


def _form(request: Request, status: int = 200, **extra: Any) -> HTMLResponse:
    context = {"rulesets": catalog(), "max_deals": WEB_MAX_DEALS, "max_seed": MAX_SEED}
    return render(request, "sensitivity/index.html", "reports", status, **context, **extra)


@router.get("/sensitivity", response_class=HTMLResponse, include_in_schema=False)
def sensitivity_page(request: Request) -> HTMLResponse:
    return _form(request, chosen="pagat", deals=200, seed=1, settings="")


@router.post("/sensitivity", response_class=HTMLResponse, include_in_schema=False)
def sensitivity_form(
    request: Request,
    ruleset: Annotated[str, Form()],
    deals: Annotated[int, Form()] = 200,
    seed: Annotated[int, Form()] = 1,
    settings: Annotated[str, Form()] = "",
) -> Response:
    """The form's run, started as ``POST /api/sensitivity`` starts it; its page follows it."""
    lang = lang_of(request)
    prefixes = [s for s in settings.replace(",", " ").split() if s]
    filled = {"chosen": ruleset, "deals": deals, "seed": seed, "settings": settings}
    try:
        asked = SensitivityRequest(
            ruleset=ruleset, deals=deals, seed=seed, settings=prefixes, lang=lang
        )
        run = start(asked)
    except HousegameError as exc:
        return _form(request, 422, errors=error_lines(exc), **filled)
    except ValueError as exc:
        return _form(request, 422, errors=[str(exc).splitlines()[0]], **filled)
    suffix = "?lang=zh" if lang == "zh" else ""
    return RedirectResponse(f"/sensitivity/{run.id}{suffix}", status_code=303)


@router.get("/sensitivity/{run_id}", response_class=HTMLResponse, include_in_schema=False)
def sensitivity_run_page(request: Request, run_id: str) -> HTMLResponse:
    run = JOBS.jobs.get(run_id)
    if not isinstance(run, SensitivityRun):
        lines = [f"no sensitivity run '{run_id}' (finished ones are kept for a while only)"]
        return render(request, "sensitivity/run.html", "reports", 404, run=None, errors=lines)
    report, lang = run.report, lang_of(request)
    shown = None
    if report is not None:
        headers, rows = effect_rows(report, lang)
        shown = {"headers": headers, "rows": rows, "legend": legend(report, lang)}
    status = 422 if run.errors else 200
    return render(
        request, "sensitivity/run.html", "reports", status, run=run, table=shown, errors=run.errors
    )
