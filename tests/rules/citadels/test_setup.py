"""Rulebook "Preparación" and docs/rules/citadels-classic.md §3 (setup) and §1-2 (components)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import citadels
from rules.citadels.cards import DECK, DISTRICTS

from .helpers import IDS


def test_deck_has_68_cards_in_30_names_costing_219():
    """§2: the full district deck."""
    assert len(DECK) == 68
    assert len(set(DECK)) == 30 and len(DISTRICTS) == 30 + 12  # + the Dark City purples
    assert sum(DISTRICTS[d].cost for d in DECK) == 219
    by_type = Counter(DISTRICTS[d].type for d in DECK)
    assert by_type == {"noble": 12, "religious": 11, "trade": 20, "military": 11, "unique": 14}


def test_university_and_dragon_gate_score_eight():
    """§2: University and Dragon Gate cost 6 and score 8."""
    for d in ("university", "dragon_gate"):
        assert (DISTRICTS[d].cost, DISTRICTS[d].points) == (6, 8)


def test_card_data_has_both_languages():
    """Card data carries English and Spanish names and effect texts."""
    for d in DISTRICTS.values():
        assert d.name["en"] and d.name["es"]
        if d.type == "unique":
            assert d.text and d.text["en"] and d.text["es"]
    for c in citadels.CHARACTERS.values():
        assert c.name["en"] and c.name["es"] and c.text["en"] and c.text["es"]
    assert DISTRICTS["smithy"].name["es"] == "Fábrica"
    assert "Battlefield" in DISTRICTS["barracks"].aliases


@pytest.mark.parametrize("n", range(2, 8))
def test_deal_four_cards_and_two_gold_crown_to_first_seat(n):
    """Preparación 1-4: 4 cards and 2 gold each; the first seat holds the crown."""
    state = citadels.new_game(IDS[:n], seed=3)
    assert [p.id for p in state.players] == IDS[:n]
    assert all(len(p.hand) == 4 and p.gold == 2 and p.city == [] for p in state.players)
    assert state.crown == IDS[0] and state.round == 1 and not state.finished
    assert len(state.deck) == 68 - 4 * n
    everything = Counter(state.deck + [d for p in state.players for d in p.hand])
    assert everything == Counter(DECK)


def test_seed_decides_the_shuffle():
    a = citadels.new_game(IDS[:4], seed=1)
    assert a == citadels.new_game(IDS[:4], seed=1)
    assert a.deck != citadels.new_game(IDS[:4], seed=2).deck


@pytest.mark.parametrize("n,size", [(2, 8), (3, 8), (4, 7), (7, 7)])
def test_completion_size_by_player_count(n, size):
    """Final de la partida / Partidas de 2 o 3 jugadores: 7 districts, or 8 with 2-3 players."""
    assert citadels.new_game(IDS[:n], seed=0).city_size == size


def test_classic_variant_makes_eight_for_everyone():
    """Variante Clásica: cities complete at 8 districts."""
    state = citadels.new_game(IDS[:5], seed=0, options=citadels.Options(city_size=8))
    assert state.city_size == 8


@pytest.mark.parametrize("ids", [["solo"], IDS + ["hal"], ["a", "a", "b"], ["a", ""]])
def test_bad_player_lists_are_refused(ids):
    with pytest.raises(ValueError):
        citadels.new_game(ids, seed=0)


def test_options_reject_nonsense():
    with pytest.raises(ValueError):
        citadels.Options(city_size=0)
