"""`pip install .` (not only editable) must ship the rulesets, schemas and lane-odds tables."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_every_ruleset_and_schema(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("housegame-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for ruleset in (ROOT / "rulesets").glob("*.yaml"):
        assert f"housegame/_data/rulesets/{ruleset.name}" in names
    for schema in (ROOT / "schemas").glob("*.json"):
        assert f"housegame/_data/schemas/{schema.name}" in names
    for odds in (ROOT / "housegame" / "data_tables").glob("*.npz"):
        assert f"housegame/data_tables/{odds.name}" in names
    for asset in (ROOT / "housegame" / "web").glob("*/*"):
        if asset.is_file() and asset.parent.name in ("static", "templates"):
            assert f"housegame/web/{asset.parent.name}/{asset.name}" in names
    for template in (ROOT / "housegame" / "web" / "templates").glob("*/*.html"):
        relative = template.relative_to(ROOT).as_posix()
        assert relative in names
