"""The pages on a 390 px phone: nothing wider than the screen, every card a finger can tap.

The report page is measured with its own tests (it is laid out for a phone there)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.conftest import Visit, fits, wait_for

TARGET_PX = 44
"""The smallest tap target on a phone (Apple's and the W3C's guidance: 44 CSS px)."""


def small_targets(browser: WebDriver, css: str) -> list[tuple[str, float, float]]:
    """Each visible element matching ``css`` that is narrower or lower than a finger."""
    sizes = browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])]"
        ".filter((e) => e.offsetParent !== null)"
        ".map((e) => [e.dataset.card || e.textContent, e.getBoundingClientRect().width,"
        " e.getBoundingClientRect().height])",
        css,
    )
    assert sizes, f"no {css} on the page"
    return [(name, w, h) for name, w, h in sizes if w < TARGET_PX or h < TARGET_PX]


@pytest.mark.parametrize("path", ["/", "/?lang=zh", "/rulesets/taiwan", "/diff", "/table"])
def test_a_page_fits_a_phone(phone: WebDriver, visit: Visit, path: str) -> None:
    browser = visit(path)
    wait_for(browser, "main")
    fits(browser)


def test_the_home_page_stacks_each_ruleset(phone: WebDriver, visit: Visit) -> None:
    browser = visit("/?lang=zh")
    wait_for(browser, "tr[data-id='taiwan']")
    labels = browser.execute_script(
        "return [...document.querySelectorAll(\"tr[data-id='taiwan'] td\")]"
        ".map((td) => getComputedStyle(td, '::before').content)"
    )
    assert labels == ["none", '"游戏: "', '"继承自: "', '"名称: "', "none"]  # each cell says what
    fits(browser)


@pytest.mark.parametrize("page", ["thirteen", "ofc", "bigtwo"])
def test_the_play_pages_picker_fits_a_phone(phone: WebDriver, visit: Visit, page: str) -> None:
    browser = visit(f"/play/{page}")
    picker = wait_for(browser, "#ruleset")
    assert picker.rect["x"] + picker.rect["width"] <= 390
    fits(browser)


def test_the_table_decks_cards_are_a_finger_wide(phone: WebDriver, visit: Visit) -> None:
    browser = visit("/table")
    wait_for(browser, "#deck .card[data-card='2C']")
    assert small_targets(browser, "#deck .card") == []
    first = browser.find_element(By.CSS_SELECTOR, "#deck .card[data-card='AH']")
    below = browser.find_element(By.CSS_SELECTOR, "#deck .card[data-card='7H']")
    assert first.rect["x"] == below.rect["x"]  # each suit starts a row: A-8, then 7-2
    fits(browser)


@pytest.mark.parametrize(
    ("page", "cards"),
    [("thirteen", "#pending .card"), ("ofc", "#pending .card"), ("bigtwo", "#hand .card")],
)
def test_the_play_pages_cards_are_a_finger_wide(
    phone: WebDriver, visit: Visit, page: str, cards: str
) -> None:
    browser = visit(f"/play/{page}")
    wait_for(browser, "#seed").send_keys("7")
    browser.find_element(By.ID, "deal").click()
    wait_for(browser, cards)
    assert small_targets(browser, cards) == []
    fits(browser)
