"""Render a rules sheet as plain text, Markdown or a self-contained HTML page."""

from __future__ import annotations

import html

from rich.cells import cell_len

from housegame.rulesheet.model import Grid, Sheet


def _pad(text: str, width: int) -> str:
    """Left-align in terminal cells (CJK characters are two cells wide)."""
    return text + " " * (width - cell_len(text))


def _grid_text(grid: Grid) -> list[str]:
    table = [grid.header, *grid.rows]
    widths = [max(cell_len(row[i]) for row in table) for i in range(len(grid.header))]
    return ["  " + "  ".join(_pad(c, w) for c, w in zip(row, widths)).rstrip() for row in table]


def render_text(sheet: Sheet) -> str:
    lines = [sheet.title, "=" * cell_len(sheet.title), *sheet.intro]
    for section in sheet.sections:
        lines += ["", section.title, "-" * cell_len(section.title)]
        for block in section.blocks:
            lines += _grid_text(block) if isinstance(block, Grid) else [f"- {block}"]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def render_markdown(sheet: Sheet) -> str:
    lines = [f"# {_md(sheet.title)}", "", *(f"{_md(line)}  " for line in sheet.intro)]
    for section in sheet.sections:
        lines += ["", f"## {_md(section.title)}", ""]
        previous_grid = False
        for block in section.blocks:
            if isinstance(block, Grid):
                lines += ["", "| " + " | ".join(_md(c) for c in block.header) + " |"]
                lines.append("|" + "---|" * len(block.header))
                lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in block.rows]
                lines.append("")
                previous_grid = True
            else:
                lines.append(f"- {_md(block)}")
                previous_grid = False
        if previous_grid:
            lines.pop()
    text = "\n".join(lines) + "\n"
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text


_STYLE = (
    "body{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.4}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "td,th{border:1px solid #999;padding:.2em .6em;text-align:left}"
)


def render_html(sheet: Sheet) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8">',
        f"<title>{e(sheet.title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(sheet.title)}</h1>",
        *(f"<p>{e(line)}</p>" for line in sheet.intro),
    ]
    for section in sheet.sections:
        out.append(f"<h2>{e(section.title)}</h2>")
        items: list[str] = []
        for block in section.blocks:
            if not isinstance(block, Grid):
                items.append(f"<li>{e(block)}</li>")
                continue
            if items:
                out += ["<ul>", *items, "</ul>"]
                items = []
            out.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in block.header) + "</tr>")
            out += [
                "<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in block.rows
            ]
            out.append("</table>")
        if items:
            out += ["<ul>", *items, "</ul>"]
    out.append("</body></html>")
    return "\n".join(out) + "\n"
