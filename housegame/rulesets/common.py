"""Model pieces shared by every game kind: the frozen base, sources, ranking choices."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import cache, cached_property, partial
from types import NoneType, UnionType
from typing import Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
    model_validator,
)

from housegame.cards import BIG_JOKER, DECK, JOKER, LITTLE_JOKER, SUIT_NAMES, Card, Deck, rank_value
from housegame.errors import PathError
from housegame.ranking import RankingRules
from housegame.rulesets.bounds import check_model
from housegame.rulesets.merge import MergeSpec

SuitName = Literal["clubs", "diamonds", "hearts", "spades"]
LaneName = Literal["front", "middle", "back"]
LANES: tuple[LaneName, ...] = ("front", "middle", "back")
LANE_SIZES: dict[LaneName, int] = {"front": 3, "middle": 5, "back": 5}
HAND_CARDS = 13
CategoryName = Literal[
    "high-card",
    "pair",
    "two-pair",
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
]
ThirteenCategory = Literal[CategoryName, "five-of-a-kind"]
"""A 13-card lane's categories: a deck holding a card twice, or jokers, makes five of a kind."""
RankText = Literal["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RANK_TEXTS: tuple[str, ...] = get_args(RankText)
"""Ranks low to high with A high, as rulesets write them."""
NUMBER_RANKS = tuple(range(2, 11))


def _rank_from_number(value: Any) -> Any:
    """``min_rank: 8`` and ``ranks: [10, J]``: YAML reads 8 and 10 as numbers; they are the
    ranks "8" and "10"."""
    if isinstance(value, int) and not isinstance(value, bool) and value in NUMBER_RANKS:
        return str(value)
    return value


RankName = Annotated[
    RankText,
    BeforeValidator(_rank_from_number),
    WithJsonSchema({"enum": [*RANK_TEXTS, *NUMBER_RANKS]}),
]
"""A rank as written: "2".."10", J, Q, K, A; the number ranks may be written unquoted."""
RulesetId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]


def by_key(*keys: str) -> Callable[[Any], str | None]:
    """A union discriminator for conditions written as one-key mappings (``{pairs: 6}``):
    the tag is the first of ``keys`` the value has, so a bad condition is checked against
    its own form only, not against every form of the union."""

    def tag(value: Any) -> str | None:
        if isinstance(value, dict):
            return next((k for k in value if k in keys), None)
        if isinstance(value, BaseModel):
            names = [f.alias or n for n, f in type(value).model_fields.items()]
            return next((k for k in keys if k in names), None)
        return None

    return tag


class Model(BaseModel):
    """Frozen, strict about unknown keys: a typo in a ruleset is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def require_unique(values: list[str], what: str) -> None:
    """Refuse repeated ids or names, naming each repeat."""
    repeated = sorted(v for v, n in Counter(values).items() if n > 1)  # linear: 40,000 names
    if repeated:
        raise PathError((), f"{what} must be unique: {', '.join(repeated)}", "rename or merge them")


def rank_values(ranks: list[RankName] | None) -> frozenset[int]:
    return frozenset(rank_value(r) for r in ranks or ())


class Source(Model):
    """Where a rule comes from: a seed document and the section read."""

    seed: str = Field(
        description="The document the rules come from, one a reader can open: a seed file "
        "(listed in docs/sources.md), a web page's address, or a book.",
        examples=["004_0aec6ce3de4f46e2.txt", "http://big2.funmily.com/m/big2tutorial.html"],
    )
    section: str = Field(
        description="The part of that document read for these rules.",
        examples=["pagat Variations: Playing against the house"],
    )


class Bounds(Model):
    """An inclusive range; either end may be left open."""

    min: int | None = Field(default=None, description="The smallest allowed value (inclusive).")
    max: int | None = Field(default=None, description="The largest allowed value (inclusive).")

    @model_validator(mode="after")
    def _ordered(self) -> Bounds:
        if self.min is None and self.max is None:
            raise PathError(
                (),
                "a range needs min, max or both",
                "write {min: N} for N or more, {max: N} for at most N, or a plain number for "
                "exactly N",
            )
        if self.min is not None and self.max is not None and self.min > self.max:
            raise PathError(
                (),
                f"min {self.min} is above max {self.max}",
                f"swap them: {{min: {self.max}, max: {self.min}}}",
            )
        return self

    def holds(self, value: int) -> bool:
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


def _count_form(value: Any) -> str:
    return "range" if isinstance(value, (dict, Bounds)) else "number"


Count = Annotated[
    Annotated[int, Tag("number")] | Annotated[Bounds, Tag("range")], Discriminator(_count_form)
]
"""A count condition: a plain number means exactly that many; ``{min, max}`` a range."""


def count_holds(count: Count, value: int) -> bool:
    return value == count if isinstance(count, int) else count.holds(value)


class Ranking(Model):
    """How hands rank: where the wheel sits, and the suit order for breaking ties (if any)."""

    wheel_straight: Literal["lowest", "second-highest"] = Field(
        default="lowest",
        description="Where A-2-3-4-5 ranks among straights. lowest: below 2-3-4-5-6; "
        "second-highest: just below 10-J-Q-K-A (Macau).",
    )
    wheel_straight_flush: Literal["lowest", "second-highest"] = Field(
        default="lowest",
        description="Where the A-2-3-4-5 straight flush ranks among straight flushes. lowest: "
        "below 2-3-4-5-6; second-highest: just below the royal flush.",
    )
    suit_order: list[SuitName] | None = Field(
        default=None,
        description="Suits from highest to lowest; hands equal in rank compare the "
        "suit of their highest-ranked card. Omit to leave such hands tied.",
    )
    front_straights: bool = Field(
        default=False,
        description="Three in a row ranks as a straight in the front (A-2-3 lowest, Q-K-A "
        "highest), above trips on the five-card scale, for the foul check too.",
    )
    front_flushes: bool = Field(
        default=False,
        description="Three of a suit ranks as a flush in the front, above a straight (and above "
        "a middle two pair: a foul); with front_straights, also straight flushes.",
    )
    five_of_a_kind: Literal["above-straight-flush", "below-straight-flush"] = Field(
        default="above-straight-flush",
        description="Where five of a kind (五同) ranks, in a deck that holds a card twice or has "
        "jokers: above-straight-flush (most 十三水 rooms) or below-straight-flush (above quads).",
    )
    joker_duplicates: bool = Field(
        default=True,
        description="A joker may stand for a card already in its lane (two AS in a flush, five "
        "of a kind from one deck); false: only for a card the lane does not hold.",
    )
    natural_beats_joker: bool = Field(
        default=False,
        description="Of two lanes equal in category and ranks, the one made without a joker "
        "wins; false: they tie.",
    )
    low_lanes: dict[LaneName, Literal["deuce-to-seven"]] = Field(
        default_factory=dict,
        description="Lanes ranked for low: the weaker hand wins them. deuce-to-seven (2-7 "
        "lowball): 7-5-4-3-2 is the best, aces are always high (A-2-3-4-5 is an ace-high "
        "hand, no straight), straights and flushes count against the hand. The foul check "
        "then compares only the lanes ranked high, in their order (a low middle: the back "
        "must beat the front, any hand may be the middle).",
    )

    @model_validator(mode="after")
    def _all_suits(self) -> Ranking:
        if self.suit_order is not None and sorted(self.suit_order) != sorted(SUIT_NAMES):
            raise PathError(
                ("suit_order",),
                "suit_order must list each of the four suits once",
                "highest first, e.g. [spades, hearts, clubs, diamonds]; or null to tie",
            )
        return self

    def foul_order(self, names: dict[str, str] | None = None) -> str:
        """What a legal setting is, as a hint says it: ``back >= middle >= front``, only the
        lanes ranked high (``names``: a lane's word in the reader's language)."""
        high = [lane for lane in reversed(LANES) if lane not in self.low_lanes]
        return " >= ".join((names or {}).get(lane, lane) for lane in high)

    def rules(self) -> RankingRules:
        order = None
        if self.suit_order is not None:
            order = tuple(SUIT_NAMES.index(s) for s in self.suit_order)
        return RankingRules(
            self.wheel_straight,
            self.wheel_straight_flush,
            order,
            self.front_straights,
            self.front_flushes,
            self.five_of_a_kind,
            self.joker_duplicates,
            self.natural_beats_joker,
            tuple(i for i, lane in enumerate(LANES) if lane in self.low_lanes),
        )


MAX_DECKS = 4
MAX_EXTRA_SUITS = 8
MAX_JOKERS = 8


class DeckSpec(Model):
    """What the cards are: standard decks, extra suits (加一色), jokers (鬼牌 / 王)."""

    decks: int = Field(
        default=1,
        ge=1,
        le=MAX_DECKS,
        description="Whole 52-card decks shuffled together (2: every card twice).",
    )
    extra_suits: list[SuitName] = Field(
        default_factory=list,
        description="One more suit of 13 cards per entry (加一色: [spades]; 加两色: [spades, "
        "hearts]); a suit may be named twice. Each card of it is then held once more.",
        max_length=MAX_EXTRA_SUITS,
        examples=[["spades"], ["spades", "hearts"]],
    )
    jokers: int = Field(
        default=0,
        ge=0,
        le=MAX_JOKERS,
        description="Jokers in the deck (0: none). Written JK in tables, or JKS / JKB where "
        "joker_kinds is little-big.",
    )
    joker_kinds: Literal["alike", "little-big"] = Field(
        default="alike",
        description="alike: every joker is JK; little-big: half are little (JKS), half big "
        "(JKB), as a ruleset that tells them apart says (jokers must be even).",
    )

    @model_validator(mode="after")
    def _pairs_of_jokers(self) -> DeckSpec:
        if self.joker_kinds == "little-big" and self.jokers % 2:
            raise PathError(
                ("jokers",),
                f"{self.jokers} jokers cannot be half little, half big",
                "give an even number of jokers, or write joker_kinds: alike",
            )
        return self

    def deck(self) -> Deck:
        """The deck as the card checks and dealers read it."""
        return self._deck

    @cached_property
    def _deck(self) -> Deck:
        counts: dict[Card, int] = {card: self.decks for card in DECK}
        for suit in self.extra_suits:
            for card in DECK:
                if card.suit == SUIT_NAMES.index(suit):
                    counts[card] += 1
        if self.joker_kinds == "alike":
            counts[JOKER] = self.jokers
        else:
            counts[LITTLE_JOKER] = counts[BIG_JOKER] = self.jokers // 2
        return Deck.of(counts)

    def makes_five_of_a_kind(self) -> bool:
        """A card twice, or a joker: five cards of one rank can come together."""
        return self.decks > 1 or bool(self.extra_suits) or self.jokers > 0

    def moot_ranking(self, ranking: Ranking) -> tuple[str, str] | None:
        """A ranking setting this deck cannot use, changed from its default, with the hint
        (a joker setting without jokers, five of a kind's place without a card twice): refused,
        so no setting is silently ignored."""
        if not self.jokers:
            for name in ("joker_duplicates", "natural_beats_joker"):
                if getattr(ranking, name) != Ranking.model_fields[name].default:
                    return name, "the deck has no jokers: drop it, or add deck: {jokers: 2}"
        if not self.makes_five_of_a_kind() and ranking.five_of_a_kind != "above-straight-flush":
            return "five_of_a_kind", "one deck of unique cards makes no five of a kind: drop it"
        return None

    @property
    def size(self) -> int:
        """Cards in the deck: 52 per deck, 13 per extra suit, and the jokers."""
        return 52 * self.decks + 13 * len(self.extra_suits) + self.jokers


DECK_TEXT = (
    "The cards dealt from: standard decks, extra suits (加一色 / 加两色), jokers. Omitted: "
    "one 52-card deck, no jokers."
)


def deck_too_small(need: int, what: str, deck: DeckSpec) -> str:
    """The message for a table that needs more cards than the deck holds."""
    return f"{what} need {need} cards but the deck has {deck.size}"


def _field_type(annotation: Any, step: str | int) -> Any:
    """The type one step below ``annotation``: a model's field (by name or alias), a mapping's
    value, a list's item; None when the step leads nowhere."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _field_type(get_args(annotation)[0], step)
    if origin in (Union, UnionType):
        found = (_field_type(arm, step) for arm in get_args(annotation) if arm is not NoneType)
        return next((t for t in found if t is not None), None)
    if isinstance(step, int):
        return get_args(annotation)[0] if origin is list else None
    if origin is dict:
        return get_args(annotation)[1]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        fields = annotation.model_fields
        name = next((n for n, f in fields.items() if step in (n, f.alias)), None)
        return fields[name].annotation if name is not None else None
    return None


@cache
def _identity_reader(model: type[BaseModel], path: tuple[str | int, ...], name: str) -> Any:
    annotation: Any = model
    for step in (*path, 0, name):
        annotation = _field_type(annotation, step)
        if annotation is None:
            return None
    return TypeAdapter(annotation)


def canonical_identity(
    model: type[BaseModel], path: tuple[str | int, ...], name: str, value: Any
) -> Any:
    """An identifying value of an entry of the list at ``path`` as ``model`` reads it (``{rank:
    2}`` is ``{rank: "2"}``, left-out defaults filled in): how a merge matches entries, so an
    entry copied from ``show --format yaml`` matches the one its parent wrote. A value the model
    refuses is kept as written (validation reports it)."""
    generic = tuple(step if isinstance(step, str) else 0 for step in path)
    reader = _identity_reader(model, generic, name)
    if reader is None:
        return value
    try:
        return reader.dump_python(reader.validate_python(value), mode="json")
    except (ValidationError, PathError):
        return value


def keyed_defaults(model: type[RulesetBase]) -> dict[str, list[Any]]:
    """The merged-by-key lists a model fills in when a file leaves them out (Big Two's
    ``deal``: four players, 13 each), as a file would write them: what a child's entries
    merge into when its parent leaves the list out, as the docs say they merge."""
    found: dict[str, list[Any]] = {}
    for path in model.merge_spec.keys:
        info = model.model_fields.get(path[0])
        if len(path) != 1 or info is None or info.default_factory is None:
            continue
        default = info.default_factory()  # type: ignore[call-arg]
        if isinstance(default, list) and default:
            found[path[0]] = [
                item.model_dump(mode="json", by_alias=True, exclude_defaults=True)
                if isinstance(item, BaseModel)
                else item
                for item in default
            ]
    return found


def merge_spec_of(model: type[RulesetBase]) -> MergeSpec:
    """The model's ``merge_spec``, matching list entries as the model reads them."""
    return replace(model.merge_spec, canonical=partial(canonical_identity, model))


class RulesetBase(Model):
    """Fields every ruleset has, whatever its game."""

    merge_spec: ClassVar[MergeSpec] = MergeSpec()
    """How a file that ``extends`` this kind merges into its parent (list identities)."""

    id: RulesetId = Field(
        description="The ruleset's id: lower-case letters, digits and hyphens; bundled "
        "rulesets are named after their file.",
        examples=["maceplay-house"],
    )
    name: str = Field(description="The ruleset's name as players know it.")
    summary: str = Field(description="One line shown by `housegame rulesets`.")
    region: str | None = Field(
        default=None,
        description="Where the ruleset is played (Taiwan, Hong Kong, Philippines, ...): "
        "`housegame rulesets` groups by it. A file that extends another inherits it.",
        examples=["Taiwan"],
    )
    sources: list[Source] = Field(
        default_factory=list,
        description="Where the rules come from. A file that extends another names its own "
        "sources (the list is replaced, not merged).",
    )
    extends: str | None = Field(
        default=None,
        description="Id, or path relative to this file's folder (in it or below it), of a "
        "ruleset this one overrides. Mappings merge key by "
        "key; lists of identified entries merge by identity (lane values by lane and category, "
        "specials and bonuses by id, ...); `{id: ..., $delete: true}` removes an inherited "
        "entry; `{$replace: [...]}` replaces a whole list.",
        examples=["maceplay", "base/my-rules.yaml"],
    )

    def ignored_settings(self) -> list[tuple[str, ...]]:
        """Settings this ruleset's own choices make moot (a progressive table under a fixed
        Fantasyland count): ``diff`` leaves them out. None in general; each game says its own."""
        return []

    @model_validator(mode="after")
    def _computable(self) -> RulesetBase:
        """Bounded numbers, no negative counts, unique ids (``bounds``): what validates, runs."""
        check_model(self)
        return self
