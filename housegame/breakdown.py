"""A settled pair's lines as people read them, in English or Chinese.

Items carry structured fields (``kind``, ``lane``, ``winner``); the English label is the
library's own, the Chinese one is built from the fields with the glossary's terms (the same
words as ``housegame show --lang zh``). Names a ruleset gives (add-ons, special hands) stay
as the ruleset writes them.
"""

from __future__ import annotations

from housegame.glossary import Lang, term
from housegame.glossary import hand_words as hand
from housegame.results import Item, LaneResult


def lane_line(lane: LaneResult, lang: Lang) -> str:
    """``front to You`` / ``头道 You 胜``, or the lane tied."""
    if lang == "en":
        return f"{lane.lane} to {lane.winner}" if lane.winner else f"{lane.lane} tied"
    return _lane_won(lane.lane, lane.winner, lang)


def _lane_won(lane: str, winner: str | None, lang: Lang) -> str:
    outcome = f"{winner} {term('won', lang)}" if winner else term("tied", lang)
    return f"{term(lane, lang)} {outcome}"


def hands_line(lane: LaneResult, lang: Lang) -> str:
    return f"{hand(lane.first, lang)} vs {hand(lane.second, lang)}"


def item_label(item: Item, lang: Lang) -> str:
    """The item's label; in Chinese, built from its kind, lane and winner."""
    if lang == "en":
        return item.label
    multiplier = item.label[item.label.rfind(" x") :] if " x" in item.label else ""
    winner = item.winner or ""
    if item.kind == "lane" and item.lane is not None:
        return f"{_lane_won(item.lane, item.winner, lang)}{multiplier}"
    if item.kind == "outcome":
        return item.label.replace("(won-lost-tied)", f"({term('won-lost-tied', lang)})")
    if item.kind in ("scoop", "home-run", "overall-point"):
        return f"{term(item.kind, lang)} {winner}{multiplier}"
    if item.kind == "royalty":
        return f"{term('royalties', lang)} {item.label.removeprefix('royalties ')}"
    if item.kind == "surrender":
        return f"{item.label.removesuffix(' surrenders')} {term('surrender', lang)}"
    if item.kind == "stake":
        return f"{term('stake', lang)} {term('pool', lang)}"
    if item.kind == "pool" and item.lane is not None:
        return f"{term('pool', lang)} {term(item.lane, lang)}"
    if item.kind == "pool":  # a pool sweep: "sweep by NAME" or "sweep from NAME"
        _, direction, name = item.label.split(" ", 2)
        arrow = "" if direction == "by" else "← "
        return f"{term('pool', lang)} {term('scoop', lang)} {arrow}{name}"
    if item.kind == "special" and item.label == "specials meet":
        return f"{term('special-hand', lang)} vs {term('special-hand', lang)}"
    if item.kind == "foul":
        return f"{term('foul', lang)}: {term('tied', lang)}"
    if item.kind == "false-declaration":
        return f"{item.label.removeprefix('false declaration by ')} {term(item.kind, lang)}"
    return item.label


def detail_text(item: Item, lang: Lang) -> str:
    """The item's detail; in Chinese, lane hands and royalty workings are left out (the lane
    lines and the board show them) and a declaration reads with the glossary's word."""
    if lang == "en":
        return item.detail
    if item.kind in ("lane", "royalty"):
        return ""
    declares = " declares"
    if item.kind == "special" and item.detail.endswith(declares):
        return f"{item.detail.removesuffix(declares)} {term('declare', lang)}"
    if item.kind == "settlement" and " held, table average " in item.detail:
        held, average = item.detail.split(" held, table average ")
        return f"持有 {held}, 全桌平均 {average}"
    return item.detail
