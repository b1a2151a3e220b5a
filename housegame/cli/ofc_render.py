"""Text rendering for OFC: boards during a hand, a settlement, a Fantasyland solution."""

from __future__ import annotations

from rich.table import Table

from housegame.cards import format_cards
from housegame.cli.breakdown import hand
from housegame.cli.common import console, literal, render_pairs, signed_units
from housegame.glossary import Lang, term
from housegame.ofc.hand import Hand
from housegame.ofc.results import OfcTableResult
from housegame.ofc.solver import Solution
from housegame.ranking import describe
from housegame.rulesets.common import LANES


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


def render_solution(solution: Solution) -> None:
    setting = solution.setting
    for lane in LANES:
        cards = format_cards(setting.lane(lane))
        console.print(f"  {lane:<6}  {cards}  [dim]{describe(setting.key(lane))}[/]")
    if solution.discards:
        console.print(f"  discard {format_cards(solution.discards)}")
    console.print(
        f"  {'clean' if solution.clean else 'FOUL'}; "
        f"{'stays in Fantasyland' if solution.stays else 'does not stay'}; "
        f"royalties {solution.royalties}"
    )
