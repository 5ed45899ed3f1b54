"""A player's private panel, all of it: the embed (hand, gold, characters, what they may do now)
and a component for every legal action.

Built from `view(state, pid)` and `legal_actions(state, pid)` only. Components carry the game id
and version in their custom_ids and have no callbacks of their own: the dynamic items the
platform registers at start-up answer them, so panels keep working across restarts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.components import ActionButton, ActionSelect, TableButton, unstored
from bot.embeds import add_lines, fit
from bot.i18n import Catalog
from bot.records import GameRecord, Seat
from bot.ui import Focus, Panel
from cogs.citadels import codec, render
from cogs.citadels.render.labels import action_label, destroy_cost
from cogs.citadels.render.names import (
    CARDS,
    CITY,
    GOLD,
    MURDERED,
    ROBBED,
    TYPE_EMOJI,
    character,
    character_tag,
    district,
    district_tag,
    district_type,
    grouped,
    language,
    who,
)
from rules import citadels
from rules.citadels import Action
from rules.citadels.cards import CHARACTERS, DISTRICTS, KIND

View = dict[str, Any]
LISTED = 8  # actions of one kind listed one by one; more are summarised
COLOURS = {"mine": discord.Colour.green(), "waiting": discord.Colour.light_grey(),
           "over": discord.Colour.gold()}


def panel_embed(view: View, seats: list[Seat], catalog: Catalog, lang: str, *,
                legal: list[Action], notes: list[str] | tuple[str, ...] = ()) -> discord.Embed:
    """What one player sees privately, from `view(state, pid)` and their legal actions."""
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
    for kind, actions in by_kind.items():
        lines.extend(_SUMMARY.get(kind, _listed)(actions, view, seats, catalog, lang))
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


Summary = Callable[[list[Action], View, list[Seat], Catalog, str], list[str]]


def _listed(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
            lang: str) -> list[str]:
    """One line per action, up to LISTED, then how many more."""
    lines = ["• " + action_label(a, view, seats, catalog, lang) for a in actions[:LISTED]]
    if len(actions) > LISTED:
        lines.append(catalog.text("citadels.render.panel.more", lang, count=len(actions) - LISTED))
    return lines


def _characters(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
                lang: str) -> list[str]:
    """Draft options, each with its power."""
    key = "citadels.render.panel." + ("pick" if actions[0].type == "pick_character"
                                      else "discard")
    lines = [catalog.text(key, lang)]
    for a in actions:
        cid = a.character  # type: ignore[attr-defined]
        lines.append(f"**{character_tag(cid, lang)}** — {CHARACTERS[cid].text[lang]}")
    return lines


def _targets(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
             lang: str) -> list[str]:
    """Assassin and Thief: one line naming every character they may choose."""
    kind = actions[0].type
    names = ", ".join(character(a.character, lang) for a in actions)  # type: ignore[attr-defined]
    return [catalog.text(f"citadels.render.panel.{kind}", lang, characters=names)]


def _builds(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
            lang: str) -> list[str]:
    names = ", ".join(district_tag(a.district, lang) for a in actions)  # type: ignore[attr-defined]
    return [catalog.text("citadels.render.panel.build", lang, districts=names)]


def _keeps(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
           lang: str) -> list[str]:
    drawn = (view.get("turn") or {}).get("drawn") or [a.district for a in actions]  # type: ignore[attr-defined]
    names = ", ".join(district_tag(d, lang) for d in drawn)
    return [catalog.text("citadels.render.panel.keep", lang, districts=names)]


def _swaps(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
           lang: str) -> list[str]:
    names = ", ".join(who(a.player, seats, catalog, lang) for a in actions)  # type: ignore[attr-defined]
    return [catalog.text("citadels.render.panel.swap_hands", lang, names=names)]


def _discards(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
              lang: str) -> list[str]:
    return [catalog.text("citadels.render.panel.discard_and_draw", lang)]


def _destroys(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
              lang: str) -> list[str]:
    """Warlord: each target with its price, grouped by city."""
    by_owner: dict[str, list[str]] = {}
    for a in actions:
        owner, did = a.player, a.district  # type: ignore[attr-defined]
        by_owner.setdefault(owner, []).append(
            f"{district(did, lang)} ({destroy_cost(view, owner, did)} {GOLD})")
    lines = [catalog.text("citadels.render.panel.destroy", lang)]
    lines += [f"• {_owner(o, view, seats, catalog, lang)}: {', '.join(ds)}"
              for o, ds in by_owner.items()]
    return lines


def _owner(pid: str, view: View, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    """Whose city: "Your city" for the viewer's own (the Warlord may destroy in it)."""
    if pid == view.get("you"):
        return catalog.text("citadels.render.panel.own_city", lang)
    return who(pid, seats, catalog, lang)


def _laboratory(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
                lang: str) -> list[str]:
    return [catalog.text("citadels.render.panel.use_laboratory", lang)]


def _graveyard(actions: list[Action], view: View, seats: list[Seat], catalog: Catalog,
               lang: str) -> list[str]:
    """Which district the Warlord destroyed, whose Warlord, and the Graveyard's price."""
    current = view.get("current_character")
    warlord = next((p["id"] for p in view["players"] if current in p["revealed"]), None)
    return [catalog.text("citadels.render.panel.graveyard", lang,
                         name=who(warlord, seats, catalog, lang),
                         district=district(view.get("graveyard_card") or "graveyard", lang))]


_SUMMARY: dict[str, Summary] = {
    "pick_character": _characters, "discard_character": _characters,
    "assassinate": _targets, "steal": _targets, "build": _builds, "keep_card": _keeps,
    "swap_hands": _swaps, "discard_and_draw": _discards, "destroy": _destroys,
    "use_laboratory": _laboratory, "graveyard": _graveyard,
}


# --- components ------------------------------------------------------------------------------

BUTTON_TYPES = ("greet", "pick_character", "discard_character", "take_gold", "draw_cards",
                "keep_card", "tribute", "navigator_bonus", "bell_tower", "collect_income",
                "collect_from_richest", "use_smithy", "graveyard", "end_turn")
# Select kinds in display order; discard_and_draw gets a multi-select of the hand.
SELECT_KINDS = {"build": "build", "assassinate": "kill", "steal": "steal", "bewitch": "witch",
                "swap_hands": "swap", "discard_and_draw": "dad", "look_at_hand": "look",
                "take_card": "take", "lighthouse": "light", "give_crown": "crown",
                "destroy": "destroy", "exchange": "exch", "beautify": "art",
                "use_armory": "armory", "use_laboratory": "lab", "use_museum": "museum"}
# More than 25 choices of one kind (Discord's limit for a select): the player narrows them
# first by these fields, one select at a time (the Warlord names a player, then a district).
NARROW: dict[str, tuple[str, ...]] = {
    "destroy": ("player",), "use_armory": ("player",), "exchange": ("player", "give"),
    "lighthouse": ("type",), "take_card": ("build",), "build": ("type",),
}
MAX_OPTIONS = 25
MAX_ROWS = 5
PRIMARY = {"pick_character", "take_gold", "draw_cards", "keep_card", "build"}


def player_panel(record: GameRecord, pid: str, catalog: Catalog, lang: str,
                 notes: Sequence[str] = (), focus: str | None = None) -> Panel:
    """`pid`'s panel; `focus` narrows the Warlord's targets to one player's city."""
    assert record.state is not None
    seen = citadels.view(record.state, pid)
    legal = citadels.legal_actions(record.state, pid)
    embed = panel_embed(seen, record.seats, catalog, lang, legal=legal, notes=list(notes))
    if not legal:
        return Panel(embed, None)
    return Panel(embed, _components(record, seen, legal, catalog, lang, focus))


def _components(record: GameRecord, seen: dict, legal: list[Action], catalog: Catalog,
                lang: str, focus: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    by_type: dict[str, list[Action]] = defaultdict(list)
    for action in legal:
        by_type[action.type].append(action)
    # The main actions first; "End turn" alone on the last row, never above a select.
    end = by_type.get("end_turn", [])
    last = MAX_ROWS - 1 if end else MAX_ROWS
    buttons = [a for t in BUTTON_TYPES if t != "end_turn" for a in by_type.get(t, [])]
    rows = 0
    for i, action in enumerate(buttons[:last * 5]):
        view.add_item(_button(record, seen, action, catalog, lang, row=i // 5))
        rows = i // 5 + 1
    if record.settings.hints and len(legal) > 1:
        selects = sum(1 for t in SELECT_KINDS if t in by_type)
        rows = _hint(view, record, catalog, lang, rows, min(len(buttons), last * 5),
                     last - rows - selects)
    for type_, kind in SELECT_KINDS.items():
        if type_ not in by_type or rows >= last:
            continue
        select = _select(record, seen, kind, by_type[type_], catalog, lang, focus)
        select.row = rows
        view.add_item(select)
        rows += 1
    for action in end:
        view.add_item(_button(record, seen, action, catalog, lang, row=rows))
    return unstored(view)


def _hint(view: discord.ui.View, record: GameRecord, catalog: Catalog, lang: str, rows: int,
          buttons: int, free_rows: int) -> int:
    """The Hint button after the (shown) main buttons, in their last row if it has room, else
    in a row of its own if no select needs it; the rows used."""
    if buttons % 5:
        row = rows - 1
    elif free_rows > 0:
        row, rows = rows, rows + 1
    else:
        return rows
    view.add_item(TableButton(record.id, "hint", catalog.text("table.hint", lang), row=row))
    return rows


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
    actions, path, field = narrowed(actions, focus)
    if field is not None:
        return _narrow_select(record, seen, kind, actions, path, field, catalog, lang)
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
                        catalog.text(f"citadels.panel.select.{kind}", lang)[:150])


def _discard_select(record: GameRecord, seen: dict, catalog: Catalog, lang: str
                    ) -> ActionSelect:
    """The Magician's discard: pick any cards of the hand (values are hand positions)."""
    hand: list[str] = next(p["hand"] for p in seen["players"] if p["id"] == seen["you"])
    options = [
        discord.SelectOption(label=render.district_tag(d, lang)[:100], value=f"{i}.{d}")
        for i, d in enumerate(hand[:MAX_OPTIONS])
    ]
    return ActionSelect(record.id, record.version, "dad", options,
                        catalog.text("citadels.panel.select.dad", lang)[:150], min_values=1,
                        max_values=len(options))


def narrowed(actions: list[Action], focus: str | None
             ) -> tuple[list[Action], list[str], str | None]:
    """The actions a focus ("destroy:p3", "exchange:p3:manor") leaves of one kind, the path
    of values it chose, and the field to choose next (None: few enough for one select). A
    focus naming nothing (forged, or out of date) asks again, never for an empty select
    (Discord refuses those, and the click would go unanswered)."""
    kind = actions[0].type
    head, *path = (focus or "").split(":")
    chosen: list[str] = []
    for field in NARROW.get(kind, ()):
        if len(actions) <= MAX_OPTIONS:
            break
        wanted = path[len(chosen)] if head == kind and len(path) > len(chosen) else None
        subset = [a for a in actions if narrow_key(a, field) == wanted]
        if not subset:
            return actions, chosen, field
        actions, chosen = subset, [*chosen, str(wanted)]
    return actions[:MAX_OPTIONS], chosen, None


def narrows_to(value: str, action: Action) -> bool:
    """Whether a narrowing select's value ("exchange:p3:manor") leads towards `action`."""
    head, *path = value.split(":")
    fields = NARROW.get(action.type, ())
    return head == action.type and len(path) <= len(fields) and all(
        narrow_key(action, field) == key for field, key in zip(fields, path, strict=False))


def narrow_key(action: Action, field: str) -> str:
    """The value of `field` that narrows `action`: a player, a district, a district type."""
    if field == "type":
        return KIND[action.district]  # type: ignore[attr-defined]
    value = getattr(action, field)
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def _narrow_select(record: GameRecord, seen: dict, kind: str, actions: list[Action],
                   path: list[str], field: str, catalog: Catalog, lang: str) -> ActionSelect:
    """Too many choices for one select: choose `field` first (a player, a district...)."""
    type_ = actions[0].type
    keys = list(dict.fromkeys(narrow_key(a, field) for a in actions))
    options = [discord.SelectOption(label=_narrow_label(record, seen, field, key, catalog, lang),
                                    value=":".join([type_, *path, key]))
               for key in keys[:MAX_OPTIONS]]
    return ActionSelect(record.id, record.version, "n_" + kind, options,
                        catalog.text(f"citadels.panel.narrow.{field}", lang)[:150])


def _narrow_label(record: GameRecord, seen: dict, field: str, key: str, catalog: Catalog,
                  lang: str) -> str:
    if field == "player":
        if key == seen.get("you"):
            return catalog.text("citadels.render.panel.own_city", lang)[:100]
        seat = next((s for s in record.seats if s.pid == key), None)
        return (render.seat_name(seat, catalog, lang) if seat else key)[:100]
    if field == "type":
        return f"{TYPE_EMOJI[key]} {district_type(key, lang)}"[:100]
    if field == "build":
        return catalog.text(f"citadels.panel.narrow.build.{key}", lang)[:100]
    return district_tag(key, lang)[:100]


def select_action(kind: str, values: list[str]) -> dict | Focus | None:
    """The action a select's chosen values name (a narrowing select, "n_<kind>", narrows
    the panel instead); None if they are malformed."""
    if kind.startswith("n_") or kind == "target":  # "target": panels before Dark City
        return Focus(values[0] if len(values) == 1 else None)
    if kind == "dad":
        cards = [v.partition(".")[2] for v in values]
        return codec.decode("dad." + ",".join(cards)) if cards else None
    if kind not in SELECT_KINDS.values() or len(values) != 1:
        return None
    action = codec.decode(values[0])
    expected = {v: k for k, v in SELECT_KINDS.items()}[kind]
    return action if action is not None and action["type"] == expected else None
