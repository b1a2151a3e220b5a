"""The on-disk cache of built tables: files that verify before they are trusted.

Every cached ``.npz`` carries a SHA-256 checksum of its arrays (with their dtypes and shapes)
and is written atomically (a temporary file in the same folder, then ``os.replace``), so a
reader sees a whole file or none. A file that is truncated, bit-flipped, zeroed or otherwise
does not verify is reported on stderr and rebuilt; a cache folder that cannot be written costs
one warning per process, and the tables are kept in memory instead. A temporary file that a
killed write left behind is removed the next time a process reads the cache. The folder is
``$HOUSEGAME_CACHE``, else ``~/.cache/housegame``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

CACHE_ENV = "HOUSEGAME_CACHE"
CHECKSUM = "checksum"
STALE_SECONDS = 600.0
"""A temporary file untouched this long is left over from a killed write (a write takes
seconds at most; a younger one may be another process's, still writing)."""

Arrays = Mapping[str, npt.NDArray[Any]]

_warned_unwritable = False
_swept: set[Path] = set()


def cache_dir() -> Path | None:
    """Where built tables are kept between runs; None when no home folder is known."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    try:
        return Path.home() / ".cache" / "housegame"
    except RuntimeError:
        return None


def notice(message: str) -> None:
    """A line on stderr about the cache: never silent, never a traceback."""
    sys.stderr.write(f"housegame: {message}\n")


def checksum(arrays: Arrays) -> str:
    """SHA-256 over every array's name, dtype, shape and bytes, in name order."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        if name == CHECKSUM:
            continue
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}|{array.dtype.str}|{array.shape}|".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


class Unverified(Exception):
    """A cached or shipped file that does not hold what it should (the reason is the text)."""


def read_verified(path: Path, names: tuple[str, ...], require_checksum: bool) -> dict[str, Any]:
    """The arrays of an ``.npz`` file, after its checksum (when it has one, or must) matches;
    any failure to read or verify is ``Unverified``."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except Exception as exc:  # a damaged zip raises BadZipFile, EOFError, ValueError, ...
        raise Unverified(f"unreadable ({type(exc).__name__}: {exc})") from None
    missing = [name for name in names if name not in arrays]
    if missing:
        raise Unverified(f"missing {', '.join(missing)}")
    if CHECKSUM in arrays:
        if str(arrays[CHECKSUM]) != checksum(arrays):
            raise Unverified("checksum mismatch")
    elif require_checksum:
        raise Unverified("no checksum")
    return arrays


def sweep_temporaries(folder: Path) -> None:
    """Remove the temporary files killed writes left in ``folder`` (once a process)."""
    if folder in _swept:
        return
    _swept.add(folder)
    try:
        leftovers = list(folder.glob(".*.npz"))
    except OSError:
        return
    now = time.time()
    for path in leftovers:
        # gone already, or not ours to remove: the next write replaces nothing
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()


def write_atomic(path: Path, arrays: Arrays, compressed: bool = False) -> None:
    """Write the arrays and their checksum whole or not at all; OSError if the folder cannot
    be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {**arrays, CHECKSUM: np.array(checksum(arrays))}
    with tempfile.NamedTemporaryFile(
        dir=path.parent, prefix=f".{path.stem}.", suffix=".npz", delete=False
    ) as tmp:
        try:
            (np.savez_compressed if compressed else np.savez)(tmp, allow_pickle=False, **payload)
        except BaseException:
            tmp.close()
            os.unlink(tmp.name)
            raise
    os.chmod(tmp.name, 0o644)  # tables hold nothing private: readable like the package
    try:
        os.replace(tmp.name, path)
    except OSError:
        os.unlink(tmp.name)
        raise


def load_cached(path: Path | None, names: tuple[str, ...]) -> dict[str, Any] | None:
    """A verified cache file's arrays; None when absent; a file that fails to verify is
    reported (it is rebuilt and overwritten by the caller)."""
    if path is None:
        return None
    sweep_temporaries(path.parent)
    if not path.is_file():
        return None
    try:
        return read_verified(path, names, require_checksum=True)
    except Unverified as exc:
        notice(f"cache file {path} does not verify ({exc}); rebuilding it")
        return None


def unwritable() -> bool:
    """Whether this process has found the cache folder unwritable (and said so)."""
    return _warned_unwritable


def store_cached(path: Path | None, arrays: Arrays, compressed: bool = False) -> None:
    """Keep built arrays for the next run; an unwritable cache warns once per process (the
    caller keeps the tables in memory for this one)."""
    global _warned_unwritable
    if path is None:
        return
    try:
        write_atomic(path, arrays, compressed)
    except OSError as exc:
        if not _warned_unwritable:
            _warned_unwritable = True
            notice(
                f"cannot write the cache in {path.parent} ({exc.strerror or exc}); built "
                f"tables are kept in memory for this run (set {CACHE_ENV} to a writable folder)"
            )
