"""matplotlib for the reports, loaded only when plots are asked for (Agg backend, no display),
with a font that draws Chinese wherever one is installed.

Labels may be Chinese (打枪, a special hand named 三同花) in either language, so the font is
picked by what it can draw, not by a name list that fits one distribution: the known CJK
families first, then any installed family whose font draws every glyph of ``CJK_SAMPLE``.
"Draws" means a glyph of its own for each character: matplotlib ships a "Last Resort" font
whose character map covers all of Unicode with one box per block, which must not count. A font
installed after matplotlib cached its font list is found too (matplotlib only reads the system
folders again when its cache is deleted).
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterable
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

FONT_PACKAGE = "fonts-wqy-microhei"
"""The Debian/Ubuntu package the notice names (the one CI installs)."""

NO_CJK_FONT = (
    "no font that draws Chinese is installed: Chinese in the plots shows as empty boxes "
    f"(install one, e.g. `apt-get install {FONT_PACKAGE}` or fonts-noto-cjk)"
)


def draws_sample(path: str) -> bool:
    """Whether the font file gives every character of ``CJK_SAMPLE`` a glyph of its own.

    A character map alone is not enough: Last Resort maps every code point of a block to the
    same box glyph."""
    from matplotlib.ft2font import FT2Font

    try:
        charmap = FT2Font(path).get_charmap()
    except (OSError, RuntimeError, ValueError):
        return False
    glyphs = [charmap.get(ord(ch), 0) for ch in CJK_SAMPLE]
    return 0 not in glyphs and len(set(glyphs)) == len(set(CJK_SAMPLE))


def _first_drawing(fonts: Iterable[Any]) -> Any | None:
    """The first font entry (``font_manager.FontEntry``) whose file draws the sample."""
    checked: dict[str, bool] = {}
    for font in fonts:
        if font.fname not in checked:
            checked[font.fname] = draws_sample(font.fname)
        if checked[font.fname]:
            return font
    return None


def _installed_since_the_cache() -> list[str]:
    """Font files in the system's font folders that matplotlib's cached list does not hold."""
    from matplotlib import font_manager

    known = {font.fname for font in font_manager.fontManager.ttflist}
    return sorted(set(font_manager.findSystemFonts()) - known)


@functools.cache
def cjk_family() -> str | None:
    """The family matplotlib should draw Chinese with, or None when no installed font can."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    rank = {name: i for i, name in enumerate(PREFERRED)}
    ordered = sorted(manager.ttflist, key=lambda f: (rank.get(f.name, len(rank)), f.name, f.fname))
    found = _first_drawing(ordered)
    if found is not None:
        return str(found.name)
    for path in _installed_since_the_cache():
        if draws_sample(path):
            first_face = len(manager.ttflist)
            manager.addfont(path)  # this process's list; matplotlib's cache is left alone
            return str(manager.ttflist[first_face].name)
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


__all__ = [
    "CJK_SAMPLE",
    "FONT_PACKAGE",
    "NO_CJK_FONT",
    "PREFERRED",
    "cjk_family",
    "draws_sample",
    "font_notice",
    "pyplot",
]
