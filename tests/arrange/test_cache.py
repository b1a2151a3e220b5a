"""The table cache heals: a cached file that does not verify is reported and rebuilt, writes are
atomic, and an unwritable cache folder falls back to memory with one warning."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from housegame.arrange import build, cache, decktables, lookup
from housegame.arrange.build import lane_odds
from housegame.arrange.decktables import rank_tables
from housegame.arrange.lookup import RankTables
from housegame.arrange.odds import DATA_DIR, DataFileError, LaneOdds, odds_name
from housegame.memo import Kept, array_bytes
from housegame.ranking import RankingRules
from housegame.rulesets.common import DeckSpec

RULES = RankingRules()


@pytest.fixture(scope="module")
def real() -> RankTables:
    """The tables as built (or cached) for this process, before any test moves the cache."""
    return rank_tables(RULES)


@pytest.fixture
def cache_folder(
    real: RankTables, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """An empty cache folder for this test."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("HOUSEGAME_CACHE", str(folder))
    monkeypatch.setattr(cache, "_warned_unwritable", False)
    yield folder


@pytest.fixture
def builds(real: RankTables, monkeypatch: pytest.MonkeyPatch) -> list[RankingRules]:
    """A builder that counts its calls and returns the real tables instead of taking seconds."""
    built: list[RankingRules] = []

    def build(rules: RankingRules) -> RankTables:
        built.append(rules)
        return real

    monkeypatch.setattr(lookup, "build_tables", build)
    return built


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _flip_a_bit(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _zero_the_tables(path: Path) -> None:
    """A well-formed file whose arrays are zeros: it reads, but its checksum fails."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    for name in ("ord5", "ord3", "keys"):
        arrays[name] = np.zeros_like(arrays[name])
    np.savez(path, **arrays)


def _no_checksum(path: Path) -> None:
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files if name != "checksum"}
    np.savez(path, **arrays)


DAMAGE: list[Callable[[Path], None]] = [
    _truncate,
    _flip_a_bit,
    _empty,
    _zero_the_tables,
    _no_checksum,
]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_cached_table_is_reported_and_rebuilt(
    cache_folder: Path,
    builds: list[RankingRules],
    damage: Callable[[Path], None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    lookup.load_rank_tables(RULES)
    path = lookup.cache_file(RULES)
    assert path is not None and path.is_file() and len(builds) == 1
    loaded = lookup.load_rank_tables(RULES)
    assert len(builds) == 1 and np.array_equal(loaded.ord5, rank_tables(RULES).ord5)
    capsys.readouterr()
    damage(path)
    healed = lookup.load_rank_tables(RULES)
    assert len(builds) == 2
    assert np.array_equal(healed.ord5, rank_tables(RULES).ord5)
    err = capsys.readouterr().err
    assert err.startswith(f"housegame: cache file {path} does not verify (")
    assert err.endswith("); rebuilding it\n")
    lookup.load_rank_tables(RULES)
    assert len(builds) == 2, "the rebuilt file verifies"
    assert [p.name for p in path.parent.iterdir()] == [path.name], "no temporary files left"


def test_an_unwritable_cache_keeps_tables_in_memory_with_one_warning(
    cache_folder: Path, builds: list[RankingRules], capsys: pytest.CaptureFixture[str]
) -> None:
    cache_folder.write_text("not a folder", encoding="utf-8")
    lookup.load_rank_tables(RULES)
    lookup.load_rank_tables(RankingRules(wheel_straight="second-highest"))
    first, warning = capsys.readouterr().err.splitlines()
    assert first == "housegame: building lookup tables for ranking wl-sfl-none; this happens once"
    assert warning.startswith(f"housegame: cannot write the cache in {cache_folder} (")
    err = warning
    assert "kept in memory for this run (set HOUSEGAME_CACHE to a writable folder)" in err
    assert len(builds) == 2


def test_a_first_build_says_so_once(
    cache_folder: Path, builds: list[RankingRules], capsys: pytest.CaptureFixture[str]
) -> None:
    """Building takes about a second: the first build says what is happening, on stderr only
    (stdout is the command's answer, which the manual's examples show); the next run reads the
    cached file and says nothing."""
    lookup.load_rank_tables(RULES)
    assert capsys.readouterr() == (
        "",
        "housegame: building lookup tables for ranking wl-sfl-none; this happens once\n",
    )
    lookup.load_rank_tables(RULES)
    assert capsys.readouterr() == ("", "") and len(builds) == 1


def test_a_failed_write_leaves_no_partial_file(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", broken)
    cache.store_cached(cache_folder / "x.npz", {"a": np.arange(3)})
    assert list(cache_folder.iterdir()) == []


def _shipped_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data_tables"
    shutil.copytree(DATA_DIR, folder)
    monkeypatch.setattr(build, "DATA_DIR", folder)
    return folder / odds_name(RULES)


def test_the_shipped_lane_odds_verify(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _shipped_copy(tmp_path, monkeypatch)
    loaded = build.load_lane_odds(RULES)
    assert loaded.meta["ranking"] == "wl-sfl-none"
    assert all(np.array_equal(a, b) for a, b in zip(loaded.keys, lane_odds(RULES).keys))
    loaded.save(path)
    again = LaneOdds.load(path, RULES, require_checksum=True)
    assert again.meta == loaded.meta


@pytest.mark.parametrize(
    "damage", [_truncate, _flip_a_bit, _empty], ids=["truncate", "flip", "empty"]
)
def test_a_damaged_shipped_lane_odds_file_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: Callable[[Path], None]
) -> None:
    path = _shipped_copy(tmp_path, monkeypatch)
    damage(path)
    with pytest.raises(DataFileError) as caught:
        build.load_lane_odds(RULES)
    assert caught.value.message.startswith(f"the shipped lane-odds file {path} is damaged (")
    assert caught.value.hint is not None and "housegame tables build" in caught.value.hint


def test_a_damaged_cached_lane_odds_file_is_rebuilt(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "DATA_DIR", cache_folder / "nothing-shipped")
    shipped = LaneOdds.load(DATA_DIR / odds_name(RULES), RULES)
    fallback = LaneOdds(
        RULES, shipped.keys, shipped.counts, {**shipped.meta, "seed": 0, "deals": 1000}
    )
    built: list[int] = []

    def fake_build(
        rules: RankingRules, seed: int, deals: int, deck: DeckSpec | None = None
    ) -> LaneOdds:
        built.append(seed)
        return fallback

    monkeypatch.setattr(build, "build_lane_odds", fake_build)
    build.load_lane_odds(RULES)
    assert capsys.readouterr().err == (
        "housegame: building lane odds for ranking wl-sfl-none from 1,000 deals; "
        "this happens once\n"
    )
    path = cache_folder / odds_name(RULES)
    build.load_lane_odds(RULES)
    assert built == [0] and path.is_file()
    _flip_a_bit(path)
    build.load_lane_odds(RULES)
    assert built == [0, 0]
    assert f"cache file {path} does not verify" in capsys.readouterr().err


def test_a_killed_writes_temporary_file_is_removed_on_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "_swept", set())
    target = tmp_path / "rank-tables-v3-x.npz"
    left = tmp_path / ".rank-tables-v3-x.k2j4h5.npz"
    left.write_bytes(b"\0" * 4096)  # what a kill during np.savez leaves
    old = left.stat().st_mtime - cache.STALE_SECONDS - 60
    os.utime(left, (old, old))
    writing = tmp_path / ".rank-tables-v3-x.q8w7e6.npz"  # another process, writing now
    writing.write_bytes(b"\0" * 4096)
    assert cache.load_cached(target, ("values",)) is None
    assert not left.exists()
    assert writing.exists()


def test_tables_in_memory_are_bounded_by_their_bytes(
    cache_folder: Path, builds: list[RankingRules], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server meets as many ranking settings as pasted rulesets name: it keeps the tables of
    the most recently used within ``TABLES_BYTES``, and reads the others again from the disk
    cache when they come back."""
    one = rank_tables(RULES)
    monkeypatch.setattr(decktables, "_TABLES", Kept(array_bytes(one) + 1, array_bytes))
    loads: list[RankingRules] = []
    loading = lookup.load_rank_tables

    def counted(rules: RankingRules) -> RankTables:
        loads.append(rules)
        return loading(rules)

    monkeypatch.setattr(decktables, "load_rank_tables", counted)
    other = RankingRules(wheel_straight="second-highest")
    for rules in (RULES, RULES, other, other, RULES):
        rank_tables(rules)
    assert loads == [RULES, other, RULES]  # room for one: each came back from the disk cache
    assert len(builds) == 2, "built once each, then read from the disk cache"
