"""Random damage to a cached table (bytes changed, cut short, grown): every read either
verifies and gives the true tables, or reports the file and rebuilds it. Never a crash, never
a wrong table."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from housegame.arrange import cache, lookup
from housegame.arrange.decktables import rank_tables
from housegame.arrange.lookup import RankTables
from housegame.ranking import RankingRules
from tests.fuzz.conftest import FUZZ

RULES = RankingRules()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[RankTables, bytes]:
    """The true tables and the bytes of their cache file."""
    tables = rank_tables(RULES)
    path = tmp_path_factory.mktemp("cache") / "tables.npz"
    cache.write_atomic(path, {name: getattr(tables, name) for name in lookup._ARRAYS})
    return tables, path.read_bytes()


damage = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 10**7), st.integers(1, 255)),
    st.tuples(st.just("cut"), st.integers(0, 10**7), st.just(0)),
    st.tuples(st.just("zero"), st.integers(0, 10**7), st.integers(1, 4096)),
    st.tuples(st.just("grow"), st.integers(0, 10**7), st.integers(1, 64)),
)


@FUZZ
@given(change=damage)
def test_a_damaged_cache_never_gives_a_wrong_table(
    pristine: tuple[RankTables, bytes],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    change: tuple[str, int, int],
) -> None:
    tables, original = pristine
    monkeypatch.setenv("HOUSEGAME_CACHE", str(tmp_path))
    rebuilt: list[int] = []

    def build(rules: RankingRules) -> RankTables:
        rebuilt.append(1)
        return tables

    monkeypatch.setattr(lookup, "build_tables", build)
    path = lookup.cache_file(RULES)
    assert path is not None
    data = bytearray(original)
    kind, offset, amount = change
    at = offset % len(data)
    if kind == "flip":
        data[at] ^= amount
    elif kind == "cut":
        del data[at:]
    elif kind == "zero":
        data[at : at + amount] = bytes(len(data[at : at + amount]))
    else:
        data[at:at] = bytes(amount)
    path.write_bytes(bytes(data))
    capsys.readouterr()
    loaded = lookup.load_rank_tables(RULES)
    for name in lookup._ARRAYS:
        assert np.array_equal(getattr(loaded, name), getattr(tables, name))
    err = capsys.readouterr().err
    if rebuilt:
        assert f"cache file {path} does not verify" in err
    else:
        assert err == ""
