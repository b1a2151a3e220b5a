"""A tiny font that draws the reports' Chinese, built with fontTools (which matplotlib needs, so
it is installed wherever plots are): the font-present path is tested on any machine, with or
without a CJK font of its own."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from housegame.simulation.plots import CJK_SAMPLE

FAMILY = "Housegame Test Hei"


def _bar(width: int) -> object:
    """A filled box ``width`` units wide: each character gets a glyph of a width of its own."""
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0))
    pen.lineTo((100, 800))
    pen.lineTo((100 + width, 800))
    pen.lineTo((100 + width, 0))
    pen.closePath()
    return pen.glyph()


def build_cjk_font(path: Path) -> Path:
    """Write a TrueType font of family ``FAMILY`` that draws every character of the sample."""
    chars = sorted(set(CJK_SAMPLE))
    names = {ch: f"uni{ord(ch):04X}" for ch in chars}
    order = [".notdef", *names.values()]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({ord(ch): name for ch, name in names.items()})
    builder.setupGlyf({name: _bar(100 + 40 * i) for i, name in enumerate(order)})
    builder.setupHorizontalMetrics({name: (1000, 100) for name in order})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": FAMILY, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(path))
    return path
