"""Component sets: a JSON file each (docs/rules/cities.md §10.8), checked when loaded and
compiled into what the engine reads.

`open-1` (data/open-1.json) is the project's own open set, made to the published counts; it
is not Devir's printed contents (docs/rules/cities.md §10.1). Any file of the same shape loads
the same way: one in data/ is found by its name, any other path is added with `register` (a
transcription of the
printed game, or the tests' own small set). A file that breaks a rule is refused with a
`SetError` naming the field at fault, e.g. `scoring_cards.3.params.hmin`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .components import CardRow, FeatureKind, ObjectiveRow, RuleRow, SetFile
from .geometry import COLOURS
from .objectives import OBJECTIVES, AtLeast, Objective
from .templates import TEMPLATES, Template

DEFAULT = "open-1"
# The published component counts (docs/rules/cities.md §1) every set must match, printed or not.
COUNTS = {"start_tiles": 4, "city_tiles": 32, "feature_tiles": 48, "scoring_cards": 32,
          "achievement_boards": 8}
OBJECTIVES_PER_BOARD = 3
VALUES_PER_OBJECTIVE = 3
PIECES_PER_COLOUR = 25
M = TypeVar("M", bound=BaseModel)


class SetError(ValueError):
    """A component-set file the engine refuses; `field` is the dotted path of the culprit."""

    def __init__(self, source: str, field: str, message: str) -> None:
        super().__init__(f"{source}: {field}: {message}")
        self.source = source
        self.field = field


@dataclass(frozen=True)
class Card:
    id: str
    en: str
    es: str
    points: int
    rule: Template


@dataclass(frozen=True)
class Goal:
    """An objective of an achievement board: its values (1st, 2nd, 3rd) and its test."""

    id: str
    values: tuple[int, ...]
    rule: Objective


@dataclass(frozen=True)
class Board:
    id: str
    en: str
    es: str
    first_game: bool
    objectives: tuple[Goal, ...]


@dataclass(frozen=True)
class ComponentSet:
    id: str
    printed: bool
    version: int
    note: str
    area_points: tuple[int, ...]
    pieces: dict[str, int]
    start_tiles: dict[str, str]  # tile id -> its spaces, "RB/PW"
    city_tiles: dict[str, str]
    kinds: dict[str, FeatureKind]
    features: dict[str, FeatureKind]  # feature tile id -> its kind
    cards: dict[str, Card]
    boards: dict[str, Board]

    def spaces(self, tile: str) -> str:
        return self.start_tiles.get(tile) or self.city_tiles[tile]

    def area(self, kinds: int) -> int:
        """A zone's points by how many kinds it holds; more than the table lists pay its last
        value (R21)."""
        return self.area_points[min(kinds, len(self.area_points) - 1)]


# -- loading ----------------------------------------------------------------------------

def parse(raw: Any, source: str) -> ComponentSet:
    """A component set from a file's JSON value; SetError names the first field at fault."""
    try:
        shape = SetFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SetError(source, _path(first["loc"]) or "file", first["msg"]) from None
    _check_counts(shape, source)
    _check_ids(shape, source)
    kinds = {kind.id: kind for kind in shape.feature_kinds}
    return ComponentSet(
        id=shape.set, printed=shape.printed, version=shape.version, note=shape.note,
        area_points=tuple(shape.area_points), pieces={str(c): n for c, n in shape.pieces.items()},
        start_tiles={t.id: t.spaces for t in shape.start_tiles},
        city_tiles={t.id: t.spaces for t in shape.city_tiles},
        kinds=kinds, features={f.id: kinds[f.kind] for f in shape.feature_tiles},
        cards={c.id: _card(c, f"scoring_cards.{i}", source)
               for i, c in enumerate(shape.scoring_cards)},
        boards={b.id: Board(b.id, b.en, b.es, b.first_game, tuple(
            _goal(o, f"achievement_boards.{i}.objectives.{j}", source)
            for j, o in enumerate(b.objectives)))
            for i, b in enumerate(shape.achievement_boards)})


def load(path: str | Path) -> ComponentSet:
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SetError(path.name, "file", f"not JSON: {exc}") from None
    found = parse(raw, path.name)
    if path.suffix == ".json" and path.stem != found.id:
        raise SetError(path.name, "set", f"{found.id!r} must be the file's name, {path.stem!r}")
    return found


def _path(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc)


def _check_counts(shape: SetFile, source: str) -> None:
    for field, wanted in COUNTS.items():
        found = len(getattr(shape, field))
        if found != wanted:
            raise SetError(source, field, f"{wanted} expected (the published count), found {found}")
    for i, board in enumerate(shape.achievement_boards):
        if len(board.objectives) != OBJECTIVES_PER_BOARD:
            raise SetError(source, f"achievement_boards.{i}.objectives",
                        f"{OBJECTIVES_PER_BOARD} objectives expected, found "
                        f"{len(board.objectives)}")
        for j, goal in enumerate(board.objectives):
            values = goal.values
            if len(values) != VALUES_PER_OBJECTIVE or any(
                    a <= b for a, b in zip(values, values[1:], strict=False)):
                raise SetError(source, f"achievement_boards.{i}.objectives.{j}.values",
                            f"{VALUES_PER_OBJECTIVE} values, strictly falling, expected: {values}")
    if shape.pieces != {colour: PIECES_PER_COLOUR for colour in COLOURS}:
        raise SetError(source, "pieces", f"{PIECES_PER_COLOUR} of each of {', '.join(COLOURS)} "
                    f"expected: {shape.pieces}")
    points = shape.area_points
    if points[0] != 0 or any(a > b for a, b in zip(points, points[1:], strict=False)):
        raise SetError(source, "area_points", f"0 first and never falling expected: {points}")


def _check_ids(shape: SetFile, source: str) -> None:
    everything = [*(f"start_tiles.{i}" for i in range(len(shape.start_tiles))),
                  *(f"city_tiles.{i}" for i in range(len(shape.city_tiles))),
                  *(f"feature_tiles.{i}" for i in range(len(shape.feature_tiles))),
                  *(f"scoring_cards.{i}" for i in range(len(shape.scoring_cards)))]
    ids = [*(t.id for t in shape.start_tiles), *(t.id for t in shape.city_tiles),
           *(f.id for f in shape.feature_tiles), *(c.id for c in shape.scoring_cards)]
    _unique(ids, everything, source)
    goals = [(f"achievement_boards.{i}.objectives.{j}", o.id)
             for i, b in enumerate(shape.achievement_boards) for j, o in enumerate(b.objectives)]
    _unique([g for _, g in goals], [where for where, _ in goals], source)
    _unique([b.id for b in shape.achievement_boards],
            [f"achievement_boards.{i}" for i in range(len(shape.achievement_boards))], source)
    _unique([k.id for k in shape.feature_kinds],
            [f"feature_kinds.{i}" for i in range(len(shape.feature_kinds))], source)
    kinds = {k.id: k for k in shape.feature_kinds}
    for i, tile in enumerate(shape.feature_tiles):
        if tile.kind not in kinds:
            raise SetError(source, f"feature_tiles.{i}.kind",
                        f"no feature kind {tile.kind!r}; known: {', '.join(kinds)}")
    laid = Counter(tile.kind for tile in shape.feature_tiles)
    for i, kind in enumerate(shape.feature_kinds):
        if laid[kind.id] != kind.count:
            raise SetError(source, f"feature_kinds.{i}.count",
                        f"{kind.id}: {kind.count} declared, {laid[kind.id]} feature tiles")
        if kind.wild and kind.space != "building":
            raise SetError(source, f"feature_kinds.{i}.wild", "a wild tile lies on building spaces")


def _unique(ids: list[str], where: list[str], source: str) -> None:
    seen: set[str] = set()
    for name, place in zip(ids, where, strict=True):
        if name in seen:
            raise SetError(source, f"{place}.id", f"{name!r} is used twice")
        seen.add(name)


# -- compiling the vocabulary ----------------------------------------------------------------

def _card(row: CardRow, where: str, source: str) -> Card:
    return Card(row.id, row.en, row.es, row.points, _template(row, where, source))


def _goal(row: ObjectiveRow, where: str, source: str) -> Goal:
    return Goal(row.id, tuple(row.values), _objective(row, where, source))


def _template(row: RuleRow, where: str, source: str) -> Template:
    kind = TEMPLATES.get(row.template)
    if kind is None:
        raise SetError(source, f"{where}.template",
                    f"no card template {row.template!r}; known: {', '.join(TEMPLATES)}")
    return _validated(kind, row.params, where, source)


def _objective(row: RuleRow, where: str, source: str) -> Objective:
    if row.template == AtLeast.name:
        params = dict(row.params)
        nested = params.pop("of", None)
        if not isinstance(nested, Mapping):
            raise SetError(source, f"{where}.params.of",
                        "a card rule {\"template\": ..., \"params\": {...}} expected")
        try:
            inner = RuleRow.model_validate(nested)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = f"{where}.params.of.{_path(first['loc'])}"
            raise SetError(source, field, first["msg"]) from None
        of = _template(inner, f"{where}.params.of", source)
        return _validated(AtLeast, {**params, "of": of}, where, source)
    kind = OBJECTIVES.get(row.template)
    if kind is None:
        raise SetError(source, f"{where}.template",
                    f"no objective template {row.template!r}; known: {', '.join(OBJECTIVES)}")
    return _validated(kind, row.params, where, source)


def _validated(kind: type[M], params: Mapping[str, Any], where: str, source: str) -> M:
    try:
        return kind.model_validate(dict(params))
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SetError(source, f"{where}.params.{_path(first['loc'])}", first["msg"]) from None


# -- the sets a game may name ----------------------------------------------------------------

_REGISTERED: dict[str, ComponentSet] = {}


@cache  # the package's own files do not change while it runs
def _shipped() -> dict[str, Any]:
    folder = resources.files(__package__).joinpath("data")
    return {entry.name.removesuffix(".json"): entry for entry in folder.iterdir()
            if entry.name.endswith(".json")}


def known() -> list[str]:
    """The sets a game may be played with: those shipped in data/, then any registered."""
    return [*sorted(_shipped()), *(name for name in _REGISTERED if name not in _shipped())]


@cache
def _load_shipped(name: str) -> ComponentSet:
    entry = _shipped()[name]
    return load(Path(str(entry)))


def component_set(name: str = DEFAULT) -> ComponentSet:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _shipped():
        raise KeyError(f"no component set {name!r}; known: {', '.join(known())}")
    return _load_shipped(name)


def register(path: str | Path) -> ComponentSet:
    """Load a set from any path (checked as every set is) and make it playable by its name."""
    found = load(path)
    _REGISTERED[found.id] = found
    return found
