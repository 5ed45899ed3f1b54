"""`/<game> new`, generated from the game's pydantic options (`GAME.Options`).

A game's cog names the parameters it offers (`Param`, in the order Discord shows them) and the
kit writes the command: each parameter's type, range and choices come from its Options field
(an `int` with `ge`/`le` is a `Range`, a `Literal` offers its values as choices, a `bool` is a
switch), its name, description and choices' names from the catalogs under
`commands.<game>.new.<name>.*` (English as registered, the other languages by the translator),
and the platform's own parameters (players, turn limit, language, thread, pictures) are added
where the game did not place them. Every parameter may be left out: the server's defaults of
them (`/<game> defaults`, cogs/kit/defaults.py), its preset and the options' defaults fill in
the rest (the service validates the whole with `Game.options`).
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord
from discord import app_commands
from discord.app_commands import locale_str
from pydantic.fields import FieldInfo

from bot.i18n import Catalog
from bot.records import MAX_TURN_LIMIT
from rules.game import Game

# The platform's parameters, in the order they follow a game's own unless it places them.
PLATFORM = ("players", "turn_limit", "language", "thread", "pictures")
LANGUAGES = ("en", "es")


@dataclass(frozen=True)
class Param:
    """One parameter of `/<game> new`. By default it sets the Options field of its name;
    `field` names another one, or "" for none (the cog's `options_from` reads it). `kind`
    and `choices` default to the field's type and Literal values; `autocomplete` names the
    cog's coroutine `(interaction, current)` that offers values while typing."""

    name: str
    field: str | None = None
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    autocomplete: str | None = None

    @property
    def sets(self) -> str | None:
        return self.name if self.field is None else self.field or None


@dataclass(frozen=True)
class Built:
    """A parameter as the command declares it: its annotation, default, choices, range."""

    param: Param
    annotation: Any
    default: Any = None
    choices: tuple[Any, ...] = ()
    bounds: tuple[int, int] | None = None
    key: str = ""  # its texts' stem: commands.<key>.name / .description (and .<value>)


def placed(game_id: str, params: Sequence[Param | str]) -> list[Param]:
    """The game's parameters with the platform's added where the game did not name them:
    players first, the others last."""
    given = [p if isinstance(p, Param) else Param(p, field="" if p in PLATFORM else None)
             for p in params]
    names = {p.name for p in given}
    head = [] if "players" in names else [Param("players", field="")]
    tail = [Param(n, field="") for n in PLATFORM[1:] if n not in names]
    return [*head, *given, *tail]


def built(game: Game[Any, Any], param: Param) -> Built:
    """How one parameter is declared, from the platform's (for its own) or the game's Options."""
    name = param.name
    if name == "players":
        return Built(param, app_commands.Range[int, game.min_players, game.max_players],
                     bounds=(game.min_players, game.max_players), key="new.players")
    if name == "turn_limit":
        return Built(param, app_commands.Range[int, 0, MAX_TURN_LIMIT], bounds=(0, MAX_TURN_LIMIT),
                     key="new.turn_limit")
    if name == "language":
        return Built(param, app_commands.Choice[str], choices=LANGUAGES, key="new.language")
    if name in ("thread", "pictures"):
        return Built(param, bool, default=True if name == "thread" else None, key=f"new.{name}")
    field = game.Options.model_fields[param.sets] if param.sets else None
    kind = param.kind or (field_kind(field) if field is not None else str)
    choices = param.choices or (field_choices(field) if field is not None else ())
    key = f"{game.id}.new.{name}"
    if choices:
        return Built(param, app_commands.Choice[kind], choices=tuple(choices),  # type: ignore[valid-type]
                     key=key)
    bounds = field_bounds(field) if field is not None and kind is int else None
    if bounds is not None:
        return Built(param, app_commands.Range[int, bounds[0], bounds[1]], bounds=bounds,
                     key=key)
    return Built(param, kind, key=key)


def _plain(field: FieldInfo) -> Any:
    """The field's type without its None."""
    if typing.get_origin(field.annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(field.annotation) if a is not type(None)]
        return args[0] if len(args) == 1 else field.annotation
    return field.annotation


def field_kind(field: FieldInfo) -> type:
    plain = _plain(field)
    if typing.get_origin(plain) is Literal:
        return type(typing.get_args(plain)[0])
    return plain if plain in (int, str, bool) else str


def field_choices(field: FieldInfo) -> tuple[Any, ...]:
    plain = _plain(field)
    return typing.get_args(plain) if typing.get_origin(plain) is Literal else ()


def field_bounds(field: FieldInfo) -> tuple[int, int] | None:
    """The field's declared range (its Field's ge and le), if it has both."""
    low = next((int(m.ge) for m in field.metadata if getattr(m, "ge", None) is not None), None)
    high = next((int(m.le) for m in field.metadata if getattr(m, "le", None) is not None), None)
    return (low, high) if low is not None and high is not None else None


def shapes(game: Game[Any, Any], params: Sequence[Param | str]) -> tuple[Built, ...]:
    """Every parameter of the game's `new`, as declared, in Discord's order."""
    return tuple(built(game, p) for p in placed(game.id, params))


def accepts(shape: Built, value: Any) -> bool:
    """Whether `value` is one the parameter declares (its type, range or choices): a stored
    default is read back through it."""
    if shape.choices:
        return value in shape.choices and type(value) is type(shape.choices[0])
    if shape.bounds is not None:
        return type(value) is int and shape.bounds[0] <= value <= shape.bounds[1]
    return isinstance(shape.annotation, type) and type(value) is shape.annotation


def command(cls: type, game_id: str, shapes: Sequence[Built], name: str = "new",
            answer: str = "new_lobby") -> app_commands.Command[Any, ..., Any]:
    """The command `name` (`new`, or the server's `defaults` of the same parameters) of the
    cog class `cls`: the cog's coroutine `answer(interaction, given)` answers it, `given`
    holding the parameters given, each as its value (a choice's too)."""
    text = localized()

    async def answered(self: Any, interaction: discord.Interaction, given: dict[str, Any]
                       ) -> None:
        await getattr(self, answer)(interaction, {
            k: v.value if isinstance(v, app_commands.Choice) else v
            for k, v in given.items() if v is not None})

    func = method(cls, name, [
        inspect.Parameter(s.param.name, inspect.Parameter.KEYWORD_ONLY, default=s.default,
                          annotation=s.annotation if s.default is not None
                          else s.annotation | None) for s in shapes], answered)
    names = {s.param.name: text(f"{s.key}.name") for s in shapes}
    described = {s.param.name: text(f"{_described_key(game_id, s)}.description")
                 for s in shapes}
    offered = {s.param.name: [app_commands.Choice(name=text(f"{s.key}.{v}"), value=v)
                              for v in s.choices] for s in shapes if s.choices}
    func = app_commands.choices(**offered)(app_commands.describe(**described)(
        app_commands.rename(**names)(func)))
    cmd: app_commands.Command[Any, ..., Any] = app_commands.command(
        name=text(f"{name}.name"), description=text(f"{name}.description"))(func)
    for shape in shapes:
        asks = "limit_autocomplete" if shape.param.name == "turn_limit" \
            else shape.param.autocomplete
        if asks is not None:
            cmd.autocomplete(shape.param.name)(offer(cls, asks))
    return cmd


def localized() -> Callable[[str], locale_str]:
    """A command's text by its key after `commands.`: English as the catalog has it (what
    Discord registers), its key for the translator's other languages."""
    english = Catalog.load().tables["en"]

    def text(key: str) -> locale_str:
        full = f"commands.{key}"
        return locale_str(english.get(full, key.rsplit(".", 1)[-1]), key=full)

    return text


def method(cls: type, name: str, params: Sequence[inspect.Parameter],
           body: Callable[[Any, discord.Interaction, dict[str, Any]], Awaitable[None]]
           ) -> Callable[..., Coroutine[Any, Any, None]]:
    """A command's callback, a method `name` of `cls` taking `params` (discord.py reads their
    annotations from its signature) that hands them to `body(self, interaction, given)`."""
    async def call(self: Any, interaction: discord.Interaction, **given: Any) -> None:
        await body(self, interaction, given)

    call.__name__ = name
    call.__qualname__ = f"{cls.__qualname__}.{name}"
    call.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction), *params])
    return call


def _described_key(game_id: str, shape: Built) -> str:
    """Players are described by each game (its own counts); the platform's others alike."""
    return f"{game_id}.new.players" if shape.param.name == "players" else shape.key


def offer(cls: type, asks: str) -> Callable[..., Any]:
    """An autocomplete callback bound to the cog (discord.py passes the cog to a callback
    whose qualified name is a method's) that asks the cog's coroutine `asks`."""
    async def offering(self: Any, interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[Any]]:
        found: list[app_commands.Choice[Any]] = await getattr(self, asks)(interaction, current)
        return found

    offering.__qualname__ = f"{cls.__qualname__}.{asks}_offer"
    return offering
