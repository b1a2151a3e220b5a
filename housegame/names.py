"""Player names as people read them: what is shown and compared is what a screen shows.

A name is kept after Unicode NFKC (full-width letters as letters), with invisible format
characters (zero-width spaces and joiners, direction marks: category Cf) and control
characters removed and runs of spaces made one. Two names are the same name when they compare
equal casefolded. A name that mixes Latin, Greek and Cyrillic letters (``Host`` with a Greek
Eta for the H) is refused: each script has letters that look like another's, and nobody types
such a name by accident.
"""

from __future__ import annotations

import unicodedata

LOOK_ALIKE_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")
"""Scripts whose capitals look alike (Latin, Greek and Cyrillic A, H, O, ...): a name keeps to
one."""


def shown_name(text: str) -> str:
    """``text`` as the name shown: NFKC, no format or control characters, single spaces."""
    kept = "".join(
        c
        for c in unicodedata.normalize("NFKC", text)
        if unicodedata.category(c) not in ("Cf", "Cc")
    )
    return " ".join(kept.split())


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def mixed_scripts(name: str) -> str | None:
    """The look-alike scripts ``name`` mixes, one letter of each (``H Greek, o Latin``), or
    None where its letters keep to one of ``LOOK_ALIKE_SCRIPTS``."""
    scripts: dict[str, str] = {}
    for c in name:
        if c.isalpha():
            script = unicodedata.name(c, "").split(" ", 1)[0]
            if script in LOOK_ALIKE_SCRIPTS:
                scripts.setdefault(script, c)
    if len(scripts) < 2:
        return None
    return ", ".join(f"{c} {s.title()}" for s, c in scripts.items())
