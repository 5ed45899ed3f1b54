"""How Catan's things read in a message: cards with their emoji, places by id with what lies
around them, seats with their colour, knights, tracks. Every text is the catalog's
(cogs/catan/locales); nothing here reads more than a view."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.embeds import cut, width
from bot.i18n import Catalog
from bot.names import as_text, language, who
from bot.records import Seat
from rules.catan.board import TOPOLOGY, hex_id, node_id, parse_edge, parse_node
from rules.catan.progress import COLOUR_OF
from rules.catan.state import CARDS, COMMODITIES

from .seating import colours

View = dict[str, Any]
CARD_EMOJI = {"lumber": "🌲", "wool": "🐑", "grain": "🌾", "brick": "🧱", "ore": "⛰️",
              "paper": "📜", "cloth": "🧵", "coin": "🪙"}
TERRAIN_EMOJI = {"forest": "🌲", "pasture": "🐑", "fields": "🌾", "hills": "🧱",
                 "mountains": "⛰️", "desert": "🏜️"}
DECK_EMOJI = {"science": "📗", "politics": "📘", "trade": "📒"}
TRACK_EMOJI = {"trade": "🟨", "politics": "🟦", "science": "🟩"}  # the table's tracks by colour
COLOUR_EMOJI = {"red": "🔴", "blue": "🔵", "white": "⚪", "orange": "🟠"}
POINTS, HAND, PROGRESS, KNIGHTS, ROAD, SHIP, DICE = "⭐", "🃏", "📜", "⚔️", "🛣️", "🚢", "🎲"
DEFENDER, MERCHANT = "🛡️", "🧑‍🌾"
PREFIX = "catan."
PLACE_ID = re.compile(r"([HIP])([0-9]{1,2})", re.IGNORECASE)  # a hex, intersection or path


def t(catalog: Catalog, lang: str, key: str, **params: object) -> str:
    """The catalog's `catan.<key>`."""
    return catalog.text(PREFIX + key, lang, **params)


def card(name: str, catalog: Catalog, lang: str) -> str:
    """A resource or commodity with its emoji: "🧱 Brick"."""
    kind = "commodity" if name in COMMODITIES else "resource"
    return f"{CARD_EMOJI.get(name, '')} {t(catalog, lang, f'{kind}.{name}')}".strip()


def cards(counts: Mapping[str, int] | None, catalog: Catalog, lang: str) -> str:
    """A multiset of cards in the rules' order: "2 🧱 Brick, 1 ⛰️ Ore" ("—" if none)."""
    counts = counts or {}
    parts = [f"{counts[c]} {card(c, catalog, lang)}" for c in CARDS if counts.get(c)]
    return ", ".join(parts) or "—"


def hand_line(counts: Mapping[str, int], which: Iterable[str], catalog: Catalog, lang: str
              ) -> str:
    """Every type of `which` with its count, zeros too: "🌲 2 · 🐑 0 · ...", as a hand reads."""
    return " · ".join(f"{CARD_EMOJI[c]} {t(catalog, lang, _kind(c) + '.' + c)} "
                      f"**{counts.get(c, 0)}**" for c in which)


def _kind(name: str) -> str:
    return "commodity" if name in COMMODITIES else "resource"


def progress(name: str, catalog: Catalog, lang: str) -> str:
    """A progress card with its deck's colour: "📗 Alchemist"."""
    return f"{DECK_EMOJI[COLOUR_OF[name]]} {t(catalog, lang, f'progress.{name}')}"


def progress_text(name: str, catalog: Catalog, lang: str) -> str:
    return t(catalog, lang, f"progress.{name}.text")


def deck(colour: str, catalog: Catalog, lang: str) -> str:
    return f"{DECK_EMOJI[colour]} {t(catalog, lang, f'deck.{colour}')}"


def track(name: str, catalog: Catalog, lang: str) -> str:
    return f"{DECK_EMOJI[name]} {t(catalog, lang, f'track.{name}')}"


def level(track_name: str, n: int, catalog: Catalog, lang: str) -> str:
    """An improvement level by name ("Market"); level 0: none."""
    if n <= 0:
        return "—"
    return t(catalog, lang, f"improvement.{track_name}.{n}")


def knight(level_: int, catalog: Catalog, lang: str) -> str:
    return t(catalog, lang, f"knight.{level_}")


# --- places ------------------------------------------------------------------------------

def place_key(pid: str) -> tuple[str, int]:
    """A place id as its kind and number, to sort places in board order: "h10" -> ("H", 10)."""
    match = PLACE_ID.fullmatch(pid)
    if match is None:
        raise ValueError(f"not a place id: {pid!r}")
    return match.group(1).upper(), int(match.group(2))


def hex_label(hid: str, view: View) -> str:
    """A hex by id, with its terrain and number: "H5 🌾 8"."""
    spec = view["board"]["hexes"][hid]
    token = spec["token"]
    number = "" if token is None else f" {token}"
    return f"{hid} {TERRAIN_EMOJI.get(spec['terrain'], '')}{number}"


def hex_name(hid: str, view: View, catalog: Catalog, lang: str) -> str:
    """A hex by id with its terrain's name and number: "H5 🌾 Fields 8"."""
    spec = view["board"]["hexes"][hid]
    token = spec["token"]
    name = t(catalog, lang, f"terrain.{spec['terrain']}")
    return (f"{hid} {TERRAIN_EMOJI.get(spec['terrain'], '')} {name}"
            f"{'' if token is None else ' ' + str(token)}")


def node_label(nid: str, view: View) -> str:
    """An intersection by id, with the hexes around it: "I12 · 🌲4 🌾9 ⛰️10"."""
    around = []
    for h in TOPOLOGY.node_hexes[parse_node(nid)]:
        spec = view["board"]["hexes"][hex_id(h)]
        token = spec["token"]
        around.append(f"{TERRAIN_EMOJI.get(spec['terrain'], '')}{token or ''}")
    return f"{nid} · {' '.join(around)}" if around else nid


def edge_label(eid: str) -> str:
    """A path by id, with the two intersections it joins: "P30 (I12–I13)"."""
    a, b = TOPOLOGY.edge_nodes[parse_edge(eid)]
    return f"{eid} ({node_id(a)}–{node_id(b)})"


def node_hex(nid: str) -> str:
    """The first hex an intersection touches: where a choice of intersections is narrowed."""
    return hex_id(TOPOLOGY.node_hexes[parse_node(nid)][0])


def edge_hex(eid: str) -> str:
    return hex_id(TOPOLOGY.edge_hexes[parse_edge(eid)][0])


# --- seats -------------------------------------------------------------------------------

def seat(seat: str | None, seats: Sequence[Seat], catalog: Catalog, lang: str,
         *, markdown: bool = True) -> str:
    """A seat's colour and name: "🔴 alice"."""
    colour = colours(seats).get(seat or "")
    name = who(seat, seats, catalog, language(catalog, lang), markdown=markdown)
    return f"{COLOUR_EMOJI[colour]} {name}" if colour else name


def seat_fitted(seat: str, seats: Sequence[Seat], catalog: Catalog, lang: str, columns: int
                ) -> str:
    """`seat` as its colour and name, the name cut so both take at most `columns`."""
    colour = colours(seats).get(seat)
    mark = f"{COLOUR_EMOJI[colour]} " if colour else ""
    name = who(seat, seats, catalog, language(catalog, lang), markdown=False)
    return mark + as_text(cut(name, max(4, columns - width(mark))))


def strength(view: View, seat: str) -> int:
    """The barbarians' reckoning of a seat's knights: the levels of its active ones."""
    return sum(k["level"] for k in view["board"]["knights"].values()
               if k["owner"] == seat and k["active"])


def knights_of(view: View, seat: str) -> list[tuple[str, dict[str, Any]]]:
    """A seat's knights by intersection, in board order."""
    return sorted(((n, k) for n, k in view["board"]["knights"].items() if k["owner"] == seat),
                  key=lambda nk: place_key(nk[0]))


def attack(view: View) -> int:
    """The barbarians' strength: the cities standing (§7)."""
    return sum(1 for b in view["board"]["buildings"].values()
               if b["kind"] == "city" and not b["ruined"])


def player(view: View, seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["seat"] == seat)
