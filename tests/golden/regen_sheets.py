"""Golden rules sheets: every bundled ruleset's `housegame show` in text and Markdown, English
and Chinese names; and docs/glossary.md from housegame/glossary.py.

Regenerate after an intended change with ``python -m tests.golden.regen_sheets``; review the diff.
"""

from __future__ import annotations

from pathlib import Path

from housegame.glossary import LANGS, Lang, glossary_markdown
from housegame.rulesets.loader import bundled_rulesets, load_ruleset
from housegame.rulesheet import SheetFormat, show

HERE = Path(__file__).parent
SHEETS = HERE / "sheets"
GLOSSARY_PAGE = HERE.parents[1] / "docs" / "glossary.md"
SHEET_FORMATS: dict[SheetFormat, str] = {"text": "txt", "markdown": "md"}


def sheet_cases() -> list[tuple[str, SheetFormat, Lang]]:
    return [(r, f, lang) for r in bundled_rulesets() for f in SHEET_FORMATS for lang in LANGS]


def sheet_path(ruleset: str, fmt: SheetFormat, lang: Lang) -> Path:
    return SHEETS / f"{ruleset}.{lang}.{SHEET_FORMATS[fmt]}"


def render(ruleset: str, fmt: SheetFormat, lang: Lang) -> str:
    return show(load_ruleset(ruleset), fmt, lang)


def main() -> None:
    SHEETS.mkdir(exist_ok=True)
    for old in SHEETS.iterdir():
        old.unlink()
    for case in sheet_cases():
        sheet_path(*case).write_text(render(*case), encoding="utf-8")
    GLOSSARY_PAGE.write_text(glossary_markdown(), encoding="utf-8")


if __name__ == "__main__":
    main()
