"""Chinese in the plots: a CJK font found by what it draws, a notice when none is installed,
and a distinct Chinese name for every payout term."""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation import plots, simulate
from housegame.simulation.report import term_text, what_differs
from housegame.simulation.thirteen import simulated_rulesets
from tests.simulation.cjk_font import FAMILY, build_cjk_font

runner = CliRunner()


LAST_RESORT = "LastResortHE-Regular.ttf"


@pytest.fixture
def fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """matplotlib's font list cut to the Latin fonts and its own Last Resort (a character map
    of all of Unicode, one box per block), and the system's font files, which the test fills:
    a machine with no CJK font, whatever this one has."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    kept = [f for f in manager.ttflist if f.name.startswith("DejaVu") or LAST_RESORT in f.fname]
    assert any(LAST_RESORT in f.fname for f in kept), "matplotlib ships Last Resort"
    system: list[str] = []
    monkeypatch.setattr(manager, "ttflist", kept)
    monkeypatch.setattr(font_manager, "findSystemFonts", lambda *args, **kwargs: system)
    plots.cjk_family.cache_clear()
    yield system
    plots.cjk_family.cache_clear()
    manager._findfont_cached.cache_clear()  # type: ignore[attr-defined]  # the cut list's lookups


def draw_chinese(title: str = "三同花 打枪 全垒打 头道 赢-输-平") -> None:
    """Draw ``title``; a glyph missing from every font in the list warns."""
    plt = plots.pyplot()
    fig, ax = plt.subplots()
    ax.set_title(title)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            fig.savefig(io.BytesIO(), format="png")
    finally:
        plt.close(fig)


def test_last_resort_boxes_are_not_chinese(fonts: list[str]) -> None:
    """Last Resort's character map covers the sample, but with one box for the whole block."""
    from matplotlib import font_manager

    last_resort = next(f.fname for f in font_manager.fontManager.ttflist if LAST_RESORT in f.fname)
    assert not plots.draws_sample(last_resort)
    assert plots.cjk_family() is None


def test_a_font_installed_after_matplotlib_s_cache_is_found_by_its_glyphs(
    fonts: list[str], tmp_path: Path
) -> None:
    fonts.append(str(build_cjk_font(tmp_path / "test-hei.ttf")))
    assert plots.draws_sample(fonts[0])
    assert plots.cjk_family() == FAMILY
    assert plots.font_notice() is None
    draw_chinese(plots.CJK_SAMPLE)


def test_no_cjk_font_is_said_once_and_the_plots_still_render(
    fonts: list[str], tmp_path: Path
) -> None:
    assert plots.cjk_family() is None
    assert plots.font_notice() == plots.NO_CJK_FONT
    assert f"apt-get install {plots.FONT_PACKAGE}" in plots.NO_CJK_FONT
    args = ["simulate", "-r", "pagat", "--deals", "5", "--out", str(tmp_path)]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert out.stderr.count("note: no font that draws Chinese is installed") == 1
    assert sorted(p.name for p in tmp_path.glob("*.png"))


@pytest.mark.font
def test_chinese_draws_with_the_machine_s_cjk_font() -> None:
    """The machine's own CJK font (CI installs Debian's fonts-wqy-microhei), found by its glyphs
    whatever its name, even when matplotlib cached its font list before it was installed."""
    from matplotlib import font_manager

    installed = [
        path
        for path in font_manager.findSystemFonts()
        if LAST_RESORT not in path and plots.draws_sample(path)
    ]
    assert installed, f"no CJK font here: the full suite needs apt-get install {plots.FONT_PACKAGE}"
    plots.cjk_family.cache_clear()
    try:
        assert plots.cjk_family() is not None and plots.font_notice() is None
        draw_chinese()
    finally:
        plots.cjk_family.cache_clear()


OUTCOMES = [f"{w}-{lost}-{3 - w - lost} (won-lost-tied)" for w in range(4) for lost in range(4 - w)]


def test_every_term_has_its_own_chinese_name() -> None:
    names = [term_text("outcome", label, "zh") for label in OUTCOMES]
    assert len(set(names)) == len(OUTCOMES) == 10
    assert names[-1] == "结果 3-0-0 (赢-输-平)"
    report = simulate(simulated_rulesets(None), deals=40, seed=2, players=4)
    for stats in report.rulesets:
        chinese = [term_text(t["kind"], t["label"], "zh") for t in stats.terms]
        assert len(set(chinese)) == len(stats.terms), stats.ruleset
    taiwan = next(s for s in report.rulesets if s.ruleset == "taiwan")
    outcomes = [t for t in taiwan.terms if t["kind"] == "outcome"]
    named = {term_text(t["kind"], t["label"], "zh") for t in outcomes}
    assert len(named) == len(outcomes) >= 4 and all(n.startswith("结果 ") for n in named)


@pytest.mark.parametrize(
    ("label", "chinese"),
    [
        ("front to *", "头道 胜"),
        ("back tied", "尾道 平"),
        ("scoop by * x2", "打枪 x2"),
        ("home run by *", "全垒打"),
        ("best middle", "彩池: 中道最大"),
        ("sweep from *", "彩池: 三道全胜 (收取)"),
        ("specials meet", "特殊牌型: 双方都报到"),
    ],
)
def test_term_names_in_chinese(label: str, chinese: str) -> None:
    kind: Any = label.split()[0]
    assert term_text(kind, label, "zh") == chinese


def test_what_differs_reads_the_diff() -> None:
    rules = {r.id: r for r in bundled_of(ThirteenCardRuleset)}
    report = simulate([rules["pagat"], rules["pagat-sweep-3"], rules["taiwan"]], deals=5, seed=1)
    lines = what_differs(report)
    assert lines["pagat"] == "the rulesets below are compared with this one"
    assert lines["pagat-sweep-3"] == "1 rules differ from pagat: scoop: no extra payment → +3"
    assert lines["taiwan"].endswith("; …")
    assert (
        what_differs(report, "zh")["pagat-sweep-3"] == "与 pagat 有 1 处不同: 打枪: 无额外赔付 → +3"
    )
