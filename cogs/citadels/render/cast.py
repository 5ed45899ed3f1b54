"""The characters and districts a game is played with, as the lobby, table and result say."""

from __future__ import annotations

from bot.i18n import Catalog
from rules.citadels import cast
from rules.citadels.cards import DARK_DISTRICTS
from rules.citadels.state import Options

from .names import character_tag, district, language


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
