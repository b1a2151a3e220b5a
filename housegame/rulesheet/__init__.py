"""Rules sheets: a ruleset as a table reads it before play, in text, Markdown or HTML, in
English or with Chinese names; and the merged ruleset as YAML or JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from housegame.glossary import Lang
from housegame.rulesets.common import RulesetBase
from housegame.rulesheet.build import build_sheet
from housegame.rulesheet.merged import merged_data, merged_json, merged_yaml
from housegame.rulesheet.model import Grid, Section, Sheet
from housegame.rulesheet.render import render_html, render_markdown, render_text
from housegame.rulesheet.words import hand_words, setting_words

SheetFormat = Literal["text", "markdown", "html", "yaml", "json"]
FORMATS: tuple[SheetFormat, ...] = ("text", "markdown", "html", "yaml", "json")

_RENDERERS: dict[str, Callable[[Sheet], str]] = {
    "text": render_text,
    "markdown": render_markdown,
    "html": render_html,
}


def show(ruleset: RulesetBase, fmt: SheetFormat = "text", lang: Lang = "en") -> str:
    """The ruleset in one format: a rules sheet (text, markdown, html) or merged data."""
    if fmt == "yaml":
        return merged_yaml(ruleset)
    if fmt == "json":
        return merged_json(ruleset)
    return _RENDERERS[fmt](build_sheet(ruleset, lang))


__all__ = [
    "FORMATS",
    "Grid",
    "Section",
    "Sheet",
    "SheetFormat",
    "build_sheet",
    "hand_words",
    "merged_data",
    "merged_json",
    "merged_yaml",
    "render_html",
    "render_markdown",
    "render_text",
    "setting_words",
    "show",
]
