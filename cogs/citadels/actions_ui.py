"""Citadels' action types on Discord: one declaration each (cogs/declare.py).

Each names its code in a custom_id and the fields written after it, its widget, how its choices
are narrowed past 25, its button's style, its label, its select options' description, its
summary in the panel and the lines of the events it causes. The codec (`SPEC.encode`,
`SPEC.decode`), the panel's components (panel.py, through cogs/panels.py), the labels
(labels.py) and the event lines (events.py) are read from `SPEC`.

The codes are those of the first release and of Dark City: panels still on screen keep
working, so a code never changes (a test holds old custom_ids). Texts are the catalog's
`citadels.render.action.<type>` (labels), `citadels.panel.select.<code>` (placeholders) and
`citadels.event.<type>` (event lines).

An action type declared nowhere here (a character added to the engine with an action of its
own, rules/citadels/extend.py) is declared by `_derived`: its code is its type, a button if
each of its fields is a choice (a yes/no, one of a few values), else a select of its
actions; its label `citadels.render.action.<type>` with its fields by name, its events'
lines their texts (events.by_fields). Its character needs no code here, only texts.
"""

from __future__ import annotations

from typing import Any

from cogs.declare import (
    Context,
    Declaration,
    Declarations,
    Describe,
    Label,
    Narrow,
    Style,
    Summary,
    Widget,
    fields_of,
)
from rules.citadels.actions import EXTRA, Action
from rules.citadels.cards import KIND, RULINGS

from . import events as lines
from . import labels as L
from . import summaries as S
from .events import Line
from .texts import (
    TYPE_EMOJI,
    district,
    district_tag,
    district_type,
    seat_name,
)


def _declare(type_: str, code: str, fields: tuple[str, ...] = (), *,
             widget: Widget = "button", label: Label, describe: Describe | None = None,
             summary: Summary = S.listed, style: Style = "secondary",
             narrow: tuple[Narrow, ...] = (), events: dict[str, lines.Builder] | None = None,
             **more: Any) -> Declaration:
    """A Citadels declaration: its summary lists its actions unless it says otherwise (labels
    and descriptions are cut to Discord's lengths by cogs.declare)."""
    return Declaration(type_, code, fields, widget, label=label, describe=describe,
                       summary=summary, style=style, narrow=narrow, events=events or {},
                       **more)


# --- narrowing: what a player chooses first when one select would offer more than 25 --------

def _seat_choice(key: str, ctx: Context) -> str:
    if key == ctx.view.get("you"):
        return ctx.catalog.text("citadels.render.panel.own_city", ctx.lang)
    seat = next((s for s in ctx.seats if s.id == key), None)
    return seat_name(seat, ctx.catalog, ctx.lang, ctx.seats) if seat else key


PLAYER = Narrow("player", _seat_choice)
DISTRICT_TYPE = Narrow("type", lambda key, ctx: f"{TYPE_EMOJI[key]} "
                       f"{district_type(key, ctx.lang)}", key=lambda a: KIND[a.district])
BUILD_NOW = Narrow("build", lambda key, ctx: ctx.catalog.text(
    f"citadels.panel.narrow.build.{key}", ctx.lang))
GIVE = Narrow("give", lambda key, ctx: district_tag(key, ctx.lang))


def _hand(ctx: Context) -> list[str]:
    hand: list[str] = next(p["hand"] for p in ctx.view["players"] if p["id"] == ctx.view["you"])
    return hand


# --- event lines of one action type ----------------------------------------------------------

def _greeted(c: Line) -> str:
    text = c.event.get("text") or {}
    return c.text("greeted", name=c.name(), other=c.name("to"),
                  words=text.get(c.lang) or text.get("en", ""))


def _income(c: Line) -> str:
    kind = c.event.get("district_type") or "unique"
    return c.text("income", name=c.name(), amount=c.event.get("amount", 0),
                  type=district_type(kind, c.lang))


def _destroyed(c: Line) -> str:
    return c.text("destroyed", name=c.name(), victim=c.name("victim"),
                  district=district(c.event["district"], c.lang), cost=c.event.get("cost", 0))


def _exchanged(c: Line) -> str:
    return c.text("exchanged", name=c.name(), victim=c.name("victim"),
                  give=district(c.event["give"], c.lang), take=district(c.event["take"], c.lang),
                  cost=c.event.get("cost", 0))


# --- the declarations, in the panel's order (buttons, then selects, End turn last) -----------

DECLARED: tuple[Declaration, ...] = (
    _declare("greet", "greet", label=L.greet, events={"greeted": _greeted}),
    _declare("pick_character", "pick", ("character",), label=L.of_character("pick_character"),
             describe=L.character_text, summary=S.characters, style="primary",
             events={"character_picked": lines.simple("character_picked")}),
    _declare("discard_character", "disc", ("character",),
             label=L.of_character("discard_character"), describe=L.character_text,
             summary=S.characters,
             events={"character_discarded": lines.simple("character_discarded")}),
    _declare("take_gold", "gold", label=L.plain("take_gold"), style="primary",
             events={"gold_taken": lambda c: c.text("gold_taken", name=c.name(),
                                                     amount=c.event.get("amount", 2))}),
    _declare("draw_cards", "draw", label=L.plain("draw_cards"), style="primary",
             events={"cards_drawn": lines.counted("cards_drawn")}),
    _declare("keep_card", "keep", ("district",), label=L.of_district("keep_card"),
             describe=L.district_text, summary=S.keeps, style="primary",
             events={"cards_kept": lines.counted("cards_kept")}),  # and after draw_cards
    _declare("tribute", "tribute", ("kind",), label=L.of_kind("tribute", "kind"),
             events={"tribute": lambda c: c.text(f"tribute.{c.event.get('kind', 'gold')}",
                                                 name=c.name(), other=c.name("to"))}),
    _declare("navigator_bonus", "nav", ("kind",),  # tells bonus_gold or bonus_cards
             label=L.of_kind("navigator_bonus", "kind", count=RULINGS["navigator_bonus"])),
    _declare("bell_tower", "bell", ("announce?",), label=L.of_kind("bell_tower", "announce"),
             events={"bell_tower_rung": lines.sized("bell_tower_rung"),
                     "bell_tower_silenced": lines.sized("bell_tower_silenced")}),
    _declare("build", "build", ("district",), widget="select", label=L.build,
             describe=L.district_text, summary=S.builds, style="primary",
             narrow=(DISTRICT_TYPE,),
             events={"built": lambda c: c.text("built", name=c.name(), district=district_tag(
                 c.event["district"], c.lang)),
                     "city_completed": lines.simple("city_completed")}),
    _declare("collect_income", "income", label=L.plain("collect_income"),
             describe=L.income_text, events={"income": _income}),
    _declare("collect_from_richest", "richest", label=L.plain("collect_from_richest"),
             events={"gold_given": lines.to("gold_given"),
                     "no_richest": lines.simple("no_richest")}),
    _declare("use_smithy", "smithy", label=L.plain("use_smithy"),
             events={"smithy": lines.counted("smithy")}),
    _declare("graveyard", "gy", ("accept?",), label=L.graveyard, summary=S.graveyard,
             events={"graveyard_used": lines.with_district("graveyard_used"),
                     "graveyard_declined": lines.with_district("graveyard_declined")}),
    _declare("assassinate", "kill", ("character",), widget="select",
             label=L.of_character("assassinate"), describe=L.character_text,
             summary=S.targets, events={"murder": lines.with_character("murder")}),
    _declare("steal", "steal", ("character",), widget="select", label=L.of_character("steal"),
             describe=L.character_text, summary=S.targets,
             events={"theft": lines.with_character("theft")}),
    _declare("bewitch", "witch", ("character",), widget="select",
             label=L.of_character("bewitch"), describe=L.character_text,
             events={"bewitched": lines.with_character("bewitched")}),
    _declare("swap_hands", "swap", ("player",), widget="select", label=L.named("swap_hands"),
             summary=S.swaps,
             events={"hands_swapped": lambda c: c.text("hands_swapped", name=c.name(),
                                                       other=c.name("other"))}),
    _declare("discard_and_draw", "dad", ("districts*",), widget="multi",
             label=L.discard_and_draw, describe=L.discarded_cards,
             summary=S.said("discard_and_draw"), choices=_hand,
             choice_label=lambda card, ctx: district_tag(card, ctx.lang),
             events={"cards_exchanged": lines.counted("cards_exchanged")}),
    _declare("look_at_hand", "look", ("player",), widget="select",
             label=L.named("look_at_hand"),
             events={"hand_looked_at": lambda c: c.text("hand_looked_at", name=c.name(),
                                                        other=c.name("other"))}),
    _declare("take_card", "take", ("district", "build?"), widget="select",
             label=L.of_district("take_card"), describe=L.district_text, narrow=(BUILD_NOW,),
             events={"card_taken": lambda c: c.text(
                 "card_taken.built" if c.event.get("build") else "card_taken",
                 name=c.name(), other=c.name("from"))}),
    _declare("lighthouse", "light", ("district",), widget="select",
             label=L.of_district("lighthouse"), describe=L.district_text,
             narrow=(DISTRICT_TYPE,), events={"lighthouse": lines.simple("lighthouse")}),
    _declare("give_crown", "crown", ("player",), widget="select", label=L.named("give_crown"),
             events={"crown_given": lines.to("crown_given")}),
    _declare("destroy", "destroy", ("player", "district"), widget="select", label=L.destroy,
             describe=L.destroy_text, summary=S.destroys, narrow=(PLAYER,),
             events={"destroyed": _destroyed,
                     "graveyard_offer": lines.with_district("graveyard_offer")}),
    _declare("exchange", "exch", ("give", "player", "take"), widget="select",
             label=L.exchange, narrow=(PLAYER, GIVE), events={"exchanged": _exchanged}),
    _declare("beautify", "art", ("district",), widget="select", label=L.of_district("beautify"),
             describe=L.district_text, events={"beautified": lines.with_district("beautified")}),
    _declare("use_armory", "armory", ("player", "district"), widget="select", label=L.armory,
             narrow=(PLAYER,),
             events={"armory": lambda c: c.text("armory", name=c.name(), victim=c.name("victim"),
                                                district=district(c.event["district"], c.lang))}),
    _declare("use_laboratory", "lab", ("district",), widget="select",
             label=L.of_district("use_laboratory"), describe=L.district_text,
             summary=S.said("use_laboratory"),
             events={"laboratory": lambda c: c.text("laboratory", name=c.name(),
                                                    amount=c.event.get("amount", 2))}),
    _declare("use_museum", "museum", ("district",), widget="select",
             label=L.of_district("use_museum"), describe=L.district_text,
             events={"museum": lambda c: c.text("museum", name=c.name(),
                                                count=c.event.get("count", 1))}),
    _declare("end_turn", "end", label=L.plain("end_turn"), style="success", last=True),
)


def _derived(type_: str) -> Declaration | None:
    """The declaration of an action type a character added to the engine brings (None: no
    such type), made once per class."""
    cls = EXTRA.get(type_)
    if cls is None:
        return None
    found = _DERIVED.get(cls)
    if found is None:
        fields = [name for name in cls.model_fields if name != "type"]
        choices = all(L.is_choice(cls.model_fields[name].annotation) for name in fields)
        found = _DERIVED[cls] = _declare(type_, type_, fields_of(cls),
                                         widget="button" if choices else "select",
                                         label=L.by_fields(cls), describe=L.of_fields)
    return found


_DERIVED: dict[type[Action], Declaration] = {}

# "target": the Warlord's player select of panels before Dark City (its value a player).
SPEC = Declarations(DECLARED, prefix="citadels.", derive=_derived, focus_kinds=("target",))
