"""The turn's Build buttons (issue 44): a road, a settlement, a city, a wall and a knight's
hire, promotion and activation are each one button on the panel, and a button opens the
candidate places: its type's select (in board order, narrowed by hex past 25 as ever) with
the candidates' picture (places.py). A road from an open panel takes two clicks, the button
and the place; a type with a single place is a button that builds it at once, named by its
place ("🏙️ City · I12"): nothing to choose, one click.

A button that opens is an `Open` in the panel's actions, written "o.<type>." in its
custom_id; the click is a panel focus, the type's name ("build_road", as the narrowing's
"build_road:H5" begins), so nothing is stored. The buttons and the types they open are the
panel's "build" group, whose buttons are eager (actions_ui.EAGER): shown before any group is
chosen, beside the turn's usual selects; another group chosen in the menu hides them (its
selects need the rows), "Build" in the menu brings them back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.ui import Focus

# The types that open as buttons, in the panel's order, and the field naming their place.
OPENED: dict[str, str] = {
    "build_road": "edge", "build_settlement": "node", "build_city": "node",
    "build_wall": "node", "build_knight": "node", "promote_knight": "node",
    "activate_knight": "node"}
TYPE = "open"
# What a progress card leaves free this turn of a type (the view's `this_turn`).
FREE = {"build_road": "free_roads", "promote_knight": "free_promotions"}


@dataclass(frozen=True)
class Open:
    """A Build button: the type it opens, or its only action, which the button plays."""

    opens: str
    only: Any | None = None
    type: str = TYPE

    @property
    def place(self) -> str | None:
        """The only action's place (the candidates' picture draws it), else None."""
        return None if self.only is None else str(getattr(self.only, OPENED[self.opens]))

    def model_dump(self) -> dict[str, Any]:
        return {"type": self.type, "kind": self.opens, "place": self.place}


def opened(focus: str | None) -> str | None:
    """The type a focus opens ("build_road", "build_road:H5"), if it opens one."""
    head = (focus or "").split(":")[0]
    return head if head in OPENED else None


def prepared(legal: Sequence[Any], focus: str | None) -> list[Any]:
    """The panel's actions with each opened type present as its button (an `Open`), but the
    one the focus opens, whose actions stay for its select."""
    chosen = opened(focus)
    buttons = []
    for type_ in OPENED:
        actions = [a for a in legal if a.type == type_]
        if actions and type_ != chosen:
            buttons.append(Open(type_, actions[0] if len(actions) == 1 else None))
    return [a for a in legal if a.type not in OPENED or a.type == chosen] + buttons


def clicked(action: dict[str, Any]) -> dict[str, Any] | Focus | None:
    """What a Build button's click means (its code decoded): the type's only action, or the
    focus opening its places; None for a type that opens nothing."""
    kind, place = action.get("kind"), action.get("place")
    if kind not in OPENED:
        return None
    if place is None:
        return Focus(kind)
    return {"type": kind, OPENED[kind]: place}


def free(opens: str, view: dict[str, Any]) -> int:
    """How many of the type a progress card leaves free this turn (Road Building, Smith)."""
    key = FREE.get(opens)
    return int((view.get("this_turn") or {}).get(key) or 0) if key else 0
