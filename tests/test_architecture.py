"""The layers of docs/architecture.md hold: no module imports from a later layer, deferred
imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "jsonsafe", "glossary", "data"),
    ("yamlsource", "cards"),
    ("ranking",),
    ("rulesets", "validation"),
    ("tables", "rulesheet"),
    ("thirteen",),
    ("ofc", "bigtwo"),
    ("arrange",),
    ("scoring",),
    ("compare",),
    ("cli", "housegame", "__main__"),
)
LAYER_OF = {name: i for i, names in enumerate(LAYERS) for name in names}


def _unit(module: str) -> str:
    """``housegame.thirteen.settle`` -> ``thirteen``; the package itself -> ``housegame``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "housegame"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("housegame"):
            found.add(_unit(node.module))
        elif isinstance(node, ast.Import):
            found |= {_unit(a.name) for a in node.names if a.name.startswith("housegame")}
    return found


def test_every_module_imports_only_earlier_layers() -> None:
    wrong = []
    for path in sorted((ROOT / "housegame").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        unit = _unit(module)
        assert unit in LAYER_OF, f"{module}: add its package to LAYERS and docs/architecture.md"
        for target in _imports(path) - {unit}:
            if LAYER_OF[target] > LAYER_OF[unit]:
                wrong.append(f"{module} imports housegame.{target}")
    assert not wrong, "\n".join(wrong)


def test_the_page_shows_the_same_layers() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = page.split("```text\n", 1)[1].split("```", 1)[0]
    rows = [line.split("  ")[0].strip() for line in diagram.splitlines()]
    shown = [row for row in rows if row and row != "|"]
    expected = [", ".join(names) for names in LAYERS]
    expected[-1] = "cli, housegame (the package's API)"
    assert shown == expected
