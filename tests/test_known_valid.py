"""Documents a long-lived validator found valid are not validated again (a parent file is
checked each time a child loads); anything else still is, and says what is wrong."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any, cast

import jsonschema
import pytest

from housegame import validation
from housegame.validation import schema_problems
from housegame.yamlsource import Located

SCHEMA = {"type": "object", "properties": {"when": {"type": "string"}}}


def _located(data: dict[str, Any]) -> Located:
    return Located(data, {}, "t.yaml")


class Counting:
    """A validator that counts the documents it checks."""

    def __init__(self) -> None:
        self.inner = jsonschema.Draft202012Validator(SCHEMA)
        self.calls = 0

    def iter_errors(self, data: Any) -> Iterator[jsonschema.ValidationError]:
        self.calls += 1
        return self.inner.iter_errors(data)


def test_a_valid_document_is_validated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validation, "_VALID", validation._KnownValid(8))
    counting = Counting()
    validator = cast(jsonschema.protocols.Validator, counting)
    good = {"when": "2020-01-01"}
    assert schema_problems(_located(good), good, validator) == []
    assert schema_problems(_located(good), dict(good), validator) == []
    assert counting.calls == 1
    # a date object prints like the string in JSON, but is no string: checked, and refused
    dated = {"when": datetime.date(2020, 1, 1)}
    assert [p.message for p in schema_problems(_located(dated), dated, validator)]
    assert counting.calls == 2


def test_the_cache_keeps_the_most_recently_used() -> None:
    known = validation._KnownValid(2)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    a, b, c = (known.key(validator, {"when": w}) for w in "abc")
    known.add(a)
    known.add(b)
    assert a in known  # a is now the most recently used
    known.add(c)
    assert a in known and c in known and b not in known
