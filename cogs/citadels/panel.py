"""A player's private panel, all of it: the embed (hand, gold, characters, what they may do now)
and a component for every legal action.

Built from `view(state, seat)` and `legal_actions(state, seat)` only. What each action type
shows (its summary here, its button or select) is its declaration's (actions_ui.py); the
components are built by cogs/panels.py. They carry the game id and version in their
custom_ids and have no callbacks of their own: the dynamic items the platform registers at
start-up answer them, so panels keep working across restarts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.embeds import add_lines, fit
from bot.i18n import Catalog
from bot.records import GameRecord, Seat
from bot.ui import Panel
from cogs import panels
from cogs.citadels.actions_ui import SPEC
from cogs.citadels.texts import (
    CARDS,
    CITY,
    GOLD,
    MURDERED,
    ROBBED,
    TYPE_EMOJI,
    character,
    character_tag,
    district_tag,
    grouped,
    language,
    who,
)
from cogs.declare import ActionLike, Context
from cogs.kit.ui import COLOURS, offers_hint
from rules.citadels import Action
from rules.citadels.cards import DISTRICTS

View = dict[str, Any]
MAX_OPTIONS = panels.MAX_OPTIONS


def panel_embed(view: View, seats: list[Seat], catalog: Catalog, lang: str, *,
                legal: list[Action], notes: list[str] | tuple[str, ...] = ()) -> discord.Embed:
    """What one player sees privately, from `view(state, seat)` and their legal actions."""
    lang = language(catalog, lang)
    me = next(p for p in view["players"] if p["id"] == view["you"])

    def t(key: str, **params: object) -> str:
        return catalog.text(f"citadels.render.panel.{key}", lang, **params)

    state = "over" if view["finished"] else "mine" if legal else "waiting"
    top = list(notes)
    top.append(t("status", gold=me["gold"], gold_mark=GOLD, hand=me["hand_size"],
                 cards_mark=CARDS, city=len(me["city"]), size=view["city_size"], city_mark=CITY))
    embed = discord.Embed(title=t(f"title.{state}", name=who(me["id"], seats, catalog, lang),
                                  round=view["round"]),
                          description="\n".join(top), colour=COLOURS[state])
    add_lines(embed, t("now"), _now(view, seats, catalog, lang, legal))
    if me.get("characters"):
        add_lines(embed, t("characters"), [_character_line(view, c, catalog, lang)
                                           for c in me["characters"]])
    hand = [f"{n}× {district_tag(d, lang)}" if n > 1 else district_tag(d, lang)
            for d, n in grouped(sorted(me.get("hand", []), key=_by_type_cost))]
    add_lines(embed, t("hand", count=me["hand_size"]), hand or [t("empty")])
    if me["city"]:
        add_lines(embed, t("city", count=len(me["city"]), size=view["city_size"]),
                  [", ".join(district_tag(d, lang) for d in me["city"])])
    return fit(embed)


def _by_type_cost(did: str) -> tuple[int, int, str]:
    d = DISTRICTS[did]
    return list(TYPE_EMOJI).index(d.type), d.cost, did


def _character_line(view: View, cid: str, catalog: Catalog, lang: str) -> str:
    if cid == view.get("murdered") and cid not in view["revealed"]:
        state = catalog.text("citadels.render.panel.char.murdered", lang, mark=MURDERED)
    elif cid in view["revealed"]:
        state = catalog.text("citadels.render.panel.char.revealed", lang)
        if cid == view.get("robbed"):
            state += " " + catalog.text("citadels.render.panel.char.robbed", lang, mark=ROBBED)
    else:
        state = catalog.text("citadels.render.panel.char.hidden", lang)
        if cid == view.get("robbed"):
            state += " " + catalog.text("citadels.render.panel.char.robbed", lang, mark=ROBBED)
    return f"{character_tag(cid, lang)} — {state}"


def _now(view: View, seats: list[Seat], catalog: Catalog, lang: str,
         legal: list[Action]) -> list[str]:
    """What the player may do, grouped by kind of action; or whose decision it is."""
    if view["finished"]:
        if view.get("winner") == view["you"]:
            return [catalog.text("citadels.render.panel.over.you", lang)]
        return [catalog.text("citadels.render.panel.over", lang,
                             name=who(view.get("winner"), seats, catalog, lang))]
    if not legal:
        return [_waiting(view, seats, catalog, lang)]
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.type, []).append(action)
    lines = []
    current, turn = view.get("current_character"), view.get("turn")
    if current and turn and current in _mine(view).get("characters", []):
        lines.append(catalog.text("citadels.render.panel.playing", lang,
                                  character=character_tag(current, lang),
                                  builds=turn["builds_left"]))
    ctx = Context(view, seats, catalog, lang)
    for kind, actions in by_kind.items():
        summary = SPEC.of(kind).summary
        assert summary is not None, kind
        lines.extend(summary(actions, ctx))
    return lines


def _mine(view: View) -> dict[str, Any]:
    return next((p for p in view["players"] if p["id"] == view.get("you")), {})


def _waiting(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    acting = view["to_act"][0] if view["to_act"] else None
    name = who(acting, seats, catalog, lang)
    if view["phase"] == "draft":
        return catalog.text("citadels.render.panel.waiting.draft", lang, name=name)
    if view.get("graveyard_card"):
        return catalog.text("citadels.render.panel.waiting.graveyard", lang, name=name)
    if view.get("current_character"):
        return catalog.text("citadels.render.panel.waiting.turn", lang, name=name,
                            character=character(view["current_character"], lang))
    return catalog.text("citadels.render.panel.waiting.other", lang, name=name)


def player_panel(record: GameRecord, seat: str, catalog: Catalog, lang: str,
                 notes: Sequence[str] = (), focus: str | None = None) -> Panel:
    """`seat`'s panel; `focus` narrows a select (the Warlord's targets to one player's city)."""
    assert record.state is not None
    seen = record.rules.view(record.state, seat)
    legal = record.rules.legal_actions(record.state, seat)
    embed = panel_embed(seen, record.seats, catalog, lang, legal=legal, notes=list(notes))
    if not legal:
        return Panel(embed, None)
    ctx = Context(seen, record.seats, catalog, language(catalog, lang))
    return Panel(embed, panels.components(record.id, record.version, legal, SPEC, ctx, focus,
                                          hint=offers_hint(record, legal)))


# What the test driver and the demo read: each select's kind by action type, the fields
# narrowed first, and whether a narrowing select's value leads to an action.
SELECT_KINDS = {d.type: d.code for d in SPEC.declared if d.widget != "button"}
NARROW = {d.type: tuple(n.name for n in d.narrow) for d in SPEC.declared if d.narrow}


def narrows_to(value: str, action: ActionLike) -> bool:
    return panels.narrows_to(SPEC, value, action)
