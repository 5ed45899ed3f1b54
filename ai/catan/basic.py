"""The basic player: one heuristic move from the seat's view and legal actions.

Set-up by weighted pips, new resource types and harbours; in the turn: play a useful progress
card, build (city > settlement > improvement), keep knights up to the barbarians' threat,
trade with the bank toward the most wanted build it can complete, then end the turn. Every
pending decision (discards, robber, gifts, retreats...) has its own answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ai.heuristic import HeuristicPlayer
from rules.catan.actions import (
    AcceptTrade,
    Action,
    BuyImprovement,
    CancelTrade,
    ChaseRobber,
    CounterTrade,
    DeclineTrade,
    MaritimeTrade,
    MoveRobber,
    PickTrade,
)
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import parse_edge, parse_hex, parse_node
from rules.catan.state import TRACKS

from . import cards, plan
from .seen import BASIC, Seen, Style, View, read

Group = dict[str, list[Any]]


def _max(options: Sequence[Any], key: Callable[[Any], Any]) -> Action:
    chosen: Action = max(options, key=key)
    return chosen


def _min(options: Sequence[Any], key: Callable[[Any], Any]) -> Action:
    chosen: Action = min(options, key=key)
    return chosen


class BasicPlayer(HeuristicPlayer):
    name = "basic"

    def move(self, view: View, legal: Sequence[Action]) -> Action:
        return basic_move(view, legal)


def basic_move(view: View, legal: Sequence[Action], style: Style = BASIC) -> Action:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    s = read(view, style)
    d = s.my_decision()
    if d is not None:
        respond = ANSWERS.get(d["kind"]) or cards.answer(d["kind"])  # or a card's own kind
        return respond(s, d, legal) if respond is not None else legal[0]
    if any(isinstance(a, PickTrade) for a in legal):  # an offerer asked before all answered
        return _trade_reply(s, {}, legal)
    if s.phase == "setup":
        return setup_move(s, legal)
    groups: Group = {}
    for a in legal:
        groups.setdefault(a.type, []).append(a)
    if s.phase == "roll":
        chosen = cards.alchemist(s, groups.get("play_progress", []))
        return chosen if chosen is not None else groups["roll"][0]
    return turn_move(s, groups) or legal[0]


# --- set-up ----------------------------------------------------------------------------------

def setup_move(s: Seen, legal: Sequence[Any]) -> Action:
    if legal[0].type == "place_building":
        kind = "city" if s.setup and s.setup["round"] == 2 else "settlement"
        return _max(legal, key=lambda a: plan.node_value(s, parse_node(a.node), kind))
    return _max(legal, key=lambda a: plan.road_value(s, parse_edge(a.edge)))


# --- the turn --------------------------------------------------------------------------------

def turn_move(s: Seen, groups: Group) -> Action | None:
    for step in TURN_STEPS:
        chosen = step(s, groups)
        if chosen is not None:
            return chosen
    return groups["end_turn"][0] if "end_turn" in groups else None


def progress_discard(s: Seen, groups: Group) -> Action | None:
    found = groups.get("discard_progress")
    return _min(found, key=lambda a: cards.value(a.card)) if found else None


def play_progress(s: Seen, groups: Group) -> Action | None:
    return cards.play(s, groups.get("play_progress", []))


def build(s: Seen, groups: Group) -> Action | None:
    if "build_city" in groups:
        return _max(groups["build_city"], key=lambda a: plan.city_value(s, parse_node(a.node)))
    if "build_settlement" in groups:
        return _max(groups["build_settlement"],
                   key=lambda a: plan.node_value(s, parse_node(a.node)))
    if "buy_improvement" in groups:
        return best_improvement(s, groups["buy_improvement"])
    return None


def best_improvement(s: Seen, options: Sequence[BuyImprovement]) -> Action:
    track = plan.improvement_track(s)
    fitting = [a for a in options if a.track == track] or list(options)

    def worth(a: BuyImprovement) -> float:
        level = s.players[s.me]["improvements"][a.track]
        city = 0.0 if a.node is None else plan.city_value(s, parse_node(a.node)) / 100
        return float(s.income[s.me][TRACKS[a.track]] - level / 10 + city)
    return _max(fitting, key=worth)


def knights(s: Seen, groups: Group) -> Action | None:
    if "activate_knight" in groups and plan.activation_wanted(s):
        return _max(groups["activate_knight"],
                   key=lambda a: s.knights[parse_node(a.node)].level)
    wanted = s.knight_levels(s.me) < plan.defence_target(s)
    if "build_knight" in groups and wanted:
        return _max(groups["build_knight"], key=lambda a: knight_spot(s, parse_node(a.node)))
    free = s.raw["this_turn"]["free_promotions"] > 0
    if "promote_knight" in groups and (free or (wanted and s.ship >= 4)):
        return _max(groups["promote_knight"],
                   key=lambda a: s.knights[parse_node(a.node)].active)
    return None


def knight_spot(s: Seen, node: int) -> float:
    """Near the robber and s.me's buildings, never on a spot s.me could settle."""
    score = 2.0 if node in T.hex_nodes[s.robber] else 0.0
    score += sum(1 for v in T.node_neighbours[node] if s.mine(v))
    if s.spot_free(node):
        score -= plan.node_value(s, node) / 3
    return score


def chase(s: Seen, groups: Group) -> Action | None:
    chases: list[ChaseRobber] = groups.get("chase_robber", [])
    if not chases or cards.hex_harm(s, s.robber) >= 0 or s.ship >= 4:
        return None
    return _max(chases, key=lambda a: robber_worth(s, a.hex, a.victim))


def roads(s: Seen, groups: Group) -> Action | None:
    options = groups.get("build_road", [])
    if not options:
        return None
    best = max(options, key=lambda a: plan.road_value(s, parse_edge(a.edge)))
    if plan.road_value(s, parse_edge(best.edge)) <= 0:
        return None
    free = s.raw["this_turn"]["free_roads"] > 0
    return best if free or any(g.name == "road" for g in plan.goals(s)) else None


def harbor(s: Seen, groups: Group) -> Action | None:
    spare = cards.surplus_resources(s)
    options = [a for a in groups.get("harbor_exchange", []) if a.card in spare]
    if not options:
        return None
    return _max(options, key=lambda a: int(s.players[s.seat(a.to) or 0]["cards"]))


def wall(s: Seen, groups: Group) -> Action | None:
    options = groups.get("build_wall")
    if not options or sum(s.hand.values()) < s.players[s.me]["safe_cards"]:
        return None
    return _max(options, key=lambda a: plan.city_value(s, parse_node(a.node)))


def maritime(s: Seen, groups: Group) -> Action | None:
    """One bank trade toward the most wanted build the hand can complete by trading."""
    options: list[MaritimeTrade] = groups.get("maritime_trade", [])
    if not options:
        return None
    wanted = plan.goals(s)
    for goal in wanted:
        missing = plan.deficit(s.hand, goal.cost)
        if not missing:
            continue
        reserve = dict(wanted[0].cost)
        for c, k in goal.cost.items():
            reserve[c] = max(reserve.get(c, 0), k)
        spare = {c: s.hand[c] - reserve.get(c, 0) for c in s.hand}
        tradable = sum(max(0, v) // s.rates[c] for c, v in spare.items())
        if tradable < sum(missing.values()):
            continue
        give = max((c for c in spare if spare[c] >= s.rates[c]),
                   key=lambda c: (spare[c] // s.rates[c], spare[c]))
        for get in sorted(missing, key=lambda c: -missing[c]):
            found = next((a for a in options if a.give == give and a.get == get), None)
            if found is not None:
                return found
    return None


TURN_STEPS: tuple[Callable[[Seen, Group], Action | None], ...] = (
    progress_discard, play_progress, build, harbor, knights, chase, roads, wall, maritime)


# --- decisions -------------------------------------------------------------------------------

Answer = Callable[[Seen, dict[str, Any], Sequence[Any]], Action]


def _cheapest_card(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _min(legal, key=lambda a: plan.keep_value(s, next(iter(a.cards))))


def robber_worth(s: Seen, hex_text: str, victim: str | None) -> float:
    return cards.hex_harm(s, parse_hex(hex_text)) + cards.victim_value(s, victim)


def _robber(s: Seen, d: dict[str, Any], legal: Sequence[MoveRobber]) -> Action:
    return _max(legal, key=lambda a: robber_worth(s, a.hex, a.victim))


def _retreat(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _max(legal, key=lambda a: knight_spot(s, parse_node(a.node)))


def _trade_offer(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    """Accept when what comes is worth more than what goes, unless the offerer is close to
    winning."""
    accept = AcceptTrade()
    if accept not in legal or s.points(s.seat(d["from"]) or 0) >= 10:
        return DeclineTrade()
    gain = sum(plan.keep_value(s, c) * k for c, k in d["give"].items())
    loss = sum(plan.keep_value(s, c) * k for c, k in d["get"].items())
    return accept if gain > loss + 0.5 else DeclineTrade()


def worth(s: Seen, gets: dict[str, int], gives: dict[str, int]) -> float:
    """What getting `gets` for `gives` is worth to the seat (its cards' keep values)."""
    return (sum(plan.keep_value(s, c) * k for c, k in gets.items())
            - sum(plan.keep_value(s, c) * k for c, k in gives.items()))


def _trade_ask(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    """An offer to several seats: accepted as a one-seat offer is; declined, a player with
    `counters` (the expert) counters with the one-for-one it values most, asking one of the
    cards offered (the offerer holds them) and giving, where it can, one of those asked."""
    answer = _trade_offer(s, d, legal)
    if isinstance(answer, AcceptTrade) or not s.style.counters:
        return answer
    if s.points(s.seat(d["from"]) or 0) >= 10:
        return answer
    return counter(s, d, legal) or answer


def counter(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action | None:
    """The one-for-one counter to the offer d worth most to s.me, if any is worth it."""
    best: tuple[float, int, Action] | None = None
    for i, a in enumerate(legal):
        if not isinstance(a, CounterTrade) or not set(a.get) <= set(d["give"]):
            continue
        gain = worth(s, a.get, a.give) + (0.25 if set(a.give) <= set(d["get"]) else 0)
        if gain > 0.75 and (best is None or gain > best[0]):
            best = (gain, i, a)
    return None if best is None else best[2]


def _trade_reply(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    """The offerer picks the reply worth most to it (an acceptance of its own terms always
    qualifies, a counter if not worse for it than its offer), the seat with fewer points
    first on a tie; else it cancels."""
    offers = s.raw["this_turn"]["offers"]
    own = worth(s, offers[-1]["get"], offers[-1]["give"]) if offers else 0.0
    replies = {r["seat"]: r for r in s.raw["this_turn"].get("replies", [])}
    best: tuple[tuple[float, int], Action] | None = None
    for a in legal:
        r = replies.get(a.seat) if isinstance(a, PickTrade) else None
        if r is None:
            continue
        value = worth(s, r["get"], r["give"])
        if not r["accepted"] and value < max(own, 0.0) - 0.25:
            continue
        rank = (value, -s.points(s.seat(a.seat) or 0))
        if best is None or rank > best[0]:
            best = (rank, a)
    return CancelTrade() if best is None else best[1]


def _aqueduct(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _max(legal, key=lambda a: plan.keep_value(s, a.card))


def _progress_discard(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _min(legal, key=lambda a: cards.value(a.card))


def _city_loss(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _min(legal, key=lambda a: plan.city_value(s, parse_node(a.node)))


def _defender_draw(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    order = ["science", "trade", "politics"]
    return _min(legal, key=lambda a: order.index(a.deck))


def _knight_remove(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    def keep(a: Any) -> tuple[int, bool]:
        k = s.knights[parse_node(a.node)]
        return k.level, k.active
    return _min(legal, key=keep)


def _knight_place(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    placed = [a for a in legal if a.node is not None] or list(legal)
    return _max(placed, key=lambda a: knight_spot(s, parse_node(a.node))
                         if a.node else 0)


def _road_place(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    placed = [a for a in legal if a.edge is not None] or list(legal)
    return _max(placed, key=lambda a: plan.road_value(s, parse_edge(a.edge))
                         if a.edge else 0)


def _spy_pick(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _max(legal, key=lambda a: cards.value(a.card))


def _harbor_return(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _min(legal, key=lambda a: plan.keep_value(s, a.card))


def _merchant_pick(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Action:
    return _max(legal, key=lambda a: sum(plan.keep_value(s, c) * k
                                                  for c, k in a.cards.items()))


ANSWERS: dict[str, Answer] = {
    "discard": _cheapest_card, "gift": _cheapest_card, "robber": _robber,
    "knight_retreat": _retreat, "trade_offer": _trade_offer, "aqueduct": _aqueduct,
    "trade_ask": _trade_ask, "trade_reply": _trade_reply,
    "progress_discard": _progress_discard, "city_loss": _city_loss,
    "defender_draw": _defender_draw, "knight_remove": _knight_remove,
    "knight_place": _knight_place, "road_place": _road_place, "spy_pick": _spy_pick,
    "harbor_return": _harbor_return, "merchant_pick": _merchant_pick,
}
