"""Dark City setup (docs/rules/citadels-dark-city.md §2, §8 'setup' and 'deck' cases): options,
player counts, discards, drafts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import citadels
from rules.citadels.cards import DARK_DISTRICTS, DECK
from rules.citadels.game import GAME
from rules.game import InvalidOptions

from .dark_helpers import DARK

IDS8 = [f"p{i}" for i in range(8)]


def refused(options: dict[str, object], players: int) -> str:
    with pytest.raises(InvalidOptions) as info:
        GAME.options(options, players=players)
    with pytest.raises(InvalidOptions):
        citadels.new_game(IDS8[:players], seed=1, options=citadels.Options(**options))
    return info.value.field


def test_defaults_are_classic() -> None:
    state = citadels.new_game(IDS8[:4], seed=3)
    assert state.cast == citadels.CHARACTER_ORDER
    assert Counter(state.deck + [d for p in state.players for d in p.hand]) == Counter(DECK)


def test_eight_players_need_a_rank_nine_character() -> None:
    assert refused({}, 8) == "players"
    state = citadels.new_game(IDS8, seed=1, options=citadels.Options(rank9="artist"))
    assert (len(state.faceup), len(state.facedown), len(state.draft_pool)) == (0, 1, 8)
    assert state.city_size == 7


def test_queen_needs_five_players_and_emperor_three() -> None:
    assert refused({"rank9": "queen"}, 4) == "rank9"
    GAME.options({"rank9": "queen"}, players=5)
    assert refused({"rank4": "emperor"}, 2) == "rank4"
    assert refused({"rank9": "artist"}, 2) == "rank9"
    GAME.options({"rank9": "artist", "nine_with_two": True}, players=2)


@pytest.mark.parametrize(("n", "up"), [(4, 3), (5, 2), (6, 1), (7, 0)])
def test_nine_characters_discards(n: int, up: int) -> None:
    for seed in range(5):
        state = citadels.new_game(IDS8[:n], seed=seed, options=citadels.Options(rank9="artist"))
        assert len(state.faceup) == up and len(state.facedown) == 1
        assert len(state.draft_pool) == 9 - up - 1
        assert not {"king", "emperor"} & set(state.faceup)


def test_four_players_nine_characters_one_discarded_after_the_last_pick() -> None:
    state = citadels.new_game(IDS8[:4], seed=2, options=citadels.Options(rank9="artist"))
    assert len(state.draft_pool) == 5
    rng = random.Random(1)
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.random_action(state, seat, rng))
    assert len(state.holders) == 4 and len(state.facedown) == 2


def test_seven_players_nine_characters_no_special_rule() -> None:
    state = citadels.new_game(IDS8[:7], seed=2, options=citadels.Options(rank9="artist"))
    rng = random.Random(1)
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        # the 7th player sees only the two cards left, never the face-down one
        if len(state.draft_history) == 6:
            assert len(citadels.legal_actions(state, seat)) == 2
        state, _ = citadels.apply(state, seat, citadels.random_action(state, seat, rng))


def test_emperor_never_face_up() -> None:
    for seed in range(40):
        state = citadels.new_game(IDS8[:4], seed=seed,
                                  options=citadels.Options(rank4="emperor", rank9="artist"))
        assert "emperor" not in state.faceup and len(state.faceup) == 3


def test_eighth_player_chooses_between_last_card_and_face_down() -> None:
    state = citadels.new_game(IDS8, seed=4, options=citadels.Options(rank9="queen"))
    down = state.facedown[0]
    rng = random.Random(2)
    for _ in range(7):
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.random_action(state, seat, rng))
    seat = citadels.to_act(state)[0]
    options = {a.character for a in citadels.legal_actions(state, seat)}
    assert len(options) == 2 and down in options and state.facedown == []
    state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert state.phase == "turns" and len(state.facedown) == 1 and len(state.holders) == 8


def test_three_players_nine_characters_random_discard_after_three_picks() -> None:
    state = citadels.new_game(IDS8[:3], seed=5, options=citadels.Options(rank9="artist"))
    assert len(state.draft_pool) == 8
    for _ in range(3):
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert len(state.draft_pool) == 4 and len(state.facedown) == 2
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert Counter(state.holders.values()) == {p: 2 for p in IDS8[:3]}
    assert len(state.facedown) == 3


def test_two_players_nine_characters_option() -> None:
    state = citadels.new_game(IDS8[:2], seed=5,
                              options=citadels.Options(rank9="artist", nine_with_two=True))
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    assert Counter(state.holders.values()) == {p: 2 for p in IDS8[:2]}
    assert len(state.facedown) == 5  # 1 first, 2 chosen, the last 2


def test_default_dark_city_deck_has_80_cards() -> None:
    state = citadels.new_game(IDS8[:4], seed=1, options=citadels.Options(**DARK))
    cards = Counter(state.deck + [d for p in state.players for d in p.hand])
    assert sum(cards.values()) == 80
    assert all(cards[d] == 1 for d in DARK_DISTRICTS)
    left = citadels.new_game(IDS8[:4], seed=1, options=citadels.Options(
        rank1="witch", leave_out=["ball_room"]))
    assert sum(len(p.hand) for p in left.players) + len(left.deck) == 79
    plain = citadels.new_game(IDS8[:4], seed=1, options=citadels.Options(
        rank1="witch", dark_city_districts=False))
    assert len(plain.deck) == 68 - 16
