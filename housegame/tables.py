"""The table file: which ruleset, who is banker, and each player's hand.

A player gives either ``front``/``middle``/``back`` (a set hand) or ``cards``
(13 cards to declare a special hand from, or to be set automatically).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from housegame.errors import TableError
from housegame.rulesets.common import Model, require_unique
from housegame.validation import validate_data
from housegame.yamlsource import Located, load_yaml_file

CardText = str | list[str]


class PlayerEntry(Model):
    name: str = Field(min_length=1)
    front: CardText | None = None
    middle: CardText | None = None
    back: CardText | None = None
    cards: CardText | None = Field(default=None, description="13 cards not yet set.")
    declare: str | None = Field(
        default=None,
        description="auto (default for cards): declare the best special hand that holds, "
        "where declaring is optional only when it is worth more than the best set hand; "
        "force: declare it whatever it is worth; none (default for lanes): do not declare; "
        "or a special hand's id.",
    )
    surrender: bool = Field(
        default=False, description="Surrender before the showdown, where allowed."
    )

    @model_validator(mode="after")
    def _lanes_or_cards(self) -> PlayerEntry:
        lanes = [self.front, self.middle, self.back]
        if self.cards is not None and any(x is not None for x in lanes):
            raise ValueError(f"player '{self.name}': give cards or front/middle/back, not both")
        if (
            self.cards is None
            and any(x is None for x in lanes)
            and any(x is not None for x in lanes)
        ):
            missing = [n for n, x in zip(("front", "middle", "back"), lanes) if x is None]
            raise ValueError(f"player '{self.name}': missing {', '.join(missing)}")
        return self


class TableFile(Model):
    ruleset: str | None = Field(
        default=None, description="Ruleset id or path; --ruleset overrides."
    )
    banker: str | None = Field(default=None, description="The banker's name, in banker games.")
    players: list[PlayerEntry] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> TableFile:
        require_unique([p.name for p in self.players], "player names")
        return self


def table_schema() -> dict[str, Any]:
    schema = TableFile.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://housegame.invalid/schemas/table.schema.json",
        "title": "housegame table",
        **schema,
    }


def parse_table(located: Located) -> TableFile:
    return validate_data(located, located.data, TableFile, table_schema(), "table", TableError)


def load_table(path: Path) -> TableFile:
    """Read a table file (YAML or JSON; JSON is YAML) with file:line errors."""
    return parse_table(load_yaml_file(path))
