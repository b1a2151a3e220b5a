"""The API's docs page (``/docs``, Swagger UI) with every asset served by this server.

FastAPI's own page loads Swagger UI from a CDN and starts it with an inline script: blank
without the internet, and against a Content-Security-Policy. This one takes Swagger UI's files
from the ``fastapi-offline`` package (kept in step with Swagger UI's releases) and starts it
from a script of ours.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from housegame.web.core import templates

ASSETS = "/docs/assets"
"""Where Swagger UI's script, style sheet and icon are served."""

router = APIRouter()


def swagger_ui_files() -> Path:
    """The folder of Swagger UI's files; ImportError (naming the package) without it."""
    return Path(str(files("fastapi_offline") / "static"))


def mount_swagger_ui(app: FastAPI) -> None:
    app.mount(ASSETS, StaticFiles(directory=swagger_ui_files()), name="swagger-ui")
    app.include_router(router)


@router.get("/docs", response_class=HTMLResponse, include_in_schema=False)
def docs_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(
        request, "docs.html", {"assets": ASSETS, "openapi_url": request.app.openapi_url}
    )
