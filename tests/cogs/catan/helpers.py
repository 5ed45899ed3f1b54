"""Catan's UI away from Discord: records of seeded random games, and a panel's components
walked as a person would (each menu and narrowing choice followed), with Discord's limits
checked on every component met."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import Catalog
from bot.records import GameRecord, Seat
from bot.ui import Focus, Panel
from cogs.catan import builds
from cogs.catan.actions_ui import SPEC
from cogs.catan.ui import UI
from rules.catan.game import GAME
from rules.catan.state import GameState, Options

CATALOG = Catalog.load()
NAMES = ("ana", "bo", "cy", "di")
MULTI_KINDS = ("dc", "gc", "og", "oa")  # the hand's and the offer's multi-selects


def seats(n: int) -> list[Seat]:
    return [Seat(id=f"p{i + 1}", name=NAMES[i], user_id=100 + i) for i in range(n)]


def record(state: GameState, n: int, version: int = 1, log: list[dict[str, Any]] | None = None
           ) -> GameRecord:
    status = "finished" if GAME.is_over(state) else "running"
    return GameRecord(id=7, game="catan", channel_id=1, host_id=100, status=status,
                      seats=seats(n), state=state, version=version, log=log or [])


def playout(n: int, seed: int, options: dict[str, Any] | None = None, steps: int = 4000
            ) -> Iterator[tuple[GameRecord, list[Any]]]:
    """Each record of a seeded random game (with the events that led to it)."""
    state = GAME.new_game([f"p{i + 1}" for i in range(n)], Options(**(options or {})), seed)
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    version = 1
    yield record(state, n, version), []
    for _ in range(steps):
        acting = GAME.to_act(state)
        if not acting:
            return
        seat = acting[int(rng.random() * len(acting))]
        action = GAME.random_action(state, seat, rng)
        assert action is not None
        state, events = GAME.apply(state, seat, action)
        log = (log + [e.visible_to(None) for e in events])[-40:]
        version += 1
        yield record(state, n, version, log), events


@dataclass
class Walked:
    """What a panel offers, found by following every menu and narrowing choice."""

    actions: list[dict[str, Any]] = field(default_factory=list)  # decoded, one per component
    multis: list[dict[str, Any]] = field(default_factory=list)  # multi-selects met
    focuses: int = 0
    layouts: int = 0  # buttons of a layout (the trade builder's) leading to a focus


def check_components(view: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Discord's limits: 5 rows, 5 buttons a row, a select alone in its row, 1-25 options,
    ids and values of at most 100 characters, labels of 80 (buttons) and 100 (options); a
    layout (the trade builder): at most 40 components, its rows within theirs."""
    if isinstance(view, discord.ui.LayoutView):
        check_layout(view)
        return
    if view is None:
        return
    rows: dict[int, list[Any]] = {}
    for item in items(view):
        rows.setdefault(item.row if item.row is not None else -1, []).append(item)
        assert len(item.custom_id) <= 100, item.custom_id
        if isinstance(item, discord.ui.Button):
            assert item.label and len(item.label) <= 80, item.label
        else:
            assert isinstance(item, discord.ui.Select)
            assert 1 <= len(item.options) <= 25, len(item.options)
            assert 1 <= item.max_values <= len(item.options)
            assert 0 <= item.min_values <= item.max_values
            assert len({o.value for o in item.options}) == len(item.options), item.options
            for option in item.options:
                assert option.label and len(option.label) <= 100, option.label
                assert len(option.value) <= 100, option.value
                assert option.description is None or len(option.description) <= 100
            assert item.placeholder and len(item.placeholder) <= 150
    assert -1 not in rows, "every component has its row"
    assert all(0 <= r < 5 for r in rows), sorted(rows)
    for row in rows.values():
        selects = [i for i in row if isinstance(i, discord.ui.Select)]
        assert len(row) <= 5 and (not selects or len(row) == 1), row


def check_layout(layout: discord.ui.LayoutView) -> None:
    """A layout's limits (the emulator holds the message to them too: fakediscord/limits)."""
    assert layout.total_children_count <= 40, layout.total_children_count
    text = sum(len(i.content) for i in layout.walk_children()
               if isinstance(i, discord.ui.TextDisplay))
    assert text <= 4000, text
    for row in layout.walk_children():
        if isinstance(row, discord.ui.ActionRow):
            selects = [i for i in row.children if isinstance(getattr(i, "item", i),
                                                              discord.ui.Select)]
            assert 1 <= len(row.children) <= 5 and (not selects or len(row.children) == 1)
    for item in items(layout):
        assert len(item.custom_id) <= 100, item.custom_id
        if isinstance(item, discord.ui.Button):
            assert item.label and len(item.label) <= 80, item.label


def items(view: discord.ui.View | discord.ui.LayoutView | None) -> list[Any]:
    """A view's buttons and selects (the dynamic items' own), a layout's nested ones too."""
    if isinstance(view, discord.ui.LayoutView):
        return [getattr(i, "item", i) for i in view.walk_children()
                if isinstance(getattr(i, "item", i), discord.ui.Button | discord.ui.Select)]
    return [getattr(i, "item", i) for i in (view.children if view else [])]


def explore(rec: GameRecord, seat: str, lang: str = "en", limit: int = 400
            ) -> Iterator[tuple[Panel, list[str | None]]]:
    """The seat's panel and the panels its menu and narrowing selects lead to, breadth first
    (at most `limit`): each with the queue its caller adds the foci it leads to."""
    todo: list[str | None] = [None]
    seen: set[str | None] = set()
    while todo and len(seen) < limit:
        focus = todo.pop(0)
        if focus in seen:
            continue
        seen.add(focus)
        yield UI.panel(rec, rec.seat(seat), CATALOG, lang, [], focus), todo


def walk(rec: GameRecord, seat: str, lang: str = "en", limit: int = 400) -> Walked:
    """Every component of the seat's panel and of the panels its menu and narrowing selects lead
    to (breadth first, at most `limit` panels)."""
    out = Walked()
    for panel, todo in explore(rec, seat, lang, limit):
        check_components(panel.view)
        for item in items(panel.view):
            code = item.custom_id.split(":", 3)[-1]
            if isinstance(item, discord.ui.Button):
                if code == "hint":
                    continue
                found = UI.button_action(code)
                assert found is not None, code
                if isinstance(found, Focus):  # a panel redrawn (the builder opened...)
                    out.focuses += 1
                    if not isinstance(panel.view, discord.ui.LayoutView):
                        todo.append(found.value)  # a builder's cards: drafts not followed
                    else:
                        out.layouts += 1
                    continue
                out.actions.append(found)
                continue
            kind = code[2:]
            if kind in MULTI_KINDS:
                out.multis.append({"kind": kind, "max": item.max_values,
                                   "min": item.min_values,
                                   "values": [o.value for o in item.options]})
                if kind in ("og", "oa"):
                    continue
            for option in item.options:
                chosen = UI.select_action(kind, [option.value])
                assert chosen is not None, (kind, option.value)
                if isinstance(chosen, Focus):
                    out.focuses += 1
                    todo.append(chosen.value)
                else:
                    out.actions.append(chosen)
    return out


def opens(custom_id: str) -> Focus | None:
    """The places a Build button opens (cogs/catan/builds.py), if it is one that opens (the
    trade builder's buttons are foci too, each a draft: not these)."""
    code = custom_id.split(":", 3)[-1]
    found = UI.button_action(code) if code.startswith(f"{SPEC.of(builds.TYPE).code}.") else None
    return found if isinstance(found, Focus) else None


def panel_text(panel: Panel) -> str:
    """Everything a panel shows as text: its embed and its components' words."""
    embed = panel.embed
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    for item in items(panel.view):
        if isinstance(item, discord.ui.Button):
            parts.append(item.label or "")
        elif isinstance(item, discord.ui.Select):
            parts.append(item.placeholder or "")
            parts += [f"{o.label} {o.description or ''}" for o in item.options]
    return "\n".join(parts)
