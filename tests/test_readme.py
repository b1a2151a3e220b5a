"""The README stays a front page: short, with the two quick-start commands as they were."""

from __future__ import annotations

from tests.docs_blocks import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_is_a_front_page() -> None:
    assert len(README.splitlines()) <= 250


def test_quick_start_is_two_commands() -> None:
    quick = README.split("## Quick start\n", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in quick.splitlines() if line.startswith("pip install")]
    assert commands == [
        "pip install . && housegame score examples/maceplay-table.yaml",
        "pip install '.[test]' && pytest",
    ]


def test_every_manual_page_is_linked_from_the_readme() -> None:
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in README, page.name
