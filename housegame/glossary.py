"""The game's vocabulary in English and Chinese: one table that rules sheets and the glossary
page (docs/glossary.md) both read, so a term is translated once and the same everywhere."""

from __future__ import annotations

from typing import Literal, TypeVar

from housegame.errors import HousegameError

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")

TERMS: dict[str, tuple[str, str]] = {
    # key: (English, Chinese)
    # lanes
    "front": ("front", "头道"),
    "middle": ("middle", "中道"),
    "back": ("back", "尾道"),
    "lane": ("lane", "道"),
    # hand categories
    "high-card": ("high card", "乌龙"),
    "pair": ("pair", "对子"),
    "two-pair": ("two pair", "两对"),
    "trips": ("trips", "三条"),
    "front-trips": ("trips in front", "冲三"),
    "straight": ("straight", "顺子"),
    "flush": ("flush", "同花"),
    "full-house": ("full house", "葫芦"),
    "quads": ("quads", "铁支"),
    "straight-flush": ("straight flush", "同花顺"),
    "five-of-a-kind": ("five of a kind", "五同"),
    "royal-flush": ("royal flush", "皇家同花顺"),
    "wheel": ("wheel (A-2-3-4-5)", "A-2-3-4-5 顺子"),
    "low": ("low", "比小"),
    "by-suit": ("by suit", "比花色"),
    "natural": ("natural", "无鬼牌"),
    "deuce-to-seven": ("deuce-to-seven (2-7 lowball)", "2-7 规则"),
    # suits and colours
    "spades": ("spades", "黑桃"),
    "hearts": ("hearts", "红桃"),
    "clubs": ("clubs", "梅花"),
    "diamonds": ("diamonds", "方块"),
    "red": ("red", "红"),
    "black": ("black", "黑"),
    # the table
    "banker": ("banker", "庄家"),
    "player": ("player", "闲家"),
    "seats": ("seats", "人数"),
    "deck": ("deck", "牌组"),
    "unit": ("unit", "注"),
    "tie": ("tie", "平局"),
    "set-hand": ("set hand", "摆牌"),
    # 13-card scoring
    "scoop": ("scoop", "打枪"),
    "home-run": ("home run", "全垒打"),
    "foul": ("foul", "倒水"),
    "surrender": ("surrender", "投降"),
    "overall-point": ("overall point", "总分奖励"),
    "bonus": ("bonus", "加赌"),
    "special-hand": ("special hand", "特殊牌型"),
    "declare": ("declare", "报到"),
    "pool": ("pool", "彩池"),
    "outcome": ("outcome", "结果"),
    "lane-values": ("lane values", "每道分值"),
    # a score breakdown
    "someone": ("player", "玩家"),
    "won": ("won", "胜"),
    "tied": ("tied", "平"),
    "won-lost-tied": ("won-lost-tied", "胜-负-平"),
    "net": ("net", "净得"),
    "total": ("total", "合计"),
    "points": ("points", "分数"),
    "ruleset": ("ruleset", "规则"),
    "skipped": ("skipped", "未比"),
    "objective": ("objective", "目标"),
    "value": ("value", "期望"),
    "jokers": ("jokers", "鬼牌"),
    "best": ("best", "最佳"),
    "stake": ("stake", "押注"),
    "false-declaration": ("false declaration", "报错"),
    "settlements": ("settlements", "个人结算"),
    "instant-win": ("instant win", "直接获胜"),
    # the trainer
    "multiplier": ("card multipliers", "马牌"),
    "opponents": ("opponents", "对手"),
    "regret": ("regret", "损失"),
    "yours": ("yours", "你的"),
    "skill": ("skill", "技术分"),
    # OFC
    "ofc": ("Open Face Chinese Poker", "大菠萝"),
    "royalties": ("royalties", "奖励分"),
    "fantasyland": ("Fantasyland", "范特西"),
    "deal": ("deal", "发牌"),
    "discard": ("discard", "弃牌"),
    "street": ("street", "轮"),
    "running-totals": ("running totals", "累计得分"),
    # Big Two
    "big-two": ("Big Two", "大老二"),
    "lead-card": ("lead card", "首出牌"),
    "pass": ("pass", "过"),
    "bomb": ("bomb", "炸弹"),
    "single": ("single", "单张"),
    "triple": ("triple", "三张"),
    "five-card": ("five-card hand", "五张牌型"),
    "penalty": ("penalty", "罚分"),
    "cards-left": ("cards left", "剩余牌数"),
    "timeout": ("timeout", "超时"),
    # playing in the terminal (the typed commands stay English words)
    "seed": ("seed", "种子"),
    "hint": ("hint", "提示"),
    "auto": ("auto", "代打"),
    "undo": ("undo", "悔牌"),
    "quit": ("quit", "退出"),
    "help": ("help", "帮助"),
    # rules sheet headings
    "table": ("Table", "牌桌"),
    "ranking": ("Ranking", "牌型大小"),
    "payouts": ("Payouts", "赔付"),
    "outcomes": ("Outcomes", "结果表"),
    "fouls": ("Fouls", "倒水"),
    "bonuses": ("Bonuses", "加赌"),
    "specials": ("Special hands", "特殊牌型"),
    "sources": ("Sources", "出处"),
    "scoring": ("Scoring", "计分"),
    "play": ("Play", "出牌"),
    "penalties": ("Penalty", "罚分"),
    "royalties-heading": ("Royalties", "奖励分"),
    "deal-heading": ("Deal", "发牌"),
}
"""Term key -> (English, Chinese)."""

ALSO: dict[str, str] = {
    "front": "前墩, 头墩, フロント",
    "middle": "中墩, 二道, ミドル",
    "back": "后墩, 尾墩, バック",
    "quads": "铁枝, 四条, four of a kind",
    "trips": "三张, three of a kind",
    "front-trips": "沖三",
    "full-house": "富尔豪斯",
    "straight-flush": "同花順",
    "scoop": "打槍, sweep",
    "home-run": "全壘打, 红不让",
    "foul": "相公, 摆乌龙, 倒水",
    "special-hand": "特殊役, 固定组合",
    "declare": "立正",
    "bonus": "add-on, extra payment",
    "banker": "庄, the house, the bank",
    "tie": "和, 和局; a tie won by the banker: 夹棍",
    "big-two": "鋤大D, Choh Dai Di, ビッグツー",
    "fantasyland": "Fantasyland, 梦幻乐园",
}
"""Other names for a term met in the sources (regional, traditional characters, Japanese)."""


def term(key: str, lang: Lang) -> str:
    """A term in one language; an unknown key is a programming error, not a fallback."""
    english, chinese = TERMS[key]
    return chinese if lang == "zh" else english


def hand_words(text: str, lang: Lang) -> str:
    """A hand as ``ranking.describe`` writes it (``full-house 5 over K``), translated."""
    if lang == "en" or text == "special":
        return term("special-hand", lang) if text == "special" else text
    first, _, rest = text.partition(" ")
    words = [w for w in rest.split() if w not in ("to", "over")]
    shown = " ".join(words).replace("(foul)", f"({term('foul', lang)})")
    shown = shown.replace("(low)", f"({term('low', lang)})")
    shown = shown.replace("(by suit)", f"({term('by-suit', lang)})")
    shown = shown.replace("(natural)", f"({term('natural', lang)})")
    return f"{term(first, lang) if first in TERMS else first} {shown}".strip()


Phrase = tuple[str, str]
"""A sentence in English and in Chinese, with ``{named}`` blanks (terms come from TERMS)."""


def say(lang: Lang, phrase: Phrase, **blanks: object) -> str:
    """The phrase in ``lang`` with its blanks filled."""
    english, chinese = phrase
    return (chinese if lang == "zh" else english).format(**blanks)


E = TypeVar("E", bound=HousegameError)


def refusal(kind: type[E], message: Phrase, hint: Phrase | None = None, **blanks: object) -> E:
    """An error that can be read in both languages (``exc.text(lang)``): a player's mistake."""
    english_hint = say("en", hint, **blanks) if hint else None
    chinese_hint = say("zh", hint, **blanks) if hint else None
    chinese = (say("zh", message, **blanks), chinese_hint)
    return kind(say("en", message, **blanks), english_hint, chinese=chinese)


def glossary_markdown() -> str:
    """The glossary page, docs/glossary.md, generated from the table above."""
    lines = [
        "# Glossary",
        "",
        "The game's vocabulary in English and Chinese, as `housegame show --lang zh` prints it.",
        "This page is generated from `housegame/glossary.py`",
        "(`python -m tests.golden.regen_sheets` rewrites it; a test keeps them equal).",
        "",
        "| key | English | 中文 | also written |",
        "|---|---|---|---|",
    ]
    lines += [f"| `{key}` | {en} | {zh} | {ALSO.get(key, '')} |" for key, (en, zh) in TERMS.items()]
    return "\n".join(lines) + "\n"


__all__ = [
    "ALSO",
    "LANGS",
    "TERMS",
    "Lang",
    "Phrase",
    "glossary_markdown",
    "refusal",
    "say",
    "term",
]
