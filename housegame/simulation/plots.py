"""matplotlib for the reports, loaded only when plots are asked for (Agg backend, no display),
with a font that draws Chinese wherever one is installed.

Labels may be Chinese (打枪, a special hand named 三同花) in either language, so the font is
picked by what it can draw, not by a name list that fits one distribution: the known CJK
families first, then any installed family whose font holds every glyph of ``CJK_SAMPLE``.
"""

from __future__ import annotations

import functools
import warnings
from typing import Any

from housegame.errors import HousegameError

CJK_SAMPLE = "中文十三张打枪全垒打倒水赢输平"
"""Glyphs a font must hold to draw the reports' Chinese."""

PREFERRED = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Microsoft YaHei",
    "PingFang SC",
    "Hiragino Sans GB",
    "SimHei",
    "Noto Sans CJK JP",
    "Noto Sans CJK TC",
)
"""Families tried first, in this order (Debian's fonts-wqy-microhei is WenQuanYi Micro Hei,
fonts-noto-cjk is Noto Sans CJK)."""

NO_CJK_FONT = (
    "no font that draws Chinese is installed: Chinese in the plots shows as empty boxes "
    "(install one, e.g. Debian's fonts-wqy-microhei or fonts-noto-cjk)"
)


def _holds_sample(path: str) -> bool:
    from matplotlib.ft2font import FT2Font

    try:
        charmap = FT2Font(path).get_charmap()
    except (OSError, RuntimeError, ValueError):
        return False
    return all(ord(ch) in charmap for ch in CJK_SAMPLE)


@functools.cache
def cjk_family() -> str | None:
    """The family matplotlib should draw Chinese with, or None when no installed font can."""
    from matplotlib import font_manager

    fonts = font_manager.fontManager.ttflist
    rank = {name: i for i, name in enumerate(PREFERRED)}
    ordered = sorted(fonts, key=lambda f: (rank.get(f.name, len(rank)), f.name, f.fname))
    checked: dict[str, bool] = {}
    for font in ordered:
        if font.fname not in checked:
            checked[font.fname] = _holds_sample(font.fname)
        if checked[font.fname]:
            return str(font.name)
    return None


def font_notice() -> str | None:
    """What to tell the user about Chinese in the plots: None when it draws."""
    return None if cjk_family() is not None else NO_CJK_FONT


def pyplot() -> Any:
    """``matplotlib.pyplot`` with the Agg backend and a font list that draws Chinese."""
    try:
        import matplotlib
    except ImportError:
        raise HousegameError(
            "plots need matplotlib", hint="pip install 'housegame[report]', or leave out --out"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    family = cjk_family()
    plt.rcParams["font.family"] = ["DejaVu Sans", *([family] if family else [])]
    if family is None:  # said once by font_notice(), not once per missing glyph
        warnings.filterwarnings(
            "ignore", message="Glyph .* missing from font", category=UserWarning
        )
    return plt


__all__ = ["CJK_SAMPLE", "NO_CJK_FONT", "PREFERRED", "cjk_family", "font_notice", "pyplot"]
