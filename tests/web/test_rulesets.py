"""Rulesets and diff: rules sheets, a pasted ruleset checked, two side by side; each answer
compared with the CLI's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.fuzz.conftest import fuzz_settings
from tests.fuzz.strategies import hostile_file
from tests.web.conftest import ROOT, Shot, Visit, wait_for, wait_gone
from tests.web.housegame_cli import UNKNOWN, cli, cli_json

LINT_CASE = ROOT / "tests" / "rulesets" / "lint" / "pagat-banker-ties.yaml"
BAD = "id: bad\nextends: pagat\nname: Bad\nscoop:\n  multiplier: -2\n"


def validate_lines(text: str, tmp_path: Path, *flags: str) -> list[str]:
    """What ``housegame validate [flags] pasted.yaml`` prints for ``text``."""
    (tmp_path / "pasted.yaml").write_text(text, encoding="utf-8")
    done = cli("validate", *flags, "pasted.yaml", cwd=tmp_path)
    return (done.stdout + done.stderr).splitlines()


@pytest.mark.parametrize("rid", ["taiwan", "pagat-house", "ofc-classic", "hong-kong-big-two"])
def test_a_ruleset_is_show_format_json(client: TestClient, rid: str) -> None:
    response = client.get(f"/api/rulesets/{rid}")
    assert response.status_code == 200
    assert response.json() == json.loads(cli("show", rid, "--format", "json").stdout)


@pytest.mark.parametrize(("rid", "lang"), [("taiwan-direct", "en"), ("pagat", "zh")])
def test_the_sheet_is_show_text(client: TestClient, rid: str, lang: str) -> None:
    sheet = client.get(f"/api/rulesets/{rid}/sheet", params={"lang": lang}).json()
    assert sheet["text"] == cli("show", rid, "--lang", lang).stdout
    assert sheet["title"] == sheet["text"].splitlines()[0]
    blocks = [block for section in sheet["sections"] for block in section["blocks"]]
    assert any(isinstance(block, dict) for block in blocks)


def test_the_yaml_download_is_show_format_yaml(client: TestClient) -> None:
    response = client.get("/rulesets/pagat-house/yaml")
    assert response.status_code == 200
    assert response.text == cli("show", "pagat-house", "--format", "yaml").stdout
    assert 'filename="pagat-house.yaml"' in response.headers["content-disposition"]


@pytest.mark.parametrize("path", ["/api/rulesets/taiwn", "/api/rulesets/taiwn/sheet"])
def test_an_unknown_id_is_the_cli_message(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 422
    assert response.json() == {"errors": UNKNOWN}
    assert cli("show", "taiwn").stderr.splitlines() == [
        "error: " + UNKNOWN[0],
        *UNKNOWN[1:],
    ]


@pytest.mark.parametrize("ref", ["taiwan.yaml", "..%2Frulesets%2Ftaiwan.yaml"])
def test_an_id_never_names_a_file(client: TestClient, ref: str) -> None:
    response = client.get(f"/api/rulesets/{ref}")
    assert response.status_code in (404, 422)
    if response.status_code == 422:
        (line, hint) = response.json()["errors"]
        assert line.endswith("is not a bundled ruleset id; files cannot be named here")
        assert hint.startswith("  hint: bundled: ")


def test_a_pasted_ruleset_gets_its_sheet(client: TestClient) -> None:
    text = "id: mine\nextends: pagat\nname: Mine\nscoop:\n  multiplier: 3\n"
    answer = client.post("/api/rulesets/check", json={"yaml": text}).json()
    assert (answer["id"], answer["game"], answer["warnings"]) == ("mine", "thirteen-card", [])
    assert answer["sheet"]["title"] == "Mine"
    assert "- scoop: lane units x3\n" in answer["sheet"]["text"]


def test_a_pasted_error_is_validate_s_lines(client: TestClient, tmp_path: Path) -> None:
    response = client.post("/api/rulesets/check", json={"yaml": BAD})
    assert response.status_code == 422
    assert response.json()["errors"] == validate_lines(BAD, tmp_path)
    assert response.json()["errors"] == [
        "invalid ruleset pasted.yaml (1 problem):",
        "pasted.yaml:5: scoop.multiplier: -2 is less than the minimum of 1",
    ]


def test_lint_warnings_are_validate_strict_s_lines(client: TestClient, tmp_path: Path) -> None:
    text = LINT_CASE.read_text(encoding="utf-8")
    answer = client.post("/api/rulesets/check", json={"yaml": text}).json()
    strict = validate_lines(text, tmp_path, "--strict")
    assert strict[0] == "invalid ruleset pasted.yaml (3 problems):"
    assert answer["warnings"] == strict[1:]
    assert answer["sheet"]["title"] == "pagat, banker wins ties"


@pytest.mark.parametrize(
    ("extends", "message"),
    [
        (
            "../rulesets/pagat.yaml",
            "pasted.yaml:2: extends: '../rulesets/pagat.yaml' is a path; a ruleset given as "
            "text may extend only a bundled ruleset",
        ),
        (
            "/etc/passwd",
            "pasted.yaml:2: extends: '/etc/passwd' is a path; a ruleset given as "
            "text may extend only a bundled ruleset",
        ),
        ("pagatt", "pasted.yaml:2: extends: unknown ruleset 'pagatt'"),
    ],
)
def test_a_pasted_ruleset_extends_only_bundled_ids(
    client: TestClient, extends: str, message: str
) -> None:
    response = client.post("/api/rulesets/check", json={"yaml": f"id: x\nextends: {extends}\n"})
    assert response.status_code == 422
    assert response.json()["errors"][:2] == ["invalid ruleset pasted.yaml (1 problem):", message]


def test_diff_is_the_cli_s(client: TestClient) -> None:
    response = client.get("/api/diff", params={"a": "taiwan", "b": "maceplay"})
    assert response.json() == json.loads(cli("diff", "taiwan", "maceplay", "--json").stdout)
    bad = client.get("/api/diff", params={"a": "taiwn", "b": "maceplay"})
    assert (bad.status_code, bad.json()) == (422, {"errors": UNKNOWN})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_diff_page_shows_the_cli_lines(client: TestClient, lang: str) -> None:
    page = client.get("/diff", params={"a": "pagat", "b": "pagat-house", "lang": lang})
    assert page.status_code == 200
    expected = cli("diff", "pagat", "pagat-house", "--lang", lang).stdout
    shown = page.text.split('<pre id="diff-lines">')[1].split("</pre>")[0]
    assert shown.replace("&gt;", ">").replace("&#34;", '"').replace("&#39;", "'") == expected
    changes = [line for line in expected.splitlines() if line.startswith("  ")]
    assert page.text.count('<td class="setting">') == len(changes) == 2
    assert page.text.count('<section class="diff-topic">') == 1


def test_pages_show_errors_with_422(client: TestClient) -> None:
    unknown = client.get("/rulesets/taiwn")
    assert unknown.status_code == 422
    assert "<li>unknown ruleset &#39;taiwn&#39;</li>" in unknown.text
    diff = client.get("/diff", params={"a": "taiwan", "b": "nope.yaml"})
    assert diff.status_code == 422
    assert "is not a bundled ruleset id" in diff.text
    empty = client.post("/rulesets/check", data={"yaml": "  "})
    assert empty.status_code == 422
    assert "paste a ruleset&#39;s YAML or choose a file" in empty.text


def test_the_check_page_takes_an_upload_and_escapes_it(client: TestClient) -> None:
    text = "id: x\nextends: pagat\nname: <script>alert(1)</script>\n"
    page = client.post(
        "/rulesets/check", files={"upload": ("mine.yaml", text.encode(), "text/yaml")}
    )
    assert page.status_code == 200
    assert "<script>alert" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    bad = client.post("/rulesets/check", files={"upload": ("dir/mine.yaml", BAD.encode())})
    assert bad.status_code == 422
    assert "<li>mine.yaml:5: scoop.multiplier: -2 is less than the minimum of 1</li>" in bad.text
    latin = client.post("/rulesets/check", files={"upload": ("x.yaml", b"id: \xff\n")})
    assert latin.status_code == 422
    assert "<li>x.yaml: not UTF-8 text</li>" in latin.text


def test_a_rules_sheet_page_links_its_parent_diff_and_yaml(client: TestClient) -> None:
    page = client.get("/rulesets/taiwan-direct", params={"lang": "zh"})
    assert page.status_code == 200
    assert 'href="/diff?a=taiwan&amp;b=taiwan-direct&amp;lang=zh"' in page.text
    assert 'href="/rulesets/taiwan-direct/yaml"' in page.text
    assert "<h3>牌桌</h3>" in page.text


def test_rules_sheet_and_diff_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/")
    browser.find_element(By.CSS_SELECTOR, "tr[data-id='taiwan-direct'] a").click()
    wait_for(browser, "h2.sheet-title", "Taiwan")
    wait_for(browser, "h3", "Payouts")
    shot("rulesets-sheet")
    browser.find_element(By.ID, "diff-parent").click()
    wait_for(browser, "#diff-heading", "taiwan -> taiwan-direct: 2 differences")
    rows = browser.find_elements(By.CSS_SELECTOR, "#side-by-side tbody tr")
    assert [row.text.split()[0] for row in rows] == ["ordinary", "special"]
    old = browser.find_element(By.ID, "diff-heading")
    Select(browser.find_element(By.ID, "select-b")).select_by_value("maceplay")
    browser.find_element(By.ID, "diff").click()
    wait_gone(browser, old)
    wait_for(browser, "#diff-heading", "taiwan -> maceplay")
    shot("rulesets-diff")


def test_diff_bad_input_in_a_browser(visit: Visit) -> None:
    browser = visit("/diff?a=taiwan&b=taiwn")
    wait_for(browser, ".errors li", "unknown ruleset 'taiwn'")


def test_a_pasted_ruleset_in_a_browser(visit: Visit, shot: Shot) -> None:
    browser = visit("/rulesets/check")
    box = browser.find_element(By.ID, "yaml")
    box.send_keys(BAD)
    browser.find_element(By.ID, "check").click()
    wait_for(browser, ".errors li", "scoop.multiplier: -2 is less than the minimum of 1")
    shot("rulesets-check-error")
    box = browser.find_element(By.ID, "yaml")
    box.clear()
    box.send_keys("id: mine\nextends: pagat\nname: Mine\n")
    old = browser.find_element(By.CSS_SELECTOR, ".errors")
    browser.find_element(By.ID, "check").click()
    wait_gone(browser, old)
    wait_for(browser, "#ok", "Valid ruleset")
    wait_for(browser, "h2.sheet-title", "Mine")


MINE = "id: mine\nextends: pagat\nname: Mine\nscoop:\n  multiplier: 3\n"


def test_diff_takes_pasted_yaml(client: TestClient, tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(MINE, encoding="utf-8")
    body = {"a": {"id": "pagat"}, "b": {"yaml": MINE, "name": "mine.yaml"}}
    response = client.post("/api/diff", json=body)
    assert response.status_code == 200
    assert response.json() == cli_json("diff", "pagat", "mine.yaml", "--json", cwd=tmp_path)


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"a": {"id": "pagat", "yaml": MINE}, "b": {"id": "taiwan"}},
            ["a: give a bundled ruleset's id or a ruleset's yaml (one of them)"],
        ),
        (
            {"a": {"id": "pagat"}, "b": {"yaml": BAD}},
            [
                "invalid ruleset pasted.yaml (1 problem):",
                "pasted.yaml:5: scoop.multiplier: -2 is less than the minimum of 1",
            ],
        ),
        ({"a": {"id": "taiwn"}, "b": {"id": "pagat"}}, UNKNOWN),
        ({"a": {"id": "pagat"}}, ["body.b: Field required"]),
    ],
    ids=["both", "bad-yaml", "unknown", "missing"],
)
def test_bad_diff_bodies_are_422(client: TestClient, body: Any, errors: list[str]) -> None:
    response = client.post("/api/diff", json=body)
    assert (response.status_code, response.json()) == (422, {"errors": errors})


def test_the_check_page_shows_what_a_pasted_ruleset_changes(
    client: TestClient, tmp_path: Path
) -> None:
    page = client.post("/rulesets/check", data={"yaml": MINE})
    assert page.status_code == 200
    (tmp_path / "pasted.yaml").write_text(MINE, encoding="utf-8")
    expected = cli("diff", "pagat", "pasted.yaml", cwd=tmp_path).stdout
    shown = page.text.split('<pre id="changes">')[1].split("</pre>")[0]
    assert shown.replace("&gt;", ">") == expected


@fuzz_settings(30)
@given(data=hostile_file("maceplay-quads.yaml"))
def test_hostile_pasted_rulesets_are_422_never_a_crash(client: TestClient, data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    response = client.post("/api/rulesets/check", json={"yaml": text})
    assert response.status_code in (200, 422)
    if response.status_code == 422:
        errors = response.json()["errors"]
        assert errors and all(isinstance(line, str) and line for line in errors)
    page = client.post("/rulesets/check", data={"yaml": text})
    assert page.status_code in (200, 422)


def test_a_lone_surrogate_is_shown_escaped_not_a_crash(client: TestClient) -> None:
    """A ``"\\ud800"`` escape in YAML makes text UTF-8 cannot encode; answers escape it."""
    text = 'id: x\nextends: pagat\n"\\ud800": 1\n'
    response = client.post("/api/rulesets/check", json={"yaml": text})
    assert response.status_code == 422
    assert response.json()["errors"][1] == "pasted.yaml:3: \ud800: unknown key '\ud800'"
    page = client.post("/rulesets/check", data={"yaml": 'id: x\nname: "\\ud800"\nextends: pagat'})
    assert page.status_code == 200
    assert '<h2 class="sheet-title">\\ud800</h2>' in page.text


def test_control_and_bidi_characters_are_shown_as_escapes(client: TestClient) -> None:
    """As the CLI prints them: a name cannot reverse what the page says, nor hide text."""
    text = 'id: x\nextends: pagat\nname: "Pagat\\u202e desrever\\x1b[31m red"\n'
    page = client.post("/rulesets/check", data={"yaml": text})
    assert page.status_code == 200
    assert "\u202e" not in page.text and "\x1b" not in page.text
    assert '<h2 class="sheet-title">Pagat\\u202e desrever\\x1b[31m red</h2>' in page.text
    lines = "id: x\r\nextends: pagat\r\nname:\tTabbed\r\n"
    echoed = client.post("/rulesets/check", data={"yaml": lines})
    assert "id: x\r\nextends: pagat\r\nname:\tTabbed" in echoed.text  # the text box keeps it
