"""What a panel says its player may do, one kind of action at a time: the summaries the action
types' declarations (cogs/citadels/actions_ui.py) name. Each gets the player's legal actions
of one type and the panel's context."""

from __future__ import annotations

from cogs.declare import Context, Summary
from rules.citadels import Action
from rules.citadels.cards import CHARACTERS

from .labels import action_label, destroy_cost
from .texts import GOLD, character, character_tag, district, district_tag, who

LISTED = 8  # actions of one kind listed one by one; more are summarised
PANEL = "citadels.render.panel."


def _t(ctx: Context, key: str, **params: object) -> str:
    return ctx.catalog.text(PANEL + key, ctx.lang, **params)


def listed(actions: list[Action], ctx: Context) -> list[str]:
    """One line per action, up to LISTED, then how many more."""
    lines = ["• " + action_label(a, ctx.view, ctx.seats, ctx.catalog, ctx.lang)
             for a in actions[:LISTED]]
    if len(actions) > LISTED:
        lines.append(_t(ctx, "more", count=len(actions) - LISTED))
    return lines


def characters(actions: list[Action], ctx: Context) -> list[str]:
    """Draft options, each with its power."""
    lines = [_t(ctx, "pick" if actions[0].type == "pick_character" else "discard")]
    for a in actions:
        cid = a.model_dump()["character"]
        lines.append(f"**{character_tag(cid, ctx.lang)}** — {CHARACTERS[cid].text[ctx.lang]}")
    return lines


def targets(actions: list[Action], ctx: Context) -> list[str]:
    """Assassin and Thief: one line naming every character they may choose."""
    names = ", ".join(character(a.model_dump()["character"], ctx.lang) for a in actions)
    return [_t(ctx, actions[0].type, characters=names)]


def builds(actions: list[Action], ctx: Context) -> list[str]:
    names = ", ".join(district_tag(a.model_dump()["district"], ctx.lang) for a in actions)
    return [_t(ctx, "build", districts=names)]


def keeps(actions: list[Action], ctx: Context) -> list[str]:
    drawn = ((ctx.view.get("turn") or {}).get("drawn")
             or [a.model_dump()["district"] for a in actions])
    return [_t(ctx, "keep", districts=", ".join(district_tag(d, ctx.lang) for d in drawn))]


def swaps(actions: list[Action], ctx: Context) -> list[str]:
    names = ", ".join(who(a.model_dump()["player"], ctx.seats, ctx.catalog, ctx.lang)
                      for a in actions)
    return [_t(ctx, "swap_hands", names=names)]


def said(key: str) -> Summary:
    """One line that says it all (the Magician's discard, the Laboratory)."""
    return lambda actions, ctx: [_t(ctx, key)]


def destroys(actions: list[Action], ctx: Context) -> list[str]:
    """Warlord: each target with its price, grouped by city."""
    by_owner: dict[str, list[str]] = {}
    for action in actions:
        a = action.model_dump()
        owner, did = a["player"], a["district"]
        by_owner.setdefault(owner, []).append(
            f"{district(did, ctx.lang)} ({destroy_cost(ctx.view, owner, did)} {GOLD})")
    return [_t(ctx, "destroy"), *(f"• {own_city(o, ctx)}: {', '.join(ds)}"
                                  for o, ds in by_owner.items())]


def own_city(seat: str, ctx: Context) -> str:
    """Whose city: "Your city" for the viewer's own (the Warlord may destroy in it)."""
    if seat == ctx.view.get("you"):
        return _t(ctx, "own_city")
    return who(seat, ctx.seats, ctx.catalog, ctx.lang)


def graveyard(actions: list[Action], ctx: Context) -> list[str]:
    """Which district the Warlord destroyed, whose Warlord, and the Graveyard's price."""
    current = ctx.view.get("current_character")
    warlord = next((p["id"] for p in ctx.view["players"] if current in p["revealed"]), None)
    return [_t(ctx, "graveyard", name=who(warlord, ctx.seats, ctx.catalog, ctx.lang),
               district=district(ctx.view.get("graveyard_card") or "graveyard", ctx.lang))]
