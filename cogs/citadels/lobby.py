"""Citadels' options in the lobby: which Dark City characters replace the Classic ones, the
ninth character and the Dark City districts in the deck (the host's to change)."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.i18n import Catalog
from bot.records import GameRecord
from bot.ui import OptionSelect
from cogs.citadels.texts import character, character_tag, district, language
from rules.citadels import cast
from rules.citadels.cards import DARK_DISTRICTS, RANK_CHOICES
from rules.citadels.state import Options


def ninth() -> tuple[str, ...]:
    """The ninth character's choices: none, or one of rank 9 in the game's data (read when
    asked, so a character added to the data or by extend.py is offered with no edit here)."""
    return ("none", *RANK_CHOICES.get(9, ()))


def lobby_selects(record: GameRecord, catalog: Catalog, lang: str) -> list[OptionSelect]:
    lang = language(catalog, lang)
    options = Options.model_validate(record.settings.options)
    chosen = cast.cast(options)
    in_deck = set(cast.deck(options))

    def t(key: str, **params: object) -> str:
        return catalog.text(f"citadels.lobby.{key}", lang, **params)

    swaps = [discord.SelectOption(
        label=character_tag(dark, lang)[:100], value=dark, default=dark in chosen,
        description=t("instead", character=character(classic, lang))[:100])
        for rank, (classic, dark) in _pairs()]
    nine = [discord.SelectOption(label=t(f"ninth.{n}") if n == "none" else
                                 character_tag(n, lang), value=n,
                                 default=(options.rank9 or "none") == n) for n in ninth()]
    districts = [discord.SelectOption(label=district(d, lang)[:100], value=d,
                                      default=d in in_deck) for d in DARK_DISTRICTS]
    return [
        OptionSelect("cast", swaps, t("cast"), min_values=0, max_values=len(swaps)),
        OptionSelect("ninth", nine, t("ninth")),
        OptionSelect("districts", districts, t("districts"), min_values=0,
                     max_values=len(districts)),
    ]


def lobby_choice(record: GameRecord, name: str, values: list[str]) -> dict[str, Any] | None:
    """The options after the host's choice; None for values the select never offered."""
    current = dict(record.settings.options)
    if name == "cast":
        pairs = dict(_pairs())
        if not set(values) <= {dark for _, dark in pairs.values()}:
            return None
        return {**current, **{f"rank{rank}": dark if dark in values else classic
                              for rank, (classic, dark) in pairs.items()}}
    if name == "ninth":
        if len(values) != 1 or values[0] not in ninth():
            return None
        return {**current, "rank9": None if values[0] == "none" else values[0]}
    if name == "districts":
        if not set(values) <= set(DARK_DISTRICTS):
            return None
        return {**current, "dark_city_districts": bool(values),
                "leave_out": [d for d in DARK_DISTRICTS if d not in values] if values else []}
    return None


def _pairs() -> list[tuple[int, tuple[str, str]]]:
    """Ranks 1-8: the Classic character and the Dark City one that may replace it."""
    return [(rank, (choices[0], choices[1])) for rank, choices in RANK_CHOICES.items()
            if rank <= 8]


PRESETS = ("classic", "dark_city_artist", "dark_city_queen", "random")


def presets(catalog: Catalog, lang: str) -> dict[str, str]:
    """The casts a server may take for its new games."""
    return {key: catalog.text(f"citadels.lobby.preset.{key}", language(catalog, lang))
            for key in PRESETS}


def preset_options(key: str) -> dict[str, Any] | None:
    """A preset's rank options; the random mix is drawn anew for each game."""
    if key not in PRESETS:
        return None
    name, _, ninth = key.rpartition("_") if key.startswith("dark_city") else (key, "", "")
    return cast.preset(name, ninth or None, random.SystemRandom().choice)
