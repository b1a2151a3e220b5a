"""The package's import graph has no cycles, deferred imports inside functions included.

The layer order itself (cards -> ranking -> ruleset models -> game engines -> arrange ->
comparison and rooms -> web -> CLI) is an import-linter contract in ``pyproject.toml``, checked by
``lint-imports`` in CI; this test adds what a layers contract cannot see: cycles between
modules of one layer.
"""

from __future__ import annotations

import grimp


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively: every component of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, set())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_strongly_connected_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_between_modules() -> None:
    graph = grimp.build_graph("housegame", cache_dir=None)
    modules = {m for m in graph.modules if m != "housegame"}
    edges = {
        m: {
            n
            for n in graph.find_modules_directly_imported_by(m)
            if n in modules and not n.startswith(m + ".")  # a package exporting its modules
        }
        for m in modules
    }
    assert strongly_connected(edges) == []
