"""Running the CLI beside the web app, to compare their answers exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.conftest import ROOT, WAIT_SECONDS

UNKNOWN = [
    "unknown ruleset 'taiwn'",
    "  hint: did you mean 'taiwan'? `housegame rulesets` lists the bundled ids; or give a path "
    "to a .yaml file",
]
"""The CLI's lines for ``taiwn`` (after ``error:``)."""


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "housegame", *args], capture_output=True, text=True, cwd=cwd
    )


def cli_json(*args: str, cwd: Path = ROOT) -> Any:
    done = cli(*args, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def settled(browser: WebDriver, css: str, text: str | None = None) -> WebElement:
    """Like ``wait_for``, on a page that redraws itself (an element replaced while it is read
    is looked up again)."""

    def found(driver: WebDriver) -> WebElement | bool:
        for element in driver.find_elements(By.CSS_SELECTOR, css):
            if element.is_displayed() and (text is None or text in element.text):
                return element
        return False

    wait = WebDriverWait(
        browser, WAIT_SECONDS, ignored_exceptions=(StaleElementReferenceException,)
    )
    element = wait.until(found)
    assert isinstance(element, WebElement)
    return element
