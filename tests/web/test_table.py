"""The table calculator: score, compare, arrange and the foul check, each compared with the
CLI's JSON; and the page in a real browser."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from housegame.rulesets.families import catalog, grouped
from tests.fuzz.conftest import fuzz_settings
from tests.fuzz.strategies import _mutate, example_data
from tests.web.conftest import ROOT, Shot, Visit, wait_for
from tests.web.housegame_cli import UNKNOWN, cli, cli_json

TABLES = sorted((ROOT / "examples").glob("*table*.yaml"))
LOOSE = {
    "ruleset": "pagat",
    "players": [
        {"name": "A", "cards": "AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S"},
        {"name": "B", "cards": "AH KH QH JH TH 9C 8D 4D 5S 3C 6D 2D 7D"},
    ],
}
FOUL = {"front": "AS AD 3D", "middle": "2C 3S 4C 5C 9H", "back": "7C 8C 9C TC JC"}
BO = {"front": "2D 3H 4D", "middle": "AH KD 5D 6S 8S", "back": "QS QD KS KC 7H"}
FOUL_TABLE = {"players": [{"name": "Ann", **FOUL}, {"name": "Bo", **BO}]}
"""Ann's setting fouls (maceplay refuses it, pagat scores it as a foul); Bo's does not."""


def as_file(table: Any, tmp_path: Path) -> Path:
    """The table written as the JSON file the API lays it out as (``table.json``)."""
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def cli_errors(done: subprocess.CompletedProcess[str]) -> list[str]:
    assert done.returncode == 2
    return [line.removeprefix("error: ") for line in done.stderr.splitlines()]


def test_the_examples_are_tables() -> None:
    assert [p.name for p in TABLES] == [
        "bluetiki-lowball-table.yaml",
        "fujian-table.yaml",
        "maceplay-table.yaml",
        "mau-binh-table.yaml",
        "ofc-table.yaml",
    ]


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name)
def test_score_is_score_json_for_every_example_table(client: TestClient, path: Path) -> None:
    table = yaml.safe_load(path.read_text(encoding="utf-8"))
    response = client.post("/api/score", json={"table": table, "ruleset": None, "banker": None})
    assert response.status_code == 200
    assert response.json() == cli_json("score", str(path), "--json")


@pytest.mark.parametrize(
    ("table", "ruleset", "banker"),
    [
        (LOOSE, None, None),
        (LOOSE, "taiwan", None),
        (yaml.safe_load((ROOT / "examples" / "maceplay-table.yaml").read_text()), "macau", "West"),
    ],
    ids=["loose-cards-arranged", "ruleset-override", "banker"],
)
def test_score_overrides_are_the_cli_s(
    client: TestClient, tmp_path: Path, table: Any, ruleset: str | None, banker: str | None
) -> None:
    body = {"table": table, "ruleset": ruleset, "banker": banker}
    args = [*(["-r", ruleset] if ruleset else []), *(["--banker", banker] if banker else [])]
    expected = cli_json("score", str(as_file(table, tmp_path)), "--json", *args)
    assert client.post("/api/score", json=body).json() == expected


@pytest.mark.parametrize(
    ("rulesets", "banker"),
    [(None, None), (["pagat", "taiwan"], None), (["maceplay", "pagat", "macau"], "West")],
)
def test_compare_is_compare_json(
    client: TestClient, rulesets: list[str] | None, banker: str | None
) -> None:
    path = ROOT / "examples" / "maceplay-table.yaml"
    table = yaml.safe_load(path.read_text(encoding="utf-8"))
    body = {"table": table, "rulesets": rulesets, "banker": banker}
    args = [arg for rid in rulesets or [] for arg in ("-r", rid)]
    args += ["--banker", banker] if banker else []
    assert client.post("/api/compare", json=body).json() == cli_json(
        "compare", str(path), "--json", *args
    )


@pytest.mark.parametrize(
    ("objective", "top"), [("ev", 3), ("lexicographic", 0), ("equilibrium", 2), (None, 3)]
)
def test_arrange_is_arrange_json(client: TestClient, objective: str | None, top: int) -> None:
    """None: neither names an objective, and both set hands with the default."""
    cards = "5H 6H 7H 8H 9H 5S 6S 7S 8S 9S KD KC AH"
    body: dict[str, object] = {"cards": cards, "ruleset": "pagat", "top": top}
    args = ["--top", str(top), "--json"]
    if objective is not None:
        body["objective"] = objective
        args += ["--objective", objective]
    expected = cli_json("arrange", cards, "-r", "pagat", *args)
    assert client.post("/api/arrange", json=body).json() == expected
    if objective is None:
        named = cli_json("arrange", cards, "-r", "pagat", "--objective", "equilibrium", *args)
        assert (
            expected == named
            and expected["value"]
            != cli_json("arrange", cards, "-r", "pagat", "--objective", "ev", *args)["value"]
        )


def test_a_foul_is_found_under_the_ruleset(client: TestClient) -> None:
    scored = client.post("/api/setting/check", json={"ruleset": "pagat", **FOUL}).json()
    assert scored == {
        "ruleset": "pagat",
        "front": "AS AD 3D",
        "middle": "9H 5C 4C 3S 2C",
        "back": "JC TC 9C 8C 7C",
        "hands": {
            "front": "pair A A 3",
            "middle": "high-card 9 5 4 3 2",
            "back": "straight-flush to J",
        },
        "declared": None,
        "fouled": True,
        "reason": "front pair A A 3 beats middle high-card 9 5 4 3 2",
        "refused": False,
    }
    refused = client.post("/api/setting/check", json={"ruleset": "maceplay", **FOUL}).json()
    assert (refused["fouled"], refused["refused"]) == (True, True)
    fine = {**FOUL, "front": "2D 3D 4D", "middle": "AS AD 5C 3S 9H", "back": "7C 8C 9C TC JC"}
    clean = client.post("/api/setting/check", json={"ruleset": "maceplay", **fine}).json()
    assert (clean["fouled"], clean["reason"], clean["refused"]) == (False, None, False)


@pytest.mark.parametrize(
    ("ruleset", "declared", "fouled"), [("maceplay", "dragon", False), ("pagat", None, True)]
)
def test_a_special_declared_automatically_does_not_foul(
    client: TestClient, ruleset: str, declared: str | None, fouled: bool
) -> None:
    dragon = {"front": "AS KD QC", "middle": "JH TS 9D 8C 7H", "back": "6S 5D 4C 3H 2S"}
    answer = client.post("/api/setting/check", json={"ruleset": ruleset, **dragon}).json()
    assert (answer["declared"], answer["fouled"], answer["refused"]) == (declared, fouled, False)


def test_the_foul_check_agrees_with_scoring(client: TestClient) -> None:
    """A setting the check calls foul is the one score refuses (maceplay) or marks fouled."""
    table = FOUL_TABLE
    fouled = client.post("/api/score", json={"table": table, "ruleset": "pagat"}).json()
    assert fouled["players"][0]["fouled"] is True
    refused = client.post("/api/score", json={"table": table, "ruleset": "maceplay"})
    assert refused.status_code == 422
    assert refused.json()["errors"][0] == (
        "player 'Ann' fouls: front pair A A 3 beats middle high-card 9 5 4 3 2"
    )


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({**FOUL, "ruleset": "pagat", "front": "AS AD"}, ["front has 2 cards, needs 3"]),
        (
            {**FOUL, "ruleset": "pagat", "front": "AS AD 2C"},
            ["duplicate card: 2C (held by front, middle)", "  hint: one deck has each card once"],
        ),
        ({**FOUL, "ruleset": "taiwn"}, UNKNOWN),
        (
            {"ruleset": "pagat", "front": "AS"},
            ["body.middle: Field required", "body.back: Field required"],
        ),
    ],
    ids=["short-lane", "duplicate", "unknown-ruleset", "missing-lanes"],
)
def test_bad_settings_are_422(client: TestClient, body: Any, errors: list[str]) -> None:
    response = client.post("/api/setting/check", json=body)
    assert (response.status_code, response.json()) == (422, {"errors": errors})


def test_a_foul_check_needs_a_13_card_ruleset(client: TestClient) -> None:
    response = client.post("/api/setting/check", json={"ruleset": "ofc-classic", **FOUL})
    assert response.status_code == 422
    assert response.json()["errors"][0] == (
        "ruleset 'ofc-classic' is not a 13-card ruleset (game: ofc)"
    )


def test_a_bad_table_is_the_cli_s_lines(client: TestClient, tmp_path: Path) -> None:
    table = {
        "ruleset": "pagat",
        "players": [
            {"name": "Ann", **FOUL},
            {"name": "Bo", "front": "AS 3H 4D", "middle": "AH KD 5D 6S 8S", "back": "QX QD KS"},
        ],
    }
    response = client.post("/api/score", json={"table": table})
    assert response.status_code == 422
    as_file(table, tmp_path)
    assert response.json()["errors"] == cli_errors(cli("score", "table.json", cwd=tmp_path))
    assert response.json()["errors"][0] == "invalid table table.json (2 problems):"


BOTH = ("/api/score", "/api/compare")
SCORE = ("/api/score",)


@pytest.mark.parametrize(
    ("urls", "body", "errors"),
    [
        (
            BOTH,
            {"table": {"ruleset": "../rulesets/pagat.yaml", "players": LOOSE["players"]}},
            [
                "table.json:2: ruleset: '../rulesets/pagat.yaml' is a path; the web table takes "
                "bundled ruleset ids only",
                "  hint: `GET /api/rulesets` lists them",
            ],
        ),
        (SCORE, {"table": LOOSE, "ruleset": "taiwn"}, UNKNOWN),
        (("/api/compare",), {"table": LOOSE, "rulesets": ["pagat", "taiwn"]}, UNKNOWN),
        (SCORE, {"table": LOOSE, "ruleset": "x.yaml"}, None),
        (("/api/compare",), {"table": LOOSE, "rulesets": ["x.yaml"]}, None),
        (BOTH, {"ruleset": "pagat"}, ["body.table: Field required"]),
        (
            BOTH,
            {"table": {"players": [{"name": f"P{i}", "cards": "AS"} for i in range(11)]}},
            [
                "table.json: 11 players; the web table scores at most 10",
                "  hint: score larger tables with `housegame score`",
            ],
        ),
        (
            SCORE,
            {"table": {"players": LOOSE["players"]}},
            ["no ruleset given", "  hint: add `ruleset: ID` to the table or pass --ruleset ID"],
        ),
    ],
    ids=[
        "table-names-a-file",
        "unknown",
        "unknown-in-compare",
        "override-names-a-file",
        "compare-names-a-file",
        "no-table",
        "too-big",
        "none",
    ],
)
def test_bad_score_requests_are_422(
    client: TestClient, urls: tuple[str, ...], body: Any, errors: list[str] | None
) -> None:
    for url in urls:
        response = client.post(url, json=body)
        assert response.status_code == 422
        if errors is not None:
            assert response.json()["errors"] == errors
        else:
            assert response.json()["errors"][0].endswith("files cannot be named here")


def test_compare_names_the_ruleset_a_table_does_not_fit(client: TestClient) -> None:
    body = {"table": LOOSE, "rulesets": ["pagat", "macau"]}
    response = client.post("/api/compare", json=body)
    assert response.status_code == 422
    assert response.json()["errors"][0] == (
        "ruleset 'macau': macau is a banker game and no banker is named"
    )


def test_compare_skips_a_ruleset_that_refuses_a_foul(client: TestClient, tmp_path: Path) -> None:
    table = FOUL_TABLE
    body = {"table": table, "rulesets": ["maceplay", "pagat"]}
    answer = client.post("/api/compare", json=body).json()
    assert list(answer["rulesets"]) == ["pagat"] and list(answer["skipped"]) == ["maceplay"]
    path = as_file(table, tmp_path)
    assert answer == cli_json("compare", str(path), "-r", "maceplay", "-r", "pagat", "--json")


def test_a_foul_check_in_chinese(client: TestClient) -> None:
    body = {"ruleset": "maceplay", **FOUL}
    answer = client.post("/api/setting/check", params={"lang": "zh"}, json=body).json()
    assert answer["hands"] == {
        "front": "对子 A A 3",
        "middle": "乌龙 9 5 4 3 2",
        "back": "同花顺 J",
    }
    assert answer["reason"] == "头道 对子 A A 3 大于 中道 乌龙 9 5 4 3 2"
    english = client.post("/api/setting/check", json=body).json()
    assert english["reason"] == "front pair A A 3 beats middle high-card 9 5 4 3 2"
    assert {**answer, "hands": None, "reason": None} == {**english, "hands": None, "reason": None}


@pytest.mark.parametrize("url", ["/api/score", "/api/compare"])
def test_scores_in_chinese_are_score_lang_zh(client: TestClient, url: str) -> None:
    path = ROOT / "examples" / "maceplay-table.yaml"
    table = yaml.safe_load(path.read_text(encoding="utf-8"))
    if "compare" in url:
        body = {"table": table, "banker": "West", "rulesets": ["maceplay", "macau"]}
        args = ["compare", str(path), "--banker", "West", "-r", "maceplay", "-r", "macau"]
        printed = cli(*args, "--explain", "--lang", "zh").stdout
    else:
        body = {"table": table}
        printed = cli("score", str(path), "--lang", "zh").stdout
    english = client.post(url, json=body).json()
    chinese = client.post(url, params={"lang": "zh"}, json=body).json()
    results = [chinese] if "score" in url else [e["result"] for e in chinese["rulesets"].values()]
    shown = [
        text
        for result in results
        for pair in result["pairs"]
        for text in [
            *(i["label"] for i in pair["items"]),
            *(" vs ".join(l["hands"]) for l in pair["lanes"]),
        ]
    ]
    assert shown and all(text in printed for text in shown), [t for t in shown if t not in printed]
    assert "high-card" not in str(chinese) and "high-card" in str(english)

    def programs(data: Any) -> Any:  # what a program reads: the same in both languages
        if isinstance(data, dict):
            return {
                k: programs(v) for k, v in data.items() if k not in ("label", "detail", "hands")
            }
        return [programs(v) for v in data] if isinstance(data, list) else data

    assert programs(chinese) == programs(english)


def test_the_page_lists_13_card_rulesets_and_banker_games(client: TestClient) -> None:
    page = client.get("/table")
    assert page.status_code == 200
    assert re.search(r'value="macau"[^>]*data-banker="yes"', page.text)
    assert re.search(r'value="pagat"[^>]*data-banker="no"', page.text)
    assert 'value="ofc-classic"' not in page.text
    assert "<h1>算分</h1>" in client.get("/table", params={"lang": "zh"}).text


@pytest.mark.parametrize(
    ("url", "game"),
    [
        ("/table", "thirteen-card"),
        ("/play/thirteen", "thirteen-card"),
        ("/room", "thirteen-card"),
        ("/play/ofc", "ofc"),
        ("/play/bigtwo", "big-two"),
    ],
)
def test_the_ruleset_pickers_group_by_family_and_region(
    client: TestClient, url: str, game: str
) -> None:
    """Each family (a base ruleset and what extends it) is one group, in family order, labelled
    with its base and its rulesets' regions; every ruleset of the game is in its family's."""
    page = client.get(url).text
    tag = "legend" if url == "/table" else "optgroup"
    pattern = (
        r'<fieldset class="family"><legend>([^<]*)</legend>(.*?)</fieldset>'
        if tag == "legend"
        else r'<optgroup label="([^"]*)">(.*?)</optgroup>'
    )
    shown = {
        label: re.findall(r'value="([^"]+)"', body)
        for label, body in re.findall(pattern, page, re.S)
    }
    rows = catalog(game)
    expected: dict[str, list[str]] = {}
    for family, members in grouped(rows, "family").items():
        regions = ", ".join(dict.fromkeys(str(r["region"]) for r in members))
        expected[f"{family} · {regions}"] = [str(r["id"]) for r in members]
    assert shown == expected
    if game == "big-two":
        assert list(shown) == ["maceplay-big-two · Taiwan, Hong Kong, Philippines"]
    if game == "thirteen-card":
        assert shown["fujian · Fujian"] == ["fujian"]


# --- in a browser --------------------------------------------------------------------------


def click_cards(browser: WebDriver, cards: str) -> None:
    for card in cards.split():
        browser.find_element(By.CSS_SELECTOR, f"#deck [data-card='{card}']").click()


def test_score_and_compare_in_a_browser(client: TestClient, visit: Visit, shot: Shot) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    browser.find_element(By.ID, "load-example").click()
    wait_for(browser, ".player[data-player='3'] .status", "pair")
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='taiwan']").click()
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "#comparison tr[data-ruleset='taiwan']")
    path = ROOT / "examples" / "maceplay-table.yaml"
    table = {"players": yaml.safe_load(path.read_text(encoding="utf-8"))["players"]}
    expected = client.post(
        "/api/compare", json={"table": table, "rulesets": ["pagat", "taiwan"]}
    ).json()
    for rid in ("pagat", "taiwan"):
        row = browser.find_element(By.CSS_SELECTOR, f"#comparison tr[data-ruleset='{rid}']")
        totals = expected["rulesets"][rid]["totals"]
        assert row.text.split()[1:5] == [f"{totals[p]:+}" for p in expected["players"]]
    section = browser.find_element(By.CSS_SELECTOR, "section.result[data-ruleset='taiwan']")
    assert "You vs Opponent" in section.text
    assert "front to You" in section.text
    assert "net to You" in section.text
    browser.execute_script("document.getElementById('score').scrollIntoView()")
    shot("table-compare")


def focused_lane(browser: WebDriver) -> str | None:
    """The lane that has the keyboard's focus (its label: ``Ann middle``)."""
    label = browser.switch_to.active_element.get_attribute("aria-label")
    return None if label is None else str(label)


def test_tab_goes_on_to_the_next_lane_in_a_browser(visit: Visit) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    browser.execute_script(
        "for (const node of document.querySelectorAll('.player')) node.dataset.kept = 'yes'"
    )
    front = browser.find_element(By.CSS_SELECTOR, "input[aria-label='Ann front']")
    front.send_keys("qs qh 3d", Keys.TAB)
    assert focused_lane(browser) == "Ann middle"
    browser.switch_to.active_element.send_keys("KS KH 5S 5H 5D", Keys.TAB)
    assert focused_lane(browser) == "Ann back"
    browser.switch_to.active_element.send_keys("9♠ 9h 9D 9C 2S", Keys.TAB)
    wait_for(browser, ".player[data-player='0'] .status", "pair Q Q 3 · full-house 5 5 5 K K")
    values = [
        browser.find_element(By.CSS_SELECTOR, f"input[aria-label='Ann {lane}']").get_attribute(
            "value"
        )
        for lane in ("front", "middle", "back")
    ]
    assert values == ["QS QH 3D", "KS KH 5S 5H 5D", "9S 9H 9D 9C 2S"]
    counts = browser.find_elements(By.CSS_SELECTOR, ".player[data-player='0'] .count.full")
    assert [count.text for count in counts] == ["3/3", "5/5", "5/5"]
    assert "used" in str(
        browser.find_element(By.CSS_SELECTOR, "#deck [data-card='QS']").get_attribute("class")
    )
    kept = browser.find_elements(By.CSS_SELECTOR, ".player[data-kept='yes']")
    assert len(kept) == 2  # no player was drawn anew: Ann's lanes changed in place
    browser.find_element(By.CSS_SELECTOR, "#deck [data-card='AC']").click()  # Bo's front
    assert (
        browser.find_element(By.CSS_SELECTOR, "input[aria-label='Bo front']").get_attribute("value")
        == "AC"
    )
    assert len(browser.find_elements(By.CSS_SELECTOR, ".player[data-kept='yes']")) == 2


def test_the_calculator_in_chinese_in_a_browser(visit: Visit) -> None:
    browser = visit("/table?lang=zh")
    wait_for(browser, "#deck [data-card='AS']")
    browser.find_element(By.ID, "load-example").click()
    hands = "三条 Q Q Q · 葫芦 5 5 5 K K · 铁支 9 9 9 9 2"
    wait_for(browser, ".player[data-player='0'] .status", hands)
    browser.find_element(By.ID, "score").click()
    section = wait_for(browser, "section.result[data-ruleset='pagat']", "头道 You 胜")
    assert "三条 Q Q Q vs 乌龙 A K 7" in section.text
    assert "high-card" not in section.text and " to " not in section.text


def test_a_foul_shows_before_scoring_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='maceplay']").click()
    click_cards(browser, " ".join(FOUL.values()))
    wait_for(
        browser,
        ".player[data-player='0'] .status.foul",
        "FOUL (under maceplay, pagat): front pair A A 3 beats middle high-card 9 5 4 3 2; "
        "maceplay refuses foul settings: it cannot score this table",
    )
    held = browser.find_element(By.CSS_SELECTOR, "#deck [data-card='AS']")
    assert "used" in str(held.get_attribute("class")).split()
    shot("table-foul")
    click_cards(browser, " ".join(BO.values()))
    browser.find_element(By.ID, "score").click()  # pagat scores it; maceplay is skipped
    wait_for(browser, "#comparison tr[data-ruleset='pagat']")
    wait_for(browser, ".comparison p", "skipped maceplay: player 'Ann' fouls")
    assert not browser.find_elements(By.CSS_SELECTOR, "#comparison tr[data-ruleset='maceplay']")


def test_bad_input_in_a_browser(visit: Visit) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    click_cards(browser, "AS KS")
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "#errors li", "invalid table table.json")


def test_a_surrender_in_a_browser(visit: Visit) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    browser.find_element(By.ID, "load-example").click()
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='pagat']").click()
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='pagat-surrender']").click()
    wait_for(browser, ".player[data-player='1'] .surrender").click()
    browser.find_element(By.ID, "score").click()
    section = wait_for(browser, "section.result[data-ruleset='pagat-surrender']")
    rows = section.find_elements(By.CSS_SELECTOR, "table.hands tbody tr")
    assert rows[1].text.split() == ["Opponent", "surrenders"]


@st.composite
def mutated_request(draw: st.DrawFn) -> str:
    """The example table with values replaced, dropped or added, as a JSON body."""
    table = _mutate(example_data("maceplay-table.yaml"), draw)
    body = {"table": table, "ruleset": draw(st.sampled_from([None, "pagat", "taiwn", "x.yaml"]))}
    return json.dumps(body, default=str)  # Python's JSON: NaN and Infinity too


@fuzz_settings(30)
@given(body=mutated_request())
def test_hostile_tables_are_422_never_a_crash(client: TestClient, body: str) -> None:
    for url in ("/api/score", "/api/compare"):
        response = client.post(url, content=body, headers={"content-type": "application/json"})
        assert response.status_code in (200, 422)
        if response.status_code == 422:
            errors = response.json()["errors"]
            assert errors and all(isinstance(line, str) and line for line in errors)


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name)
def test_a_read_table_scores_as_its_file(client: TestClient, path: Path) -> None:
    read = client.post("/api/tables/read", json={"text": path.read_text(encoding="utf-8")})
    assert read.status_code == 200
    scored = client.post("/api/score", json={"table": read.json()}).json()
    assert scored == cli_json("score", str(path), "--json")


def test_a_bad_table_file_is_the_cli_s_lines(client: TestClient, tmp_path: Path) -> None:
    text = "ruleset: pagat\nplayers:\n  - name: Ann\n    cards: AS KS\n  - name: Ann\n"
    (tmp_path / "mine.yaml").write_text(text, encoding="utf-8")
    read = client.post("/api/tables/read", json={"text": text, "name": "mine.yaml"})
    assert read.status_code == 422
    assert read.json()["errors"] == cli_errors(cli("score", "mine.yaml", cwd=tmp_path))
    path = client.post("/api/tables/read", json={"text": "ruleset: ../x.yaml\nplayers: []\n"})
    assert path.json()["errors"][0] == "invalid table table.yaml (1 problem):"


def test_open_a_table_file_in_a_browser(visit: Visit) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    browser.find_element(By.CSS_SELECTOR, "#open-table summary").click()
    box = browser.find_element(By.ID, "table-text")
    box.send_keys("players: [\n")
    browser.find_element(By.ID, "load-table").click()
    wait_for(browser, "#errors li", "table.yaml:2: YAML syntax error")
    box.clear()
    box.send_keys((ROOT / "examples" / "maceplay-table.yaml").read_text(encoding="utf-8"))
    browser.find_element(By.ID, "load-table").click()
    wait_for(browser, ".player[data-player='3'] input.name")
    checked = browser.find_elements(By.CSS_SELECTOR, "#rulesets input:checked")
    assert [box.get_attribute("value") for box in checked] == ["maceplay"]
    browser.find_element(By.ID, "score").click()
    section = wait_for(browser, "section.result[data-ruleset='maceplay']")
    totals = section.find_element(By.CSS_SELECTOR, "table.totals")
    expected = cli_json("score", "examples/maceplay-table.yaml", "--json")["totals"]
    assert totals.text.split()[-8:] == [x for p, t in expected.items() for x in (p, f"{t:+}")]


def test_the_ruleset_picker_groups_by_family_in_a_browser(visit: Visit) -> None:
    """The calculator's rulesets sit in one box per family, the box named by its base and
    regions; a ruleset ticked in a family's box scores like any other."""
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    legends = [
        e.text for e in browser.find_elements(By.CSS_SELECTOR, "#rulesets fieldset.family legend")
    ]
    assert "taiwan · Taiwan" in legends and "fujian · Fujian" in legends
    box = browser.find_element(
        By.XPATH,
        "//fieldset[@class='family'][legend='taiwan · Taiwan']//input[@value='taiwan-direct']",
    )
    assert box.is_displayed()
    browser.find_element(By.ID, "load-example").click()
    wait_for(browser, ".player[data-player='3'] .status", "pair")
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='pagat']").click()  # off
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='fujian']").click()
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "section.result[data-ruleset='fujian']", "net to You")
    # the play page's select groups its options the same way
    browser = visit("/play/thirteen")
    wait_for(browser, "#ruleset optgroup")
    labels = browser.execute_script(
        "return [...document.querySelectorAll('#ruleset optgroup')].map((g) => g.label);"
    )
    assert "fujian · Fujian" in labels and "pagat · international" in labels


# --- the ruleset's deck ----------------------------------------------------------------------

TIMES = "\u00d7"
"""The multiplication sign before a card's copies in the deck (A♠, the sign, 2)."""
ADD_A_SUIT = {
    "players": [
        {"name": "Ann", "front": "2C 3D 5H", "middle": "KS KH KD 7C 8D", "back": "AS AS AH AD AC"},
        {"name": "Bo", "front": "3C 4D 6H", "middle": "QS QH QD 9C TD", "back": "JS JH JD JC 2D"},
    ]
}
"""Ann holds the ace of spades twice (加一色: a second suit of spades) and five aces."""


def test_the_page_carries_each_rulesets_deck(client: TestClient) -> None:
    page = client.get("/table").text
    found = re.search(r'<script id="decks" type="application/json">(.*?)</script>', page)
    assert found is not None
    decks = json.loads(found.group(1))
    assert decks["pagat"] == {"copies": None, "seats": 4, "size": 52}
    added = decks["maceplay-add-a-suit"]
    assert (added["size"], added["seats"]) == (65, 5)
    assert added["copies"]["AS"] == 2 and added["copies"]["AH"] == 1
    assert sum(added["copies"].values()) == 65


def test_the_api_takes_a_card_the_deck_holds_twice(client: TestClient, tmp_path: Path) -> None:
    body = {"table": ADD_A_SUIT, "ruleset": "maceplay-add-a-suit"}
    scored = client.post("/api/score", json=body)
    assert scored.status_code == 200, scored.json()
    path = as_file(ADD_A_SUIT, tmp_path)
    assert scored.json() == cli_json("score", str(path), "-r", "maceplay-add-a-suit", "--json")
    check = client.post(
        "/api/setting/check",
        json={"ruleset": "maceplay-add-a-suit", **{k: ADD_A_SUIT["players"][0][k] for k in FOUL}},
    ).json()
    assert check["hands"]["back"] == "five-of-a-kind A A A A A"
    once = client.post("/api/score", json={"table": ADD_A_SUIT, "ruleset": "maceplay"})
    assert once.json() == {
        "errors": ["player 'Ann' back: card AS appears twice in 'AS AS AH AD AC'"]
    }


def test_the_api_reads_jokers_and_refuses_them_where_the_deck_has_none(client: TestClient) -> None:
    table = {"players": [{**ADD_A_SUIT["players"][0], "front": "2C 3D JK"}, {"name": "Bo", **BO}]}
    refused = client.post("/api/score", json={"table": table, "ruleset": "maceplay-add-a-suit"})
    assert refused.status_code == 422
    assert refused.json()["errors"] == [
        "player 'Ann' front: JK in '2C 3D JK': the deck has no such card",
        "  hint: this ruleset's deck has no jokers (deck: jokers)",
    ]


def test_the_deck_follows_the_ruleset_in_a_browser(visit: Visit, shot: Shot) -> None:
    """The deck shows the first chosen ruleset's cards: 加一色's second suit of spades with its
    count of copies (a tap takes one copy, a second tap the other), up to its five players."""
    browser = visit("/table")
    wait_for(browser, "#deck [data-card='AS']")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#deck .card")) == 52
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='pagat']").click()
    browser.find_element(By.CSS_SELECTOR, "#rulesets input[value='maceplay-add-a-suit']").click()
    wait_for(browser, "#deck-caption", "65")
    assert "5" in browser.find_element(By.ID, "deck-caption").text.split()[-1]
    ace = browser.find_element(By.CSS_SELECTOR, "#deck [data-card='AS']")
    assert ace.text == "A♠" + TIMES + "2"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#deck .card")) == 52
    click_cards(browser, "AS AS")
    front = browser.find_element(By.CSS_SELECTOR, ".player[data-player='0'] .slot input")
    assert front.get_attribute("value") == "AS AS"
    ace = browser.find_element(By.CSS_SELECTOR, "#deck [data-card='AS']")
    assert "used" in (ace.get_attribute("class") or "") and ace.text == "A♠" + TIMES + "0"
    click_cards(browser, "AS")
    assert front.get_attribute("value") == "AS"
    for _ in range(5):
        browser.find_element(By.ID, "add-player").click()
    assert len(browser.find_elements(By.CSS_SELECTOR, ".player")) == 5
    browser.find_element(By.CSS_SELECTOR, "#open-table summary").click()
    browser.find_element(By.ID, "table-text").send_keys(json.dumps(ADD_A_SUIT))
    browser.find_element(By.ID, "load-table").click()
    wait_for(browser, ".player[data-player='0'] .status", "five-of-a-kind")
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "section.result[data-ruleset='maceplay-add-a-suit']", "Ann vs Bo")
    shot("table-add-a-suit")
