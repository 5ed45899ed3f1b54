"""A hint for a person: the expert's move from that seat's own view, and one line of why.

The reason is a code and its facts (`ai.player.Hint`), read from the same reading of the view
the expert decided on (its goals, the board's yields, the barbarians); the game's UI words it
from the catalogs (`catan.hint.<reason>`). Nothing here sees more than the seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.player import Hint
from rules.catan.actions import Action, BuildRoad, PlaceRoad
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import node_id, parse_edge, parse_node
from rules.catan.state import RULES

from . import plan
from .expert import EXPERT, ExpertPlayer
from .seen import YIELD, Seen, View, read

Reason = tuple[str, dict[str, Any]]
TRACK_STEPS = int(RULES["barbarian_track"])


def suggest(view: View, legal: Sequence[Action], rng: random.Random,
            deadline: float | None = None) -> Hint:
    """The expert's choice among `legal` and why."""
    action = ExpertPlayer().choose(view, legal, rng, deadline)
    reason, params = explain(view, action)
    return Hint(action=action.model_dump(), reason=reason, params=params)


def explain(view: View, action: Action) -> Reason:
    """A reason code (`catan.hint.<code>` in the catalogs) and its facts."""
    s = read(view, EXPERT)
    kind = action.type
    node = getattr(action, "node", None)
    if kind == "place_building" and node:
        return "place", {"yields": yields(s, parse_node(node))}
    if kind in ("build_city", "build_settlement") and node:
        return kind.removeprefix("build_"), {"yields": yields(s, parse_node(node))}
    if isinstance(action, BuildRoad | PlaceRoad):
        return _road(s, parse_edge(action.edge))
    explained = EXPLAIN.get(kind)
    return explained(s, action) if explained else ("default", {})


def yields(s: Seen, node: int) -> list[tuple[str, int]]:
    """(resource, number) of each producing hex around node, the best numbers first."""
    out = [(YIELD[s.terrains[h]]["settlement"][0], token) for h in T.node_hexes[node]
           if (token := s.tokens[h]) is not None and YIELD[s.terrains[h]]["settlement"]]
    return sorted(out, key=lambda y: abs(7 - y[1]))


def _road(s: Seen, edge: int) -> Reason:
    spots = [n for x in T.edge_nodes[edge] for n in (x, *T.node_neighbours[x])
             if s.spot_free(n)]
    if not spots:
        return "road.longest", {}
    best = max(spots, key=lambda n: plan.node_value(s, n))
    return "road", {"node": node_id(best)}


def _goal(s: Seen, card: str | None = None) -> tuple[str, dict[str, int]] | None:
    """The first goal (lacking `card`, if one does) and the cards it lacks."""
    found = [(g.name, plan.deficit(s.hand, g.cost)) for g in plan.goals(s)]
    return next((g for g in found if card in g[1]), found[0] if found else None)


def _improvement(s: Seen, a: Any) -> Reason:
    level = int(s.players[s.me]["improvements"][a.track]) + 1
    rivals = max(int(s.players[o]["improvements"][a.track]) for o in s.opponents())
    code = "metropolis" if level >= 4 and level > rivals else "improvement"
    return code, {"track": a.track, "level": level}


def _knights(s: Seen, a: Any) -> Reason:
    return "knights", {"steps": TRACK_STEPS - s.ship, "cities": s.barbarian_strength(),
                       "defence": sum(s.defence(o) for o in range(s.n))}


def _wall(s: Seen, a: Any) -> Reason:
    return "wall", {"count": sum(s.hand.values())}


def _trade(code: str) -> Any:
    def reason(s: Seen, a: Any) -> Reason:
        card = a.get if isinstance(a.get, str) else next(iter(a.get))
        goal = _goal(s, card)
        if goal is None:
            return "default", {}
        return code, {"goal": goal[0], "card": card}
    return reason


def _end(s: Seen, a: Any) -> Reason:
    goal = _goal(s)
    if goal is None or not goal[1]:
        return "end", {}
    return "save", {"goal": goal[0], "cards": goal[1]}


def _keep(code: str) -> Any:
    def reason(s: Seen, a: Any) -> Reason:
        goal = _goal(s)
        return (code, {"goal": goal[0]}) if goal else ("default", {})
    return reason


def _robber(s: Seen, a: Any) -> Reason:
    return ("robber.steal", {"player": a.victim}) if a.victim else ("robber", {})


def _fixed(code: str) -> Any:
    def reason(s: Seen, a: Any) -> Reason:
        return code, {}
    return reason


EXPLAIN = {
    "buy_improvement": _improvement, "build_knight": _knights, "activate_knight": _knights,
    "promote_knight": _knights, "build_wall": _wall, "maritime_trade": _trade("bank"),
    "harbor_exchange": lambda s, a: ("harbor", {"card": a.card}),
    "offer_trade": _trade("offer"), "end_turn": _end,
    "play_progress": lambda s, a: ("progress", {"card": a.card}),
    "discard": _keep("discard"), "give_cards": _keep("discard"),
    "accept_trade": _keep("accept"), "counter_trade": _keep("counter"),
    "decline_trade": _fixed("decline"), "pick_trade": _fixed("pick"),
    "cancel_trade": _fixed("cancel"), "move_robber": _robber, "chase_robber": _fixed("chase"),
    "roll": _fixed("roll"),
}
