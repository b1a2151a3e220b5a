"""Writing a simulation report: a tidy CSV, PNG plots and one self-contained HTML page.

The plots need matplotlib (``pip install 'housegame[report]'``); it is imported only here and
only when plots are asked for, with the Agg backend (no display needed).
"""

from __future__ import annotations

import base64
import csv
import html
import io
import re
import warnings
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from housegame.errors import HousegameError
from housegame.glossary import TERMS, Lang, term
from housegame.simulation.stats import Exact, merged
from housegame.simulation.summary import RulesetStats
from housegame.simulation.thirteen import SimulationReport

CSV_COLUMNS = ("ruleset", "section", "name", "metric", "value")


def _rows(stats: RulesetStats) -> Iterator[tuple[str, str, str, Any]]:
    """(section, name, metric, value) for every number of one ruleset's summary."""
    data = stats.as_dict()
    for seat in data["seats"]:
        name = str(seat["seat"])
        yield "seat", name, "mean", seat["mean"]
        yield "seat", name, "ci95_low", seat["ci95"][0]
        yield "seat", name, "ci95_high", seat["ci95"][1]
        yield "seat", name, "stdev", seat["stdev"]
    for metric, value in data["result"].items():
        if metric == "percentiles":
            for q, v in value.items():
                yield "result", "", q, v
        else:
            yield "result", "", metric, value
    yield "result", "", "moved_per_deal", data["moved_per_deal"]
    yield "result", "", "foul_units_per_deal", data["foul_units_per_deal"]
    if data["banker_edge"] is not None:
        edge = data["banker_edge"]
        yield "banker", "seat 1", "edge_units", edge["units"]
        yield "banker", "seat 1", "ci95_low", edge["ci95"][0]
        yield "banker", "seat 1", "ci95_high", edge["ci95"][1]
        yield "banker", "seat 1", "action_per_deal", edge["action_per_deal"]
        yield "banker", "seat 1", "share_of_action", edge["share_of_action"]
    for metric, value in data["rates"].items():
        yield "rate", metric, "rate", value
    for lane in data["lanes"]:
        yield "lane", lane["lane"], "won_rate", lane["won_rate"]
        yield "lane", lane["lane"], "tied_rate", lane["tied_rate"]
        for units, rate in lane["values"].items():
            yield "lane", lane["lane"], f"value {units}", rate
    for paid in data["terms"]:
        name = f"{paid['kind']}: {paid['label']}"
        for metric in ("per_deal", "units_per_deal", "share_of_units", "seat1_per_deal"):
            yield "term", name, metric, paid[metric]
    for special in data["specials"]:
        for metric in ("declared_rate", "held_rate", "expected"):
            yield "special", special["id"], metric, special[metric]
    if data["biggest_swing"] is not None:
        for metric, value in data["biggest_swing"].items():
            yield "swing", "", metric, value
    for value, count in data["distribution"]:
        yield "distribution", str(value), "count", count


def csv_text(report: SimulationReport) -> str:
    """One row per number: ruleset, section, name, metric, value."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for stats in report.rulesets:
        for section, name, metric, value in _rows(stats):
            shown = _number(value)
            writer.writerow([stats.ruleset, section, name, metric, "" if shown is None else shown])
    return out.getvalue()


def write_csv(report: SimulationReport, path: Path) -> None:
    """The CSV (``csv_text``) as a file."""
    with path.open("w", newline="", encoding="utf-8") as out:
        out.write(csv_text(report))


def _number(value: Any) -> Any:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans CJK JP", "WenQuanYi Zen Hei", "Microsoft YaHei")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise HousegameError(
            "plots need matplotlib", hint="pip install 'housegame[report]', or leave out --out"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # labels may be Chinese (三花): use a CJK font where one is installed, and do not warn for
    # each missing glyph where none is (they show as boxes)
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    plt.rcParams["font.family"] = ["DejaVu Sans", *(f for f in CJK_FONTS if f in installed)]
    warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
    return plt


def require_plots() -> None:
    """Fail early (before a long run) when the plots cannot be drawn."""
    _pyplot()


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "ruleset"


def write_report(report: SimulationReport, folder: Path) -> list[Path]:
    """PNG plots and ``report.html`` (the plots inlined) in ``folder``, created if needed."""
    folder.mkdir(parents=True, exist_ok=True)
    written = write_plots(report, folder)
    page = folder / "report.html"
    write_html(report, page)
    return [*written, page]


def _distributions(stats: RulesetStats) -> list[tuple[str, dict[Exact, int], float]]:
    """What to plot: every seat together, or in banker games the banker beside the players."""
    if not stats.banker:
        return [("every seat", stats.distribution, 0.0)]
    players = merged(Counter(seat) for seat in stats.seat_distributions[1:])
    return [
        ("banker (seat 1)", stats.seat_distributions[0], -0.2),
        ("players", dict(sorted(players.items())), 0.2),
    ]


def plot_images(report: SimulationReport) -> dict[str, bytes]:
    """Per ruleset, a seat's result distribution and what each payout term contributes: PNGs
    by name, drawn in memory (the web table keeps them without a temporary folder)."""
    plt = _pyplot()
    images: dict[str, bytes] = {}

    def keep(fig: Any, name: str) -> None:
        fig.tight_layout()
        png = io.BytesIO()
        fig.savefig(png, format="png", dpi=90)
        plt.close(fig)
        images[name] = png.getvalue()

    for stats in report.rulesets:
        fig, ax = plt.subplots(figsize=(7, 3.2))
        for label, counts, offset in _distributions(stats):
            total = sum(counts.values())
            values = [float(v) + offset for v in counts]
            width = 0.4 if offset else 0.8
            ax.bar(values, [n / total for n in counts.values()], width=width, label=label)
        if stats.banker:
            ax.legend()
        ax.set_title(f"{stats.ruleset}: one seat's result in a deal ({stats.deals} deals)")
        ax.set_xlabel(f"{stats.unit}s won (negative: lost)")
        ax.set_ylabel("share of results")
        keep(fig, f"distribution-{_slug(stats.ruleset)}")
        terms = stats.terms
        fig, ax = plt.subplots(figsize=(7, 0.8 + 0.28 * max(1, len(terms))))
        labels = [f"{t['kind']}: {t['label']}" for t in terms]
        ax.barh(range(len(terms)), [t["units_per_deal"] for t in terms])
        ax.set_yticks(range(len(terms)), labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_title(f"{stats.ruleset}: units each payout term moves per deal")
        ax.set_xlabel(f"{stats.unit}s per deal, whichever way")
        keep(fig, f"terms-{_slug(stats.ruleset)}")
    return images


def write_plots(report: SimulationReport, folder: Path) -> list[Path]:
    """The plots (``plot_images``) as PNG files in ``folder``."""
    written = []
    for name, png in plot_images(report).items():
        path = folder / f"{name}.png"
        path.write_bytes(png)
        written.append(path)
    return written


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _img(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


STYLE = (
    "body{font-family:sans-serif;margin:2em;max-width:70em}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}"
    "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}"
    "td:first-child,th:first-child{text-align:left}"
)


HEADERS: dict[str, str] = {
    "ruleset": "规则",
    "deals": "局数",
    "banker edge [95% CI]": "庄家优势 [95% CI]",
    "edge/action": "优势/押注",
    "seat means": "各座平均",
    "sd": "标准差",
    "5%..95%": "5%..95%",
    "moved/deal": "每局流动",
    "scoops": "打枪",
    "fouls": "倒水",
    "specials": "特殊牌型",
    "biggest swing": "最大输赢",
    "term": "项目",
    "per deal": "每局次数",
    "units/deal": "每局注数",
    "share": "占比",
    "seat 1/deal": "一号座/局",
    "lane": "道",
    "won": "胜",
    "tied": "平",
    "values paid (units: share)": "分值 (注: 占比)",
    "special hand": "特殊牌型",
    "declared": "报到",
    "held": "持有",
    "held 95% CI": "持有 95% CI",
    "expected": "理论",
}
"""The report's column names in Chinese (``--lang zh``); the glossary's words where it has
them."""


def headers_in(headers: list[str], lang: Lang) -> list[str]:
    return headers if lang == "en" else [HEADERS.get(h, h) for h in headers]


def term_text(kind: str, label: str, lang: Lang) -> str:
    """A payout term's name: its kind and label, or in Chinese the glossary's words (a lane's
    result as the lane and won/tied; add-ons and specials by their own names)."""
    if lang == "en":
        return f"{kind}: {label}"
    lanes = re.match(r"(front|middle|back) (to \*|tied)$", label)
    if lanes:
        result = "won" if lanes.group(2).startswith("to") else "tied"
        return f"{term(lanes.group(1), lang)} {term(result, lang)}"
    times = re.search(r" x\d+$", label)
    named = kind in ("bonus", "special") and not label.startswith(("specials meet", "*"))
    words = {"overall-point": "overall-point", "home-run": "home-run", "scoop": "scoop"}
    kind_word = term(words.get(kind, kind), lang) if kind in TERMS else kind
    shown = f"{kind_word}: {label}" if named else kind_word
    return shown + (times.group(0) if times else "")


SUMMARY_HEADERS = [
    "ruleset",
    "deals",
    "banker edge [95% CI]",
    "edge/action",
    "seat means",
    "sd",
    "5%..95%",
    "moved/deal",
    "scoops",
    "fouls",
    "specials",
    "biggest swing",
]


def summary_rows(report: SimulationReport, lang: Lang = "en") -> list[list[str]]:
    """A line per ruleset: in banker games the banker's (seat 1's) edge with its interval and as
    a share of the units settled with the banker; every seat's mean (about zero in all-pairs
    games: the JSON has each one's interval); the spread of a result, the units that change
    hands, and how often scoops, fouls and special hands happen."""
    rows = []
    for s in report.rulesets:
        (low, high), edge = s.seat_ci95[0], s.banker_edge
        swing = s.swing
        rows.append(
            [
                s.ruleset + (f" ({term('banker', lang)})" if s.banker else ""),
                str(s.deals),
                "-" if edge is None else f"{s.seat_means[0]:+.3f} [{low:+.3f}, {high:+.3f}]",
                "-" if edge is None else f"{edge['share_of_action']:+.2%}",
                " ".join(f"{m:+.2f}" for m in s.seat_means),
                f"{s.stdev:.2f}",
                f"{s.quantiles[0]:+g}..{s.quantiles[2]:+g}",
                f"{s.moved_per_deal:.2f}",
                f"{s.scoop_rate:.1%}",
                f"{s.foul_rate:.2%}",
                f"{s.special_rate:.2%}",
                "-"
                if swing is None
                else f"{float(swing['units']):+g} ({SWING[lang].format(**swing)})",
            ]
        )
    return rows


SWING = {"en": "deal {deal}, seat {seat}", "zh": "第 {deal} 局, {seat} 号座"}


def term_rows(stats: RulesetStats, lang: Lang = "en") -> tuple[list[str], list[list[str]]]:
    """Each payout term: how often it is paid, the units it moves, its share, seat 1's side."""
    headers = headers_in(["term", "per deal", "units/deal", "share", "seat 1/deal"], lang)
    rows = [
        [
            term_text(t["kind"], t["label"], lang),
            f"{t['per_deal']:.4f}",
            f"{t['units_per_deal']:.4f}",
            f"{t['share_of_units']:.1%}",
            f"{t['seat1_per_deal']:+.4f}",
        ]
        for t in stats.terms
    ]
    return headers, rows


def write_html(report: SimulationReport, path: Path) -> None:
    """One page: the summary table, then per ruleset its plots, terms and special hands."""
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>housegame simulate: {report.deals} deals</title><style>{STYLE}</style></head>",
        "<body><h1>housegame simulate</h1>",
        f"<p>{report.deals} deals of {report.players} hands, seed {report.seed}, hands set by "
        f"the {html.escape(report.objective)} objective"
        + (
            " (interrupted: each ruleset says how many deals it played)"
            if report.interrupted
            else ""
        )
        + ".</p>",
        _table(SUMMARY_HEADERS, summary_rows(report)),
    ]
    for stats in report.rulesets:
        slug = _slug(stats.ruleset)
        parts.append(f"<h2>{html.escape(stats.ruleset)}: {html.escape(stats.name)}</h2>")
        for kind in ("distribution", "terms"):
            png = path.parent / f"{kind}-{slug}.png"
            if png.is_file():
                parts.append(_img(png, f"{kind} of {stats.ruleset}"))
        parts.append(_table(*term_rows(stats)))
        if stats.lanes:
            parts.append(_table(*lane_rows(stats)))
        if stats.specials:
            parts.append(_table(*special_rows(stats)))
    parts.append("</body></html>")
    path.write_text("".join(parts), encoding="utf-8")


def lane_rows(stats: RulesetStats, lang: Lang = "en") -> tuple[list[str], list[list[str]]]:
    """Each lane: how often a pair's lane is won or tied, and the share of each lane value."""
    headers = headers_in(["lane", "won", "tied", "values paid (units: share)"], lang)
    rows = [
        [
            term(lane["lane"], lang),
            f"{lane['won_rate']:.1%}",
            f"{lane['tied_rate']:.1%}",
            ", ".join(f"{units}: {rate:.1%}" for units, rate in lane["values"].items()),
        ]
        for lane in stats.lanes
    ]
    return headers, rows


def _percent(rate: float) -> str:
    """Three significant digits, so a one-in-a-billion chance does not read as zero."""
    return f"{100 * rate:.3g}%"


def special_rows(stats: RulesetStats, lang: Lang = "en") -> tuple[list[str], list[list[str]]]:
    """Special hands: declared, held (with its 95% interval) and the exact chance if known."""
    headers = headers_in(["special hand", "declared", "held", "held 95% CI", "expected"], lang)
    rows = [
        [
            f"{s['name']} ({s['id']})",
            _percent(s["declared_rate"]),
            _percent(s["held_rate"]),
            f"{_percent(s['held_ci95'][0])}..{_percent(s['held_ci95'][1])}",
            "-" if s["expected"] is None else _percent(s["expected"]),
        ]
        for s in stats.specials
    ]
    return headers, rows
