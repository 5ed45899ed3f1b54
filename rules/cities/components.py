"""The rows of a component-set file (docs/rules/cities.md §10.8) as pydantic models: only their
shape. `data.py` loads a file, checks what a shape cannot say (the published counts, known
templates, ids that exist) and compiles the predicates."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Colour = Literal["R", "B", "G", "Y"]
Terrain = Literal["P", "W"]
ID = r"^[a-z0-9_][a-z0-9_-]*$"
TILE = r"^[RBGYPW]{2}/[RBGYPW]{2}$"  # NW NE / SW SE (docs/rules/cities.md §2.2)


class Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Named(Row):
    id: str = Field(pattern=ID)
    en: str = Field(min_length=1)
    es: str = Field(min_length=1)


class TileRow(Row):
    id: str = Field(pattern=ID)
    spaces: str = Field(pattern=TILE)


class FeatureKind(Named):
    # its background: where it may lie (docs/rules/cities.md §6.2)
    space: Literal["park", "water", "building"]
    count: int = Field(ge=0)
    points: int = Field(default=0, ge=0)  # scored at the end (monuments: 2)
    # the grey-framed tile that recolours a building space (docs/rules/cities.md §6.4)
    wild: bool = False

    @property
    def monument(self) -> bool:
        """A grey tile that is not wild: it blocks its space for good (docs/rules/cities.md
        §6.5, R12)."""
        return self.space == "building" and not self.wild


class FeatureTile(Row):
    id: str = Field(pattern=ID)
    kind: str


class RuleRow(Row):
    template: str
    params: dict[str, Any] = Field(default_factory=dict)


class CardRow(Named, RuleRow):
    points: int = Field(ge=0)


class ObjectiveRow(RuleRow):
    id: str = Field(pattern=ID)
    values: list[int] = Field(min_length=1)


class BoardRow(Named):
    first_game: bool = False
    objectives: list[ObjectiveRow]


class SetFile(Row):
    set: str = Field(pattern=ID)
    printed: bool  # a transcription of the printed game, or an original set like open-1
    version: int = Field(ge=1)
    note: str = ""
    area_points: list[int] = Field(min_length=2)  # a zone's points by its number of kinds
    pieces: dict[Colour, int]
    start_tiles: list[TileRow]
    city_tiles: list[TileRow]
    feature_kinds: list[FeatureKind]
    feature_tiles: list[FeatureTile]
    scoring_cards: list[CardRow]
    achievement_boards: list[BoardRow]
