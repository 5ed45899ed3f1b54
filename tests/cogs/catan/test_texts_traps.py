"""Catan's texts that misled: every select of places lists them in board order (H2 before
H10, I5 before I12), Road Building's roads and the Smith's promotions say they are free, a
progress card played says what it does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.records import GameRecord
from bot.ui import Focus
from cogs.catan import events, texts
from cogs.catan.order import FIELDS
from cogs.catan.table import VP_CARDS
from cogs.catan.ui import UI
from rules.catan.state import DECKS

from .helpers import CATALOG, explore, items, opens, playout, seats


def _place(value: Any) -> tuple[str, int] | None:
    return texts.place_key(str(value)) if texts.PLACE_ID.fullmatch(str(value)) else None


def selects(record: GameRecord, seat: str, lang: str = "en", limit: int = 60
            ) -> Iterator[tuple[str, list[tuple[Any, discord.SelectOption]]]]:
    """Every select of the seat's panel and of the panels its menus, narrowing and Build
    buttons lead to: its kind and each option with what it means (an action, or a Focus)."""
    for panel, todo in explore(record, seat, lang, limit):
        for item in items(panel.view):
            if isinstance(item, discord.ui.Button) and isinstance(
                    opened := opens(item.custom_id), Focus):
                todo.append(opened.value)
            if not isinstance(item, discord.ui.Select) or item.max_values > 1:
                continue
            kind = item.custom_id.split(":", 3)[-1][2:]
            meant = [(UI.select_action(kind, [o.value]), o) for o in item.options]
            todo += [m.value for m, _ in meant if isinstance(m, Focus)]
            yield kind, meant


def places_of(meant: Any) -> tuple[tuple[str, int], ...]:
    """The places an option names: a narrowing choice's (the last key), an action's fields."""
    if isinstance(meant, Focus):
        found = _place(str(meant.value).rsplit(":", 1)[-1])
        return (found,) if found else ()
    return tuple(p for f in FIELDS if (p := _place(meant.get(f))) is not None)


def by_card(meant: list[tuple[Any, discord.SelectOption]]
            ) -> list[list[tuple[Any, discord.SelectOption]]]:
    """A select's options in runs of one progress card (any other option its own card)."""
    runs: list[list[tuple[Any, discord.SelectOption]]] = []
    for m, option in meant:
        card = m.get("card") if isinstance(m, dict) else None
        if runs and card == (runs[-1][0][0].get("card") if isinstance(runs[-1][0][0], dict)
                             else None):
            runs[-1].append((m, option))
        else:
            runs.append([(m, option)])
    return runs


def moments(n: int, seed: int, every: int) -> Iterator[GameRecord]:
    for i, (record, _) in enumerate(playout(n, seed)):
        if i % every == 0 and record.status == "running":
            yield record


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 8)])
def test_every_select_of_places_is_in_board_order(players: int, seed: int) -> None:
    checked = 0
    for record in moments(players, seed, every=19):
        view = record.rules.view(record.state, None)
        for seat in view["to_act"]:
            for kind, meant in selects(record, seat):
                for same in by_card(meant):  # a select of progress plays: card by card
                    places = [places_of(m) for m, _ in same]
                    if not all(places):
                        continue
                    assert places == sorted(places), (kind, [o.label for _, o in same])
                    checked += len(places) > 2
    assert checked > 20


def test_a_seats_knights_are_listed_in_board_order() -> None:
    knights = {n: {"owner": "p1", "level": 1, "active": False} for n in ("I12", "I5", "I40")}
    view = {"board": {"knights": {**knights, "I7": {"owner": "p2"}}}}
    assert [n for n, _ in texts.knights_of(view, "p1")] == ["I5", "I12", "I40"]


def _free(n: int, seed: int, field: str) -> GameRecord:
    return next(r for r, _ in playout(n, seed)
                if r.rules.view(r.state, None)["this_turn"][field])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("seed", "field", "type_", "card"), [
    (5, "free_roads", "build_road", "road_building"),
    (1, "free_promotions", "promote_knight", "smith")])
def test_a_free_build_says_it_is_free(seed: int, field: str, type_: str, card: str, lang: str
                                      ) -> None:
    record = _free(3, seed, field)
    seat = record.rules.view(record.state, None)["active"]
    described = [o.description or "" for _, meant in selects(record, seat, lang)
                 for m, o in meant if isinstance(m, dict) and m.get("type") == type_]
    buttons = [label for label, meant in build_buttons(record, seat, lang)
               if meant == Focus(type_) or isinstance(meant, dict) and meant["type"] == type_]
    assert described or buttons
    name = CATALOG.text(f"catan.progress.{card}", lang)
    costs = CATALOG.text("catan.panel.cost", lang, cards="").strip()
    assert all(name in d and costs not in d for d in described), described
    free = CATALOG.text("catan.panel.open.free", lang, label="").strip()  # "(free)"
    assert all(label.endswith(free) for label in buttons), buttons


def build_buttons(record: GameRecord, seat: str, lang: str) -> list[tuple[str, Any]]:
    """The labels of the seat's Build buttons and what each means (a Focus, or an action)."""
    panel = UI.panel(record, record.seat(seat), CATALOG, lang, [])
    return [(item.label, UI.button_action(item.custom_id.split(":", 3)[-1]))
            for item in items(panel.view) if isinstance(item, discord.ui.Button)
            and item.custom_id.split(":", 3)[-1].startswith("o.")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_progress_card_played_says_what_it_does(lang: str) -> None:
    """Everyone reads the card's effect in short, its player its rules (what to do next)."""
    table = seats(3)
    played = [c for cards in DECKS.values() for c in cards if c not in VP_CARDS]
    effects = set()
    for card in played:
        event = {"type": "progress_played", "seat": "p1", "card": card}
        public = events.line(event, table, CATALOG, lang)
        own = events.line(event, table, CATALOG, lang, viewer="p1")
        assert public and own
        effect = public.split(": ", 1)[1].rstrip(".")
        assert effect.strip() and texts.progress(card, CATALOG, lang) in public, public
        assert texts.progress_text(card, CATALOG, lang) in own, own
        effects.add(effect)
    assert len(effects) == len(played)
