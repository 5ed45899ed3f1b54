"""Shared by the render tests: seats, random games, Discord's embed limits, and the leak check."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import discord

from bot.i18n import Catalog
from bot.records import Seat
from rules import citadels
from rules.citadels.cards import CHARACTERS, DISTRICTS

LANGS = ("en", "es")
NAMES = ["Ana", "Bruno", "Carmen", "Dario", "Elena", "Fermin", "Gloria", "Hugo"]


@cache
def catalog() -> Catalog:
    return Catalog.load()


def seat_ids(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def seats(n: int) -> list[Seat]:
    """Humans, one of them away, and computer seats of every strength."""
    out = []
    for i, seat in enumerate(seat_ids(n)):
        if i % 3 == 2:
            out.append(Seat(id=seat, name=f"bot{i}", ai=("random", "basic", "expert")[i % 3]))
        else:
            out.append(Seat(id=seat, name=NAMES[i], user_id=1000 + i, ai="basic", away=i == 1))
    return out


def play(n: int, seed: int, options: citadels.Options | None = None
         ) -> Iterator[tuple[citadels.GameState, list[citadels.Event]]]:
    """Every state of one random game (the first with no events), with the events leading to it."""
    state = citadels.new_game(seat_ids(n), seed=seed, options=options)
    rng = random.Random(seed)
    yield state, []
    while not state.finished:
        seat = citadels.to_act(state)[0]
        action = citadels.random_action(state, seat, rng)
        assert action is not None
        state, events = citadels.apply(state, seat, action)
        yield state, events


# --- Discord's limits -----------------------------------------------------------------------

def units(text: str | None) -> int:
    """The larger of code points and UTF-16 units: whichever way Discord counts, we fit."""
    text = text or ""
    return max(len(text), len(text.encode("utf-16-le")) // 2)


def total_size(embed: discord.Embed) -> int:
    """Characters counted against the 6000 limit: title, description, fields, footer, author."""
    parts = [embed.title, embed.description, embed.footer.text, embed.author.name]
    parts += [x for f in embed.fields for x in (f.name, f.value)]
    return sum(units(p) for p in parts)


def check_embed(embed: discord.Embed) -> int:
    """Assert every Discord embed limit and that every text is non-empty; return the total."""
    assert embed.title and embed.title.strip()
    assert units(embed.title) <= 256
    assert units(embed.description) <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert field.name and field.name.strip(), field
        assert field.value and field.value.strip(), field
        assert units(field.name) <= 256, field.name
        assert units(field.value) <= 1024, field.value
    assert units(embed.footer.text) <= 2048
    if embed.description is not None:
        assert embed.description.strip()
    size = total_size(embed)
    assert size <= 6000, size
    assert "{" not in embed_text(embed), "an unformatted placeholder"
    return size


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title, embed.description, embed.footer.text, embed.author.name]
    parts += [x for f in embed.fields for x in (f.name, f.value)]
    return "\n".join(p for p in parts if p)


# --- the leak check -------------------------------------------------------------------------

@cache
def _patterns(lang: str) -> list[tuple[str, str, re.Pattern[str]]]:
    """(id, name, the name as a whole word) of every character and district."""
    names = [(cid, c.name[lang]) for cid, c in CHARACTERS.items()]
    names += [(did, d.name[lang]) for did, d in DISTRICTS.items()]
    return [(key, name, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")) for key, name in names]


@cache
def _effect_texts(lang: str) -> list[str]:
    texts = [c.text[lang] for c in CHARACTERS.values()]
    texts += [d.text[lang] for d in DISTRICTS.values() if d.text]
    return sorted(set(texts), key=len, reverse=True)


def named(text: str, lang: str) -> set[str]:
    """Ids of the characters and districts whose names appear in text (effect texts, which are
    public constants naming other cards, removed first)."""
    effects = _effect_texts(lang)
    for effect in effects:
        text = text.replace(effect, " ")
    text = "\n".join(_unclipped(line, effects) for line in text.split("\n")
                     if not line.startswith(CAST))
    # The substring test first: a C scan, where most names are not in the text at all.
    return {key for key, name, pattern in _patterns(lang) if name in text and pattern.search(text)}


# The cast line of the lobby and the table ("Characters: 1 🧙 Witch, ...") names every
# character in the game and no holder: it says nothing secret.
CAST = ("Characters: ", "Personajes: ")


def _unclipped(line: str, effects: list[str]) -> str:
    """`line` without the start of an effect text cut short with an ellipsis (a select
    option's description holds 100 characters)."""
    if not line.endswith("…"):
        return line
    body = line[:-1]
    for effect in effects:
        start = body.find(effect[:12])
        if start >= 0 and effect.startswith(body[start:]):
            return body[:start]
    return line


CARD_IDS = frozenset(CHARACTERS) | frozenset(DISTRICTS)


def ids_in(value: Any) -> set[str]:
    """Every character or district id anywhere in a JSON-like value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARD_IDS:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def public_names(view: dict[str, Any]) -> set[str]:
    """Card and character ids a spectator may read: the view's public parts only."""
    out = set(view["faceup_discards"]) | set(view["revealed"]) | set(view["absent"])
    out |= {c for c in (view["murdered"], view["robbed"], view["current_character"],
                        view["graveyard_card"], view.get("bewitched")) if c}
    for p in view["players"]:
        out |= set(p["city"]) | set(p["revealed"])
    return out | ids_in(view.get("final_reveal"))  # once over, the last round is shown


def private_names(view: dict[str, Any], legal: Iterable[citadels.Action] = ()) -> set[str]:
    """What the viewer of a player view may read: the public names, their own hand and
    characters, their draft options and drawn cards, and what their legal actions name."""
    out = public_names(view)
    me = next(p for p in view["players"] if p["id"] == view["you"])
    out |= set(me.get("hand", [])) | set(me.get("characters", []))
    out |= ids_in(view.get("draft")) | ids_in(view.get("turn")) | ids_in(view["draft_history"])
    out |= ids_in([a.model_dump() for a in legal])
    return out


def assert_no_leak(text: str, lang: str, allowed: set[str]) -> None:
    leaked = named(text, lang) - allowed
    assert not leaked, f"names {sorted(leaked)} shown but not known to the viewer:\n{text}"


# Names an event's line may use beyond its fields: the district whose power it narrates.
IMPLIED = {"laboratory": {"laboratory"}, "smithy": {"smithy"},
           "graveyard_offer": {"graveyard"}, "graveyard_used": {"graveyard"},
           "graveyard_declined": {"graveyard"}, "king_heir": {"king"},
           # Dark City: the district or character whose effect the event is.
           "armory": {"armory"}, "greeted": {"ball_room"}, "greeting_forgotten": {"ball_room"},
           "bell_tower_rung": {"bell_tower"}, "bell_tower_silenced": {"bell_tower"},
           "lighthouse": {"lighthouse"}, "museum": {"museum"}, "park": {"park"},
           "poor_house": {"poor_house"}, "throne_room": {"throne_room"},
           "refund": {"alchemist"}, "queen_gold": {"queen"}, "bewitched": {"witch"},
           "witch_resumed": {"witch"}}


def event_names(event: dict[str, Any]) -> set[str]:
    return ids_in(event) | IMPLIED.get(event.get("type", ""), set())
