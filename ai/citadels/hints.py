"""A hint for a person: the expert's move from that seat's own view, and one line of why.

The reason is a code and its facts (`Hint`); the game's UI words it from the catalogs. It is
read from the same public facts and hand the expert saw, never from the full state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.player import Hint
from rules.citadels import Action, scoring

from . import evaluate as E
from .expert import ExpertPlayer
from .strategy import View, sampler_for


def suggest(view: View, legal: Sequence[Action], rng: random.Random,
            deadline: float | None = None) -> Hint:
    """The expert's choice among `legal` and why."""
    action = ExpertPlayer().choose(view, legal, rng, sample=sampler_for(view), deadline=deadline)
    reason, params = explain(view, action)
    return Hint(action=action.model_dump(), reason=reason, params=params)


def explain(view: View, action: Action) -> tuple[str, dict[str, Any]]:
    """A reason code (`hint.<code>` in the catalogs) and its facts."""
    me = E.seat_entry(view, view["you"])
    kind = action.type
    if kind == "pick_character":
        return _pick(view, me, action.character)  # type: ignore[attr-defined]
    if kind in ("assassinate", "steal", "bewitch"):
        return _target(view, action.character)  # type: ignore[attr-defined]
    if kind == "take_gold":
        want = _cheapest(me)
        if want is not None and E.cost(want) > me["gold"]:
            return "gold.build", {"district": want, "gold": E.cost(want) - me["gold"]}
        return "gold.default", {}
    if kind == "draw_cards":
        return ("cards.none", {}) if not E.useful(me["hand"], me["city"]) else ("cards", {})
    if kind in ("keep_card", "lighthouse", "take_card"):
        return "keep", {"district": action.district}  # type: ignore[attr-defined]
    if kind == "build":
        return _build(view, me, action.district)  # type: ignore[attr-defined]
    if kind == "collect_income":
        return "income", {}
    if kind in ("destroy", "use_armory", "exchange"):
        return "leader", {"player": action.player}  # type: ignore[attr-defined]
    if kind == "end_turn":
        return "end", {}
    return "default", {}


def _pick(view: View, me: dict[str, Any], character: str) -> tuple[str, dict[str, Any]]:
    policy = E.POLICIES.get(character)
    why = policy.hint if policy is not None else None
    close = [p for p in view["players"]
             if p["id"] != me["id"] and len(p["city"]) >= view["city_size"] - 1]
    if why == "threat" and close:
        return "pick.threat", {"character": character, "count": len(close)}
    gold = E.income(me["city"], character)
    if gold >= 2:
        return "pick.income", {"character": character, "gold": gold}
    if why == "rich":
        rich = max((p for p in view["players"] if p["id"] != me["id"]), key=lambda p: p["gold"])
        return "pick.rich", {"character": character, "player": rich["id"], "gold": rich["gold"]}
    if why == "build" and len(E.useful(me.get("hand", []), me["city"])) >= 2:
        return "pick.build", {"character": character}
    if why == "cards" and not E.useful(me.get("hand", []), me["city"]):
        return "pick.cards", {"character": character}
    if why == "crown":
        return "pick.crown", {"character": character}
    return "pick.value", {"character": character}


def _target(view: View, character: str) -> tuple[str, dict[str, Any]]:
    beliefs = E.holder_beliefs(view)
    holders = sorted(((probs.get(character, 0.0), seat) for seat, probs in beliefs.items()),
                     reverse=True)
    if holders and holders[0][0] >= 0.3:
        chance, seat = holders[0]
        return "target.holder", {"character": character, "player": seat,
                                 "percent": round(100 * min(1.0, chance))}
    return "target", {"character": character}


def _build(view: View, me: dict[str, Any], district: str) -> tuple[str, dict[str, Any]]:
    city = [*me["city"], district]
    if len(city) >= view["city_size"]:
        return "build.complete", {"district": district}
    if scoring.five_types(city) and not scoring.five_types(me["city"]):
        return "build.types", {"district": district}
    return "build.points", {"district": district}


def _cheapest(me: dict[str, Any]) -> str | None:
    good = E.useful(me.get("hand", []), me["city"])
    return min(good, key=lambda d: (E.cost(d), d), default=None)
