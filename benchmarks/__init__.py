"""Benchmarks and contributor tools, not part of the package: each runs from the repository
root as ``python -m benchmarks.NAME`` (benchmarks/README.md lists them)."""
