"""The actions of docs/rules/cities.md §5.2, one JSON form each: spaces by label ("F5"), tile
positions as (x, y) from the start tile, rotations in degrees clockwise. Frozen pydantic models
told apart by `type` (the kernel's, rules/kernel/actions.py: a class's name in snake_case);
`ACTIONS` parses and dumps their JSON form."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.kernel import actions as kernel

from .components import Colour
from .state import Rotation

Item = Literal["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4",
               "C1", "C2", "C3", "C4", "D1", "D2", "D3", "D4"]
Label = Annotated[str, Field(pattern=r"^[A-R](?:[1-9]|1[0-8])$")]


class Action(kernel.Action):
    """A Cities action (the base of those below)."""


class StartTile(Action):
    tile: str
    rot: Rotation


class Take(Action):
    item: Item


class PlaceTile(Action):
    x: int
    y: int
    rot: Rotation


class PlaceFeature(Action):
    feature: str
    space: Label


class DiscardFeature(Action):
    feature: str


class PlacePiece(Action):
    colour: Colour
    space: Label


class DiscardPiece(Action):
    colour: Colour


ACTIONS: kernel.Actions[Action] = kernel.Actions(
    Action, (StartTile, Take, PlaceTile, PlaceFeature, DiscardFeature, PlacePiece, DiscardPiece),
    mode="json")
