"""Every command fed hostile arguments and typed input: exit 0 or 2, no traceback, an end."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.conftest import FUZZ, assert_handled
from tests.fuzz.strategies import card_text, hostile_text

THIRTEEN = ["pagat", "taiwan", "maceplay", "macau"]
rulesets = st.one_of(
    st.sampled_from([*THIRTEEN, "golden-nugget-pineapple", "maceplay-big-two", "./taiwan"]),
    hostile_text,
)
numbers = st.one_of(
    st.integers(min_value=-5, max_value=60).map(str),
    st.sampled_from(["-1", "1e9", "0x10", "²", "٣", "9" * 400, "", " 3", "nan"]),
    hostile_text,
)
objective = st.sampled_from(["ev", "lexicographic", "EV", "", "[/]"])
json_flag = st.sampled_from([[], ["--json"]])


@FUZZ
@given(cards=card_text, ruleset=rulesets, obj=objective, top=numbers, as_json=json_flag)
def test_arrange(cards: str, ruleset: str, obj: str, top: str, as_json: list[str]) -> None:
    assert_handled(["arrange", cards, "-r", ruleset, "--objective", obj, "--top", top, *as_json])


@FUZZ
@given(
    ruleset=st.lists(rulesets, min_size=1, max_size=2),
    deals=st.one_of(st.sampled_from(["1", "2"]), numbers.filter(lambda n: not n.isdigit())),
    players=numbers,
    seed=numbers,
)
def test_simulate(ruleset: list[str], deals: str, players: str, seed: str) -> None:
    options = [arg for rid in ruleset for arg in ("-r", rid)]
    assert_handled(["simulate", *options, "--deals", deals, "--players", players, "--seed", seed])


@FUZZ
@given(seed=numbers, deals=numbers, out=st.sampled_from(["README.md", "/proc/version"]))
def test_tables_build_refuses_before_building(seed: str, deals: str, out: str) -> None:
    code, _, _ = assert_handled(["tables", "build", "--seed", seed, "--deals", deals, "--out", out])
    assert code == 2


@FUZZ
@given(play=card_text, over=card_text, ruleset=rulesets, as_json=json_flag)
def test_bigtwo_beats(play: str, over: str, ruleset: str, as_json: list[str]) -> None:
    assert_handled(["bigtwo", "beats", play, "--over", over, "-r", ruleset, *as_json])


@FUZZ
@given(hand=card_text, over=card_text, first=st.booleans(), as_json=json_flag)
def test_bigtwo_hint(hand: str, over: str, first: bool, as_json: list[str]) -> None:
    extra = ["--over", over] if over else []
    assert_handled(["bigtwo", "hint", hand, *extra, *(["--first"] if first else []), *as_json])


@FUZZ
@given(
    left=st.lists(st.tuples(hostile_text, numbers), min_size=1, max_size=5),
    holds=st.lists(st.tuples(hostile_text, card_text), max_size=2),
    ruleset=rulesets,
)
def test_bigtwo_score(
    left: list[tuple[str, str]], holds: list[tuple[str, str]], ruleset: str
) -> None:
    options = [arg for name, count in left for arg in ("--left", f"{name}={count}")]
    options += [arg for name, cards in holds for arg in ("--holds", f"{name}={cards}")]
    assert_handled(["bigtwo", "score", *options, "-r", ruleset])


typed = st.lists(
    st.one_of(
        st.sampled_from(["pass", "hint", "auto", "quit", "b AS KS"]), card_text, hostile_text
    ),
    max_size=6,
).map(lambda lines: "\n".join(lines) + "\n")


@FUZZ
@given(seed=numbers, stdin=typed)
def test_bigtwo_play(seed: str, stdin: str) -> None:
    assert_handled(["bigtwo", "play", "--seed", seed], stdin=stdin)


@FUZZ
@given(seed=numbers, name=hostile_text, opponents=numbers, stdin=typed)
def test_ofc_play(seed: str, name: str, opponents: str, stdin: str) -> None:
    args = ["ofc", "play", "--seed", seed, "--name", name, "--opponents", opponents]
    assert_handled(args, stdin=stdin)


@FUZZ
@given(save=st.sampled_from(["/nonexistent/log.yaml", "/proc/version", "/", "."]))
def test_ofc_play_refuses_an_unwritable_save_before_dealing(save: str) -> None:
    code, out, _ = assert_handled(["ofc", "play", "--seed", "1", "--save", save], stdin="")
    assert code == 2 and "stage 1" not in out


@FUZZ
@given(cards=card_text, ruleset=rulesets, as_json=json_flag)
def test_ofc_fantasyland(cards: str, ruleset: str, as_json: list[str]) -> None:
    assert_handled(["ofc", "fantasyland", cards, "-r", ruleset, *as_json])


@FUZZ
@given(
    ruleset=rulesets,
    fmt=st.sampled_from(["text", "markdown", "html", "yaml", "json", "[/]", ""]),
    lang=st.sampled_from(["en", "zh", "xx", "\x1b"]),
)
def test_show(ruleset: str, fmt: str, lang: str) -> None:
    assert_handled(["show", ruleset, "--format", fmt, "--lang", lang])


@FUZZ
@given(a=rulesets, b=rulesets, as_json=json_flag)
def test_diff(a: str, b: str, as_json: list[str]) -> None:
    assert_handled(["diff", a, b, *as_json])


@FUZZ
@given(name=st.one_of(st.sampled_from(["house", "x"]), hostile_text), base=rulesets)
def test_new(tmp_path: Path, name: str, base: str) -> None:
    assert_handled(["new", name, "--from", base, "-o", str(tmp_path / "out.yaml"), "--force"])


@FUZZ
@given(ruleset=rulesets, banker=hostile_text, as_json=json_flag)
def test_score_and_compare_options(ruleset: str, banker: str, as_json: list[str]) -> None:
    table = "examples/maceplay-table.yaml"
    assert_handled(["score", table, "-r", ruleset, "--banker", banker, *as_json])
    assert_handled(["compare", table, "-r", ruleset, "--banker", banker, *as_json])
