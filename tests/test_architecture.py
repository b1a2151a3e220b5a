"""docs/architecture.md's diagram is the import-linter layers contract, in its order: the page
cannot describe layers the code does not keep (``lint-imports`` checks the code)."""

from __future__ import annotations

import re
import tomllib

from tests.docs_blocks import ROOT


def _contract_layers() -> list[set[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (contract,) = (c for c in contracts if c["type"] == "layers" and "containers" not in c)
    return [{name.strip() for name in layer.split("|")} for layer in contract["layers"]]


def _diagram_layers() -> list[set[str]]:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = page.split("```text\n", 1)[1].split("```", 1)[0]
    layers: list[set[str]] = []
    for line in diagram.splitlines():
        found = re.search(r"\bhousegame\.\w+", line)
        if found is None:
            continue
        if line[0] != " " or not layers:  # a labelled line starts a layer
            layers.append(set())
        layers[-1].add(found.group())
    return layers


def test_the_diagram_is_the_contract() -> None:
    contract = _contract_layers()
    shown = _diagram_layers()
    # the diagram may list modules the contract leaves free (they import nothing above them)
    free = set().union(*shown) - set().union(*contract)
    assert free <= {"housegame.jsonsafe"}
    assert [layer - free for layer in shown] == contract


ARRANGE_MODULE_LINES = 300
"""The arranger's modules stay small enough to read whole (issue 21)."""


def test_no_arrange_module_is_over_300_lines() -> None:
    long = {
        path.name: lines
        for path in sorted((ROOT / "housegame" / "arrange").glob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > ARRANGE_MODULE_LINES
    }
    assert long == {}, "split these modules by what they serve"


def test_the_arrange_stack_names_every_module() -> None:
    """Every module of arrange sits in the arrange layers contract, so none escapes it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (stack,) = (c for c in contracts if c.get("containers") == ["housegame.arrange"])
    named = {name.strip() for layer in stack["layers"] for name in layer.split("|")}
    modules = {p.stem for p in (ROOT / "housegame" / "arrange").glob("*.py")} - {"__init__"}
    assert modules - named == set()
