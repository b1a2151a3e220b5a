"""(filled in by its feature)"""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
