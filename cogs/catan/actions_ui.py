"""Catan's action types on Discord: one declaration each (cogs/declare.py).

Each names its code in a custom_id and the fields written after it, its widget, its group in
the panel's menu (build, walls and improvements, knights, using a knight, the bank, offers,
progress cards: a turn offers more kinds than a panel's five rows hold), how its choices are
narrowed past 25 (an intersection by the hex it touches first, a knight's move by the knight,
a progress card's play by the card and then its first target), its label and its select
options' description. The codec, the answer to a select and the panel's components
(panel.py, through cogs/panels.py) are read from `SPEC`; the event lines are events.py's.
An action type the engine has and nothing here declares (the answer to the decision a
progress card added to the engine asks) is declared by `_derived`: its card needs texts only.

Places are written lower-cased in a custom_id ("i12"; the engine reads ids case-blind), a
missing place or seat empty ("mr.h5."), card multisets as their cards ("dc.brick,brick,ore").
Texts: `catan.action.<type>` (labels), `catan.panel.select.<code>` (placeholders),
`catan.panel.narrow.<step>` and `catan.panel.group.<group>`.
"""

from __future__ import annotations

from typing import Any

from cogs.declare import Context, Declaration, Declarations, Describe, Label, Narrow, fields_of
from rules.catan.actions import ACTIONS
from rules.catan.state import CARDS, COSTS, TRACKS

from . import builds, texts, trades

# PlayProgress's target fields, in the order a play is narrowed and written.
TARGETS = ("red", "yellow", "track", "node", "hex", "other_hex", "edge", "seat", "kind")


def t(ctx: Context, key: str, **params: object) -> str:
    return texts.t(ctx.catalog, ctx.lang, key, **params)


def _text(key: str) -> Label:
    return lambda action, ctx: t(ctx, f"action.{key}")


def _at_node(key: str) -> Label:
    return lambda action, ctx: t(ctx, f"action.{key}", place=texts.node_label(action.node,
                                                                             ctx.view))


def _at_edge(key: str) -> Label:
    return lambda action, ctx: t(ctx, f"action.{key}", place=texts.edge_label(action.edge))


def _cost(build: str, free: str | None = None) -> Describe:
    """What a build costs; while a progress card makes it free this turn (Road Building's
    roads, the Smith's promotions: the view's `this_turn[free]` left), that it is free."""
    def describe(action: Any, ctx: Context) -> str:
        if free and (left := int(ctx.view["this_turn"].get(free) or 0)):
            return t(ctx, f"panel.free.{build}", count=left)
        return t(ctx, "panel.cost", cards=texts.cards(COSTS[build], ctx.catalog, ctx.lang))
    return describe


def _seat(seat: str | None, ctx: Context) -> str:
    return texts.seat(seat, ctx.seats, ctx.catalog, ctx.lang, markdown=False)


# --- narrowing: what a player chooses first when one select would offer more than 25 --------

def _hex_choice(key: str, ctx: Context) -> str:
    if key not in ctx.view["board"]["hexes"]:  # a choice of no place (the Deserter's "none")
        return t(ctx, "panel.no_place")
    return texts.hex_name(key, ctx.view, ctx.catalog, ctx.lang)


HEX = Narrow("hex", _hex_choice, key=lambda a: texts.node_hex(a.node) if a.node else "-")
PATH_HEX = Narrow("hex", lambda key, ctx: texts.hex_name(key, ctx.view, ctx.catalog, ctx.lang),
                  key=lambda a: texts.edge_hex(a.edge))
ROBBER_HEX = Narrow("hex", lambda key, ctx: texts.hex_name(key, ctx.view, ctx.catalog,
                                                           ctx.lang), key=lambda a: a.hex)


def _knight_choice(key: str, ctx: Context) -> str:
    spec = ctx.view["board"]["knights"].get(key)
    if spec is None:
        return key
    return t(ctx, "panel.knight_at", knight=texts.knight(spec["level"], ctx.catalog, ctx.lang),
             place=texts.node_label(key, ctx.view))


KNIGHT = Narrow("knight", _knight_choice, key=lambda a: a.node)
GIVE = Narrow("give", lambda key, ctx: t(ctx, "panel.give_rate", rate=_rate(ctx, key),
                                         card=texts.card(key, ctx.catalog, ctx.lang)))
CARD = Narrow("card", lambda key, ctx: texts.progress(key, ctx.catalog, ctx.lang))


def _first_target(action: Any) -> str:
    """A progress card's play by its first target field ("-" for a card that has none)."""
    return next((str(getattr(action, f)) for f in TARGETS if getattr(action, f) is not None),
                "-")


def _target_label(key: str, ctx: Context) -> str:
    if key.isdigit():
        return f"{texts.DICE} {key}"
    if key in ctx.view["board"]["hexes"]:
        return texts.hex_name(key, ctx.view, ctx.catalog, ctx.lang)
    if key[:1] == "I" and key[1:].isdigit():
        return texts.node_label(key, ctx.view)
    if key[:1] == "P" and key[1:].isdigit():
        return texts.edge_label(key)
    if key in TRACKS:
        return texts.track(key, ctx.catalog, ctx.lang)
    if key in CARDS:
        return texts.card(key, ctx.catalog, ctx.lang)
    if key in texts.COLOUR_OF:
        return texts.progress(key, ctx.catalog, ctx.lang)
    if any(s.id == key for s in ctx.seats):
        return _seat(key, ctx)
    return key


TARGET = Narrow("target", _target_label, key=_first_target)


def _rate(ctx: Context, card: str) -> int:
    rates: dict[str, int] = ctx.view.get("rates") or {}
    return int(rates.get(card, 4))


# --- labels ----------------------------------------------------------------------------------

def _placement(action: Any, ctx: Context) -> str:
    setup = ctx.view.get("setup") or {}
    piece = "city" if setup.get("round") == 2 else "settlement"
    return t(ctx, f"action.place_building.{piece}", place=texts.node_label(action.node,
                                                                          ctx.view))


def _improvement(action: Any, ctx: Context) -> str:
    me = texts.player(ctx.view, ctx.view["you"])
    level = int(me["improvements"][action.track]) + 1
    text = t(ctx, "action.buy_improvement", track=texts.track(action.track, ctx.catalog,
                                                              ctx.lang),
             building=texts.level(action.track, level, ctx.catalog, ctx.lang), level=level,
             cards=texts.cards({TRACKS[action.track]: level}, ctx.catalog, ctx.lang))
    if action.node:
        text += " · " + t(ctx, "action.metropolis_on", place=action.node)
    return text


def _improvement_text(action: Any, ctx: Context) -> str | None:
    me = texts.player(ctx.view, ctx.view["you"])
    if int(me["improvements"][action.track]) + 1 == 3:
        return t(ctx, f"improvement.{action.track}.ability")
    return None


def _maritime(action: Any, ctx: Context) -> str:
    return t(ctx, "action.maritime_trade", rate=_rate(ctx, action.give),
             give=texts.card(action.give, ctx.catalog, ctx.lang),
             get=texts.card(action.get, ctx.catalog, ctx.lang))


def _harbor(action: Any, ctx: Context) -> str:
    return t(ctx, "action.harbor_exchange", card=texts.card(action.card, ctx.catalog, ctx.lang),
             other=_seat(action.to, ctx))


def _robber(action: Any, ctx: Context) -> str:
    place = texts.hex_label(action.hex, ctx.view)
    if action.victim is None:
        return t(ctx, "action.move_robber", place=place)
    return t(ctx, "action.move_robber.steal", place=place, other=_seat(action.victim, ctx))


def _chase(action: Any, ctx: Context) -> str:
    place = texts.hex_label(action.hex, ctx.view)
    if action.victim is None:
        return t(ctx, "action.chase_robber", knight=action.node, place=place)
    return t(ctx, "action.chase_robber.steal", knight=action.node, place=place,
             other=_seat(action.victim, ctx))


def _knight_to(key: str) -> Label:
    def label(action: Any, ctx: Context) -> str:
        return t(ctx, f"action.{key}", knight=action.node, to=texts.node_label(action.to,
                                                                               ctx.view))
    return label


def _displace(action: Any, ctx: Context) -> str:
    other = ctx.view["board"]["knights"].get(action.to) or {}
    return t(ctx, "action.displace_knight", knight=action.node, to=action.to,
             other=_seat(other.get("owner"), ctx),
             level=texts.knight(int(other.get("level", 1)), ctx.catalog, ctx.lang))


def _knight_node(key: str) -> Label:
    def label(action: Any, ctx: Context) -> str:
        spec = ctx.view["board"]["knights"].get(action.node) or {}
        return t(ctx, f"action.{key}", place=texts.node_label(action.node, ctx.view),
                 knight=texts.knight(int(spec.get("level", 1)), ctx.catalog, ctx.lang))
    return label


def _play(action: Any, ctx: Context) -> str:
    name = texts.progress(action.card, ctx.catalog, ctx.lang)
    if action.card == "alchemist":
        return t(ctx, "action.play_progress.dice", card=name, red=action.red,
                 yellow=action.yellow)
    if action.card == "inventor":
        return t(ctx, "action.play_progress.swap", card=name,
                 a=texts.hex_label(action.hex, ctx.view),
                 b=texts.hex_label(action.other_hex, ctx.view))
    if action.card == "crane" and action.track:
        target = texts.track(action.track, ctx.catalog, ctx.lang)
        if action.node:
            target += " · " + t(ctx, "action.metropolis_on", place=action.node)
        return t(ctx, "action.play_progress.target", card=name, target=target)
    key = _first_target(action)
    if key == "-":
        return t(ctx, "action.play_progress", card=name)
    return t(ctx, "action.play_progress.target", card=name, target=_target_label(key, ctx))


def _card(key: str, field: str = "card") -> Label:
    return lambda action, ctx: t(ctx, f"action.{key}",
                                 card=texts.card(getattr(action, field), ctx.catalog, ctx.lang))


def _progress_card(key: str) -> Label:
    return lambda action, ctx: t(ctx, f"action.{key}",
                                 card=texts.progress(action.card, ctx.catalog, ctx.lang))


def _progress_text(action: Any, ctx: Context) -> str:
    return texts.progress_text(action.card, ctx.catalog, ctx.lang)


def _optional_node(key: str) -> Label:
    def label(action: Any, ctx: Context) -> str:
        if action.node is None:
            return t(ctx, f"action.{key}.none")
        return t(ctx, f"action.{key}", place=texts.node_label(action.node, ctx.view))
    return label


def _free_road(action: Any, ctx: Context) -> str:
    if action.edge is None:
        return t(ctx, "action.place_free_road.none")
    return t(ctx, "action.place_free_road", place=texts.edge_label(action.edge))


def _open(action: builds.Open, ctx: Context) -> str:
    """A Build button: the type it opens ("🛣️ Road"), with its only place when it builds
    there at once ("⚡ Activate knight · I12"); free while a progress card makes it so."""
    label = t(ctx, f"panel.open.{action.opens}")
    if action.place is not None:
        label = t(ctx, "panel.open.at", label=label, place=action.place)
    if builds.free(action.opens, ctx.view):
        label = t(ctx, "panel.open.free", label=label)
    return label


def _taken(action: Any, ctx: Context) -> str:
    return t(ctx, "action.take_cards", cards=texts.cards(action.cards, ctx.catalog, ctx.lang))


def _hand(ctx: Context) -> list[str]:
    """The seat's cards one by one, in the rules' order: a discard's or a gift's choices."""
    hand: dict[str, int] = ctx.view.get("hand") or {}
    return [c for c in CARDS for _ in range(hand.get(c, 0))]


def _owed(ctx: Context) -> int:
    """How many cards the seat's discard or gift still asks."""
    you = ctx.view.get("you")
    asked = next((d for d in ctx.view.get("pending", [])
                  if d["seat"] == you and d["kind"] in ("discard", "gift")), None)
    return int(asked["count"]) if asked else 0


def _one(card: str, ctx: Context) -> str:
    return texts.card(card, ctx.catalog, ctx.lang)


# --- an action type nothing here declares --------------------------------------------------

def _by_fields(action: Any, ctx: Context) -> str:
    """Its label: its text `catan.action.<type>` with each field as a panel names it (a card,
    a seat, a place, a hand of cards)."""
    params = {f: texts.cards(v, ctx.catalog, ctx.lang) if isinstance(v, dict)
              else _target_label(v, ctx) if isinstance(v, str) else v
              for f, v in action.model_dump().items() if f != "type"}
    return t(ctx, f"action.{action.type}", **params)


def _derived(type_: str) -> Declaration | None:
    """The declaration of an action type the engine has and nothing here declares (the
    answer to the decision a progress card added to the engine asks), so that the card needs
    only texts here: its code is its type, its fields its class's (one that may be None
    written "~"), a select of its actions labelled by `_by_fields` (None: no such type)."""
    cls = ACTIONS.of(type_)
    if cls is None:
        return None
    return Declaration(type_, type_, fields_of(cls), "select", label=_by_fields)


# --- the declarations, in the panel's order (buttons, then selects, End turn last) -----------

DECLARED: tuple[Declaration, ...] = (
    Declaration("roll", "roll", label=_text("roll"), style="primary"),
    Declaration("accept_trade", "yes", label=_text("accept_trade"), style="success"),
    Declaration("decline_trade", "no", label=_text("decline_trade"), style="danger"),
    Declaration("cancel_trade", "cancel", label=_text("cancel_trade"), style="danger"),
    Declaration("place_road", "pr", ("edge",), label=_at_edge("place_road"), style="primary"),
    Declaration("choose_deck", "cd", ("deck",), style="primary",
                label=lambda a, ctx: texts.deck(a.deck, ctx.catalog, ctx.lang)),
    Declaration("choose_resource", "cres", ("card",), label=_card("choose_resource"),
                style="primary"),
    Declaration("return_commodity", "rc", ("card",), label=_card("return_commodity"),
                style="primary"),
    Declaration(builds.TYPE, "o", ("kind", "place~"), label=_open, style="primary",
                group="build"),
    Declaration("place_building", "pb", ("node",), widget="select", label=_placement,
                narrow=(HEX,)),
    Declaration("discard", "dc", ("cards+",), widget="multi", label=_text("discard"),
                choices=_hand, choice_label=_one, most=_owed),
    Declaration("give_cards", "gc", ("cards+",), widget="multi", label=_text("give_cards"),
                choices=_hand, choice_label=_one, most=_owed),
    Declaration("move_robber", "mr", ("hex", "victim~"), widget="select", label=_robber,
                narrow=(ROBBER_HEX,)),
    Declaration("choose_city", "cc", ("node",), widget="select", label=_at_node("choose_city")),
    Declaration("retreat_knight", "rk", ("node",), widget="select",
                label=_at_node("retreat_knight")),
    Declaration("remove_knight", "xk", ("node",), widget="select",
                label=_knight_node("remove_knight")),
    Declaration("place_knight", "plk", ("node~",), widget="select",
                label=_optional_node("place_knight"), narrow=(HEX,)),
    Declaration("place_free_road", "pfr", ("edge~",), widget="select", label=_free_road),
    Declaration("take_progress", "tp", ("card",), widget="select",
                label=_progress_card("take_progress"), describe=_progress_text),
    Declaration("take_cards", "tc", ("cards+",), widget="select", label=_taken),
    Declaration("discard_progress", "dp", ("card",), widget="select",
                label=_progress_card("discard_progress"), describe=_progress_text),
    # The turn's groups; the Build buttons open these (builds.py).
    Declaration("build_road", "br", ("edge",), widget="select", label=_at_edge("build_road"),
                describe=_cost("road", "free_roads"), narrow=(PATH_HEX,), group="build"),
    Declaration("build_settlement", "bs", ("node",), widget="select",
                label=_at_node("build_settlement"), describe=_cost("settlement"), narrow=(HEX,),
                group="build"),
    Declaration("build_city", "bc", ("node",), widget="select", label=_at_node("build_city"),
                describe=_cost("city"), group="build"),
    Declaration("build_wall", "bw", ("node",), widget="select", label=_at_node("build_wall"),
                describe=_cost("wall"), group="build"),
    Declaration("build_knight", "bk", ("node",), widget="select", label=_at_node("build_knight"),
                describe=_cost("knight"), narrow=(HEX,), group="build"),
    Declaration("activate_knight", "ak", ("node",), widget="select",
                label=_knight_node("activate_knight"), describe=_cost("activate"),
                group="build"),
    Declaration("promote_knight", "pk", ("node",), widget="select",
                label=_knight_node("promote_knight"),
                describe=_cost("promote", "free_promotions"), group="build"),
    Declaration("buy_improvement", "bi", ("track", "node~"), widget="select", label=_improvement,
                describe=_improvement_text, group="city"),
    Declaration("move_knight", "mk", ("node", "to"), widget="select",
                label=_knight_to("move_knight"), narrow=(KNIGHT,), group="moves"),
    Declaration("displace_knight", "dk", ("node", "to"), widget="select", label=_displace,
                narrow=(KNIGHT,), group="moves"),
    Declaration("chase_robber", "cr", ("node", "hex", "victim~"), widget="select", label=_chase,
                narrow=(KNIGHT, ROBBER_HEX), group="moves"),
    Declaration("maritime_trade", "mt", ("give", "get"), widget="select", label=_maritime,
                narrow=(GIVE,), group="trade"),
    Declaration("harbor_exchange", "he", ("to", "card"), widget="select", label=_harbor,
                group="trade"),
    *trades.DECLARED,  # the offer's cards, then the seat it goes to (group "offer")
    Declaration("play_progress", "pp", ("card", *(f"{f}~" for f in TARGETS)), widget="select",
                label=_play, describe=_progress_text, narrow=(CARD, TARGET), group="progress"),
    Declaration("end_turn", "end", label=_text("end_turn"), style="success", last=True),
)

# The turn's usual choices, shown before any group is chosen: the Build buttons, and in the
# rows a panel has free a Commercial Harbor's choice as soon as it is played, then what the
# basic player does most turns (issue 44: clicks per decision).
EAGER = ("harbor_exchange", builds.TYPE, "buy_improvement", "play_progress", "maritime_trade")
SPEC = Declarations(DECLARED, prefix="catan.", eager=EAGER, derive=_derived)
