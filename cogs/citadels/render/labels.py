"""Button and select-menu texts for the engine's actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.embeds import LABEL, OPTION_DESCRIPTION, clip
from bot.i18n import Catalog
from bot.records import Seat
from rules.citadels import Action
from rules.citadels.cards import CHARACTERS, DISTRICTS, KIND, RULINGS

from .names import TYPE_EMOJI, character, district, district_type, language, who

View = dict[str, Any]


def destroy_cost(view: View, owner: str, did: str) -> int:
    """What the Warlord pays for `did` in `owner`'s city, as the view says."""
    cost: int = _player(view, owner)["destroy_costs"][did]
    return cost


def action_label(action: Action, view: View, seats: list[Seat], catalog: Catalog,
                 lang: str) -> str:
    """A short label (at most 80 characters) for a button or a select option."""
    lang = language(catalog, lang)
    a = action.model_dump()
    kind = a["type"]

    def t(key: str, **params: object) -> str:
        return catalog.text(f"citadels.render.action.{key}", lang, **params)

    if kind in ("pick_character", "discard_character", "assassinate", "steal", "bewitch"):
        text = t(kind, character=character(a["character"], lang),
                 rank=CHARACTERS[a["character"]].rank)
    elif kind in _DARK_CITY:
        text = _DARK_CITY[kind](a, view, seats, catalog, lang)
    elif kind in ("keep_card", "use_laboratory"):
        text = t(kind, district=district(a["district"], lang))
    elif kind == "build":
        d = DISTRICTS[a["district"]]
        text = t("build", district=district(d.id, lang), cost=d.cost, type=TYPE_EMOJI[d.type])
    elif kind == "swap_hands":
        text = t("swap_hands", name=who(a["player"], seats, catalog, lang, markdown=False),
                 count=_player(view, a["player"]).get("hand_size", 0))
    elif kind == "discard_and_draw":
        text = t("discard_and_draw", count=len(a["districts"]))
    elif kind == "destroy":  # the Warlord may destroy a district of his own: "your Manor"
        text = t("destroy.own" if a["player"] == view.get("you") else "destroy",
                 name=who(a["player"], seats, catalog, lang, markdown=False),
                 district=district(a["district"], lang),
                 cost=destroy_cost(view, a["player"], a["district"]))
    elif kind == "graveyard":
        text = t("graveyard.yes" if a["accept"] else "graveyard.no",
                 district=district(view.get("graveyard_card") or "graveyard", lang))
    else:  # take_gold, draw_cards, collect_income, use_smithy, end_turn
        text = t(kind, **_extras(kind, view))
    return clip(text, LABEL)


def action_description(action: Action, view: View, seats: list[Seat], catalog: Catalog,
                       lang: str) -> str | None:
    """A select option's description (at most 100 characters), or None when the label says all."""
    lang = language(catalog, lang)
    a = action.model_dump()
    kind = a["type"]
    text: str | None = None
    if kind in ("pick_character", "discard_character", "assassinate", "steal", "bewitch"):
        text = CHARACTERS[a["character"]].text[lang]
    elif kind in ("keep_card", "build", "use_laboratory", "take_card", "lighthouse",
                  "use_museum", "beautify"):
        d = DISTRICTS[a["district"]]
        text = catalog.text("citadels.render.describe.district", lang,
                            type=district_type(d.type, lang), cost=d.cost)
        if d.text:
            text += " · " + d.text[lang]
    elif kind == "discard_and_draw":
        text = ", ".join(district(x, lang) for x in a["districts"])
    elif kind == "destroy":
        owner = _player(view, a["player"])
        text = catalog.text("citadels.render.describe.destroy", lang, type=district_type(
            KIND[a["district"]], lang), size=len(owner.get("city", [])),
            goal=view.get("city_size", 0))
    elif kind == "collect_income" and view.get("current_character"):
        income = CHARACTERS[view["current_character"]].income or "unique"
        text = catalog.text("citadels.render.describe.collect_income", lang,
                            type=district_type(income, lang))
    return clip(text, OPTION_DESCRIPTION) if text else None


Label = Callable[[dict[str, Any], View, list[Seat], Catalog, str], str]


def _named(key: str, field: str = "player") -> Label:
    """A label naming the player the action's `field` is (their hand size too)."""
    def label(a: dict[str, Any], view: View, seats: list[Seat], catalog: Catalog,
              lang: str) -> str:
        return catalog.text(f"citadels.render.action.{key}", lang,
                            count=_player(view, a[field]).get("hand_size", 0),
                            name=who(a[field], seats, catalog, lang, markdown=False))
    return label


def _of_kind(key: str, field: str, **figures: object) -> Label:
    """A label chosen by the action's yes/no or kind `field` ("gold" / "card"...)."""
    def label(a: dict[str, Any], view: View, seats: list[Seat], catalog: Catalog,
              lang: str) -> str:
        value = a[field]
        choice = ("yes" if value else "no") if isinstance(value, bool) else value
        return catalog.text(f"citadels.render.action.{key}.{choice}", lang,
                            size=view.get("city_size", 0) - 1, **figures)
    return label


def _district_label(key: str) -> Label:
    def label(a: dict[str, Any], view: View, seats: list[Seat], catalog: Catalog,
              lang: str) -> str:
        d = DISTRICTS[a["district"]]
        choice = f"{key}.build" if a.get("build") else key
        return catalog.text(f"citadels.render.action.{choice}", lang, district=district(d.id, lang),
                            cost=d.cost)
    return label


def _exchange(a: dict[str, Any], view: View, seats: list[Seat], catalog: Catalog,
              lang: str) -> str:
    cost = next((e.get("cost", 0) for e in _targets(view, "exchange")
                 if (e["give"], e["player"], e["take"]) == (a["give"], a["player"], a["take"])),
                0)
    return catalog.text("citadels.render.action.exchange", lang, give=district(a["give"], lang),
                        take=district(a["take"], lang), cost=cost,
                        name=who(a["player"], seats, catalog, lang, markdown=False))


def _armory(a: dict[str, Any], view: View, seats: list[Seat], catalog: Catalog,
            lang: str) -> str:
    return catalog.text("citadels.render.action.use_armory", lang,
                        district=district(a["district"], lang),
                        name=who(a["player"], seats, catalog, lang, markdown=False))


def _greet(a: dict[str, Any], view: View, seats: list[Seat], catalog: Catalog,
           lang: str) -> str:
    return catalog.text("citadels.render.action.greet", lang, words=RULINGS["greeting"][lang])


_DARK_CITY: dict[str, Label] = {
    "give_crown": _named("give_crown"),
    "look_at_hand": _named("look_at_hand"),
    "tribute": _of_kind("tribute", "kind"),
    "navigator_bonus": _of_kind("navigator_bonus", "kind", count=RULINGS["navigator_bonus"]),
    "bell_tower": _of_kind("bell_tower", "announce"),
    "take_card": _district_label("take_card"),
    "lighthouse": _district_label("lighthouse"),
    "use_museum": _district_label("use_museum"),
    "beautify": _district_label("beautify"),
    "exchange": _exchange,
    "use_armory": _armory,
    "greet": _greet,
}


def _targets(view: View, kind: str) -> list[dict[str, Any]]:
    targets: list[dict[str, Any]] = ((view.get("turn") or {}).get("targets") or {}).get(kind, [])
    return targets


def _player(view: View, pid: str) -> dict[str, Any]:
    return next((p for p in view.get("players", []) if p["id"] == pid), {})


def _extras(kind: str, view: View) -> dict[str, object]:
    """Figures some labels show, as the view gives them: cards drawn, income due."""
    turn = view.get("turn") or {}
    if kind == "draw_cards":
        return {"count": turn.get("draw", {}).get("draw", 2)}
    if kind == "collect_income":
        return {"amount": turn.get("income_due") or 0}
    return {}
