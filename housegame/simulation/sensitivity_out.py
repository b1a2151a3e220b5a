"""A sensitivity report as a table of text, a tidy CSV and one chart: the same numbers the
JSON holds (``SensitivityReport.as_dict``)."""

from __future__ import annotations

import io
from pathlib import Path

from housegame.csvsafe import SafeWriter
from housegame.glossary import Lang, Phrase, say
from housegame.simulation.plots import pyplot
from housegame.simulation.sensitivity import NO_EFFECT, Change, SensitivityReport

SHOWN = (
    "seat 1",
    "sd",
    "moved",
    "skill",
    "scoops",
    "home runs",
    "specials",
    "fouls",
    "fantasyland",
    "royalties",
)
"""The statistics the table shows (every seat's edge is in the JSON and the CSV)."""
RATES = frozenset({"scoops", "home runs", "specials", "fouls", "fantasyland"})
"""Statistics that are shares: shown in percentage points."""
NOT_DETECTED = "·"

WORDS: dict[str, Phrase] = {
    "rank": ("#", "#"),
    "setting": ("setting changed", "改动的设置"),
    "size": ("size", "大小"),
    "legend": (
        "each change with ± its 95% interval (common random numbers: the same {n} {what} "
        "for every variant, seed {seed}); {dot} no detectable effect (the change is smaller "
        "than its interval); shares in percentage points; size: the largest detectable "
        "change in standard deviations of one deal's value",
        "每项变化 ± 其 95% 置信区间 (同一批 {n} {what}, 种子 {seed}); {dot} 无可检测的影响 "
        "(变化小于其区间); 比例以百分点表示; 大小: 可检测的最大变化, 以单局标准差计",
    ),
    "chart": (
        "change in {metric} per setting, with its 95% interval",
        "每项设置对{metric}的影响 (95% 置信区间)",
    ),
}


def _cell(key: str, change: Change) -> str:
    if not change.detectable:
        return NOT_DETECTED
    scale, suffix = (100.0, "pp") if key in RATES else (1.0, "")
    half = (change.ci95[1] - change.ci95[0]) / 2
    return f"{scale * change.change:+.3g}{suffix} ±{scale * half:.2g}"


def effect_rows(report: SensitivityReport, lang: Lang = "en") -> tuple[list[str], list[list[str]]]:
    """The terminal table: a row per variant, largest effect first."""
    shown = [m for m in report.metrics if m.key in SHOWN]
    headers = [
        say(lang, WORDS["rank"]),
        say(lang, WORDS["setting"]),
        say(lang, WORDS["size"]),
        *(say(lang, m.label) for m in shown),
    ]
    rows = []
    for rank, effect in enumerate(report.effects, 1):
        size = f"{effect.size:.2f}" if effect.detectable else say(lang, NO_EFFECT)
        cells = [_cell(m.key, effect.changes[m.key]) for m in shown]
        rows.append([str(rank), _short(effect.words), size, *cells])
    return headers, rows


PLAYED: dict[str, Phrase] = {
    "thirteen-card": ("deals", "局牌"),
    "ofc": ("hands", "手牌"),
    "big-two": ("games", "局"),
}


def legend(report: SensitivityReport, lang: Lang = "en") -> str:
    what = say(lang, PLAYED.get(report.game, PLAYED["thirteen-card"]))
    return say(lang, WORDS["legend"], n=report.deals, what=what, seed=report.seed, dot=NOT_DETECTED)


CSV_COLUMNS = (
    "ruleset",
    "setting",
    "change",
    "words",
    "metric",
    "base",
    "value",
    "difference",
    "ci95_low",
    "ci95_high",
    "detectable",
    "size",
)


def sensitivity_csv(report: SensitivityReport) -> str:
    """One row per variant and statistic."""
    out = io.StringIO()
    writer = SafeWriter(out)
    writer.writerow(CSV_COLUMNS)
    for e in report.effects:
        for key, c in e.changes.items():
            row = [report.ruleset, e.setting, e.change, e.words, key, c.base, c.value, c.change]
            writer.writerow([*row, *c.ci95, c.detectable, c.size])
    return out.getvalue()


def write_sensitivity_csv(report: SensitivityReport, path: Path) -> None:
    """The CSV (``sensitivity_csv``) as a file."""
    with path.open("w", newline="", encoding="utf-8") as out:
        out.write(sensitivity_csv(report))


TOP = 20
"""Variants the chart draws: the largest effects."""


def primary_metric(report: SensitivityReport) -> str:
    """The statistic the chart draws: the banker's edge in banker games, else units moved."""
    return "seat 1" if report.banker else "moved"


def sensitivity_chart(report: SensitivityReport, lang: Lang = "en") -> bytes:
    """A PNG of the largest effects' change in the primary statistic, each with its 95%
    interval (grey: no detectable effect), drawn in memory."""
    plt = pyplot()
    key = primary_metric(report)
    metric = next(m for m in report.metrics if m.key == key)
    effects = report.effects[:TOP]
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.32 * max(1, len(effects))))
    for row, effect in enumerate(effects):
        c = effect.changes[key]
        colour = "C0" if c.detectable else "0.6"
        ax.barh([row], [c.change], color=colour)
        ax.errorbar(
            [c.change],
            [row],
            xerr=[[c.change - c.ci95[0]], [c.ci95[1] - c.change]],
            fmt="none",
            ecolor="0.2",
            capsize=2,
        )
    ax.set_yticks(range(len(effects)), [_short(e.words) for e in effects], fontsize=7)
    ax.invert_yaxis()
    ax.axvline(0, color="0.3", linewidth=0.8)
    ax.set_title(
        f"{report.ruleset}: " + say(lang, WORDS["chart"], metric=say(lang, metric.label)),
        fontsize=10,
    )
    fig.tight_layout()
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=90)
    plt.close(fig)
    return png.getvalue()


def write_sensitivity_chart(report: SensitivityReport, folder: Path, lang: Lang = "en") -> Path:
    """The chart (``sensitivity_chart``) as ``sensitivity.png`` in ``folder``."""
    path = folder / "sensitivity.png"
    path.write_bytes(sensitivity_chart(report, lang))
    return path


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


__all__ = [
    "CSV_COLUMNS",
    "effect_rows",
    "legend",
    "primary_metric",
    "sensitivity_chart",
    "sensitivity_csv",
    "write_sensitivity_chart",
    "write_sensitivity_csv",
]
