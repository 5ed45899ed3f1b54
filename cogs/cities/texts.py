"""How Cities' things read: items of the rows, scoring cards with the sentence of their template,
objectives, feature kinds, colours, spaces, seats, scores by source, events. The words are the
catalog's (`locales/<lang>/cities.json`, keys `cities.`) and, for the names of cards, boards and
feature kinds, the component set's own `en`/`es` fields; a card's or objective's sentence is
made from its template and parameters (docs/rules/cities.md §10.8), so a transcribed set reads
without new texts. Nothing here reads more than a view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Catalog
from bot.names import language, who
from bot.records import Seat
from rules.cities import data
from rules.cities.data import ComponentSet
from rules.cities.geometry import turned
from rules.cities.phrases import Phrase
from rules.cities.templates import TEMPLATES

View = dict[str, Any]
PREFIX = "cities."
COLOURS = "RBGY"
COLOUR_EMOJI = {"R": "🟥", "B": "🟦", "G": "🟩", "Y": "🟨"}
TERRAIN_EMOJI = {"P": "🌳", "W": "🌊"}
SEAT_EMOJI = ("🟣", "🟠", "⚫", "⚪")  # the seats' worker colours, in seating order
STAR, RING, WORKER, CARD = "⭐", "💍", "👷", "🃏"
PARTS = ("achievements", "water", "park", "monuments", "cards")


def t(catalog: Catalog, lang: str, key: str, **params: object) -> str:
    """The catalog's `cities.<key>`."""
    return catalog.text(PREFIX + key, lang, **params)


def parts_of(view: View) -> ComponentSet:
    """The component set the view's game is played with."""
    return data.component_set(view["component_set"]["id"])


def named(row: Any, lang: str) -> str:
    """A card's, board's or feature kind's own name in the language (the set's data; a
    Discord locale such as "es-ES" reads as its language)."""
    return str(row.es if lang.split("-")[0].lower() == "es" else row.en)


# --- seats ---------------------------------------------------------------------------------

def seat_index(view: View, seat: str) -> int:
    return next(i for i, p in enumerate(view["players"]) if p["seat"] == seat)


def seat_mark(view: View, seat: str) -> str:
    """The seat's worker colour as an emoji (purple, orange, black, white in seating order)."""
    return SEAT_EMOJI[seat_index(view, seat) % len(SEAT_EMOJI)]


def name(seat: str | None, seats: Sequence[Seat], catalog: Catalog, lang: str, *,
         markdown: bool = True) -> str:
    return who(seat, seats, catalog, lang, markdown=markdown)


# --- the rows ------------------------------------------------------------------------------

def row_name(row: str, catalog: Catalog, lang: str) -> str:
    return t(catalog, lang, f"row.{row}")


def colour(code: str, catalog: Catalog, lang: str) -> str:
    """"Red", "Roja": a piece's colour."""
    return t(catalog, lang, f"colour.{code}")


def pieces_text(pieces: str, catalog: Catalog, lang: str) -> str:
    """"🟥🟥🟦 (2 red, 1 blue)"; "(2 rojas, 1 azul)": each colour agrees with its count."""
    if not pieces:
        return t(catalog, lang, "none")
    counts = {c: pieces.count(c) for c in COLOURS if c in pieces}
    marks = "".join(COLOUR_EMOJI[c] for c in sorted(pieces, key=COLOURS.index))
    spelled = ", ".join(t(catalog, lang, f"pieces.{c}", n=n) for c, n in counts.items())
    return f"{marks} ({spelled})"


def tile_text(parts: ComponentSet, tile: str, rot: int = 0) -> str:
    """A tile's four spaces, NW NE / SW SE, marked: "🟥🟦 / 🌳🌊" (turned by `rot`)."""
    face = turned(parts.spaces(tile), rot)
    return "".join(_space_mark(c) for c in face[:2]) + " / " + "".join(
        _space_mark(c) for c in face[3:])


def _space_mark(code: str) -> str:
    return COLOUR_EMOJI.get(code) or TERRAIN_EMOJI[code]


def feature_name(parts: ComponentSet, feature: str, lang: str) -> str:
    """A feature tile by its kind's name: "Trees", "Monument"."""
    return named(parts.features[feature], lang)


def kind_name(parts: ComponentSet, kind: str, lang: str) -> str:
    return named(parts.kinds[kind], lang)


def card_name(parts: ComponentSet, card: str, lang: str) -> str:
    return named(parts.cards[card], lang)


def card_line(parts: ComponentSet, card: str, catalog: Catalog, lang: str) -> str:
    """"Skyscraper: 2 points per building of height 4"."""
    return t(catalog, lang, "card.line", name=card_name(parts, card, lang),
             rule=card_rule(parts, card, catalog, lang))


def card_rule(parts: ComponentSet, card: str, catalog: Catalog, lang: str) -> str:
    row = parts.cards[card]
    return t(catalog, lang, "card.rule", points=row.points,
             what=rule_text(row.rule.name, row.rule.model_dump(), catalog, lang))


def item_text(view: View, item: str, catalog: Catalog, lang: str) -> str:
    """What an item of the rows holds, as a line: face-down items say only that."""
    parts, rows = parts_of(view), view["rows"]
    row, i = item[0], int(item[1]) - 1
    if row == "A":
        card = rows["A"][i] if i < len(rows["A"]) else None
        return t(catalog, lang, "face_down") if card is None else card_line(
            parts, card, catalog, lang)
    if row == "B":
        tile = rows["B"][i] if i < len(rows["B"]) else None
        return t(catalog, lang, "face_down") if tile is None else t(
            catalog, lang, "tile.line", tile=tile, spaces=tile_text(parts, tile))
    if row == "C":
        group = rows["C"][i] if i < len(rows["C"]) else []
        return ", ".join(t(catalog, lang, "face_down") if ft is None
                         else feature_name(parts, ft, lang) for ft in group)
    if i == 3:
        return t(catalog, lang, "d4")
    return pieces_text(rows["D"][i], catalog, lang)


# --- the sentences of templates (docs/rules/cities.md §10.5) -------------------------------

def phrase_text(phrase: Phrase, catalog: Catalog, lang: str) -> str:
    """A phrase of the rules' vocabulary (rules/cities/phrases.py) in words; its parameters
    that are phrases too are said first."""
    key, params = phrase
    if not key:
        return ""
    return t(catalog, lang, key, **{name: phrase_text(value, catalog, lang)
                                    if isinstance(value, tuple) else value
                                    for name, value in params.items()})


def rule_text(template: str, params: Mapping[str, Any], catalog: Catalog, lang: str) -> str:
    """One occurrence of a scoring-card template, as a phrase: "red building of height 2 or
    more next to water" (a template this interface does not know reads as its name)."""
    kind = TEMPLATES.get(template)
    if kind is None:
        return template
    # the parameters come from the rules' own data, checked when it was loaded
    return phrase_text(kind.model_construct(**dict(params)).phrase(), catalog, lang)


def objective_text(parts: ComponentSet, board: str, objective: str, catalog: Catalog,
                   lang: str) -> str:
    """What an objective asks: "3 × building of height 3 or more"."""
    goal = next(g for g in parts.boards[board].objectives if g.id == objective)
    return phrase_text(goal.rule.phrase(), catalog, lang)


def objective_line(view: View, objective: dict[str, Any], seats: Sequence[Seat],
                   catalog: Catalog, lang: str) -> str:
    """One objective with its values and rings: "3 × … — **4** Ana 💍 · 3 · 2"."""
    parts = parts_of(view)
    board = view["achievements"]["board"]
    what = objective_text(parts, board, objective["id"], catalog, lang)
    claimed = objective["claimed_by"]
    values = []
    for i, value in enumerate(objective["values"]):
        if i < len(claimed):
            values.append(t(catalog, lang, "objective.claimed", value=value,
                            name=name(claimed[i], seats, catalog, lang),
                            mark=seat_mark(view, claimed[i])))
        else:
            values.append(t(catalog, lang, "objective.free", value=value))
    return t(catalog, lang, "objective.line", what=what, values=" · ".join(values))


def board_name(view: View, lang: str) -> str:
    return named(parts_of(view).boards[view["achievements"]["board"]], lang)


def set_line(view: View, catalog: Catalog, lang: str) -> str:
    """The components named as what they are: the project's open set, never the printed game."""
    found = view["component_set"]
    key = "set.printed" if found["printed"] else "set.open"
    return t(catalog, lang, key, id=found["id"])


# --- scores ----------------------------------------------------------------------------------

def score_parts(score: Mapping[str, int], catalog: Catalog, lang: str) -> str:
    """"🏆 4 · 🌊 3 · 🌳 1 · 🗿 2 · 🃏 12"."""
    return " · ".join(t(catalog, lang, f"part.{part}.short", n=score[part]) for part in PARTS)


def player(view: View, seat: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in view["players"] if p["seat"] == seat)
    return found


def in_round(view: View) -> bool:
    """Whether a round is being played (its rows dealt, its workers out): not during the
    start-tile draft, nor once the game is over."""
    return bool(view["round"]) and view["phase"] != "over"


def phase_text(view: View, catalog: Catalog, lang: str) -> str:
    return t(catalog, lang, f"phase.{view['phase']}")


def lang_of(catalog: Catalog, lang: str) -> str:
    return language(catalog, lang)
