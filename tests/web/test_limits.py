"""What one request may cost: texts of at most 64 KiB and 20,000 values, bounded card lists,
rulesets per request (none twice), while the command line keeps its own larger limits."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from housegame.web import reports
from housegame.web.limits import WEB_LIMITS
from housegame.yamlsource import load_yaml_text
from tests.web.conftest import ROOT

TOO_LARGE = [
    "invalid ruleset pasted.yaml (1 problem):",
    "pasted.yaml: larger than 64 KiB",
    "  hint: the web table reads texts of at most 64 KiB and 20,000 values; "
    "`housegame validate FILE` checks larger ones",
]
TOO_MANY = [
    "invalid ruleset pasted.yaml (1 problem):",
    "pasted.yaml: more than 20,000 values once its aliases are expanded",
    "  hint: aliases (*name) repeat what &name marks; repeat less",
]
TWICE = ["ruleset 'pagat' is given twice", "  hint: name each ruleset once"]


CARDS, TEXT = "body.cards.", "constrained-str"
"""Where pydantic says a card list or text is too long."""


def flow_list(values: int) -> str:
    return "id: x\nlist: [" + ",".join(["1"] * values) + "]\n"


@pytest.mark.parametrize(
    ("text", "errors"),
    [(flow_list(480_000), TOO_LARGE), (flow_list(25_000), TOO_MANY)],
    ids=["950-KiB", "25000-values"],
)
def test_a_pasted_ruleset_over_the_web_limits(
    client: TestClient, text: str, errors: list[str]
) -> None:
    response = client.post("/api/rulesets/check", json={"yaml": text})
    assert response.status_code == 422
    assert response.json() == {"errors": errors}


def test_an_uploaded_ruleset_over_the_size_limit(client: TestClient) -> None:
    files = {"upload": ("big.yaml", flow_list(40_000).encode(), "application/yaml")}
    page = client.post("/rulesets/check", files=files)
    assert page.status_code == 422
    assert "big.yaml: larger than 64 KiB" in page.text


def test_a_table_text_over_the_size_limit(client: TestClient) -> None:
    response = client.post("/api/tables/read", json={"text": flow_list(40_000)})
    assert response.status_code == 422
    assert response.json()["errors"][0] == "table.yaml: larger than 64 KiB"


def test_a_table_of_150000_cards_is_refused(client: TestClient) -> None:
    cards = ["AS"] * 150_000
    table = {"ruleset": "pagat", "players": [{"name": "Ann", "cards": cards}, {"name": "Bo"}]}
    response = client.post("/api/score", json={"table": table})
    assert response.status_code == 422
    assert response.json()["errors"][0] == "table.json: larger than 64 KiB"


def test_a_table_of_too_many_values_is_refused(client: TestClient) -> None:
    players = [{"name": f"P{i}", "cards": ["AS"] * 2_100} for i in range(10)]
    response = client.post("/api/score", json={"table": {"ruleset": "pagat", "players": players}})
    assert response.status_code == 422
    assert response.json()["errors"][0].startswith("table.json")


@pytest.mark.parametrize(
    ("path", "body", "where"),
    [
        ("/api/arrange", {"cards": ["AS"] * 53, "ruleset": "pagat"}, f"{CARDS}list[{TEXT}]"),
        ("/api/arrange", {"cards": "AS " * 200, "ruleset": "pagat"}, f"{CARDS}{TEXT}"),
        ("/api/arrange", {"cards": "AS", "ruleset": "x" * 201}, "body.ruleset"),
        (
            "/api/compare",
            {"table": {}, "rulesets": ["pagat"] * 33},
            "body.rulesets",
        ),
        ("/api/simulations", {"rulesets": ["pagat"] * 33}, "body.rulesets"),
        ("/api/rulesets/check", {"yaml": "id: x", "name": "n" * 201}, "body.name"),
    ],
)
def test_lists_and_names_are_bounded(
    client: TestClient, path: str, body: dict[str, Any], where: str
) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 422
    assert any(line.startswith(where + ":") for line in response.json()["errors"])


def test_a_ruleset_named_twice_is_refused(client: TestClient) -> None:
    before = len(reports.JOBS.jobs)
    twice = client.post("/api/simulations", json={"rulesets": ["pagat"] * 2, "deals": 20_000})
    assert twice.status_code == 422
    assert twice.json() == {"errors": TWICE}
    assert len(reports.JOBS.jobs) == before
    table = yaml.safe_load((ROOT / "examples" / "two-players.yaml").read_text())
    compared = client.post("/api/compare", json={"table": table, "rulesets": ["pagat", "pagat"]})
    assert compared.status_code == 422
    assert compared.json() == {"errors": TWICE}


def test_the_command_line_keeps_its_own_limits() -> None:
    assert len(load_yaml_text(flow_list(25_000)).data["list"]) == 25_000
    assert WEB_LIMITS.values == 20_000
