"""Writing a simulation report: a tidy CSV, PNG plots and one self-contained HTML page.

The plots need matplotlib (``pip install 'housegame[report]'``); it is imported only here and
only when plots are asked for, with the Agg backend (no display needed).
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from housegame.csvsafe import SafeWriter
from housegame.glossary import TERMS, Lang, Phrase, say, term
from housegame.rulesheet.diffwords import worded_diff
from housegame.simulation.plots import font_notice, pyplot
from housegame.simulation.summary import RulesetStats
from housegame.simulation.thirteen import SimulationReport, deck_groups

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
    writer = SafeWriter(out)
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


def require_plots() -> str | None:
    """Fail early (before a long run) when the plots cannot be drawn; what to say about
    Chinese in them (None: it draws)."""
    pyplot()
    return font_notice()


def write_report(report: SimulationReport, folder: Path, lang: Lang = "en") -> list[Path]:
    """PNG plots and ``report.html`` (the plots inlined) in ``folder``, created if needed."""
    folder.mkdir(parents=True, exist_ok=True)
    written = write_plots(report, folder, lang)
    page = folder / "report.html"
    write_html(report, page, lang)
    return [*written, page]


PLOTS = ("terms", "distribution", "banker-edge")
"""The report's charts, each one putting every ruleset side by side."""
TOP_TERMS = 12
"""Payout terms drawn one by one (by the most units any ruleset moves with them); the rest
are summed as one bar."""

PLOT_WORDS: dict[str, Phrase] = {
    "terms": ("units each payout term moves per deal", "每个赔付项目每局流动的注数"),
    "terms-x": ("{unit}s per deal, whichever way", "每局{unit}数 (不论输赢方向)"),
    "other": ("other terms", "其他项目"),
    "distribution": ("one seat's result in a deal", "一个座位每局的输赢"),
    "distribution-x": ("{unit}s won (negative: lost)", "赢的{unit}数 (负数: 输)"),
    "distribution-y": ("share of results", "占比"),
    "edge": ("banker's edge per deal, with its 95% interval", "庄家每局优势, 含 95% 置信区间"),
    "edge-x": ("{unit}s per deal (seat 1: the banker where there is one)", "每局{unit}数 (一号座)"),
    "no-banker": ("no banker", "无庄家"),
    "deals": ("{n} deals", "{n} 局"),
}


def _unit(report: SimulationReport, lang: Lang) -> str:
    units = {s.unit for s in report.rulesets}
    return units.pop() if len(units) == 1 else term("unit", lang)


def _term_table(report: SimulationReport, lang: Lang) -> tuple[list[str], list[list[float]]]:
    """Rows: the payout terms (by name, every ruleset's together), the biggest first, the rest
    summed as one; columns: the rulesets' units per deal."""
    names: dict[str, list[float]] = {}
    for col, stats in enumerate(report.rulesets):
        for t in stats.terms:
            row = names.setdefault(term_text(t["kind"], t["label"], lang), [0.0] * len(report))
            row[col] += t["units_per_deal"]
    ranked = sorted(names, key=lambda name: -max(names[name]))
    shown = ranked[:TOP_TERMS]
    rows = [names[name] for name in shown]
    if len(ranked) > TOP_TERMS:
        rest = [sum(names[n][i] for n in ranked[TOP_TERMS:]) for i in range(len(report))]
        shown.append(say(lang, PLOT_WORDS["other"]))
        rows.append(rest)
    return shown, rows


def _png(fig: Any, plt: Any) -> bytes:
    fig.tight_layout()
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=90)
    plt.close(fig)
    return png.getvalue()


def _terms_plot(plt: Any, report: SimulationReport, lang: Lang) -> bytes:
    names, rows = _term_table(report, lang)
    n = len(report)
    height = 0.8 / n
    fig, ax = plt.subplots(figsize=(7.5, 1.4 + len(names) * max(0.3, 0.16 * n)))
    for col, stats in enumerate(report.rulesets):
        ys = [i - 0.4 + height * (col + 0.5) for i in range(len(names))]
        ax.barh(ys, [row[col] for row in rows], height=height, label=stats.ruleset)
    ax.set_yticks(range(len(names)), names, fontsize=8)
    ax.invert_yaxis()
    ax.set_title(say(lang, PLOT_WORDS["terms"]))
    ax.set_xlabel(say(lang, PLOT_WORDS["terms-x"], unit=_unit(report, lang)))
    ax.legend(fontsize=7, loc="lower right")
    return _png(fig, plt)


def _distribution_plot(plt: Any, report: SimulationReport, lang: Lang) -> bytes:
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    low = min(s.percentiles[1] for s in report.rulesets)
    high = max(s.percentiles[99] for s in report.rulesets)
    for stats in report.rulesets:
        total = sum(stats.distribution.values())
        values = sorted(stats.distribution)
        shares = [stats.distribution[v] / total for v in values]
        ax.step([float(v) for v in values], shares, where="mid", label=stats.ruleset)
    ax.set_xlim(low - 1, high + 1)
    deals = ", ".join(sorted({say(lang, PLOT_WORDS["deals"], n=s.deals) for s in report.rulesets}))
    ax.set_title(f"{say(lang, PLOT_WORDS['distribution'])} ({deals})")
    ax.set_xlabel(say(lang, PLOT_WORDS["distribution-x"], unit=_unit(report, lang)))
    ax.set_ylabel(say(lang, PLOT_WORDS["distribution-y"]))
    ax.legend(fontsize=7)
    return _png(fig, plt)


def _edge_plot(plt: Any, report: SimulationReport, lang: Lang) -> bytes:
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.35 * len(report)))
    for row, stats in enumerate(report.rulesets):
        mean, (low, high) = stats.seat_means[0], stats.seat_ci95[0]
        colour = "C0" if stats.banker else "0.6"
        ax.errorbar(
            [mean], [row], xerr=[[mean - low], [high - mean]], fmt="o", color=colour, capsize=3
        )
    labels = [
        s.ruleset + ("" if s.banker else f" ({say(lang, PLOT_WORDS['no-banker'])})")
        for s in report.rulesets
    ]
    ax.set_yticks(range(len(report)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0, color="0.3", linewidth=0.8)
    ax.set_title(say(lang, PLOT_WORDS["edge"]))
    ax.set_xlabel(say(lang, PLOT_WORDS["edge-x"], unit=_unit(report, lang)))
    return _png(fig, plt)


def plot_images(report: SimulationReport, lang: Lang = "en") -> dict[str, bytes]:
    """Three charts, every ruleset side by side, as PNGs by name (``PLOTS``), drawn in memory:
    what each payout term moves per deal (grouped bars), a seat's result distribution, and
    the banker's edge with its interval."""
    plt = pyplot()
    return {
        "terms": _terms_plot(plt, report, lang),
        "distribution": _distribution_plot(plt, report, lang),
        "banker-edge": _edge_plot(plt, report, lang),
    }


def write_plots(report: SimulationReport, folder: Path, lang: Lang = "en") -> list[Path]:
    """The charts (``plot_images``) as PNG files in ``folder``."""
    written = []
    for name, png in plot_images(report, lang).items():
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


LABEL_WORDS: tuple[tuple[str, str], ...] = (
    (r"(front|middle|back) to \*$", "{lane} {won}"),
    (r"(front|middle|back) tied$", "{lane} {tied}"),
    (r"(\d+-\d+-\d+) \(won-lost-tied\)$", "{outcome} {1} (赢-输-平)"),
    (r"scoop by \*( x\d+)?$", "{scoop}{1}"),
    (r"home run by \*( x\d+)?$", "{home-run}{1}"),
    (r"overall point to \*$", "{overall-point}"),
    (r"\* surrenders$", "{surrender}"),
    (r"specials meet$", "{special-hand}: 双方都报到"),
    (r"multipliers( x\d+)$", "马牌{1}"),
    (r"stake into the pool$", "{stake}"),
    (r"best (front|middle|back)$", "{pool}: {lane}最大"),
    (r"sweep by \*$", "{pool}: 三道全胜 (付出)"),
    (r"sweep from \*$", "{pool}: 三道全胜 (收取)"),
)
"""Payout-term labels (as the scorer itemizes them, seats as ``*``) in Chinese: ``{word}`` a
glossary term, ``{lane}`` the lane matched, ``{1}`` the matched text. Labels that name an
add-on or a special hand keep that name."""

KIND_WORDS = {"special": "special-hand"}


def _label_words(template: str, found: re.Match[str], lang: Lang) -> str:
    lane = next((g for g in found.groups() if g in ("front", "middle", "back")), None)

    def fill(blank: re.Match[str]) -> str:
        key = blank.group(1)
        if key.isdigit():
            return found.group(int(key)) or ""
        return term(lane, lang) if key == "lane" and lane else term(key, lang)

    return re.sub(r"\{([a-z-]+|\d)\}", fill, template)


def term_text(kind: str, label: str, lang: Lang) -> str:
    """A payout term's name: its kind and label, or in Chinese the glossary's words, one
    distinct name for every term (each outcome row, each pool share, each add-on)."""
    if lang == "en":
        return f"{kind}: {label}"
    for pattern, template in LABEL_WORDS:
        found = re.match(pattern, label)
        if found is not None:
            return _label_words(template, found, lang)
    key = KIND_WORDS.get(kind, kind)
    return f"{term(key, lang) if key in TERMS else kind}: {label}"


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


LEGEND: dict[str, Phrase] = {
    "ruleset": ("the ruleset; (banker): seat 1 banks", "规则; (庄家): 一号座坐庄"),
    "deals": ("deals played", "打了多少局"),
    "banker edge [95% CI]": (
        "banker games: the banker's mean result per deal, with its 95% confidence interval",
        "庄家游戏: 庄家每局的平均输赢, 含 95% 置信区间",
    ),
    "edge/action": (
        "banker games: that edge as a share of the units settled with the banker",
        "庄家游戏: 庄家优势占与庄家结算注数的比例",
    ),
    "seat means": (
        "every seat's mean result per deal (about zero where seats play alike)",
        "每个座位每局的平均输赢 (各座相同的游戏约为零)",
    ),
    "sd": ("standard deviation of one seat's result in a deal", "一个座位每局输赢的标准差"),
    "5%..95%": ("the 5th and 95th percentiles of that result", "该输赢的第 5 与第 95 百分位"),
    "moved/deal": (
        "units changing hands per deal (what the winners won)",
        "每局易手的注数 (赢家赢的)",
    ),
    "scoops": ("share of settled pairs one side scooped", "被打枪的两人对局占比"),
    "fouls": ("share of hands fouled", "倒水的手牌占比"),
    "specials": ("share of hands declared as a special hand", "报到特殊牌型的手牌占比"),
    "biggest swing": (
        "the largest single result, with its deal and seat (same deal, same cards everywhere)",
        "单局最大输赢, 及其局号与座位 (同一局号各规则牌相同)",
    ),
}
"""What each column of the summary table means, for the legend under it."""

STYLE = (
    "body{font-family:sans-serif;margin:1em auto;max-width:70em;padding:0 .5em}"
    ".scroll{overflow-x:auto}"
    "table{border-collapse:collapse;margin:.5em 0 1em}"
    "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right;white-space:nowrap}"
    "td:first-child,th:first-child{text-align:left}"
    "img{max-width:100%;height:auto}"
    "dl.legend{font-size:.9em;display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em}"
    "dl.legend dt{font-weight:bold}dl.legend dd{margin:0}"
    "@media (max-width:600px){dl.legend{grid-template-columns:1fr}dl.legend dd{margin-bottom:.3em}}"
    "p.differs{margin:.2em 0}"
)


def _scroll(table: str) -> str:
    """A wide table scrolls inside its box; the page stays as wide as the screen."""
    return f'<div class="scroll">{table}</div>'


def _legend(lang: Lang) -> str:
    items = "".join(
        f"<dt>{html.escape(shown)}</dt><dd>{html.escape(say(lang, LEGEND[key]))}</dd>"
        for key, shown in zip(SUMMARY_HEADERS, headers_in(SUMMARY_HEADERS, lang))
    )
    return f'<dl class="legend">{items}</dl>'


DIFFERS: dict[str, Phrase] = {
    "base": ("the rulesets below are compared with this one", "以下规则都与此规则比较"),
    "same": ("scores as {base} does", "与 {base} 计分相同"),
    "count": ("{n} rules differ from {base}: {first}", "与 {base} 有 {n} 处不同: {first}"),
}


def what_differs(report: SimulationReport, lang: Lang = "en", shown: int = 3) -> dict[str, str]:
    """Per ruleset, a short line on how it differs from the first ruleset of the report (the
    diff in the rules' words: its first few changes)."""
    models = report.models
    if len(models) < 2:
        return {}
    base = models[0]
    out = {base.id: say(lang, DIFFERS["base"])}
    for model in models[1:]:
        changes = [c.text for topic in worded_diff(base, model, lang) for c in topic.changes]
        if not changes:
            out[model.id] = say(lang, DIFFERS["same"], base=base.id)
            continue
        first = "; ".join(changes[:shown]) + ("; …" if len(changes) > shown else "")
        out[model.id] = say(lang, DIFFERS["count"], n=len(changes), base=base.id, first=first)
    return out


OWN_DECKS: Phrase = (
    "rulesets of one deck play the same deals; these deal from a deck of their own, so their "
    "deals are their own: {shown}.",
    "同一副牌的规则打同样的牌局; 以下规则用各自的牌, 牌局也各自不同: {shown}。",
)
CARDS_IN: Phrase = ("{id} ({n} cards)", "{id} ({n} 张)")


def decks_note(report: SimulationReport, lang: Lang = "en") -> str | None:
    """Which rulesets dealt from a deck other than the most rulesets' (each deck's rulesets
    play the same deals, ``deck_groups``), or None where every ruleset shares one deck."""
    groups = deck_groups(report.models)
    if len(groups) < 2:
        return None
    largest = max(groups, key=len)
    shown = ", ".join(
        say(lang, CARDS_IN, id=report.models[i].id, n=report.models[i].deck.size)
        for group in groups
        if group is not largest
        for i in group
    )
    return say(lang, OWN_DECKS, shown=shown)


def _intro(report: SimulationReport, lang: Lang) -> str:
    cut = report.interrupted
    if lang == "zh":
        tail = " (已中断: 各规则的局数见表)" if cut else ""
        return (
            f"{report.deals} 局, 每局 {report.players} 手, 种子 {report.seed}, "
            f"按 {html.escape(report.objective)} 摆牌{tail}."
        )
    tail = " (interrupted: each ruleset says how many deals it played)" if cut else ""
    return (
        f"{report.deals} deals of {report.players} hands, seed {report.seed}, hands set by the "
        f"{html.escape(report.objective)} objective{tail}."
    )


def intro(report: SimulationReport, lang: Lang) -> str:
    """The report's first paragraph (HTML): what was run, and which rulesets had deals of
    their own."""
    note = decks_note(report, lang)
    return _intro(report, lang) + ("" if note is None else " " + html.escape(note))


def write_html(report: SimulationReport, path: Path, lang: Lang = "en") -> None:
    """One page: the summary table (rulesets as rows) with a legend for every column, what
    each ruleset changes, the three side-by-side charts, then each ruleset's tables."""
    differs = what_differs(report, lang)
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>housegame simulate: {report.deals} deals</title><style>{STYLE}</style></head>",
        "<body><h1>housegame simulate</h1>",
        f"<p>{intro(report, lang)}</p>",
        _scroll(_table(headers_in(SUMMARY_HEADERS, lang), summary_rows(report, lang))),
        _legend(lang),
    ]
    if differs:
        parts.append(f"<h2>{html.escape(say(lang, ('What differs', '规则差异')))}</h2>")
        parts += [
            f'<p class="differs"><b>{html.escape(rid)}</b>: {html.escape(line)}</p>'
            for rid, line in differs.items()
        ]
    for name in PLOTS:
        png = path.parent / f"{name}.png"
        if png.is_file():
            parts.append(f"<p>{_img(png, name)}</p>")
    for stats in report.rulesets:
        title = f"{html.escape(stats.ruleset)}: {html.escape(stats.name)}"
        parts.append(f"<details><summary><b>{title}</b></summary>")
        parts.append(_scroll(_table(*term_rows(stats, lang))))
        if stats.lanes:
            parts.append(_scroll(_table(*lane_rows(stats, lang))))
        if stats.specials:
            parts.append(_scroll(_table(*special_rows(stats, lang))))
        parts.append("</details>")
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
