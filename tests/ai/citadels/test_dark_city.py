"""The basic heuristics for Dark City's decisions (ai.citadels.dark_city): each picks what a
sensible player would from the seat's view, and the basic player beats random with the cast."""

from __future__ import annotations

import random
from typing import Any

from ai.citadels import dark_city as DC
from ai.citadels import make_player
from ai.citadels.arena import game_options, play_game
from ai.citadels.basic import basic_move
from rules import citadels
from rules.citadels import actions as A


def seat(seat: str, gold: int = 2, hand: list[str] | None = None, city: list[str] | None = None,
         characters: list[str] | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": seat, "gold": gold, "city": city or [], "revealed": [],
                             "hand_size": len(hand or [])}
    if hand is not None:
        entry.update(hand=hand, characters=characters or [])
    return entry


def table(players: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "you": players[0]["id"], "players": players, "city_size": 7, "first_complete": None,
        "draft_history": [], "faceup_discards": [], "absent": [], "revealed": [],
        "current_character": None, "murdered": None,
        "cast": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist",
                 "navigator", "diplomat"]}
    view.update(extra)
    return view


def test_the_emperor_crowns_the_weakest_player_who_can_pay() -> None:
    view = table([seat("me", hand=[]), seat("leader", gold=6, city=["palace", "castle"] * 2),
                  seat("broke", gold=0), seat("weak", gold=1)])
    options = [A.GiveCrown(player=p) for p in ("leader", "broke", "weak")]
    assert DC.give_crown(view, view["players"][0], options) == A.GiveCrown(player="weak")


def test_tribute_gives_a_useless_card_rather_than_gold() -> None:
    options = [A.Tribute(kind="gold"), A.Tribute(kind="card")]
    stuck = table([seat("me", gold=5, hand=["manor"], city=["manor"]), seat("em")])
    assert DC.tribute(stuck, stuck["players"][0], options).kind == "card"
    rich = table([seat("me", gold=9, hand=["temple"], city=[]), seat("em")])
    assert DC.tribute(rich, rich["players"][0], options).kind == "gold"


def test_the_navigator_takes_gold_to_build_what_he_holds_else_cards() -> None:
    options = [A.NavigatorBonus(kind="gold"), A.NavigatorBonus(kind="cards")]
    holding = table([seat("me", gold=1, hand=["palace", "castle"]), seat("x")])
    assert DC.navigator(holding, holding["players"][0], options).kind == "gold"
    empty = table([seat("me", gold=1, hand=[]), seat("x")])
    assert DC.navigator(empty, empty["players"][0], options).kind == "cards"


def test_the_wizard_looks_at_the_biggest_hand_and_takes_the_best_card() -> None:
    view = table([seat("me", gold=9, hand=["temple"], city=["temple"]), seat("a"),
                  seat("b"), seat("c")])
    view["players"][2]["hand_size"] = 5
    looks = [A.LookAtHand(player=p) for p in ("a", "b", "c")]
    assert DC.look_at_hand(view, view["players"][0], looks) == A.LookAtHand(player="b")
    takes = [A.TakeCard(district=d, build=b) for d in ("temple", "palace") for b in (False, True)]
    assert DC.take_card(view, view["players"][0], takes) == A.TakeCard(district="palace",
                                                                       build=True)


def test_the_witch_never_bewitches_her_own_character() -> None:
    me = seat("me", hand=["manor"], characters=["witch", "alchemist"])
    view = table([me, seat("a"), seat("b")])
    options = [A.Bewitch(character=c) for c in ("alchemist", "navigator", "diplomat")]
    assert DC.bewitch(view, me, options).character != "alchemist"


def test_bell_tower_announced_only_by_the_leader_of_the_race() -> None:
    options = [A.BellTower(announce=True), A.BellTower(announce=False)]
    ahead = table([seat("me", gold=3, city=["palace", "castle", "manor", "bell_tower"]),
                   seat("a", city=["tavern"])])
    assert DC.bell_tower(ahead, ahead["players"][0], options).announce
    behind = table([seat("me", city=["bell_tower"]),
                    seat("a", gold=5, city=["palace", "castle", "manor", "fortress"])])
    assert not DC.bell_tower(behind, behind["players"][0], options).announce


def test_the_museum_takes_a_card_already_built() -> None:
    me = seat("me", gold=2, hand=["manor", "palace"], city=["manor", "museum"])
    view = table([me, seat("a")])
    move = basic_move(view, [A.UseMuseum(district="manor"), A.UseMuseum(district="palace"),
                             A.END_TURN])
    assert move == A.UseMuseum(district="manor")


def test_basic_beats_random_with_the_dark_city_cast() -> None:
    players = {"basic": make_player("basic"), "random": make_player("random")}
    strengths = ["basic", "random", "random", "random"]
    wins, used = 0, set()
    for g in range(8):
        options = game_options("dark_city", "artist", 500 + g // 4)
        result = play_game(strengths, players, seed=500 + g // 4, rotation=g % 4,
                           options=options)
        wins += result.seats[result.winner_seat] == "basic"
    assert wins >= 6  # parity would be 2 of 8
    # The basic player's own Dark City decisions are its heuristics, not a random draw.
    state = citadels.new_game(["p0", "p1", "p2", "p3"], seed=7,
                              options=game_options("dark_city", "artist", 7))
    basic = make_player("basic")
    rng = random.Random(0)
    while not state.finished:
        seat = citadels.to_act(state)[0]
        legal = citadels.legal_actions(state, seat)
        move = basic.choose(citadels.view(state, seat), legal, rng)
        assert move == basic.choose(citadels.view(state, seat), legal, random.Random(99))
        used.add(move.type)
        state, _ = citadels.apply(state, seat, move)
    assert {"bewitch", "give_crown", "navigator_bonus"} & used
