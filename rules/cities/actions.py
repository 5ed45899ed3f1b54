"""The actions of docs/rules/cities.md §5.2, one JSON form each: spaces by label ("F5"), tile
positions as (x, y) from the start tile, rotations in degrees clockwise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.game import IllegalAction

from .components import Colour
from .state import Rotation

Item = Literal["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4",
               "C1", "C2", "C3", "C4", "D1", "D2", "D3", "D4"]
Label = Annotated[str, Field(pattern=r"^[A-R](?:[1-9]|1[0-8])$")]


class Act(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StartTile(Act):
    type: Literal["start_tile"] = "start_tile"
    tile: str
    rot: Rotation


class Take(Act):
    type: Literal["take"] = "take"
    item: Item


class PlaceTile(Act):
    type: Literal["place_tile"] = "place_tile"
    x: int
    y: int
    rot: Rotation


class PlaceFeature(Act):
    type: Literal["place_feature"] = "place_feature"
    feature: str
    space: Label


class DiscardFeature(Act):
    type: Literal["discard_feature"] = "discard_feature"
    feature: str


class PlacePiece(Act):
    type: Literal["place_piece"] = "place_piece"
    colour: Colour
    space: Label


class DiscardPiece(Act):
    type: Literal["discard_piece"] = "discard_piece"
    colour: Colour


Action = StartTile | Take | PlaceTile | PlaceFeature | DiscardFeature | PlacePiece | DiscardPiece
ACTIONS = (StartTile, Take, PlaceTile, PlaceFeature, DiscardFeature, PlacePiece, DiscardPiece)
_ADAPTER: TypeAdapter[Action] = TypeAdapter(
    Annotated[Action, Field(discriminator="type")])


def parse(data: Action | Mapping[str, Any] | Any) -> Action:
    """An action from its JSON form; IllegalAction if it is malformed."""
    if isinstance(data, ACTIONS):
        return data
    if not isinstance(data, Mapping):
        raise IllegalAction(f"an action is a JSON object, not {type(data).__name__}")
    try:
        return _ADAPTER.validate_python(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "action"
        raise IllegalAction(f"malformed action: {where}: {first['msg']}") from None


def dump(action: Action) -> dict[str, Any]:
    return action.model_dump(mode="json")
