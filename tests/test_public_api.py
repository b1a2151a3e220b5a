"""The public API: every exported name resolves, and no export hides a subpackage except
``arrange``, which is the function (the subpackage stays importable as a module)."""

from __future__ import annotations

import importlib

import housegame


def test_every_exported_name_resolves() -> None:
    for name in housegame.__all__:
        assert getattr(housegame, name) is not None


def test_engine_packages_stay_importable_as_modules() -> None:
    for package in ("thirteen", "ofc", "bigtwo", "arrange", "rulesets", "cli", "compare"):
        module = importlib.import_module(f"housegame.{package}")
        if package == "arrange":
            assert housegame.arrange is module.arrange
            assert callable(housegame.arrange)
        else:
            assert getattr(housegame, package) is module
