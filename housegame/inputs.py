"""Reading the files users give us: bounded in size, UTF-8 only, and checked before anything is
written.

Every command reads its tables, rulesets and logs through ``read_text`` and writes through
``check_writable`` first, so a file of absurd size, an endless device, a symlink loop or text in
another encoding becomes one clear error (exit 2) rather than a hang or a traceback. The limits
are documented in ``docs/security.md``.
"""

from __future__ import annotations

import codecs
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from housegame.errors import RulesetError

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Largest file read (tables of tens of thousands of players fit; /dev/zero does not)."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and lists in a YAML file (rulesets need fewer than 12)."""
MAX_NODES = 1_000_000
"""Most values a YAML file may hold once its aliases are expanded (a billion laughs holds 10^9)."""
MAX_ALIAS_VALUES = 10_000
"""Most values aliases may add to what a file writes out: each costs time in every check after
reading, so a file of a few hundred bytes must not expand to half a million (no ruleset, table
or log needs more than a few hundred)."""
MAX_EXTENDS = 32
"""Longest ``extends`` chain."""
MAX_DEALS = 1_000_000
"""Most deals ``simulate`` and ``tables build`` play (a million takes hours already)."""
MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to this."""
MAX_DIGITS = 30
"""Longest whole number read from a command-line value such as ``--left Ann=5``."""


@dataclass(frozen=True)
class Limits:
    """How much one text may hold: the command line's limits, or a server's smaller ones for
    input from the network (``input_limits``)."""

    text_bytes: int = MAX_FILE_BYTES
    values: int = MAX_NODES
    """Values once aliases are expanded."""
    hint: str = "housegame reads tables, rulesets and logs of at most that size"


COMMAND_LINE = Limits()
_limits = ContextVar("housegame_input_limits", default=COMMAND_LINE)


def current_limits() -> Limits:
    """The limits in force here (the command line's unless ``input_limits`` set others)."""
    return _limits.get()


@contextmanager
def input_limits(limits: Limits) -> Iterator[None]:
    """Read every text inside the block within ``limits`` (the web table does, per request)."""
    token = _limits.set(limits)
    try:
        yield
    finally:
        _limits.reset(token)


def check_text_size(text: str, name: str) -> None:
    """Refuse text over the size limit in force, before it is parsed."""
    limit = current_limits().text_bytes
    if len(text) * 4 > limit and len(text.encode("utf-8", "surrogatepass")) > limit:
        raise InputError(f"{name}: larger than {_kib(limit)}", hint=current_limits().hint)


def _kib(size: int) -> str:
    return _mib(size) if size >= 2**20 else f"{size / 2**10:g} KiB"


_INVISIBLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
"""Control characters, bidi marks and overrides, and the byte-order mark."""


def escape_controls(text: str, keep: str = "") -> str:
    r"""``text`` with its control and bidi characters (except those in ``keep``) written as
    ``\x1b``-style escapes: what every terminal line and web page shows of user text, so a
    name can neither restyle the terminal nor reverse what a page says."""

    def show(match: re.Match[str]) -> str:
        char = match.group()
        if char in keep:
            return char
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _INVISIBLE.sub(show, text)


class InputError(RulesetError):
    """A file that cannot be read as UTF-8 text within the limits (a RulesetError, as every
    file problem has always been, so callers catching that keep working)."""


def _mib(size: int) -> str:
    return f"{size / 2**20:g} MiB"


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """At most ``limit`` bytes of ``path``; more is an error, so endless files end quickly."""
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise InputError(
            f"{path} is larger than {_mib(limit)}",
            hint="housegame reads tables, rulesets and logs of at most that size",
        )
    return data


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text (a leading byte-order mark is allowed), or an error that says what it is."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or (
        len(data) >= 2 and (data[0] == 0) != (data[1] == 0)
    ):
        raise InputError(
            f"{name}: the file is UTF-16 text, not UTF-8",
            hint="save it as UTF-8 (most editors: 'Save with encoding')",
        )
    try:
        text = data.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"{name}:{line}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            hint="save the file as UTF-8; Latin-1 and other encodings are not read",
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError(f"{name}:{line}: a NUL byte; this is not a text file")
    return text


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """A user's text file, bounded and decoded as UTF-8."""
    return decode_text(read_bytes(path, limit), str(path))


def parse_count(text: str, what: str) -> int:
    """A whole number written in ASCII digits (no superscripts, no thousands of digits)."""
    value = text.strip()
    if not value.isascii() or not value.isdigit():
        raise InputError(f"{what}: the count must be a whole number", hint="write digits 0-9")
    if len(value) > MAX_DIGITS:
        raise InputError(f"{what}: the count must be at most {MAX_DIGITS} digits long")
    return int(value)


def check_writable(path: Path, what: str) -> None:
    """Refuse now, before any work, a file that could not be written later: the file is
    replaced atomically, so its folder must take a new file, and an existing target must be a
    plain file (never a device such as /dev/null, nor anything under /proc)."""
    folder = path.parent
    if path.is_dir():
        raise InputError(f"{what} {path} is a folder", hint="give a file name")
    if path.exists() and not path.is_file():
        raise InputError(f"{what} {path} is not a plain file")
    if not folder.is_dir():
        raise InputError(f"{what} {path}: no folder {folder}", hint="create the folder first")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{path.name}."):
            pass
    except OSError as exc:
        raise InputError(
            f"{what} {path}: cannot write in {folder}: {exc.strerror or exc}"
        ) from None


def check_folder(path: Path, what: str) -> None:
    """A folder to write files into: created if missing; a file there is an error."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{what} {path} is a file, not a folder", hint="give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create {what} {path}: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"{what} {path}: permission denied")


def write_text_atomic(path: Path, text: str) -> None:
    """Write all of ``text`` or nothing: a temporary file beside ``path``, then a rename."""
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
    ) as tmp:
        tmp.write(text)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp.name, 0o666 & ~umask)  # the permissions a plain open() would give
    try:
        os.replace(tmp.name, path)
    except OSError:
        os.unlink(tmp.name)
        raise
