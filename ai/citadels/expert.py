"""The 'expert' strength: information-set Monte Carlo tree search over sampled worlds.

Each iteration takes one world consistent with the seat's view (from `sample`), chosen among a
pool weighted by an opponent model of the hidden character picks, then walks an open-loop tree
of its own decisions (UCB1 over the actions legal in that world) while the other seats play the
basic heuristic. The walk stops at the end of the current round (or game) and the leaf is
scored by `evaluate.state_eval` instead of a rollout to the end of the game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from rules import citadels
from rules.citadels.actions import Destroy, UseLaboratory

from . import evaluate as E
from .basic import basic_move, known
from .strategy import Sampler, View

Action = citadels.Action
GameState = citadels.GameState


# Dark City's kinds of move that can number dozens; the search sees a few of each.
WIDE = frozenset({"take_card", "lighthouse", "use_museum", "exchange", "use_armory"})


class Node:
    __slots__ = ("children", "visits", "total")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class ExpertPlayer:
    name = "expert"

    def __init__(self, iterations: int = 160, worlds: int = 24, exploration: float = 3.0,
                 noise: float = 0.05, max_candidates: int = 10) -> None:
        self.iterations = iterations  # the budget; a deadline may cut it short
        self.worlds = worlds  # size of the weighted pool of sampled worlds
        self.exploration = exploration  # UCB1 constant, in evaluation points
        self.noise = noise  # chance that a simulated seat plays a random move
        self.max_candidates = max_candidates

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               sample: Sampler | None = None, deadline: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not known(legal):  # a decision it has no heuristic for (Dark City): at random
            return legal[rng.randrange(len(legal))]
        fallback = basic_move(view, legal)
        roots = candidates(view, legal, fallback, self.max_candidates)
        if len(roots) == 1 or sample is None or fallback.type == "collect_income":
            return roots[0]
        pool, weights = self._worlds(view, sample, rng)
        root = Node()
        for i in range(self.budget(len(view["players"]))):
            if deadline is not None and i and time.monotonic() >= deadline:
                break
            world = pool[rng.choices(range(len(pool)), weights)[0]]
            self._iterate(world, view["you"], root, roots, rng)
        best = max(roots, key=lambda a: _rank(root.children.get(a), a is fallback))
        return best

    def budget(self, players: int) -> int:
        """Iterations for a table: a walk to the round's end grows with the seats, so past 4
        players fewer walks keep a decision near the same time (8 players: half)."""
        return self.iterations if players <= 4 else max(1, self.iterations * 4 // players)

    # --- worlds and opponent model --------------------------------------------------------

    def _worlds(self, view: View, sample: Sampler, rng: random.Random
                ) -> tuple[list[GameState], list[float]]:
        pool = [sample(random.Random(rng.getrandbits(64))) for _ in range(self.worlds)]
        weights = [pick_likelihood(w, view["you"]) for w in pool]
        if sum(weights) <= 0:
            weights = [1.0] * len(pool)
        return pool, weights

    # --- one iteration --------------------------------------------------------------------

    def _iterate(self, state: GameState, me: str, root: Node, roots: list[Action],
                 rng: random.Random) -> None:
        start_round = state.round
        node: Node | None = root
        path = [root]
        while not state.finished and state.round == start_round:
            seat = state.awaiting
            assert seat is not None
            legal = citadels.legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            elif seat == me and node is not None:
                v = citadels.view(state, seat)
                acts = roots if node is root else candidates(
                    v, legal, basic_move(v, legal), self.max_candidates)
                action = self._select(node, acts)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                    node = None  # expanded: the rest of the walk is a heuristic playout
                else:
                    node = child
                path.append(child)
            elif self.noise and rng.random() < self.noise:
                action = citadels.random_action(state, seat, rng) or legal[0]
            else:
                action = basic_move(citadels.view(state, seat), legal)
            state, _ = citadels.apply(state, seat, action)
        value = E.state_eval(state, me)
        for n in path:
            n.visits += 1
            n.total += value

    def _select(self, node: Node, acts: list[Action]) -> Action:
        for a in acts:  # untried first, in candidate order (the basic move leads)
            if a not in node.children:
                return a
        log_n = math.log(max(1, sum(node.children[a].visits for a in acts)))
        return max(acts, key=lambda a: node.children[a].mean()
                   + self.exploration * math.sqrt(log_n / node.children[a].visits))


def _rank(node: Node | None, is_fallback: bool) -> tuple[int, float, bool]:
    if node is None:
        return (0, 0.0, is_fallback)
    return (node.visits, node.mean(), is_fallback)


def candidates(view: View, legal: Sequence[Action], fallback: Action, limit: int
               ) -> list[Action]:
    """The moves worth searching: the basic move first, then the others, pruned.

    The Magician's thousands of discard subsets shrink to the basic player's choice; Warlord
    targets and Laboratory discards are capped, keeping the most damaging / least useful.
    """
    out: list[Action] = [fallback]
    destroys: list[Destroy] = []
    labs: list[UseLaboratory] = []
    for a in legal:
        if a == fallback or a.type == "discard_and_draw":
            continue
        if isinstance(a, Destroy):
            destroys.append(a)
        elif isinstance(a, UseLaboratory):
            labs.append(a)
        elif a.type in WIDE:
            continue  # pruned by _dark_city_candidates
        else:
            out.append(a)
    me = view["you"]
    destroys = [a for a in destroys if a.player != me]
    standings = E.view_standings(view)
    destroys.sort(key=lambda a: (-standings[a.player], E.cost(a.district), a.player, a.district))
    out += destroys[:max(0, limit - len(out))]
    labs.sort(key=lambda a: (E.cost(a.district), a.district))
    out += labs[:1]
    out += _dark_city_candidates(view, legal, out, per_kind=2)
    return out


def _dark_city_candidates(view: View, legal: Sequence[Action], chosen: list[Action],
                          per_kind: int) -> list[Action]:
    """Dark City's wide choices (cards of a whole deck or hand, exchanges), pruned to the
    `per_kind` best of each kind by a quick key; they were left out of `chosen` above."""
    standings = E.view_standings(view)
    me = E.seat_entry(view, view["you"])
    keys: dict[str, Any] = {
        "take_card": lambda a: -E.district_worth(a.district, me["city"]),
        "lighthouse": lambda a: -E.district_worth(a.district, me["city"]),
        "use_museum": lambda a: E.district_worth(a.district, me["city"]),
        "exchange": lambda a: (-standings[a.player], E.cost(a.give) - E.cost(a.take)),
        "use_armory": lambda a: (-standings[a.player], -E.cost(a.district)),
    }
    out: list[Action] = []
    for kind, key in keys.items():
        moves = [a for a in legal if a.type == kind and a not in chosen]
        out += sorted(moves, key=key)[:per_kind]
    return out


def pick_likelihood(world: GameState, me: str, temperature: float = 1.5) -> float:
    """How likely the other seats' sampled picks are under the basic draft model."""
    weight = 1.0
    public = {p.id: _entry(p) for p in world.players}
    for step in world.draft_history:
        if step.player == me or step.kind != "pick":
            continue
        p = world.player(step.player)
        others = [public[q] for q in sorted(public) if q != step.player]
        vals = E.character_values(public[step.player], others, world.city_size, p.hand)
        probs = E.softmax({c: vals.get(c, 0.0) for c in step.offered}, temperature)
        weight *= probs[step.chosen]
    return weight


def _entry(p: Any) -> dict[str, Any]:
    return {"id": p.id, "gold": p.gold, "hand_size": len(p.hand), "city": p.city}
