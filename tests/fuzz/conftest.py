"""The fuzz suite's shared machinery: one settings profile (short in CI, long with
``HOUSEGAME_FUZZ=long``), a guard that turns a hang into a failure, and the CLI runner."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from housegame.cli import app
from tests.suite import examples

LONG = os.environ.get("HOUSEGAME_FUZZ", "") == "long"


def fuzz_settings(ci_examples: int) -> settings:
    """CI runs a fixed, small sample (the same examples every run); ``HOUSEGAME_FUZZ=long``
    draws 400 fresh examples a test."""
    return settings(
        max_examples=examples(400) if LONG else ci_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        derandomize=not LONG,
    )


FUZZ = fuzz_settings(12)
"""Every fuzz test's settings but the property tests'."""

LIMIT_SECONDS = 60
"""A command that runs longer than this is taken to hang (no command here needs a second)."""


class Hang(Exception):
    """A command did not end within LIMIT_SECONDS."""


@contextmanager
def terminates(seconds: float = LIMIT_SECONDS, cpu: bool = False) -> Iterator[None]:
    """Fail, rather than hang, when the body runs past ``seconds``: termination, not speed.
    ``cpu``: seconds of this process's CPU (``ITIMER_PROF``), not of the wall clock."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no result after {seconds} {'CPU-' if cpu else ''}s")

    timer, sent = (
        (signal.ITIMER_PROF, signal.SIGPROF) if cpu else (signal.ITIMER_REAL, signal.SIGALRM)
    )
    previous = signal.signal(sent, stop)
    signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(sent, previous)


runner = CliRunner()


def run_cli(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run one command in-process, bounded in time; its exit code, stdout and stderr."""
    with terminates():
        result = runner.invoke(app, args, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def assert_handled(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """The command ends with 0 or 2 and no traceback nor internal error: bad input is always
    one clear message."""
    code, out, err = run_cli(args, stdin)
    assert "Traceback" not in err + out, err
    assert "internal error" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.strip(), "exit 2 says why on stderr"
    return code, out, err
