"""The web table: a local web app over the library (``housegame serve``, ``pip install
'.[web]'``).

Server-rendered HTML pages for people at a table and a JSON API under ``/api/`` (described by
OpenAPI at ``/openapi.json``, browsable at ``/docs``) for every action. It sits beside the CLI,
above the library: it calls the same functions and shows the same error messages.
"""

from __future__ import annotations

from housegame.web.app import create_app

__all__ = ["create_app"]
