"""The public API contract of rules.citadels (issue: "The public API — a contract")."""

from __future__ import annotations

import json
import random

import pytest

from rules import citadels

from .helpers import IDS, act, gold_turn, start


def test_contract_names_exist():
    for name in ("new_game", "to_act", "legal_actions", "apply", "view", "scores",
                 "determinize", "IllegalAction", "GameState", "Options", "Action", "Score"):
        assert hasattr(citadels, name), name
    assert issubclass(citadels.IllegalAction, ValueError)


def test_state_fields_others_rely_on():
    state = citadels.new_game(IDS[:4], seed=7)
    dump = state.model_dump()
    for key in ("players", "deck", "crown", "round", "finished", "winner"):
        assert key in dump
    for key in ("id", "gold", "hand", "city"):
        assert key in dump["players"][0]
    assert citadels.GameState.model_validate_json(state.model_dump_json()) == state



def test_seat_cache_is_not_state_and_follows_new_players():
    """GameState.seat is cached in the model but never dumped, and model_copy with other
    players (or a state parsed from JSON) looks the seats up again."""
    state = citadels.new_game(IDS[:4], seed=7)
    seat = citadels.to_act(state)[0]
    state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert state.player(IDS[2]).id == IDS[2] and state.seat[IDS[2]] == 2
    assert "seat" not in state.model_dump_json() and "seat" not in state.model_dump()
    turned = state.model_copy(update={"players": state.players[::-1]})
    assert [turned.player(i).id for i in IDS[:4]] == IDS[:4]
    assert turned.seat[IDS[0]] == 3
    parsed = citadels.GameState.model_validate_json(state.model_dump_json())
    assert parsed == state and parsed.seat == state.seat
    with pytest.raises(KeyError):
        state.player("nobody")


def test_states_saved_with_characters_in_players_still_load():
    """Before `holders`, a player's characters were kept in the player: such saved games
    load into the same state."""
    state = start(4, {"ana": ["king"], "bo": ["thief"], "cy": ["bishop"], "di": ["warlord"]})
    old = json.loads(state.model_dump_json())
    holders = old.pop("holders")
    for p in old["players"]:
        p["characters"] = [c for c, seat in holders.items() if seat == p["id"]]
    loaded = citadels.GameState.model_validate_json(json.dumps(old))
    assert loaded == state and loaded.characters_of("bo") == ["thief"]
    assert "characters" not in loaded.players[0].model_dump()

def test_actions_dump_to_their_dict_form_and_parse_back():
    state = citadels.new_game(IDS[:4], seed=7)
    action = citadels.legal_actions(state, "ana")[0]
    assert action.model_dump() == {"type": "pick_character", "character": action.character}
    assert citadels.Action.parse(action.model_dump()) == action
    by_dict, _ = citadels.apply(state, "ana", action.model_dump())
    by_model, _ = citadels.apply(state, "ana", action)
    assert by_dict == by_model
    dd = citadels.Action.parse({"type": "discard_and_draw", "districts": ["temple", "manor"]})
    assert dd.model_dump() == {"type": "discard_and_draw", "districts": ["manor", "temple"]}


@pytest.mark.parametrize("bad", [
    {"type": "fly"}, {"type": "build"}, {"type": "build", "district": 3}, {}, "build",
    {"type": "pick_character", "character": "queen"}, {"type": "take_gold", "extra": 1},
])
def test_malformed_actions_raise_illegal_action(bad):
    state = citadels.new_game(IDS[:4], seed=7)
    with pytest.raises(citadels.IllegalAction) as info:
        citadels.apply(state, "ana", bad)
    assert str(info.value)


def test_unknown_player_and_finished_game_raise_illegal_action():
    state = citadels.new_game(IDS[:4], seed=7)
    with pytest.raises(citadels.IllegalAction, match="decision"):
        citadels.apply(state, "zed", citadels.legal_actions(state, "ana")[0])
    assert citadels.legal_actions(state, "zed") == []
    done = state.model_copy(update={"finished": True, "phase": "over", "awaiting": None})
    with pytest.raises(citadels.IllegalAction, match="over"):
        citadels.apply(done, "ana", {"type": "take_gold"})


def test_views_are_json_and_keep_secrets():
    state = start(4, {"ana": ["assassin"], "bo": ["thief"], "cy": ["magician"], "di": ["king"]})
    state = act(state, {"type": "draw_cards"})[0]
    public = citadels.view(state, None)
    json.dumps(public)
    text = json.dumps(public)
    for p in public["players"]:
        assert set(p) >= {"id", "gold", "hand_size", "city"}
        assert "hand" not in p and "characters" not in p
    assert "rng" not in text and "deck" not in public
    assert public["current_character"] == "assassin"
    assert "faceup_discards" in public and "drawn" not in public["turn"]
    mine = citadels.view(state, "ana")
    assert mine["players"][0]["hand"] == state.player("ana").hand
    assert mine["players"][0]["characters"] == ["assassin"]
    assert mine["turn"]["drawn"] == state.drawn
    assert "drawn" not in citadels.view(state, "bo")["turn"]
    for facedown in state.facedown:
        assert facedown not in json.dumps(citadels.view(state, "bo")["faceup_discards"])


def test_events_split_public_and_private():
    state = start(4, {"ana": ["assassin"], "bo": ["thief"], "cy": ["magician"], "di": ["king"]})
    state, events = act(state, {"type": "draw_cards"})
    drawn = next(e for e in events if e.type == "cards_drawn")
    assert drawn.visible_to(None) == {"type": "cards_drawn", "player": "ana", "count": 2}
    assert drawn.visible_to("ana")["cards"] == state.drawn
    assert "cards" not in drawn.visible_to("bo")


def test_random_action_draws_only_legal_actions_and_covers_them():
    state = start(4, {"ana": ["assassin"], "bo": ["thief"], "cy": ["magician"], "di": ["king"]},
                  hands={"cy": ["manor", "manor", "temple"]})
    state = act(gold_turn(gold_turn(state)), {"type": "take_gold"})[0]
    legal = citadels.legal_actions(state, "cy")
    rng = random.Random(0)
    drawn = {citadels.random_action(state, "cy", rng) for _ in range(600)}
    assert drawn == set(legal)
    assert citadels.random_action(state, "ana", rng) is None


def test_determinize_keeps_view_and_depends_only_on_it():
    state = start(5, {"ana": ["bishop"], "bo": ["thief"], "cy": ["magician"], "di": ["king"],
                      "ed": ["warlord"]})
    world = citadels.determinize(state, "cy", random.Random(3))
    assert citadels.view(world, "cy") == citadels.view(state, "cy")
    assert world == citadels.determinize(state, "cy", random.Random(3))
    worlds = {tuple(citadels.determinize(state, "cy", random.Random(s)).characters_of("ana"))
              for s in range(40)}
    assert len(worlds) > 1, "hidden characters are re-sampled"
