"""A seat's view of Cities read into what the players compute with: every neighbourhood as
the engine's `Hood` (the view shows them all: nothing is private, docs/rules/cities.md §9), the
objectives and who claimed them, the rows as they lie (face-down items as None), what the
active player still has to lay, and the pools of what nobody has seen (the face-down items,
the stacks, the 3-player leftovers removed unseen), from which face-down items are guessed.

Only the view is read: two states that look the same from the seat read the same.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules.cities.board import ITEMS
from rules.cities.components import FeatureKind
from rules.cities.counts import ROWS, quota
from rules.cities.data import ComponentSet, Goal, component_set
from rules.cities.geometry import Frame, frame
from rules.cities.hood import Grid
from rules.cities.state import Hood, Placed, grid_of

View = dict[str, Any]


@dataclass(frozen=True)
class Seen:
    view: View
    parts: ComponentSet
    frame: Frame
    names: tuple[str, ...]
    me: int
    hoods: tuple[Hood, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def phase(self) -> str:
        phase: str = self.view["phase"]
        return phase

    @property
    def long(self) -> bool:
        return bool(self.view["long"])

    @property
    def round(self) -> int:
        return int(self.view["round"])

    @property
    def rounds(self) -> int:
        return int(self.view["rounds"])

    @property
    def turn(self) -> int:
        return int(self.view["turn"])

    @property
    def turns(self) -> int:
        return int(self.view["turns"])

    @cached_property
    def goals(self) -> tuple[Goal, ...]:
        board: str = self.view["achievements"]["board"]
        return self.parts.boards[board].objectives

    @cached_property
    def claims(self) -> dict[str, tuple[int, ...]]:
        """Objective -> the seats that claimed it, in order."""
        return {o["id"]: tuple(self.names.index(n) for n in o["claimed_by"])
                for o in self.view["achievements"]["objectives"]}

    @cached_property
    def free(self) -> dict[str, tuple[int, ...]]:
        """Objective -> the values still free, highest first."""
        return {o["id"]: tuple(o["free"]) for o in self.view["achievements"]["objectives"]}

    def open_goals(self, seat: int) -> list[tuple[Goal, int]]:
        """The objectives `seat` may still claim, with the value it would take now."""
        return [(goal, self.free[goal.id][0]) for goal in self.goals
                if self.free[goal.id] and seat not in self.claims[goal.id]]

    def rings(self, seat: int) -> int:
        return sum(self.view["players"][seat]["rings"].values())

    def score(self, seat: int) -> int:
        return int(self.view["players"][seat]["score"]["total"])

    def grid(self, seat: int) -> Grid:
        return grid_of(self.hoods[seat], self.parts, self.frame)

    # -- the rows ---------------------------------------------------------------------

    @property
    def rows(self) -> dict[str, Any]:
        rows: dict[str, Any] = self.view["rows"]
        return rows

    @cached_property
    def taken(self) -> dict[str, int]:
        """Item -> the seat whose worker is on it."""
        return {item: self.names.index(n) for item, n in self.rows["taken"].items()}

    def present(self, item: str) -> bool:
        if item in self.taken:
            return False
        row, i = item[0], int(item[1]) - 1
        if row == "A":
            return i < len(self.rows["A"]) and (self.rows["A"][i] is not None or i == 3)
        if row == "B":
            return i < len(self.rows["B"]) and (self.rows["B"][i] is not None or i == 3)
        if row == "C":
            return i < len(self.rows["C"]) and bool(self.rows["C"][i])
        return i == 3 or (i < len(self.rows["D"]) and bool(self.rows["D"][i]))

    def may_take(self, seat: int, item: str) -> bool:
        """What the engine's `legal.may_take` says, from the view: the item is there and the
        seat is under its quota in the row."""
        used = sum(1 for taken, who in self.taken.items() if who == seat and taken[0] == item[0])
        return self.present(item) and used < quota(self.players)

    def items(self, seat: int) -> list[str]:
        return [item for item in ITEMS if self.may_take(seat, item)]

    def rows_left(self, seat: int) -> dict[str, int]:
        """Row -> how many more items the seat takes from it this round."""
        out = dict.fromkeys(ROWS, quota(self.players))
        for item, who in self.taken.items():
            if who == seat:
                out[item[0]] -= 1
        return out

    def order(self) -> list[int]:
        """The seats in the order they take from now to the round's end (the active seat
        first), one entry a turn."""
        acting = self.names.index(self.view["to_act"][0]) if self.view["to_act"] else self.me
        left = self.turns - self.turn
        return [(acting + k) % self.players for k in range(left)]

    # -- what nobody has seen --------------------------------------------------------------

    @cached_property
    def unseen_cards(self) -> list[str]:
        seen = {c for h in self.hoods for c in h.cards}
        seen |= {c for c in self.rows["A"] if c}
        seen |= set(self.view["removed"]["cards"])
        return [c for c in self.parts.cards if c not in seen]

    @cached_property
    def unseen_tiles(self) -> list[str]:
        seen = {p.tile for h in self.hoods for p in h.tiles}
        seen |= {t for t in self.rows["B"] if t}
        seen |= set(self.view["removed"]["tiles"])
        if self.view["pending"]["tile"]:
            seen.add(self.view["pending"]["tile"])
        return [t for t in self.parts.city_tiles if t not in seen]

    @cached_property
    def unseen_features(self) -> Counter[str]:
        """Feature kinds nobody has seen, with how many of each."""
        seen = {ft for h in self.hoods for ft in h.features.values()}
        seen |= {ft for group in self.rows["C"] for ft in group if ft}
        seen |= set(self.view["removed"]["features"]) | set(self.view["discarded"]["features"])
        seen |= set(self.view["pending"]["features"])
        return Counter(kind.id for ft, kind in self.parts.features.items() if ft not in seen)

    def kind(self, feature: str) -> FeatureKind:
        return self.parts.features[feature]


def _hood(p: dict[str, Any]) -> Hood:
    return Hood.model_construct(
        tiles=tuple(Placed.model_construct(tile=t["tile"], x=t["x"], y=t["y"], rot=t["rot"])
                    for t in p["tiles"]),
        features={label: f["tile"] for label, f in p["features"].items()},
        pieces=dict(p["pieces"]), cards=tuple(p["cards"]))


def read(view: View) -> Seen:
    names = tuple(p["seat"] for p in view["players"])
    return Seen(view=view, parts=component_set(view["component_set"]["id"]),
                frame=frame(bool(view["long"])), names=names, me=names.index(view["you"]),
                hoods=tuple(_hood(p) for p in view["players"]))
