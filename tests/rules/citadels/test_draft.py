"""Rulebook "Fase de Selección", its 2-, 3- and 7-player procedures,
docs/rules/citadels-classic.md §4.1."""

from __future__ import annotations

import pytest

from rules import citadels
from rules.citadels.cards import CHARACTER_ORDER

from .helpers import IDS, assert_illegal, start


def play_draft(state: citadels.GameState, choose=min) -> citadels.GameState:
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        legal = citadels.legal_actions(state, seat)
        state, _ = citadels.apply(state, seat, choose(legal, key=lambda a: a.character))
    return state


@pytest.mark.parametrize("n,up", [(2, 0), (3, 0), (4, 2), (5, 1), (6, 0), (7, 0)])
def test_discard_table(n, up):
    """Fase de Selección table: face-up and face-down discards by player count."""
    for seed in range(30):
        state = citadels.new_game(IDS[:n], seed=seed)
        assert len(state.faceup) == up
        assert len(state.facedown) == 1
        assert len(state.draft_pool) == 8 - up - 1


@pytest.mark.parametrize("n", [4, 5])
def test_king_is_never_face_up(n):
    """Importante: el Rey no puede estar entre las cartas descartadas boca arriba."""
    seen_down = False
    for seed in range(200):
        state = citadels.new_game(IDS[:n], seed=seed)
        assert "king" not in state.faceup
        seen_down |= state.facedown == ["king"]
    assert seen_down, "the King may still be the face-down discard"


@pytest.mark.parametrize("n", [4, 5, 6])
def test_picks_go_clockwise_from_the_crown_then_leftover_face_down(n):
    """4-6 players: each keeps one of the cards passed; the last card is discarded face down."""
    state = citadels.new_game(IDS[:n], seed=5)
    order = []
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        order.append(seat)
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert order == IDS[:n]
    assert all(len(state.characters_of(p.id)) == 1 for p in state.players)
    assert len(state.facedown) == 2
    used = state.faceup + state.facedown + list(state.holders)
    assert sorted(used) == sorted(CHARACTER_ORDER)


def test_three_players_pick_twice_each():
    """Fase de Selección para 3 jugadores: picks go round twice; the last card face down."""
    state = citadels.new_game(IDS[:3], seed=2)
    order = []
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        order.append(seat)
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[-1])
    assert order == IDS[:3] * 2
    assert all(len(state.characters_of(p.id)) == 2 for p in state.players)
    assert len(state.facedown) == 2


def test_two_players_keep_one_and_discard_one():
    """Fase de Selección para 2 jugadores: crown keeps 1 of 7; then keep 1, discard 1."""
    state = citadels.new_game(IDS[:2], seed=4)
    steps = []
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        legal = citadels.legal_actions(state, seat)
        steps.append((seat, legal[0].type, len(legal)))
        state, _ = citadels.apply(state, seat, legal[0])
    assert steps == [
        ("ana", "pick_character", 7), ("bo", "pick_character", 6),
        ("bo", "discard_character", 5), ("ana", "pick_character", 4),
        ("ana", "discard_character", 3), ("bo", "pick_character", 2),
    ]
    assert all(len(state.characters_of(p.id)) == 2 for p in state.players)
    assert len(state.facedown) == 4  # the first, two chosen discards and the last card


def test_seventh_player_chooses_between_last_card_and_face_down():
    """Reglas especiales para 7 jugadores: the 7th also takes the face-down card."""
    state = citadels.new_game(IDS[:7], seed=8)
    hidden = state.facedown[0]
    for _ in range(6):
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert citadels.to_act(state) == ["gus"]
    options = [a.character for a in citadels.legal_actions(state, "gus")]
    assert len(options) == 2 and hidden in options
    state, _ = citadels.apply(state, "gus", {"type": "pick_character", "character": hidden})
    assert hidden in state.characters_of("gus")
    assert len(state.facedown) == 1 and state.facedown[0] != hidden


def test_crowned_player_starts_next_round_draft():
    """El Rey: the King's player is crowned and picks first next round."""
    state = start(4, {"ana": ["assassin"], "bo": ["thief"], "cy": ["king"], "di": ["warlord"]})
    while state.round == 1:
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[-1])
    assert state.crown == "cy"
    assert citadels.to_act(state) == ["cy"]


def test_draft_refuses_wrong_player_and_unavailable_character():
    state = citadels.new_game(IDS[:4], seed=1)
    option = state.draft_pool[0]
    assert_illegal(state, "bo", {"type": "pick_character", "character": option})
    missing = next(c for c in CHARACTER_ORDER if c not in state.draft_pool)
    assert_illegal(state, "ana", {"type": "pick_character", "character": missing})
    assert_illegal(state, "ana", {"type": "discard_character", "character": option})
    assert_illegal(state, "ana", {"type": "take_gold"})


def test_draft_choices_are_private():
    """Face-down discards and what others picked are secret."""
    state = play_draft(citadels.new_game(IDS[:4], seed=6))
    public = citadels.view(state, None)
    assert "characters" not in public["players"][0]
    mine = citadels.view(state, "ana")
    assert mine["players"][0]["characters"] == state.characters_of("ana")
    assert "characters" not in mine["players"][1]
