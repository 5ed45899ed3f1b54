"""`/citadels rules`: one character's or district's card, and autocomplete over their names."""

from __future__ import annotations

import unicodedata
from functools import cache

import discord

from bot.embeds import clip, fit
from bot.i18n import Catalog
from rules.citadels.cards import CHARACTERS, DISTRICTS

from .names import (
    CHARACTER_EMOJI,
    TYPE_EMOJI,
    character,
    data_language,
    district,
    district_type,
)

CHOICES = 25
TYPE_COLOURS = {"noble": 0xF1C40F, "religious": 0x3498DB, "trade": 0x2ECC71,
                "military": 0xE74C3C, "unique": 0x9B59B6}


@cache
def _default_catalog() -> Catalog:
    return Catalog.load()


def rules_embed(key: str, lang: str, catalog: Catalog | None = None) -> discord.Embed:
    """A character's rank and power, or a district's type, cost and effect; KeyError if unknown."""
    catalog = catalog or _default_catalog()
    lang = data_language(catalog.language_of(lang))

    def t(name: str, **params: object) -> str:
        return catalog.text(f"citadels.render.rules.{name}", lang, **params)

    if key in CHARACTERS:
        c = CHARACTERS[key]
        embed = discord.Embed(title=f"{CHARACTER_EMOJI.get(key, '')} {character(key, lang)}",
                              description=c.text[lang], colour=discord.Colour.blurple())
        embed.add_field(name=t("rank"), value=str(c.rank), inline=True)
        if c.income:
            embed.add_field(name=t("income"), value=district_type(c.income, lang), inline=True)
        return fit(embed)
    d = DISTRICTS[key]
    text = d.text[lang] if d.text else t("no_effect")
    embed = discord.Embed(title=f"{TYPE_EMOJI[d.type]} {district(key, lang)}", description=text,
                          colour=TYPE_COLOURS.get(d.type, 0))
    embed.add_field(name=t("type"), value=district_type(d.type, lang), inline=True)
    embed.add_field(name=t("cost"), value=str(d.cost), inline=True)
    if d.points != d.cost:
        embed.add_field(name=t("points"), value=str(d.points), inline=True)
    embed.add_field(name=t("copies"), value=str(d.copies), inline=True)
    if d.aliases:
        embed.set_footer(text=t("aliases", names=", ".join(d.aliases)))
    return fit(embed)


def fold(text: str) -> str:
    """Lower case without accents: 'Señorío' -> 'senorio'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def rules_choices(query: str, lang: str) -> list[tuple[str, str]]:
    """(label, key) pairs for autocomplete: names in `lang`, ids and aliases; prefixes first."""
    lang = data_language(lang)
    q = fold(query.strip())
    scored: list[tuple[int, int, tuple[str, str]]] = []
    for order, (key, label, words) in enumerate(_entries(lang)):
        folded = [fold(w) for w in words]
        if not q or any(w.startswith(q) for w in folded):
            rank = 0
        elif any(q in w for w in folded):
            rank = 1
        else:
            continue
        scored.append((rank, order, (clip(label, 100), key)))
    scored.sort(key=lambda s: (s[0], s[1]))
    return [choice for _, _, choice in scored[:CHOICES]]


@cache
def _entries(lang: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(key, label, searchable words) for every character then every district."""
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for key, c in CHARACTERS.items():
        label = f"{c.rank} · {c.name[lang]}"
        out.append((key, label, (c.name[lang], key, key.replace("_", " "))))
    for key, d in DISTRICTS.items():
        label = f"{d.name[lang]} ({district_type(d.type, lang)}, {d.cost})"
        out.append((key, label, (d.name[lang], key, key.replace("_", " "), *d.aliases)))
    return tuple(out)
