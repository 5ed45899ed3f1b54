"""Texts declared over a view: a catalog key and where each of its parameters is read.

    Text("round", round=At("round"), a=At("offer", 0))     # bids.round, from the view
    Text("seat", name=Name(), coins=At("coins", SEAT), won=Total("won", SEAT),
         state=Mark("has_bid", "✅", "…"))                   # one line per seat

    label("bids.pick", prize=At("offer", Field("prize")))    # an action's label

A path is the view's keys and list indexes; `SEAT` stands for the seat a seat's line is about,
a `Field` for a field of the action a label is about.
`needs` and `unless` name view fields that must be set (not None, not empty) or unset for the
text to be said at all. A game's table, panel and lobby lines are made of these, with no code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.names import who
from cogs.declare import Context

SEAT = "<seat>"  # in a path: the seat the line is about


@dataclass(frozen=True)
class Field:
    """A field of the action a label is about."""

    name: str

    def of(self, ctx: Context, seat: str | None, action: Any = None) -> Any:
        return getattr(action, self.name)


@dataclass(frozen=True)
class At:
    """The value at a path of the view."""

    path: tuple[Any, ...]

    def __init__(self, *path: Any) -> None:
        object.__setattr__(self, "path", path)

    def of(self, ctx: Context, seat: str | None, action: Any = None) -> Any:
        value: Any = ctx.view
        for step in self.path:
            key = step.of(ctx, seat, action) if isinstance(step, Field) else step
            value = value[seat if key == SEAT else key]
        return value


class Total(At):
    """The sum of the numbers at a path (a seat's prizes)."""

    def of(self, ctx: Context, seat: str | None, action: Any = None) -> Any:
        return sum(super().of(ctx, seat, action))


@dataclass(frozen=True)
class Mark:
    """One of two marks: whether the seat is in the list at `field` of the view."""

    field: str
    yes: str
    no: str

    def of(self, ctx: Context, seat: str | None, action: Any = None) -> Any:
        return self.yes if seat in ctx.view[self.field] else self.no


@dataclass(frozen=True)
class Name:
    """A seat's name: the line's seat, or the one at a path."""

    at: At | None = None

    def of(self, ctx: Context, seat: str | None, action: Any = None) -> Any:
        found = seat if self.at is None else self.at.of(ctx, seat)
        return who(found, ctx.seats, ctx.catalog, ctx.lang)


Value = At | Mark | Name | Field


@dataclass(frozen=True)
class Text:
    """A catalog key (after the game's prefix) and its parameters, each read from the view."""

    key: str
    params: dict[str, Value] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()

    def __init__(self, key: str, *, needs: Sequence[str] = (), unless: Sequence[str] = (),
                 **params: Value) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "needs", tuple(needs))
        object.__setattr__(self, "unless", tuple(unless))

    def said(self, ctx: Context, seat: str | None = None) -> bool:
        view = ctx.view
        return (all(view.get(f) not in (None, [], {}) for f in self.needs)
                and all(view.get(f) in (None, [], {}) for f in self.unless))

    def say(self, prefix: str, ctx: Context, seat: str | None = None, action: Any = None
            ) -> str:
        return ctx.catalog.text(prefix + self.key, ctx.lang,
                                **{k: v.of(ctx, seat, action) for k, v in self.params.items()})


@dataclass(frozen=True)
class label:  # noqa: N801  # a declaration's label, called as one
    """An action's label (cogs.declare.Declaration.label): a text whose parameters are read
    from the action (`Field`) and the deciding seat's view."""

    text: Text

    def __init__(self, key: str, **params: Value) -> None:
        object.__setattr__(self, "text", Text(key, needs=(), unless=(), **params))

    def __call__(self, action: Any, ctx: Context) -> str:
        return self.text.say("", ctx, action=action)


def said(texts: Sequence[Text], prefix: str, ctx: Context, seat: str | None = None
         ) -> list[str]:
    """The lines of `texts` that are said for this view (and seat)."""
    return [t.say(prefix, ctx, seat) for t in texts if t.said(ctx, seat)]


@dataclass(frozen=True)
class Table:
    """A table's texts: its head lines, a line per seat (the seats the view lists at
    `seats_at`) and, while the game waits for anyone, a footer naming them (`waiting`, a key
    with `{names}`)."""

    lines: tuple[Text, ...] = ()
    seat: Text | None = None
    seats_at: str = "players"
    waiting: str | None = "waiting"

    def lines_of(self, prefix: str, ctx: Context) -> list[str]:
        out = said(self.lines, prefix, ctx)
        if self.seat is not None:
            out += [self.seat.say(prefix, ctx, s) for s in ctx.view[self.seats_at]
                    if self.seat.said(ctx, s)]
        return out
