"""How Citadels' things read, in either language: seats, characters, districts and district
types with their emoji, the cast a game is played with (as the lobby, table and result say it),
and `/citadels rules`' cards with autocomplete over their names. Every word comes from the
catalogs (`cogs/citadels/locales`, keys `citadels.`) or, for card and character names and
effects, from the rules data file."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

import discord

from bot.embeds import clip, fit
from bot.i18n import Catalog
from bot.names import language, seat_name, seat_number, who
from rules.citadels import cast
from rules.citadels.cards import CHARACTERS, DARK_DISTRICTS, DATA, DISTRICTS
from rules.citadels.state import Options

TYPE_EMOJI = {"noble": "🟨", "religious": "🟦", "trade": "🟩", "military": "🟥", "unique": "🟪"}
CROWN, GOLD, CARDS, CITY, POINTS = "👑", "💰", "🃏", "🏙️", "⭐"
MURDERED, ROBBED = "✝", "💸"
BEWITCHED, BEAUTIFIED = "🧙", "✨"


def data_language(lang: str | None) -> str:
    """The data file's language for `lang`, without a catalog (English when unknown)."""
    code = (lang or "en").split("-")[0].lower()
    return code if code in ("en", "es") else "en"


def character(cid: str, lang: str) -> str:
    """'King' / 'Rey'."""
    return CHARACTERS[cid].name[data_language(lang)]


def character_tag(cid: str, lang: str) -> str:
    """'4 🤴 King': rank, emoji and name."""
    c = CHARACTERS[cid]
    return f"{c.rank} {c.emoji} {character(cid, lang)}"


def district(did: str, lang: str) -> str:
    """'Manor' / 'Señorío'."""
    return DISTRICTS[did].name[data_language(lang)]


def district_tag(did: str, lang: str) -> str:
    """'🟨 Manor 3': type colour, name and cost."""
    d = DISTRICTS[did]
    return f"{TYPE_EMOJI.get(d.type, '⬜')} {district(did, lang)} {d.cost}"


def district_type(kind: str, lang: str) -> str:
    return DATA["district_types"][kind][data_language(lang)]


def grouped(items: Iterable[str]) -> list[tuple[str, int]]:
    """Distinct items in first-seen order with how many times each appears."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return list(counts.items())


__all__ = ["language", "seat_name", "seat_number", "who"]  # re-exported for the renderers


def cast_lines(options: Options, catalog: Catalog, lang: str) -> list[str]:
    """The cast in rank order and the Dark City districts in the deck; nothing for the
    Classic game (the default needs no words)."""
    lang = language(catalog, lang)
    characters = cast.cast(options)
    in_deck = [d for d in DARK_DISTRICTS if d in cast.deck(options)]
    if not cast.dark(options) and options.rank9 is None and not in_deck:
        return []
    lines = [catalog.text("citadels.render.cast.characters", lang,
                          characters=", ".join(character_tag(c, lang) for c in characters))]
    if not in_deck:
        lines.append(catalog.text("citadels.render.cast.districts.none", lang))
    elif len(in_deck) == len(DARK_DISTRICTS):
        lines.append(catalog.text("citadels.render.cast.districts.all", lang, count=len(in_deck)))
    else:
        left_out = [district(d, lang) for d in DARK_DISTRICTS if d not in in_deck]
        lines.append(catalog.text("citadels.render.cast.districts.some", lang, count=len(in_deck),
                                  left_out=", ".join(left_out)))
    return lines


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
        embed = discord.Embed(title=f"{c.emoji} {character(key, lang)}",
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
