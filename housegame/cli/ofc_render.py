"""Text rendering for OFC: boards during a hand, a settlement, a Fantasyland solution."""

from __future__ import annotations

from rich.table import Table

from housegame.cards import format_cards
from housegame.cli.common import console, literal, render_pairs, signed_units
from housegame.glossary import Lang, Phrase, say, term
from housegame.glossary import hand_words as hand
from housegame.ofc.hand import Hand
from housegame.ofc.results import OfcTableResult
from housegame.ofc.solver import Solution
from housegame.ranking import describe
from housegame.rulesets.common import LANES

WORDS: dict[str, Phrase] = {
    "replay": ("[bold]replay[/] {log} ({deal})", "[bold]回放[/] {log} ({deal})"),
    "seed": ("seed {seed}", "种子 {seed}"),
    "deck": ("deck from the log", "牌序取自记录"),
    "played": ("  stage {stage}  {player}: {move}", "  第 {stage} 轮  {player}: {move}"),
    "best": ("[bold]best setting[/] ({priority})", "[bold]最佳摆法[/] ({priority})"),
    "clean": ("clean", "不倒水"),
    "stays": ("stays in Fantasyland", "留在范特西"),
    "leaves": ("does not stay", "不留在范特西"),
}
"""Replay and Fantasyland lines in English and Chinese (terms come from the glossary)."""


def render_boards(hand: Hand, lang: Lang = "en") -> None:
    """Every player's placed cards (face up) lane by lane; discards stay hidden."""
    heads = (term("someone", lang), *(term(lane, lang) for lane in LANES))
    table = Table(*heads, box=None, pad_edge=False)
    marker = " \\[FL]" if lang == "en" else f" \\[{term('fantasyland', lang)}]"
    for name in hand.order:
        board = hand.boards[name]
        row = [
            f"{format_cards(board.lanes[lane])} "
            f"({len(board.lanes[lane])}/{hand.ruleset.lanes.cap(lane)})"
            for lane in LANES
        ]
        label = literal(name) + (marker if board.fantasyland_cards is not None else "")
        table.add_row(label, *row)
    console.print(table)


def render_result(result: OfcTableResult, lang: Lang = "en") -> None:
    """Hands and royalties, every pair's items, totals, and next hand's Fantasyland."""
    royalties, foul = term("royalties", lang), term("foul", lang)
    console.print(f"[bold]ruleset[/] {literal(result.ruleset)}")
    for seat in result.seats:
        reason = literal(seat.dead or seat.setting.foul_reason()) if lang == "en" else ""
        note = (
            f"  [red]{foul.upper() if lang == 'en' else foul}: {reason}[/]" if seat.fouled else ""
        )
        console.print(
            f"\n[bold]{literal(seat.name)}[/]  {royalties} {seat.royalty_total}{note}",
            soft_wrap=True,
        )
        for lane in LANES:
            cards = format_cards(seat.setting.lane(lane))
            shown = seat.lane_text(lane) if seat.dead else hand(seat.lane_text(lane), lang)
            console.print(
                f"  {term(lane, lang):<6}  {cards:<15}  {shown:<22}"
                f"  {'royalty' if lang == 'en' else royalties} {seat.royalties[lane]}",
                soft_wrap=True,
            )
    render_pairs(result.pairs, lang)
    totals = Table(
        term("someone", lang),
        term("total", lang),
        "next hand" if lang == "en" else term("fantasyland", lang),
        box=None,
        pad_edge=False,
    )
    for seat in result.seats:
        next_cards = seat.next_hand.cards
        following = seat.next_hand.reason if lang == "en" else str(next_cards or "-")
        totals.add_row(
            literal(seat.name), signed_units(result.totals[seat.name]), literal(following)
        )
    console.print(f"\n[bold]{'totals' if lang == 'en' else term('total', lang)}[/]")
    console.print(totals)


def render_solution(solution: Solution, lang: Lang = "en") -> None:
    setting = solution.setting
    for lane in LANES:
        cards = format_cards(setting.lane(lane))
        shown = hand(describe(setting.key(lane)), lang)
        console.print(f"  {term(lane, lang):<6}  {cards}  [dim]{shown}[/]")
    if solution.discards:
        console.print(f"  {term('discard', lang)} {format_cards(solution.discards)}")
    foul = say(lang, WORDS["clean"]) if solution.clean else term("foul", lang).upper()
    stays = say(lang, WORDS["stays" if solution.stays else "leaves"])
    console.print(f"  {foul}; {stays}; {term('royalties', lang)} {solution.royalties}")
