"""The expert player: the basic heuristics, plus what basic players lose games by, and a
lookahead where the heuristics would end the turn.

- Goals in the basic player's order, a city first (ordering them by gain per round of
  waiting for their cards lost games: it built settlements where the winners build cities);
  one improvement track at a time (Style.focus).
- Barbarians: it keeps its active knights above the weakest exposed opponent's as soon as the
  ship is two steps along, and above the strongest when the Defender point is in reach.
- The 7: it does not end a turn holding more than its safe limit if a build or a trade can
  still bring the hand down.
- One-for-one offers for a card a nearly complete build lacks, where a model of the basic
  answer (the taker's hand guessed from its income, its card count and the bank's public
  stock) expects a taker (to every seat it expects to accept, picking the best acceptance or
  counter), only when it gains more than the taker, never the same terms twice to a seat in a
  turn; offers to it judged by the same measure, and one to several it would decline
  countered.
- Near winning no seat trades with it: it makes no offer, and trades with the bank toward
  the build that brings points.
- Before ending its turn it plays each candidate move in a world rebuilt from its view, the
  turn finished by these heuristics, offers included (the world's basic players answer them),
  and keeps the one that ends the turn with the most points (value.relative breaking ties).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

from rules.catan.actions import AcceptTrade, Action, DeclineTrade, OfferTrade
from rules.catan.board import parse_edge, parse_node
from rules.catan.state import CARDS, RESOURCES, RULES

from . import basic, opening, plan, search
from .basic import Group
from .seen import BASIC, Seen, Style, View, read

WORLDS = 1  # worlds sampled per searched decision (the seat's own turn: little is hidden)


class ExpertPlayer:
    """Stateless between decisions: what it made this turn is read from the view (the
    engine's record of the turn's offers), so one object may play any number of seats and
    games at once, and a new one (after a restart) decides as the old one would."""

    name = "expert"

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        first = heuristic(view, legal)
        if self.worlds and OPENING and opening_decision(view, legal):
            return opening.best_placement(view, legal, read(view, EXPERT), first, rng,
                                          deadline)
        if not self.worlds or first.type != "end_turn" or not searched(view, legal):
            return first
        s = read(view, EXPERT)
        if near_end(s):
            return search.best_ending(view, legal, s, first, heuristic, rng, deadline)
        return search.best_move(view, legal, s, first, heuristic, rng,
                                self.worlds, deadline, search.points_first)

    def fallback(self, view: View, legal: Sequence[Action]) -> Action:
        return expert_move(view, legal, None)


EXPERT = Style(counters=True, focus=True)

# An offer (to whom, the cards given, the cards asked): none is made twice to the same seat
# in a turn (the engine records the turn's offers, one per addressee).
Offered = tuple[str, frozenset[tuple[str, int]], frozenset[tuple[str, int]]]
MAX_OFFERS = 12  # offers a turn, at most (each is a question to answer at the table)


def offered(to: str, give: dict[str, int], get: dict[str, int]) -> Offered:
    return to, frozenset(give.items()), frozenset(get.items())


def offers_made(view: View) -> list[Offered]:
    """The offers the seat made this turn, from the engine's record in its view."""
    if view["active"] != view["you"]:
        return []
    return [offered(o["to"], o["give"], o["get"]) for o in view["this_turn"]["offers"]]


OPENING = True  # the set-up's placements searched (ai.catan.opening)
# From the leader's being this many points from winning, the end of the turn is searched by
# playing each candidate to the game's end (search.best_ending; 0: never).
ENDGAME = 4


def near_end(s: Seen) -> bool:
    """The leader within ENDGAME points of winning: the turn's end is searched to the end."""
    return bool(ENDGAME) and max(map(s.points, range(len(s.names)))) >= s.win - ENDGAME


def opening_decision(view: View, legal: Sequence[Action]) -> bool:
    """A set-up building to place (the settlement, then the city)."""
    return view["phase"] == "setup" and len(legal) > 1 and legal[0].type == "place_building"


def searched(view: View, legal: Sequence[Action]) -> bool:
    """The decisions the lookahead compares: the seat's own moves in its action phase."""
    return (view["phase"] == "action" and view["active"] == view["you"] and len(legal) > 1
            and not any(d["seat"] == view["you"] for d in view["pending"]))


def heuristic(view: View, legal: Sequence[Action]) -> Action:
    """The heuristic move, offers included while the turn's are fewer than MAX_OFFERS; the
    lookahead finishes its turns with it too, the basic players of its worlds answering the
    offers (without them it missed the builds a trade after a candidate completes)."""
    made = offers_made(view)
    return expert_move(view, legal, made if len(made) < MAX_OFFERS else None)


OFFER_DEFICIT = 2  # offers only for a build that lacks at most this many cards
OFFER_FLOOR = -1.0  # an offer the model expects declined by more than this is not made
TWO_FOR_ONE = False  # two spare cards offered for a missing one when one would be declined
NEAR_WIN = 3  # no offer helps a seat this close to the winning points


def expert_move(view: View, legal: Sequence[Action],
                made: Collection[Offered] | None) -> Action:
    """The heuristic move; `made` (the offers made this turn) lets it make a new offer."""
    if view["phase"] != "action" or len(legal) == 1:
        return basic.basic_move(view, legal, EXPERT)
    s = read(view, EXPERT)
    d = s.my_decision()
    if d is not None and d["kind"] in ("trade_offer", "trade_ask"):
        return answer(s, d, legal)
    if d is not None or s.active != s.me:
        return basic.basic_move(view, legal, EXPERT)
    groups: Group = {}
    for a in legal:
        groups.setdefault(a.type, []).append(a)
    for step in STEPS:
        chosen = step(s, groups)
        if chosen is not None:
            return chosen
        if step is basic.maritime and made is not None:
            chosen = offer(s, groups, made)
            if chosen is not None:
                return chosen
    return groups["end_turn"][0] if "end_turn" in groups else legal[0]


Cards = tuple[tuple[str, int], ...]  # a side of an offer, sorted
# (expected declined, goal rank, cards given, -acceptance, taker's points, taker, give, get)
Found = tuple[bool, int, int, float, int, str, Cards, Cards]


def offer(s: Seen, groups: Group, made: Collection[Offered]) -> Action | None:
    """An offer not made yet to that seat this turn: a card a nearly complete build lacks,
    for one card it does not need (or two, where one would be declined); offers a model of
    the basic answer (acceptance) expects taken first, builds in the order of the goals,
    the likeliest first. Never to a seat near winning, nor one the trade helps more."""
    if not groups.get("offer_trade") or s.points(s.me) >= s.win - NEAR_WIN:
        return None  # near winning, no seat trades with it (as it trades with none)
    takers = [o for o in s.opponents()
              if int(s.players[o]["cards"]) > 0 and s.points(o) < s.win - NEAR_WIN]
    models = {o: taker_model(s, o) for o in takers}
    found: list[Found] = []
    for rank, goal in enumerate(plan.goals(s)):
        missing = plan.deficit(s.hand, goal.cost)
        if not missing or sum(missing.values()) > OFFER_DEFICIT:
            continue
        spare = {c: s.hand[c] - goal.cost.get(c, 0) for c in s.hand
                 if s.hand[c] > goal.cost.get(c, 0) and c not in missing}
        for give in _gives(spare):
            for get in missing:
                mine = basic.worth(s, {get: 1}, dict(give))
                for o in takers:
                    if offered(s.names[o], dict(give), {get: 1}) in made:
                        continue
                    p = acceptance(models[o], dict(give), {get: 1})
                    if not gains_more(s, o, mine, p + 0.5):
                        continue
                    unlikely = p <= 0 or (HOLDS and models[o][0].hand.get(get, 0) < 1)
                    if len(give) == 1 and give[0][1] == 1:
                        if p > OFFER_FLOOR:
                            found.append((unlikely, rank, 1, -p, s.points(o), s.names[o],
                                          give, ((get, 1),)))
                    elif p > 0:  # two cards only where the model expects them taken
                        found.append((False, rank, 2, -p, s.points(o), s.names[o], give,
                                      ((get, 1),)))
    if not found:
        return None
    best = min(found)
    unlikely, to, terms = best[0], best[5], best[6:]
    # The same offer to every other taker the model expects to accept it: the table answers
    # at once, and the offerer picks the best acceptance (basic._trade_reply).
    also = [f[5] for f in sorted(found) if not f[0] and f[6:] == terms and f[5] != to]
    names = [to, *dict.fromkeys(also)] if also and not unlikely else to
    return OfferTrade(to=names, give=dict(terms[0]), get=dict(terms[1]))


HOLDS = True  # an offer is expected taken only from a seat guessed to hold the card asked
FAIR_OFFERS = True  # offers only where it gains more than the taker (trailing seats: half)


def gains_more(s: Seen, other: int, mine: float, theirs: float) -> bool:
    """A trade raises s.me's chances more than `other`'s: its gain against theirs (each by
    the cards' keep values), theirs counting half when `other` trails s.me."""
    if not FAIR_OFFERS:
        return True
    return mine >= theirs * (1.0 if s.points(other) >= s.points(s.me) else 0.5)


def _gives(spare: dict[str, int]) -> list[Cards]:
    """One spare card of each type; then two (of one type or of two)."""
    ones: list[Cards] = [((c, 1),) for c in sorted(spare)]
    if not TWO_FOR_ONE:
        return ones
    twos: list[Cards] = [((c, 2),) for c in sorted(spare) if spare[c] >= 2]
    kinds = sorted(spare)
    pairs: list[Cards] = [((a, 1), (b, 1)) for i, a in enumerate(kinds) for b in kinds[i + 1:]]
    return ones + twos + pairs


def answer(s: Seen, d: dict[str, Any], legal: Sequence[Action]) -> Action:
    """An offer made to it, judged as its own offers are: accepted when what comes is worth
    more to it than what goes (basic.worth) and more than the offerer gains by the model of
    the offerer, never from a seat near winning; an offer to several it would not accept is
    countered where a counter is worth it."""
    offerer = s.seat(d["from"]) or 0
    if s.points(offerer) >= s.win - NEAR_WIN:
        return DeclineTrade()
    mine = basic.worth(s, d["give"], d["get"])
    theirs = acceptance(taker_model(s, offerer), d["get"], d["give"]) + 0.5
    if AcceptTrade() in legal and mine > 0.5 and gains_more(s, offerer, mine, theirs):
        return AcceptTrade()
    found = basic.counter(s, d, legal) if d["kind"] == "trade_ask" else None
    return found or DeclineTrade()


def taker_model(s: Seen, to: int, hand: dict[str, int] | None = None
                ) -> tuple[Seen, dict[str, int]]:
    """`to` as the basic player sees itself, with its hand (unless given, guessed from its
    income, its card count and the bank's stock), and the cards its first goals need."""
    held = guessed_hand(s, to) if hand is None else hand
    them = dataclasses.replace(s, me=to, hand=held, style=BASIC)
    return them, plan.need(them)


def acceptance(model: tuple[Seen, dict[str, int]], give: dict[str, int], get: dict[str, int]
               ) -> float:
    """How far above its bar the taker would value getting `give` for `get` (the basic
    player's answer, basic._trade_offer)."""
    them, wanted = model
    return (sum(plan.keep_value(them, c, wanted) * k for c, k in give.items())
            - sum(plan.keep_value(them, c, wanted) * k for c, k in get.items()) - 0.5)


BANK_GUESS = True  # the guess shares out what the bank says the others hold


def guessed_hand(s: Seen, seat: int) -> dict[str, int]:
    """A hand of seat's size (the view shows only the count) shared out by its income and
    by what the opponents hold of each card together (the bank's stock, public, says it)."""
    made = s.income[seat]
    total = sum(made.values()) or 1.0
    size = int(s.players[seat]["cards"])
    if not BANK_GUESS:
        return {c: round(size * v / total) for c, v in made.items()}
    return {c: round(v) for c, v in shared_out(s)[seat].items()}


def shared_out(s: Seen) -> dict[int, dict[str, float]]:
    """Each opponent's expected hand: its income's shares, fitted by turns to its card count
    and to the cards the opponents hold of each type (the game's stock less the bank's and
    s.me's; iterative proportional fitting)."""
    others = s.opponents()
    held = {c: max(0, STOCK[c] - s.bank.get(c, 0) - s.hand.get(c, 0)) for c in CARDS}
    sizes = {o: int(s.players[o]["cards"]) for o in others}
    guess = {o: {c: s.income[o][c] + 0.02 for c in CARDS} for o in others}
    for _ in range(FIT_ROUNDS):
        for o in others:
            row = sum(guess[o].values())
            if row > 0:
                guess[o] = {c: v * sizes[o] / row for c, v in guess[o].items()}
        for c in CARDS:
            column = sum(guess[o][c] for o in others)
            if column > 0:
                for o in others:
                    guess[o][c] *= held[c] / column
    return guess


FIT_ROUNDS = 8
STOCK = {c: int(RULES["bank"]["resource" if c in RESOURCES else "commodity"]) for c in CARDS}


def exposed_defence(s: Seen) -> list[int]:
    """The active knight strength of each opponent that has a city to lose."""
    return [s.defence(o) for o in s.opponents()
            if any(b.owner == o and b.city and not b.ruined and b.metropolis is None
                   for b in s.buildings.values())]


DEFENCE_FROM = 2  # the ship's step from which its knights keep above the weakest exposed


def defence_goal(s: Seen) -> int:
    if not s.my_cities() or s.ship < DEFENCE_FROM:
        return 0
    others = exposed_defence(s) or [0]
    safe = min(others) + 1
    top = max(s.defence(o) for o in s.opponents()) + 1
    return top if top <= safe + 1 or s.ship >= 5 else safe


def defend(s: Seen, groups: Group) -> Action | None:
    if s.defence(s.me) >= defence_goal(s):
        return None
    if "activate_knight" in groups:
        return basic._max(groups["activate_knight"],
                          key=lambda a: s.knights[parse_node(a.node)].level)
    if "promote_knight" in groups:
        return basic._max(groups["promote_knight"],
                          key=lambda a: s.knights[parse_node(a.node)].active)
    if "build_knight" in groups:
        return basic._max(groups["build_knight"],
                          key=lambda a: basic.knight_spot(s, parse_node(a.node)))
    return None


def spend(s: Seen, groups: Group) -> Action | None:
    """Over the safe limit at the end of the turn: anything that lowers the hand."""
    over = sum(s.hand.values()) - s.players[s.me]["safe_cards"]
    if over <= 0:
        return None
    for kind in ("build_wall", "build_knight", "activate_knight", "promote_knight"):
        if kind in groups:
            first: Action = groups[kind][0]
            return first
    if "build_road" in groups:
        return basic._max(groups["build_road"],
                          key=lambda a: plan.road_value(s, parse_edge(a.edge)))
    trades = groups.get("maritime_trade", [])
    if trades:
        wanted = plan.need(s, top=3)
        return basic._max(trades, key=lambda a: (wanted.get(a.get, 0) - s.hand[a.get],
                                                  s.hand[a.give] - wanted.get(a.give, 0)))
    return None


FINISH = 3  # within this many points of winning, the bank trades toward the nearest point


def goal_points(s: Seen, g: plan.Goal) -> int:
    """The points a build brings at once: a city or settlement 1, an improvement level that
    brings a metropolis 2 (the first at level 4, or past every rival's level)."""
    if g.name in ("city", "settlement"):
        return 1
    if g.name.startswith("improvement:"):
        track = g.name.split(":")[1]
        level = s.players[s.me]["improvements"][track] + 1
        rivals = max(s.players[o]["improvements"][track] for o in s.opponents())
        return 2 if level >= 4 and level > rivals else 0
    return 0


def finish(s: Seen, groups: Group) -> Action | None:
    """Near winning, trading with the seats is closed (no one trades with a seat at 10): a
    bank trade toward the first build that brings points and that the whole hand can buy,
    the most points first."""
    options = groups.get("maritime_trade", [])
    if not options or s.points(s.me) < s.win - FINISH:
        return None
    wanted = sorted((g for g in plan.goals(s) if goal_points(s, g)),
                    key=lambda g: -goal_points(s, g))
    for goal in wanted:
        missing = plan.deficit(s.hand, goal.cost)
        spare = {c: s.hand[c] - goal.cost.get(c, 0) for c in s.hand}
        if not missing or sum(max(0, v) // s.rates[c] for c, v in spare.items()) < sum(
                missing.values()):
            continue
        give = max((c for c in spare if spare[c] >= s.rates[c]),
                   key=lambda c: (spare[c] // s.rates[c], spare[c]))
        for get in sorted(missing, key=lambda c: -missing[c]):
            found: Action | None = next(
                (a for a in options if a.give == give and a.get == get), None)
            if found is not None:
                return found
    return None


STEPS: tuple[Callable[[Seen, Group], Action | None], ...] = (
    basic.progress_discard, basic.play_progress, basic.build, finish, basic.harbor, defend,
    basic.knights, basic.chase, basic.roads, basic.wall, basic.maritime, spend)
