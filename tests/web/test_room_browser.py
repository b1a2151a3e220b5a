"""A table room on three phones (three chromiums, each its own profile): the host opens it,
two players join by its link and read the rules sheet, everyone enters the hand they set
(typed or tapped on the deck), one reloads and is still in, and all three read the same
ledger, the one the library's scorer gives."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from housegame.rooms import Entry
from housegame.rulesets.loader import load_bundled
from housegame.scoring import score
from housegame.tables import PlayerEntry, TableFile
from tests.rooms.hands import ANN, BO, CY
from tests.web.conftest import PHONE_WIDTH, Shot, Visit, fits, new_chromium, wait_for

LANES = ("front", "middle", "back")


def as_phone(driver: WebDriver) -> WebDriver:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": PHONE_WIDTH, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    return driver


@pytest.fixture
def two_more(browser: WebDriver) -> Iterator[list[WebDriver]]:
    """Two more phones beside ``browser`` (which starts the browser tests' checks)."""
    drivers = [as_phone(new_chromium()) for _ in range(2)]
    yield drivers
    for driver in drivers:
        driver.quit()


def typed(driver: WebDriver, entry: Entry) -> None:
    for lane in LANES:
        field = driver.find_element(By.CSS_SELECTOR, f"#lanes .slot[data-slot='{lane}'] input")
        field.send_keys(getattr(entry, lane).lower() + Keys.TAB)


def tapped(driver: WebDriver, entry: Entry) -> None:
    for lane in LANES:
        for card in getattr(entry, lane).split():
            driver.find_element(By.CSS_SELECTOR, f"#deck .card[data-card='{card}']").click()


def ledger_rows(driver: WebDriver) -> list[list[str]]:
    wait_for(driver, "#ledger tr[data-round='1']")
    rows: list[list[str]] = driver.execute_script(  # at once: a poll may redraw the table
        "return [...document.querySelectorAll('#ledger tr')]"
        ".map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))"
    )
    return rows


def test_three_phones_play_a_round_and_read_one_ledger(
    phone: WebDriver, visit: Visit, live_server: str, two_more: list[WebDriver], shot: Shot
) -> None:
    host = visit("/room")
    wait_for(host, "#host-name").send_keys("Ann")
    fits(host)
    host.find_element(By.ID, "create").click()
    wait_for(host, "#your-hand")
    code = host.find_element(By.ID, "room").get_attribute("data-code")
    assert code and host.current_url == f"{live_server}/room/{code}"  # no token in the address
    bo, cy = two_more
    for driver, name in ((bo, "Bo"), (cy, "Cy")):
        driver.get(f"{live_server}/room/{code}")
        wait_for(driver, "#rules .sheet h2")  # the rules sheet, before joining
        wait_for(driver, "#join-name").send_keys(name)
        driver.find_element(By.ID, "join-button").click()
        wait_for(driver, "#your-hand")
        assert not driver.find_element(By.ID, "join").is_displayed()
        wait_for(driver, "#players li[data-player='Ann']")

    typed(host, ANN)
    tapped(bo, BO)
    typed(cy, CY)
    for driver in (host, bo, cy):
        driver.find_element(By.ID, "enter").click()
        wait_for(driver, "#check", "hand is in")
        fits(driver)

    bo.refresh()  # Bo's phone reloads: still in, his hand as entered
    wait_for(bo, "#players li[data-player='Bo']", "(you)")
    middle = bo.find_element(By.CSS_SELECTOR, "#lanes .slot[data-slot='middle'] input")
    assert middle.get_attribute("value") == BO.middle

    wait_for(host, "#players li[data-player='Cy']", "✓")
    wait_for(host, "#players li[data-player='Bo']", "✓")
    host.find_element(By.ID, "end-round").click()
    ledgers = [ledger_rows(driver) for driver in (host, bo, cy)]
    assert ledgers[0] == ledgers[1] == ledgers[2]

    table = TableFile(
        players=[
            PlayerEntry(name=name, front=e.front, middle=e.middle, back=e.back)
            for name, e in (("Ann", ANN), ("Bo", BO), ("Cy", CY))
        ]
    )
    totals = score(table, load_bundled("pagat")).totals
    shown = [f"+{int(v)}" if v > 0 else str(int(v)) for v in totals.values()]
    assert ledgers[0][0][1:] == ["Ann", "Bo", "Cy"]
    assert ledgers[0][1] == ["1", *shown] and ledgers[0][-1][1:] == shown
    for driver in (host, bo, cy):
        wait_for(driver, "#last-body .hand-line[data-player='Cy']")
        fits(driver)

    host.find_element(By.ID, "deal").click()  # round 2: the room deals
    for driver in (host, bo, cy):
        wait_for(driver, "#dealt")
        cards = [
            button.get_attribute("data-card")
            for button in driver.find_elements(By.CSS_SELECTOR, "#deck .card")
            if button.is_displayed()
        ]
        assert len(cards) == 13
        for card in cards:  # in the deck's order: pagat plays a foul as it comes
            driver.find_element(By.CSS_SELECTOR, f"#deck .card[data-card='{card}']").click()
        driver.find_element(By.ID, "enter").click()
        wait_for(driver, "#check", "hand is in")
    for name in ("Ann", "Bo", "Cy"):
        wait_for(host, f"#players li[data-player='{name}']", "✓")
    host.find_element(By.ID, "end-round").click()
    for driver in (host, bo, cy):
        wait_for(driver, "#ledger tr[data-round='2']")
    seconds = [ledger_rows(driver) for driver in (host, bo, cy)]
    assert seconds[0] == seconds[1] == seconds[2] and len(seconds[0]) == 4

    bo.get(f"{live_server}/room/{code}?lang=zh")  # in Chinese, on the same phone: still Bo
    wait_for(bo, "#players li[data-player='Bo']", "(你)")
    wait_for(bo, "#ledger tr[data-round='2']")
    assert bo.find_element(By.CSS_SELECTOR, "#rules .sheet").get_attribute("lang") == "zh"
    fits(bo)
    assert not host.find_element(By.ID, "join").is_displayed()  # the host has joined
    host.find_element(By.CSS_SELECTOR, "#rules summary").click()  # folded, for the picture
    host.execute_script("window.scrollTo(0, 0)")
    shot("room")


def test_a_card_the_deck_holds_twice_is_tapped_twice(phone: WebDriver, visit: Visit) -> None:
    """Under 加一色 (maceplay-add-a-suit) the room's deck has the spades twice: a spade is
    tapped into the lanes twice, a third tap takes one back, a heart only once."""
    host = visit("/room")
    wait_for(host, "#host-name").send_keys("Ann")
    host.execute_script("document.getElementById('ruleset').value = 'maceplay-add-a-suit'")
    host.find_element(By.ID, "create").click()
    wait_for(host, "#your-hand")
    spade = wait_for(host, "#deck .card[data-card='AS']")
    assert spade.get_attribute("data-copies") == "2"
    assert (
        host.find_element(By.CSS_SELECTOR, "#deck .card[data-card='AH']").get_attribute(
            "data-copies"
        )
        == "1"
    )
    front = "#lanes .slot[data-slot='front'] input"
    for _ in range(2):
        spade.click()
    assert host.find_element(By.CSS_SELECTOR, front).get_attribute("value") == "AS AS"
    assert "used" in (spade.get_attribute("class") or "")
    spade.click()  # both copies held: the tap takes one back
    assert host.find_element(By.CSS_SELECTOR, front).get_attribute("value") == "AS"
    heart = host.find_element(By.CSS_SELECTOR, "#deck .card[data-card='AH']")
    heart.click()
    heart.click()
    assert host.find_element(By.CSS_SELECTOR, front).get_attribute("value") == "AS"
    fits(host)
