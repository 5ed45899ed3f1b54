"""A lobby's selects of a game's options, and the host's choice in one, from the same pydantic
Options `/<game> new` is generated from: a `Literal` field offers its values, an `int` with
`ge`/`le` its range, a `bool` no and yes. An option's label is `<game>.lobby.<field>.<value>`
or the value's own name `<game>.<field>.<value>` where the catalog has one, else
`<game>.lobby.<field>.option` with `{value}` (and `{<field>}`); the select's placeholder is
`<game>.lobby.<field>`. A choice is kept only if the whole options validate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel, ValidationError

from bot.i18n import Catalog
from bot.ui import OptionSelect

from .new import field_bounds, field_choices, field_kind

MAX_OPTIONS = 25


def values(model: type[BaseModel], name: str) -> tuple[Any, ...]:
    """The values a lobby offers for the field `name`."""
    info = model.model_fields[name]
    if literal := field_choices(info):
        return literal
    if field_kind(info) is bool:
        return (False, True)
    bounds = field_bounds(info)
    return tuple(range(bounds[0], bounds[1] + 1)) if bounds is not None else ()


def selects(model: type[BaseModel], current: dict[str, Any], fields: Sequence[str], prefix: str,
            catalog: Catalog, lang: str) -> list[OptionSelect]:
    """A select for each of `fields`, the current value chosen."""
    chosen = model.model_validate(current)
    out = []
    for name in fields:
        offered = [discord.SelectOption(label=_label(prefix, name, v, catalog, lang),
                                        value=str(v), default=getattr(chosen, name) == v)
                   for v in values(model, name)[:MAX_OPTIONS]]
        out.append(OptionSelect(name, offered, catalog.text(f"{prefix}lobby.{name}", lang)))
    return out


def _label(prefix: str, name: str, value: Any, catalog: Catalog, lang: str) -> str:
    table = catalog.tables[catalog.language_of(lang)]
    word = str(value).lower()
    for key in (f"{prefix}lobby.{name}.{word}", f"{prefix}{name}.{word}"):
        if key in table:
            return catalog.text(key, lang)
    return catalog.text(f"{prefix}lobby.{name}.option", lang, **{"value": value, name: value})


def choice(model: type[BaseModel], current: dict[str, Any], fields: Sequence[str], name: str,
           chosen: list[str]) -> dict[str, Any] | None:
    """The options once the host chose `chosen` in the select `name`; None if that is no
    select's, or no value of it, or the options would not validate."""
    if name not in fields or len(chosen) != 1:
        return None
    value = next((v for v in values(model, name) if str(v) == chosen[0]), None)
    if value is None:
        return None
    options = {**current, name: value}
    try:
        model.model_validate(options)
    except ValidationError:
        return None
    return options
