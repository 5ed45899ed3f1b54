"""random_action's shortcuts (sections listed only when drawn, existence checks without the
lists) agree with the plain definition, a kind drawn among legal_actions' kinds, then an action
of it, over the states of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules.catan import engine, knights, legal, placement, progress
from rules.catan.actions import Action, OfferTrade
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import node_id
from rules.catan.state import CARDS, GameState
from tests.rules.catan.engine_helpers import random_states


def reference(s: GameState, name: str, r: random.Random) -> Action | None:
    """The plain definition: every legal action listed, grouped by kind in listing order."""
    kinds: dict[type[Action], list[Action]] = {}
    for a in engine.legal_actions(s, name):
        kinds.setdefault(type(a), []).append(a)
    if not kinds:
        return None
    group = list(kinds.values())[int(r.random() * len(kinds))]
    return group[int(r.random() * len(group))]


def states(layout: str, players: int, seed: int) -> Iterator[GameState]:
    return random_states(layout, players, seed, turns=120, steps=10**6)


GAMES = [("beginner", 3, 21), ("random", 4, 22), ("random", 3, 23)]


@pytest.mark.parametrize(("layout", "players", "seed"), GAMES)
def test_random_action_draws_as_the_plain_definition(layout: str, players: int,
                                                     seed: int) -> None:
    checked = 0
    for s in states(layout, players, seed):
        for name in s.seats:  # seats not asked too: both say None
            for k in range(2):
                fast, slow = random.Random(seed * 100 + k), random.Random(seed * 100 + k)
                assert engine.random_action(s, name, fast) == reference(s, name, slow)
                assert fast.getstate() == slow.getstate()  # the same numbers drawn
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("layout", "players", "seed"), GAMES)
def test_turn_sections_are_non_empty_kinds(layout: str, players: int, seed: int) -> None:
    """Each section (a lazy one: what it lists) is non-empty, of one kind (Mixed: any), and no
    kind is in two sections; any_play tells whether a hand has plays."""
    seen = 0
    for s in states(layout, players, seed):
        assert progress.any_play(s, s.active) == bool(progress.plays(s, s.active))
        if s.phase != "action" or s.pending:
            continue
        seen += 1
        for grouped in (False, True):  # grouped: the knights' kinds apart, none Mixed
            kinds: set[type[Action]] = set()
            for section in legal.turn_sections(s, s.active, grouped):
                actions = section() if callable(section) else section
                assert actions
                these = {type(a) for a in actions}
                assert len(these) == 1 or (type(section) is legal.Mixed and not grouped)
                assert not these & kinds
                kinds |= these
    assert seen > 100


@pytest.mark.parametrize(("layout", "players", "seed"), GAMES)
def test_any_play_tells_every_card(layout: str, players: int, seed: int) -> None:
    """Each card alone in the active player's hand: any_play says whether it has a play."""
    played = 0
    for i, s in enumerate(states(layout, players, seed)):
        if i % 7:
            continue
        for card in progress.PROGRESS:
            hand = s.clone()
            hand.players[s.active].progress = [card]
            has = bool(progress.plays(hand, s.active))
            assert progress.any_play(hand, s.active) == has, card
            played += has
    assert played > 100


def knight_listing(s: GameState, seat: int) -> list[tuple[str, ...]]:
    """knight_actions by knights.py's definitions, every check asked of every node."""
    nodes = range(len(T.node_edges))
    mine = sorted(n for n, k in s.knights.items() if k.owner == seat)
    out = []
    if placement.affordable(s, seat, "knight"):
        out += [("build_knight", node_id(n)) for n in nodes if knights.build_ok(s, seat, n)]
    if placement.affordable(s, seat, "activate"):
        out += [("activate_knight", node_id(n)) for n in nodes
                if knights.activate_ok(s, seat, n)]
    if s.free_promotions or placement.affordable(s, seat, "promote"):
        out += [("promote_knight", node_id(n)) for n in nodes if knights.promote_ok(s, seat, n)]
    for n in mine:
        if knights.can_act(s, seat, n):
            out += [("move_knight", node_id(n), node_id(v)) for v in knights.moves(s, seat, n)]
            out += [("displace_knight", node_id(n), node_id(v))
                    for v in knights.displacements(s, seat, n)]
            if knights.chase_ok(s, seat, n):
                out += [("chase_robber", node_id(n), m.hex, str(m.victim))
                        for m in legal.robber_moves(s, seat)]
    return out


def listed(a: Action) -> tuple[str, ...]:
    d = a.model_dump()
    keys = {"move_knight": ("node", "to"), "displace_knight": ("node", "to"),
            "chase_robber": ("node", "hex", "victim")}.get(a.type, ("node",))
    return (a.type, *(str(d[k]) for k in keys))


@pytest.mark.parametrize(("layout", "players", "seed"), GAMES)
def test_knight_actions_are_knights_definitions(layout: str, players: int, seed: int) -> None:
    """knight_actions (each knight read once, moves and displacements from one road search)
    lists what knights.py's checks allow, in order."""
    kinds: set[str] = set()
    for s in states(layout, players, seed):
        for seat in range(players):
            got = [listed(a) for a in legal.knight_actions(s, seat)]
            assert got == knight_listing(s, seat)
            kinds.update(g[0] for g in got)
    assert {"build_knight", "activate_knight", "promote_knight", "move_knight"} <= kinds


@pytest.mark.parametrize(("layout", "players", "seed"), GAMES)
def test_has_choice_is_whether_a_decision_lists_any(layout: str, players: int,
                                                    seed: int) -> None:
    kinds: set[str] = set()
    for s in states(layout, players, seed):
        for d in s.pending:
            kinds.add(d.kind)
            assert legal.has_choice(s, d) == bool(legal.decision_actions(s, d))
            for seat in range(players):  # the same decision asked of a poorer or richer hand
                other = d.model_copy(update={"seat": seat})
                assert legal.has_choice(s, other) == bool(legal.decision_actions(s, other))
    assert "discard" in kinds


def test_offers_computed_are_the_nested_listing() -> None:
    """Offers' i-th offer is the i-th of: each opponent, each held type given, each other
    type asked (its length too, negative indices and slices as a list's)."""
    names = ("b", "c", "d")
    for held in [("brick",), ("ore", "paper", "wool"), tuple(CARDS)]:
        listed = [OfferTrade(to=to, give={give: 1}, get={get: 1}) for to in names
                  for give in held for get in CARDS if get != give]
        offers = legal.Offers(names, held)
        assert len(offers) == len(listed)
        assert list(offers) == listed
        assert offers[-1] == listed[-1] and list(offers[3:9:2]) == listed[3:9:2]
        with pytest.raises(IndexError):
            offers[len(listed)]


@pytest.mark.parametrize(("layout", "players", "seed"), GAMES)
def test_any_road_edge_is_whether_a_road_fits(layout: str, players: int, seed: int) -> None:
    found = 0
    for s in states(layout, players, seed):
        for seat in range(players):
            fits = any(placement.road_ok(s, seat, e) for e in range(len(T.edge_nodes)))
            assert placement.any_road_edge(s, seat) == fits == bool(legal.road_edges(s, seat))
            found += fits
    assert found > 100
