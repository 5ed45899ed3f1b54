"""Button and select-menu texts for the engine's actions: the labels and descriptions the
action types' declarations (cogs/citadels/actions_ui.py) are made with, and `action_label` /
`action_description`, which read the declarations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_origin

from bot.i18n import Catalog
from bot.records import Seat
from cogs.declare import Context, Label
from rules.citadels import Action
from rules.citadels.cards import CHARACTERS, DISTRICTS, KIND, RULINGS

from .texts import TYPE_EMOJI, character, district, district_type, language, who

if TYPE_CHECKING:
    from cogs.declare import Declarations

View = dict[str, Any]
ACTION = "citadels.render.action."  # an action's label is ACTION + its type (and choice)


def action_label(action: Action, view: View, seats: list[Seat], catalog: Catalog,
                 lang: str) -> str:
    """A short label (at most 80 characters) for a button or a select option."""
    label = _spec().of(action.type).label
    assert label is not None
    return label(action, Context(view, seats, catalog, language(catalog, lang)))


def action_description(action: Action, view: View, seats: list[Seat], catalog: Catalog,
                       lang: str) -> str | None:
    """A select option's description (at most 100 characters), or None when the label says all."""
    describe = _spec().of(action.type).describe
    return describe(action, Context(view, seats, catalog, language(catalog, lang))) \
        if describe else None


def _spec() -> Declarations:
    """The declarations (imported when asked: they are made of this package's texts)."""
    from cogs.citadels.actions_ui import SPEC

    return SPEC


def destroy_cost(view: View, owner: str, did: str) -> int:
    """What the Warlord pays for `did` in `owner`'s city, as the view says."""
    cost: int = _player(view, owner)["destroy_costs"][did]
    return cost


def _t(ctx: Context, key: str, **params: object) -> str:
    return ctx.catalog.text(ACTION + key, ctx.lang, **params)


def _seat(a: dict[str, Any], field: str, ctx: Context) -> str:
    return who(a[field], ctx.seats, ctx.catalog, ctx.lang, markdown=False)


# --- labels ---------------------------------------------------------------------------------

def plain(kind: str) -> Label:
    """The action's text, with the figures the view gives it (cards drawn, income due)."""
    return lambda action, ctx: _t(ctx, kind, **_extras(kind, ctx.view))


def of_character(kind: str) -> Label:
    """'Take the King (4)': a draft pick or a power naming a character."""
    def label(action: Action, ctx: Context) -> str:
        cid = action.model_dump()["character"]
        return _t(ctx, kind, character=character(cid, ctx.lang), rank=CHARACTERS[cid].rank)
    return label


def of_district(key: str) -> Label:
    """A label naming the action's district (its cost too); `build`: ".build" of the key."""
    def label(action: Action, ctx: Context) -> str:
        a = action.model_dump()
        d = DISTRICTS[a["district"]]
        choice = f"{key}.build" if a.get("build") else key
        return _t(ctx, choice, district=district(d.id, ctx.lang), cost=d.cost)
    return label


def named(key: str, field: str = "player") -> Label:
    """A label naming the player the action's `field` is (their hand size too)."""
    def label(action: Action, ctx: Context) -> str:
        a = action.model_dump()
        return _t(ctx, key, count=_player(ctx.view, a[field]).get("hand_size", 0),
                  name=_seat(a, field, ctx))
    return label


def of_kind(key: str, field: str, **figures: object) -> Label:
    """A label chosen by the action's yes/no or kind `field` ("gold" / "card"...)."""
    def label(action: Action, ctx: Context) -> str:
        value = action.model_dump()[field]
        choice = ("yes" if value else "no") if isinstance(value, bool) else value
        return _t(ctx, f"{key}.{choice}", size=ctx.view.get("city_size", 0) - 1, **figures)
    return label


def build(action: Action, ctx: Context) -> str:
    d = DISTRICTS[action.model_dump()["district"]]
    return _t(ctx, "build", district=district(d.id, ctx.lang), cost=d.cost,
              type=TYPE_EMOJI[d.type])


def discard_and_draw(action: Action, ctx: Context) -> str:
    return _t(ctx, "discard_and_draw", count=len(action.model_dump()["districts"]))


def destroy(action: Action, ctx: Context) -> str:
    """The Warlord may destroy a district of his own: "your Manor"."""
    a = action.model_dump()
    return _t(ctx, "destroy.own" if a["player"] == ctx.view.get("you") else "destroy",
              name=_seat(a, "player", ctx), district=district(a["district"], ctx.lang),
              cost=destroy_cost(ctx.view, a["player"], a["district"]))


def graveyard(action: Action, ctx: Context) -> str:
    return _t(ctx, "graveyard.yes" if action.model_dump()["accept"] else "graveyard.no",
              district=district(ctx.view.get("graveyard_card") or "graveyard", ctx.lang))


def exchange(action: Action, ctx: Context) -> str:
    a = action.model_dump()
    cost = next((e.get("cost", 0) for e in _targets(ctx.view, "exchange")
                 if (e["give"], e["player"], e["take"]) == (a["give"], a["player"], a["take"])),
                0)
    return _t(ctx, "exchange", give=district(a["give"], ctx.lang),
              take=district(a["take"], ctx.lang), cost=cost, name=_seat(a, "player", ctx))


def armory(action: Action, ctx: Context) -> str:
    a = action.model_dump()
    return _t(ctx, "use_armory", district=district(a["district"], ctx.lang),
              name=_seat(a, "player", ctx))


def greet(action: Action, ctx: Context) -> str:
    return _t(ctx, "greet", words=RULINGS["greeting"][ctx.lang])


def by_fields(cls: type[Action]) -> Label:
    """The label of an action type nothing declares (a character added to the engine): its
    text `citadels.render.action.<type>`, followed by ".<value>" of each choice field
    (`is_choice`; ".yes"/".no" for a yes/no), with every field by name: `player` a seat,
    `character` and `district` by their names."""
    choices = [name for name, info in cls.model_fields.items()
               if name != "type" and is_choice(info.annotation)]

    def label(action: Action, ctx: Context) -> str:
        a = action.model_dump()
        key = ".".join([a["type"], *(("yes" if a[c] else "no") if isinstance(a[c], bool)
                                     else str(a[c]) for c in choices)])
        return _t(ctx, key, **_named_fields(a, ctx))
    return label


def is_choice(annotation: object) -> bool:
    """A yes/no or one of a few values (a Literal): a field whose every value is a button."""
    return annotation is bool or get_origin(annotation) is Literal


def _named_fields(a: dict[str, Any], ctx: Context) -> dict[str, object]:
    params: dict[str, object] = {}
    for field, value in a.items():
        if field == "player":
            params[field] = _seat(a, field, ctx)
        elif field == "character":
            params[field] = character(value, ctx.lang)
        elif field == "district":
            params[field] = district(value, ctx.lang)
        elif field != "type":
            params[field] = value
    return params


# --- descriptions ---------------------------------------------------------------------------

def character_text(action: Action, ctx: Context) -> str:
    return CHARACTERS[action.model_dump()["character"]].text[ctx.lang]


def district_text(action: Action, ctx: Context) -> str:
    d = DISTRICTS[action.model_dump()["district"]]
    text = ctx.catalog.text("citadels.render.describe.district", ctx.lang,
                            type=district_type(d.type, ctx.lang), cost=d.cost)
    return text + " · " + d.text[ctx.lang] if d.text else text


def discarded_cards(action: Action, ctx: Context) -> str:
    return ", ".join(district(x, ctx.lang) for x in action.model_dump()["districts"])


def destroy_text(action: Action, ctx: Context) -> str:
    a = action.model_dump()
    owner = _player(ctx.view, a["player"])
    return ctx.catalog.text("citadels.render.describe.destroy", ctx.lang,
                            type=district_type(KIND[a["district"]], ctx.lang),
                            size=len(owner.get("city", [])), goal=ctx.view.get("city_size", 0))


def income_text(action: Action, ctx: Context) -> str | None:
    if not ctx.view.get("current_character"):
        return None
    income = CHARACTERS[ctx.view["current_character"]].income or "unique"
    return ctx.catalog.text("citadels.render.describe.collect_income", ctx.lang,
                            type=district_type(income, ctx.lang))


def of_fields(action: Action, ctx: Context) -> str | None:
    """What an undeclared action's character or district does (None if it names neither)."""
    a = action.model_dump()
    if "character" in a:
        return character_text(action, ctx)
    return district_text(action, ctx) if "district" in a else None


# --- what the view says ---------------------------------------------------------------------

def _targets(view: View, kind: str) -> list[dict[str, Any]]:
    targets: list[dict[str, Any]] = ((view.get("turn") or {}).get("targets") or {}).get(kind, [])
    return targets


def _player(view: View, seat: str) -> dict[str, Any]:
    return next((p for p in view.get("players", []) if p["id"] == seat), {})


def _extras(kind: str, view: View) -> dict[str, object]:
    """Figures some labels show, as the view gives them: cards drawn, income due."""
    turn = view.get("turn") or {}
    if kind == "draw_cards":
        return {"count": turn.get("draw", {}).get("draw", 2)}
    if kind == "collect_income":
        return {"amount": turn.get("income_due") or 0}
    return {}
