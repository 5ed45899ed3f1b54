"""Private panels: one player's view of the game with a component for every legal action.

Built from `view(state, pid)` and `legal_actions(state, pid)` only. Components carry the game id
and version in their custom_ids and have no callbacks of their own: the dynamic items the game
cog registers at start-up answer them, so panels keep working across restarts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import discord

from bot.components import ActionButton, ActionSelect, unstored
from bot.i18n import Catalog
from bot.records import GameRecord
from bot.ui import Focus, Panel
from cogs.citadels import codec, render
from rules import citadels
from rules.citadels import Action

BUTTON_TYPES = ("pick_character", "discard_character", "take_gold", "draw_cards", "keep_card",
                "collect_income", "use_smithy", "graveyard", "end_turn")
# Select kinds in display order; discard_and_draw gets a multi-select of the hand.
SELECT_KINDS = {"build": "build", "assassinate": "kill", "steal": "steal",
                "swap_hands": "swap", "discard_and_draw": "dad", "destroy": "destroy",
                "use_laboratory": "lab"}
MAX_OPTIONS = 25
MAX_ROWS = 5
PRIMARY = {"pick_character", "take_gold", "draw_cards", "keep_card", "build"}


def player_panel(record: GameRecord, pid: str, catalog: Catalog, lang: str,
                 notes: Sequence[str] = (), focus: str | None = None) -> Panel:
    """`pid`'s panel; `focus` narrows the Warlord's targets to one player's city."""
    assert record.state is not None
    seen = citadels.view(record.state, pid)
    legal = citadels.legal_actions(record.state, pid)
    embed = render.panel_embed(seen, record.seats, catalog, lang, legal=legal, notes=list(notes))
    if not legal:
        return Panel(embed, None)
    return Panel(embed, _components(record, seen, legal, catalog, lang, focus))


def _components(record: GameRecord, seen: dict, legal: list[Action], catalog: Catalog,
                lang: str, focus: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    by_type: dict[str, list[Action]] = defaultdict(list)
    for action in legal:
        by_type[action.type].append(action)
    buttons = [a for t in BUTTON_TYPES for a in by_type.get(t, [])]
    rows = 0
    for i, action in enumerate(buttons[:MAX_ROWS * 5]):
        view.add_item(_button(record, seen, action, catalog, lang, row=i // 5))
        rows = i // 5 + 1
    for type_, kind in SELECT_KINDS.items():
        if type_ not in by_type or rows >= MAX_ROWS:
            continue
        select = _select(record, seen, kind, by_type[type_], catalog, lang, focus)
        select.row = rows
        view.add_item(select)
        rows += 1
    return unstored(view)


def _button(record: GameRecord, seen: dict, action: Action, catalog: Catalog, lang: str,
            row: int) -> ActionButton:
    style = discord.ButtonStyle.secondary
    if action.type in PRIMARY:
        style = discord.ButtonStyle.primary
    elif action.type == "end_turn":
        style = discord.ButtonStyle.success
    return ActionButton(record.id, record.version, codec.encode(action),
                        render.action_label(action, seen, record.seats, catalog, lang)[:80],
                        style, row=row)


def _select(record: GameRecord, seen: dict, kind: str, actions: list[Action],
            catalog: Catalog, lang: str, focus: str | None) -> ActionSelect:
    if kind == "dad":
        return _discard_select(record, seen, catalog, lang)
    if kind == "destroy" and len(actions) > MAX_OPTIONS:
        if focus is None:
            return _target_select(record, seen, actions, catalog, lang)
        actions = [a for a in actions if a.player == focus]  # type: ignore[attr-defined]
    options = [
        discord.SelectOption(
            label=render.action_label(a, seen, record.seats, catalog, lang)[:100],
            description=(render.action_description(a, seen, record.seats, catalog, lang)
                         or None),
            value=codec.encode(a))
        for a in actions[:MAX_OPTIONS]
    ]
    for option in options:
        if option.description:
            option.description = option.description[:100]
    return ActionSelect(record.id, record.version, kind, options,
                        catalog.text(f"panel.select.{kind}", lang)[:150])


def _discard_select(record: GameRecord, seen: dict, catalog: Catalog, lang: str
                    ) -> ActionSelect:
    """The Magician's discard: pick any cards of the hand (values are hand positions)."""
    hand: list[str] = next(p["hand"] for p in seen["players"] if p["id"] == seen["you"])
    options = [
        discord.SelectOption(label=render.district_tag(d, lang)[:100], value=f"{i}.{d}")
        for i, d in enumerate(hand[:MAX_OPTIONS])
    ]
    return ActionSelect(record.id, record.version, "dad", options,
                        catalog.text("panel.select.dad", lang)[:150], min_values=1,
                        max_values=len(options))


def _target_select(record: GameRecord, seen: dict, actions: list[Action], catalog: Catalog,
                   lang: str) -> ActionSelect:
    """Too many districts for one select: choose the player first, then the district."""
    targets = list(dict.fromkeys(a.player for a in actions))  # type: ignore[attr-defined]
    names = {s.pid: render.seat_name(s, catalog, lang) for s in record.seats}
    options = [discord.SelectOption(label=names[pid][:100], value=pid) for pid in targets]
    return ActionSelect(record.id, record.version, "target", options,
                        catalog.text("panel.select.target", lang)[:150])


def select_action(kind: str, values: list[str]) -> dict | Focus | None:
    """The action a select's chosen values name (the Warlord's player select narrows the
    panel instead); None if they are malformed."""
    if kind == "target":
        return Focus(values[0] if values else None)
    if kind == "dad":
        cards = [v.partition(".")[2] for v in values]
        return codec.decode("dad." + ",".join(cards)) if cards else None
    if kind not in SELECT_KINDS.values() or len(values) != 1:
        return None
    action = codec.decode(values[0])
    expected = {v: k for k, v in SELECT_KINDS.items()}[kind]
    return action if action is not None and action["type"] == expected else None
