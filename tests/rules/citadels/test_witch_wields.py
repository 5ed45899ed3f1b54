"""The bewitched character's powers apply to the Witch's gold, hand and city
(docs/rules/citadels-dark-city.md §4.1), also those that act after her resumed turn, such as the
Thief's robbery at the victim's reveal; only the crown handling of the King and the Emperor stays
with the card's holder."""

from __future__ import annotations

from rules import citadels
from rules.citadels.powers import protected, queen_player, wielder

from .dark_helpers import dstart, run, until

GOLD = {"type": "take_gold"}
END = {"type": "end_turn"}


def test_bewitched_thief_loot_goes_to_the_witchs_player() -> None:
    state = dstart(4, {"ana": ["witch"], "bo": ["thief"], "cy": ["merchant"], "di": ["king"]},
                   rank1="witch", gold={"ana": 0, "bo": 0, "cy": 5, "di": 0})
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "thief"})
    state = until(state, "thief")
    state = run(state, "bo", GOLD)  # his action only: she resumes as the Thief
    assert state.resumed and citadels.to_act(state) == ["ana"]
    state = run(state, "ana", {"type": "steal", "character": "merchant"}, END)
    state = until(state, "merchant")
    assert state.robbed == "merchant"
    # at the Merchant's reveal his 5 gold went to the Witch's player, not the Thief's
    assert state.player("cy").gold == 0
    assert state.player("ana").gold == 2 + 5 and state.player("bo").gold == 2


def test_bewitched_thief_robbing_the_witchs_other_character_takes_nothing() -> None:
    # 3 players: two characters each; as the Thief she robs her own Merchant: nothing moves
    state = dstart(3, {"ana": ["witch", "merchant"], "bo": ["thief", "king"],
                       "cy": ["bishop", "warlord"]},
                   rank1="witch", gold={"ana": 4, "bo": 0, "cy": 0})
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "thief"})
    state = until(state, "thief")
    state = run(state, "bo", GOLD, {"type": "steal", "character": "merchant"}, END)
    state = until(state, "merchant")  # bo's King takes 2 on the way
    assert state.robbed == "merchant"
    assert state.player("ana").gold == 6 and state.player("bo").gold == 4


def test_wielder_is_the_witchs_player_only_for_the_bewitched_character() -> None:
    state = dstart(5, {"ana": ["witch"], "bo": ["bishop"], "cy": ["queen"], "di": ["king"],
                       "ed": ["merchant"]}, rank1="witch", rank9="queen")
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "queen"})
    assert wielder(state, "queen") == "ana" and queen_player(state) == "ana"
    assert wielder(state, "bishop") == "bo" and protected(state) == "bo"
    assert wielder(state, "thief") is None  # nobody holds him


def bewitch(character: str, chars: dict[str, list[str]], **kw: object
            ) -> citadels.GameState:
    """ana's Witch bewitches `character`; its holder takes gold, and she resumes as it."""
    state = dstart(4, {"ana": ["witch"], **chars}, rank1="witch", **kw)  # type: ignore[arg-type]
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": character})
    state = until(state, character)
    state = run(state, None, GOLD)
    assert state.resumed and citadels.to_act(state) == ["ana"]
    return state


def test_bewitched_tax_collector_taxes_go_to_the_witchs_player() -> None:
    state = bewitch("tax_collector", {"bo": ["tax_collector"], "cy": ["king"],
                                      "di": ["merchant"]},
                    rank2="tax_collector", gold={"ana": 0, "bo": 0, "cy": 1},
                    hands={"cy": ["tavern"]})
    state = run(state, "ana", END)
    state = run(state, "cy", GOLD, {"type": "build", "district": "tavern"}, END)
    assert state.player("cy").gold == 1 and state.player("ana").gold == 2 + 1
    assert state.player("bo").gold == 2


def test_bewitched_alchemist_refunds_the_witchs_builds() -> None:
    state = bewitch("alchemist", {"bo": ["alchemist"], "cy": ["king"], "di": ["warlord"]},
                    rank6="alchemist", gold={"ana": 3, "bo": 0},
                    hands={"ana": ["manor"], "bo": ["tavern"]})
    state = run(state, "ana", {"type": "build", "district": "manor"}, END)
    assert state.player("ana").city == ["manor"] and state.player("ana").gold == 5
    assert state.player("bo").gold == 2


def test_bewitched_navigator_bonus_to_the_witchs_player() -> None:
    state = bewitch("navigator", {"bo": ["navigator"], "cy": ["king"], "di": ["warlord"]},
                    rank7="navigator", gold={"ana": 0, "bo": 0})
    state = run(state, "ana", {"type": "navigator_bonus", "kind": "gold"})
    assert state.player("ana").gold == 2 + 4 and state.player("bo").gold == 2


def test_bewitched_emperor_crown_and_tribute_stay_with_his_player() -> None:
    state = dstart(4, {"ana": ["witch"], "bo": ["emperor"], "cy": ["bishop"], "di": ["warlord"]},
                   rank1="witch", rank4="emperor", crown="di", gold={"bo": 0, "cy": 3},
                   cities={"ana": ["manor", "castle"]})
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "emperor"})
    state = until(state, "emperor")
    assert citadels.to_act(state) == ["bo"]
    state = run(state, "bo", {"type": "give_crown", "player": "cy"},
                {"type": "tribute", "kind": "gold"}, GOLD)
    assert state.crown == "cy" and state.player("bo").gold == 1 + 2
    assert state.resumed and citadels.to_act(state) == ["ana"]
    state = run(state, "ana", {"type": "collect_income"})
    assert state.player("ana").gold == 4 + 2
