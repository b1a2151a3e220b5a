"""Reports: a simulation run in the background with a progress bar, then the report's tables and
plots, with the CSV and JSON that ``housegame simulate --csv/--json`` write.

A run is a job in a thread of the server, calling the library's ``simulate`` with a progress
callback; cancelling it makes the callback raise ``KeyboardInterrupt``, which ends the run as
Ctrl-C does on the command line: the report covers the deals played, and is there as soon as
the run stops (its plots follow). The report, its CSV and plots are kept in memory: a full
temporary folder cannot lose them. At most ``MAX_JOBS`` jobs
are kept (the oldest finished one is dropped for a new one) and ``MAX_RUNNING`` run at once.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse
from pydantic import BaseModel, Field

from housegame.arrange.objectives import DEFAULT_OBJECTIVE, OBJECTIVES, objective_named
from housegame.errors import HousegameError, TableError
from housegame.glossary import LANGS, Lang, say
from housegame.inputs import MAX_SEED
from housegame.jsonsafe import number
from housegame.memo import return_free_memory
from housegame.rulesets.families import catalog
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation import SimulationReport, simulate
from housegame.simulation.report import (
    LEGEND,
    PLOTS,
    SUMMARY_HEADERS,
    csv_text,
    decks_note,
    headers_in,
    lane_rows,
    plot_images,
    special_rows,
    summary_rows,
    term_rows,
    what_differs,
)
from housegame.simulation.thirteen import simulated_rulesets
from housegame.web.core import NotFound, WebInputError, error_lines, lang_of, render
from housegame.web.limits import MAX_NAME_CHARS, MAX_RULESETS

router = APIRouter()

WEB_MAX_DEALS = 20_000
"""Most deals a run on the web table plays under each ruleset (the command line runs more)."""
MAX_JOBS = 8
"""Jobs kept in memory, finished or not."""
MAX_RUNNING = 2
"""Jobs running at once (a run keeps a core busy)."""

CANCEL_SECONDS = 30.0
"""Longest a cancel waits for the run's current step (100 deals) to end."""

PLOTTING = threading.Lock()
"""matplotlib's pyplot is not thread-safe: one job draws at a time."""

State = Literal["running", "done", "cancelled", "failed"]


class SimulationRequest(BaseModel):
    """What ``housegame simulate`` is asked: ``-r`` ids (none: every bundled 13-card ruleset),
    ``--deals``, ``--seed``, ``--players`` and ``--objective``."""

    rulesets: list[Annotated[str, Field(max_length=MAX_NAME_CHARS)]] = Field(
        default_factory=list, max_length=MAX_RULESETS
    )
    deals: int = Field(default=1000, ge=1)
    seed: int = Field(default=1, ge=0, le=MAX_SEED)
    players: int = Field(default=4, ge=2, le=4)
    objective: str = DEFAULT_OBJECTIVE


class SimulationCreated(BaseModel):
    id: str


class SimulationStatus(BaseModel):
    """A job: how far it is, and once over the report (``housegame simulate --json``)."""

    id: str
    state: State
    done: int = Field(description="Deals played so far, over every ruleset.")
    total: int = Field(description="Deals to play, over every ruleset.")
    errors: list[str]
    plots: list[str] = Field(description="Names of the plot PNGs (under plots/NAME.png).")
    report: dict[str, Any] | None = Field(description="The report, as simulate --json prints it.")


@dataclass
class Run:
    """A run in the background (a simulation, a sensitivity run): how far it is, its errors,
    and the switch that cancels it."""

    id: str
    total: int
    done: int = 0
    state: State = "running"
    errors: list[str] = field(default_factory=list)
    cancel: threading.Event = field(default_factory=threading.Event)
    played: threading.Event = field(default_factory=threading.Event)
    """Set once the deals are over (the report may still be drawing its plots)."""

    def progress(self, deals: int) -> None:
        self.done += deals
        if self.cancel.is_set():
            raise KeyboardInterrupt


@dataclass
class Job(Run):
    request: SimulationRequest = field(default_factory=SimulationRequest)
    report: SimulationReport | None = None
    plots: dict[str, bytes] = field(default_factory=dict)
    csv: str = ""

    def status(self) -> SimulationStatus:
        data = None if self.report is None or not self.report.rulesets else report_data(self.report)
        return SimulationStatus(
            id=self.id,
            state=self.state,
            done=self.done,
            total=self.total,
            errors=self.errors,
            plots=list(self.plots),
            report=data,
        )


R = TypeVar("R", bound=Run)


class Jobs:
    """The runs kept in memory, oldest first: simulations and sensitivity runs together, so
    ``MAX_RUNNING`` bounds them all."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.jobs: OrderedDict[str, Run] = OrderedDict()

    def add(self, request: SimulationRequest, total: int) -> Job:
        return self.start(lambda run_id: Job(run_id, total, request=request))

    def start(self, make: Callable[[str], R]) -> R:
        with self.lock:
            running = [j for j in self.jobs.values() if j.state == "running"]
            if len(running) >= MAX_RUNNING:
                raise WebInputError(
                    f"{len(running)} simulations are running already (the web table runs "
                    f"{MAX_RUNNING} at once)",
                    hint="wait for one to finish, or cancel it",
                )
            finished = [j.id for j in self.jobs.values() if j.state != "running"]
            for old in finished[: max(0, len(self.jobs) - MAX_JOBS + 1)]:
                del self.jobs[old]
            job = make(uuid.uuid4().hex)
            self.jobs[job.id] = job
            return job

    def get(self, job_id: str) -> Job:
        return self.get_run(job_id, Job, "simulation")

    def get_run(self, job_id: str, kind: type[R], what: str) -> R:
        job = self.jobs.get(job_id)
        if not isinstance(job, kind):
            raise NotFound(f"no {what} '{job_id}' (finished ones are kept for a while only)")
        return job


JOBS = Jobs()


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return number(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def report_json(report: SimulationReport) -> str:
    """The report exactly as ``housegame simulate --json`` prints it."""
    return json.dumps(report.as_dict(), ensure_ascii=False, indent=2, default=_jsonable) + "\n"


def report_data(report: SimulationReport) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(report_json(report))
    return data


def _bundled_ids() -> list[str]:
    return [str(row["id"]) for row in catalog("thirteen-card")]


def check_request(request: SimulationRequest) -> list[ThirteenCardRuleset]:
    """The rulesets to run, or the one-line errors of the CLI (and the web's own limits)."""
    if request.deals > WEB_MAX_DEALS:
        raise WebInputError(
            f"deals: {request.deals} is more than the web table plays ({WEB_MAX_DEALS} a ruleset)",
            hint=f"run housegame simulate --deals {request.deals} on the command line",
        )
    if request.objective not in OBJECTIVES:
        raise TableError(
            f"--objective {request.objective}: unknown objective",
            hint=f"use {', '.join(OBJECTIVES)}",
        )
    bundled = _bundled_ids()
    for ref in request.rulesets:
        if ref not in bundled:
            raise WebInputError(
                f"rulesets: '{ref}' is not a bundled 13-card ruleset",
                hint="one of " + ", ".join(bundled),
            )
    return simulated_rulesets(request.rulesets, request.players)


def guarded(run: Run, what: str, body: Callable[[], None]) -> None:
    """Run ``body`` for ``run``: a library error fails the run with its lines; a bug fails it
    too (so it does not stay running, its slot taken) and is raised; either way the run's
    deals are over, and the memory it freed goes back to the system."""
    try:
        body()
    except HousegameError as exc:
        run.errors = error_lines(exc)
        run.state = "failed"
    except Exception as exc:
        run.errors = [f"the {what} failed: {type(exc).__name__}: {exc}"]
        run.state = "failed"
        raise
    finally:
        run.played.set()
        return_free_memory()


def _run(job: Job, rulesets: list[ThirteenCardRuleset]) -> None:
    request = job.request

    def body() -> None:
        report = simulate(
            rulesets,
            request.deals,
            request.seed,
            request.players,
            job.progress,
            objective_named(request.objective) or DEFAULT_OBJECTIVE,  # checked when asked
        )
        if report.rulesets:
            job.csv = csv_text(report)
        job.report = report
        if report.interrupted:  # a cancelled run answers now; its plots follow
            job.state = "cancelled"
        job.played.set()
        if report.rulesets:
            with PLOTTING:
                for lang in LANGS:
                    images = plot_images(report, lang)
                    job.plots |= {plot_name(kind, lang): png for kind, png in images.items()}
        job.state = "cancelled" if report.interrupted else "done"

    guarded(job, "simulation", body)


@router.post(
    "/api/simulations", response_model=SimulationCreated, status_code=202, tags=["reports"]
)
def start_simulation(request: SimulationRequest) -> SimulationCreated:
    """Start ``housegame simulate`` in the background; poll ``GET /api/simulations/{id}``."""
    rulesets = check_request(request)
    job = JOBS.add(request, request.deals * len(rulesets))
    threading.Thread(target=_run, args=(job, rulesets), daemon=True).start()
    return SimulationCreated(id=job.id)


@router.get("/api/simulations/{job_id}", response_model=SimulationStatus, tags=["reports"])
def simulation_status(job_id: str) -> SimulationStatus:
    """Progress, and once over the report: the JSON of ``housegame simulate --json``."""
    return JOBS.get(job_id).status()


@router.delete("/api/simulations/{job_id}", response_model=SimulationStatus, tags=["reports"])
def cancel_simulation(job_id: str) -> SimulationStatus:
    """Stop a run as Ctrl-C does: the report covers the deals played so far. It answers as
    soon as the deals stop (the next step of the run), never waiting for the plots."""
    job = JOBS.get(job_id)
    job.cancel.set()
    job.played.wait(CANCEL_SECONDS)
    return job.status()


def _finished(job_id: str) -> Job:
    job = JOBS.get(job_id)
    if job.report is None or not job.report.rulesets:
        raise WebInputError(f"simulation '{job_id}' has no report yet ({job.state})")
    return job


@router.get(
    "/api/simulations/{job_id}/report.csv", response_class=PlainTextResponse, tags=["reports"]
)
def simulation_csv(job_id: str) -> Response:
    """The CSV ``housegame simulate --csv FILE`` writes."""
    job = _finished(job_id)
    return Response(
        job.csv,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="simulate-{job_id[:8]}.csv"'},
    )


@router.get("/api/simulations/{job_id}/report.json", tags=["reports"])
def simulation_json(job_id: str) -> Response:
    """The JSON ``housegame simulate --json`` prints, as a file."""
    job = _finished(job_id)
    assert job.report is not None
    return Response(
        report_json(job.report),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="simulate-{job_id[:8]}.json"'},
    )


@router.get(
    "/api/simulations/{job_id}/plots/{name}.png",
    response_class=Response,
    responses={200: {"content": {"image/png": {}}}},
    tags=["reports"],
)
def simulation_plot(job_id: str, name: str) -> Response:
    """One of the report's charts (``simulate --out``), every ruleset side by side: ``terms``,
    ``distribution`` or ``banker-edge``, and with ``-zh`` the same in Chinese."""
    job = _finished(job_id)
    if name not in job.plots:
        raise NotFound(f"no plot '{name}' in this report", hint="plots: " + ", ".join(job.plots))
    return Response(job.plots[name], media_type="image/png")


# ---- pages -------------------------------------------------------------------------------


def plot_name(kind: str, lang: Lang) -> str:
    """A chart's name under ``plots/``: ``terms``, or ``terms-zh`` for its Chinese labels."""
    return kind if lang == "en" else f"{kind}-{lang}"


def tables(report: SimulationReport, lang: Lang) -> dict[str, Any]:
    """The terminal report's tables (``simulate --explain``), rows as text; the summary's
    legend, what each ruleset changes and the names of the charts in ``lang``."""
    headers = headers_in(SUMMARY_HEADERS, lang)
    return {
        "summary": (headers, summary_rows(report, lang)),
        "legend": [(h, say(lang, LEGEND[key])) for key, h in zip(SUMMARY_HEADERS, headers)],
        "differs": what_differs(report, lang),
        "decks": decks_note(report, lang),
        "plots": [plot_name(kind, lang) for kind in PLOTS],
        "rulesets": [
            {
                "id": stats.ruleset,
                "name": stats.name,
                "terms": term_rows(stats, lang),
                "lanes": lane_rows(stats, lang) if stats.lanes else None,
                "specials": special_rows(stats, lang) if stats.specials else None,
            }
            for stats in report.rulesets
        ],
    }


@router.get("/reports", response_class=HTMLResponse, include_in_schema=False)
def reports_page(request: Request) -> HTMLResponse:
    return render(
        request,
        "reports/index.html",
        "reports",
        rulesets=catalog("thirteen-card"),
        max_deals=WEB_MAX_DEALS,
        max_seed=MAX_SEED,
    )


@router.get("/reports/{job_id}", response_class=HTMLResponse, include_in_schema=False)
def report_page(request: Request, job_id: str) -> HTMLResponse:
    job = JOBS.jobs.get(job_id)
    if not isinstance(job, Job):
        return render(
            request,
            "reports/report.html",
            "reports",
            status=404,
            job=None,
            errors=[f"no simulation '{job_id}' (finished ones are kept for a while only)"],
        )
    report = job.report
    shown = tables(report, lang_of(request)) if report is not None and report.rulesets else None
    status = 422 if job.errors else 200
    return render(
        request,
        "reports/report.html",
        "reports",
        status=status,
        job=job,
        tables=shown,
        errors=job.errors,
    )
