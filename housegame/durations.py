"""Durations in words, for estimates and progress (the command line and the web table)."""

from __future__ import annotations


def clock_text(seconds: float) -> str:
    """``1:02:03``, ``2:03``: a duration as a clock shows it."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def cpu_text(seconds: float) -> str:
    """An estimate of CPU time in words: ``about 40 CPU-minutes``, ``about 25 CPU-seconds``."""
    if seconds >= 5400:
        return f"about {seconds / 3600:.1f} CPU-hours"
    if seconds >= 90:
        return f"about {seconds / 60:.0f} CPU-minutes"
    return f"about {max(1, round(seconds))} CPU-seconds"
