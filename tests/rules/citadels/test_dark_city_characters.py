"""The Dark City characters (docs/rules/citadels-dark-city.md §4 and the §8 test cases), on
hand-made states."""

from __future__ import annotations

from rules import citadels

from .dark_helpers import DARK, act1, dstart, run, until
from .helpers import assert_illegal

GOLD = {"type": "take_gold"}
END = {"type": "end_turn"}


def types(state: citadels.GameState) -> set[str]:
    seat = citadels.to_act(state)[0]
    return {a.type for a in citadels.legal_actions(state, seat)}


def witch_game(bewitched: str, **kw: object) -> citadels.GameState:
    chars = {"ana": ["witch"], "bo": [bewitched], "cy": ["king"], "di": ["bishop"]}
    if bewitched in ("king", "bishop"):
        chars["cy"], chars["di"] = ["thief"], ["warlord"]
        chars[{"king": "cy", "bishop": "di"}[bewitched]] = []
        chars = {k: v for k, v in chars.items() if v}
        chars["cy" if bewitched == "bishop" else "di"] = ["merchant"]
    state = dstart(4, chars, rank1="witch", **kw)  # type: ignore[arg-type]
    state = run(state, "ana", GOLD)
    assert types(state) == {"bewitch"}
    return run(state, "ana", {"type": "bewitch", "character": bewitched})


def test_witch_bewitches_merchant_cannot_build_and_merchant_takes_action_only() -> None:
    state = witch_game("merchant", hands={"ana": ["tavern"]}, gold={"ana": 5},
                       cities={"ana": ["market", "docks"]})
    assert state.bewitched == "merchant" and state.current != "witch"
    assert state.player("ana").city == ["market", "docks"]
    state = until(state, "merchant")
    assert citadels.to_act(state) == ["bo"]
    bo_gold = state.player("bo").gold
    state = run(state, "bo", GOLD)  # his action; his turn is over at once
    assert state.player("bo").gold == bo_gold + 2
    assert citadels.to_act(state) == ["ana"] and state.resumed and state.current == "merchant"
    # she resumes as the Merchant: +1 gold, trade income for her city, one build
    assert state.player("ana").gold == 5 + 2 + 1
    state = run(state, "ana", {"type": "collect_income"}, {"type": "build", "district": "tavern"})
    assert state.player("ana").gold == 8 + 2 - 1 and "tavern" in state.player("ana").city
    assert "build" not in types(state)


def test_witch_bewitches_architect_gets_cards_and_three_builds() -> None:
    state = witch_game("architect", hands={"ana": ["tavern", "temple", "watchtower"]},
                       gold={"ana": 5})
    state = until(state, "architect")
    state = run(state, "bo", GOLD)
    assert state.resumed and len(state.player("ana").hand) == 5 and state.builds_left == 3
    state = run(state, "ana", *({"type": "build", "district": d}
                                for d in ("tavern", "temple", "watchtower")))
    assert len(state.player("ana").city) == 3


def test_witch_names_absent_character_turn_ends_without_park_or_poor_house() -> None:
    state = dstart(4, {"ana": ["witch"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"]},
                   rank1="witch", gold={"ana": 0}, hands={"ana": []},
                   cities={"ana": ["park", "poor_house"]})
    state = run(state, "ana", {"type": "draw_cards"})
    state = run(state, "ana", {"type": "keep_card", "district": state.drawn[0]})
    hand = list(state.player("ana").hand)
    state = run(state, "ana", {"type": "bewitch", "character": "merchant"})
    assert state.player("ana").gold == 0 and state.player("ana").hand == hand
    while not state.finished and state.round == 1:
        state = run(state, None, GOLD, END)
    assert not state.resumed


def test_thief_may_not_name_witch_or_bewitched() -> None:
    state = witch_game("merchant")
    state = until(state, "thief") if "thief" in state.holders else state
    if state.current == "thief":
        state = run(state, None, GOLD)
        named = {a.character for a in citadels.legal_actions(state, citadels.to_act(state)[0])
                 if a.type == "steal"}
        assert "witch" not in named and "merchant" not in named and named


def test_thief_targets_exclude_witch_and_bewitched() -> None:
    state = dstart(4, {"ana": ["witch"], "bo": ["thief"], "cy": ["merchant"], "di": ["king"]},
                   rank1="witch")
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "merchant"})
    state = run(state, "bo", GOLD)
    named = {a.character for a in citadels.legal_actions(state, "bo") if a.type == "steal"}
    assert named == {"magician", "king", "bishop", "architect", "warlord"}
    assert_illegal(state, "bo", {"type": "steal", "character": "merchant"})
    assert_illegal(state, "bo", {"type": "steal", "character": "witch"})


def test_witch_bewitches_king_crown_to_kings_player_noble_income_to_witch() -> None:
    state = dstart(4, {"ana": ["witch"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"]},
                   rank1="witch", crown="di", cities={"ana": ["manor", "castle"]})
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "king"})
    state = until(state, "king")
    assert state.crown == "bo"
    state = run(state, "bo", GOLD)
    assert state.resumed and citadels.to_act(state) == ["ana"]
    gold = state.player("ana").gold
    state = run(state, "ana", {"type": "collect_income"})
    assert state.player("ana").gold == gold + 2 and state.crown == "bo"


def test_witch_bewitches_bishop_warlord_may_hit_bishops_city_not_witchs() -> None:
    state = dstart(4, {"ana": ["witch"], "bo": ["bishop"], "cy": ["warlord"], "di": ["king"]},
                   rank1="witch", cities={"ana": ["tavern"], "bo": ["temple"]},
                   gold={"cy": 9})
    state = run(state, "ana", GOLD, {"type": "bewitch", "character": "bishop"})
    state = until(state, "warlord")
    state = run(state, "cy", GOLD)
    targets = {(a.player, a.district) for a in citadels.legal_actions(state, "cy")
               if a.type == "destroy"}
    assert ("bo", "temple") in targets and ("ana", "tavern") not in targets


def tax_game(**kw: object) -> citadels.GameState:
    return dstart(4, {"ana": ["assassin"], "bo": ["tax_collector"], "cy": ["king"],
                      "di": ["architect"]}, rank2="tax_collector", **kw)  # type: ignore[arg-type]


def test_tax_collector_builder_pays_one_and_broke_builder_pays_nothing() -> None:
    state = tax_game(hands={"di": ["tavern", "temple"], "cy": ["manor"]},
                     gold={"di": 2, "cy": 3})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "magician"}, END)
    state = run(state, "bo", GOLD, END)
    assert state.tax_collector == "bo"
    # the King builds with his last gold: nothing left to pay
    state = run(state, "cy", {"type": "draw_cards"})
    state = run(state, "cy", {"type": "keep_card", "district": state.drawn[0]})
    state = run(state, "cy", {"type": "build", "district": "manor"}, END)
    assert state.player("cy").gold == 0 and state.player("bo").gold == 4
    state = run(state, "di", GOLD, {"type": "build", "district": "tavern"},
                {"type": "build", "district": "temple"})
    before = state.player("bo").gold
    state = run(state, "di", END)
    assert state.player("bo").gold == before + 1 and state.player("di").gold == 1


def test_tax_collector_catches_up_with_the_assassin() -> None:
    state = tax_game(hands={"ana": ["tavern"]})
    state = run(state, "ana", GOLD, {"type": "build", "district": "tavern"},
                {"type": "assassinate", "character": "magician"}, END)
    # ana: 2 + 2 - 1 (Tavern) - 1 (caught up when the Tax Collector reveals)
    assert state.player("ana").gold == 2 and state.player("bo").gold == 3


def test_tax_collector_murdered_nobody_pays_and_his_player_never_pays() -> None:
    state = tax_game(hands={"di": ["tavern"], "bo": ["temple"]})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "tax_collector"}, END)
    state = run(state, "cy", GOLD, END)
    state = run(state, "di", GOLD, {"type": "build", "district": "tavern"}, END)
    assert state.tax_collector is None and state.player("di").gold == 3
    own = tax_game(hands={"bo": ["temple"]})
    own = run(own, "ana", GOLD, {"type": "assassinate", "character": "magician"}, END)
    own = run(own, "bo", GOLD, {"type": "build", "district": "temple"}, END)
    assert own.player("bo").gold == 3


def test_wizard_takes_a_card_builds_it_at_once_and_builds_again() -> None:
    state = dstart(4, {"ana": ["wizard"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"]},
                   rank3="wizard", hands={"ana": ["castle"], "bo": ["manor", "tavern"]},
                   gold={"ana": 8}, cities={"ana": ["castle"]})
    state = run(state, "ana", GOLD, {"type": "look_at_hand", "player": "bo"})
    v = citadels.view(state, "ana")
    assert sorted(v["looked_at"]) == ["manor", "tavern"] and "looked_at" not in citadels.view(
        state, "cy")
    state = run(state, "ana", {"type": "take_card", "district": "manor", "build": True})
    state = run(state, "ana", {"type": "build", "district": "castle"})
    assert state.player("ana").city == ["castle", "manor", "castle"]
    assert state.player("bo").hand == ["tavern"] and state.player("ana").gold == 10 - 3 - 4


def test_wizard_duplicate_only_in_his_turn() -> None:
    state = dstart(2, {"ana": ["wizard", "king"], "bo": ["bishop", "merchant"]}, rank3="wizard",
                   hands={"ana": ["castle", "castle"]}, gold={"ana": 20},
                   cities={"ana": ["castle"]})
    state = run(state, "ana", GOLD, {"type": "build", "district": "castle"}, END)
    assert state.player("ana").city.count("castle") == 2
    state = run(state, "ana", GOLD)
    assert_illegal(state, "ana", {"type": "build", "district": "castle"})


def emperor_game(**kw: object) -> citadels.GameState:
    return dstart(4, {"ana": ["assassin"], "bo": ["emperor"], "cy": ["bishop"],
                      "di": ["warlord"]}, rank4="emperor", crown="cy", **kw)  # type: ignore


def test_emperor_gives_crown_not_to_himself_nor_holder_and_gets_tribute() -> None:
    state = emperor_game(gold={"di": 3})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "merchant"}, END)
    assert state.pending == "crown" and citadels.to_act(state) == ["bo"]
    options = {a.player for a in citadels.legal_actions(state, "bo")}
    assert options == {"ana", "di"}
    assert_illegal(state, "bo", {"type": "give_crown", "player": "cy"})
    state = run(state, "bo", {"type": "give_crown", "player": "di"})
    assert state.crown == "di" and citadels.to_act(state) == ["di"]
    state = run(state, "di", {"type": "tribute", "kind": "gold"})
    assert state.player("di").gold == 2 and state.player("bo").gold == 3
    assert citadels.to_act(state) == ["bo"] and state.pending is None


def test_emperor_receiver_with_nothing_gives_nothing() -> None:
    state = emperor_game(gold={"di": 0}, hands={"di": []})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "merchant"}, END)
    state = run(state, "bo", {"type": "give_crown", "player": "di"})
    assert state.pending is None and citadels.to_act(state) == ["bo"]
    assert state.player("bo").gold == 2


def test_murdered_emperor_moves_crown_at_round_end_without_tribute() -> None:
    state = emperor_game(gold={"di": 5})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "emperor"}, END)
    state = run(state, "cy", GOLD, END)
    state = run(state, "di", GOLD, END)
    assert state.pending == "round_crown" and citadels.to_act(state) == ["bo"]
    state = run(state, "bo", {"type": "give_crown", "player": "di"})
    assert state.crown == "di" and state.round == 2 and state.player("bo").gold == 2


def test_abbot_takes_from_the_unique_richest_not_on_tie() -> None:
    chars = {"ana": ["abbot"], "bo": ["king"], "cy": ["merchant"], "di": ["warlord"]}
    state = dstart(4, chars, rank5="abbot", gold={"bo": 9, "cy": 3, "di": 1})
    state = until(state, "abbot")  # the King took 2: 11
    state = run(state, "ana", GOLD, {"type": "collect_from_richest"})
    assert state.player("bo").gold == 10 and state.player("ana").gold == 5
    tie = dstart(4, chars, rank5="abbot", gold={"bo": 9, "cy": 11})
    tie = until(tie, "abbot")
    tie = run(tie, "ana", GOLD, {"type": "collect_from_richest"})
    assert (tie.player("bo").gold, tie.player("cy").gold) == (11, 11)


def test_alchemist_refund_excludes_tax() -> None:
    state = dstart(4, {"ana": ["assassin"], "bo": ["tax_collector"], "cy": ["alchemist"],
                       "di": ["king"]}, rank2="tax_collector", rank6="alchemist",
                   hands={"cy": ["palace"]}, gold={"cy": 3})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "magician"}, END)
    state = run(state, "bo", GOLD, END)
    state = until(state, "alchemist")
    state = run(state, "cy", GOLD, {"type": "build", "district": "palace"}, END)
    assert state.player("cy").gold == 5  # 5 - 5 - 0 tax (no gold left) + 5 refund


def test_navigator_takes_four_gold_and_cannot_build_but_laboratory_works() -> None:
    state = dstart(4, {"ana": ["navigator"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"]},
                   rank7="navigator", hands={"ana": ["tavern", "temple"]},
                   cities={"ana": ["laboratory"]})
    state = until(state, "navigator")
    state = run(state, "ana", GOLD)
    assert types(state) == {"navigator_bonus"}
    state = run(state, "ana", {"type": "navigator_bonus", "kind": "gold"})
    assert state.player("ana").gold == 8
    assert_illegal(state, "ana", {"type": "build", "district": "tavern"})
    state = run(state, "ana", {"type": "use_laboratory", "district": "tavern"})
    assert state.player("ana").gold == 10


def diplomat_game(**kw: object) -> citadels.GameState:
    return dstart(4, {"ana": ["assassin"], "bo": ["bishop"], "cy": ["king"], "di": ["diplomat"]},
                  rank8="diplomat", **kw)  # type: ignore[arg-type]


def test_diplomat_swaps_tavern_for_castle_paying_difference_and_great_wall() -> None:
    for wall, price in (([], 3), (["great_wall"], 4)):
        state = diplomat_game(cities={"di": ["tavern"], "cy": ["castle", *wall]},
                              gold={"di": 5, "cy": 0})
        state = run(state, "ana", GOLD, {"type": "assassinate", "character": "magician"}, END)
        state = until(state, "diplomat")
        state = run(state, "di", {"type": "draw_cards"})
        state = run(state, "di", {"type": "keep_card", "district": state.drawn[0]})
        state = run(state, "di", {"type": "exchange", "give": "tavern", "player": "cy",
                                  "take": "castle"})
        assert state.player("di").city == ["castle"] and "tavern" in state.player("cy").city
        assert state.player("di").gold == 5 - price
        assert state.player("cy").gold == 2 + price  # the King took 2 gold


def test_diplomat_not_keep_not_living_bishop_but_murdered_bishop_yes() -> None:
    state = diplomat_game(cities={"di": ["tavern"], "bo": ["temple"], "cy": ["keep"]},
                          gold={"di": 9})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "magician"}, END)
    state = until(state, "diplomat")
    state = run(state, "di", GOLD)
    assert_illegal(state, "di", {"type": "exchange", "give": "tavern", "player": "cy",
                                 "take": "keep"})
    assert_illegal(state, "di", {"type": "exchange", "give": "tavern", "player": "bo",
                                 "take": "temple"})
    dead = diplomat_game(cities={"di": ["tavern"], "bo": ["temple"]}, gold={"di": 9})
    dead = run(dead, "ana", GOLD, {"type": "assassinate", "character": "bishop"}, END)
    dead = until(dead, "diplomat")
    dead = run(dead, "di", GOLD, {"type": "exchange", "give": "tavern", "player": "bo",
                                  "take": "temple"})
    assert dead.player("di").city == ["temple"]


def test_diplomat_complete_city_and_duplicates_rejected_museum_keeps_cards() -> None:
    full = ["manor", "castle", "palace", "temple", "church", "market", "docks"]
    state = diplomat_game(cities={"di": ["tavern", "castle", "museum"], "cy": full,
                                  "bo": ["manor", "harbor"]},
                          gold={"di": 9})
    state = state.model_copy(update={"players": [
        p.model_copy(update={"museum": ["temple", "watchtower"]}) if p.id == "di" else p
        for p in state.players]})
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "bishop"}, END)
    state = until(state, "diplomat")
    state = run(state, "di", GOLD)
    assert_illegal(state, "di", {"type": "exchange", "give": "tavern", "player": "cy",
                                 "take": "docks"})
    # bo already has a Castle: giving him di's Castle would make a duplicate
    dup = state.model_copy(update={"players": [
        p.model_copy(update={"city": ["manor", "harbor", "castle"]}) if p.id == "bo" else p
        for p in state.players]})
    assert_illegal(dup, "di", {"type": "exchange", "give": "castle", "player": "bo",
                               "take": "manor"})
    state, events = act1(state, {"type": "exchange", "give": "museum", "player": "bo",
                                 "take": "harbor"})
    assert state.player("bo").museum == ["temple", "watchtower"] and state.player("di").museum == []
    assert not any(e.type.startswith("graveyard") for e in events)


def test_artist_beautifies_two_not_three_nor_twice() -> None:
    state = dstart(5, {"ana": ["artist"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"],
                       "ed": ["merchant"]}, rank9="artist",
                   cities={"ana": ["palace", "temple", "manor"]}, gold={"ana": 4})
    state = until(state, "artist")
    state = run(state, "ana", GOLD, {"type": "beautify", "district": "palace"})
    assert_illegal(state, "ana", {"type": "beautify", "district": "palace"})
    state = run(state, "ana", {"type": "beautify", "district": "temple"})
    assert state.player("ana").gold == 4 and "beautify" not in types(state)
    assert citadels.scores(state)["ana"].districts == 9 and citadels.scores(state)[
        "ana"].beautified == 2


def test_beautified_palace_scores_six_and_warlord_pays_five_or_six() -> None:
    for wall, price in (([], 5), (["great_wall"], 6)):
        state = dstart(5, {"ana": ["warlord"], "bo": ["king"], "cy": ["bishop"],
                           "di": ["merchant"], "ed": ["artist"]}, rank9="artist",
                       cities={"bo": ["palace", *wall]}, gold={"ana": 9})
        state = state.model_copy(update={"players": [
            p.model_copy(update={"beautified": ["palace"]}) if p.id == "bo" else p
            for p in state.players]})
        assert citadels.scores(state)["bo"].districts + citadels.scores(state)[
            "bo"].beautified == 6 + (6 if wall else 0)
        state = until(state, "warlord")
        state = run(state, "ana", GOLD, {"type": "destroy", "player": "bo",
                                         "district": "palace"})
        assert state.player("ana").gold == 11 - price and state.player("bo").beautified == []


def queen_game(queen: str, king: str, **kw: object) -> citadels.GameState:
    chars = {"ana": ["assassin"], "bo": ["bishop"], "cy": ["merchant"], "di": ["warlord"],
             "ed": ["thief"]}
    chars[queen] = ["queen"]
    chars[king] = ["king"]
    return dstart(5, chars, rank9="queen", **kw)  # type: ignore[arg-type]


def test_queen_next_to_kings_player_gains_three() -> None:
    for king, gain in (("ed", 3), ("cy", 0)):  # ana's neighbours are bo and ed
        state = queen_game("ana", king)
        while state.current != "queen":
            state = run(state, None, GOLD, END) if state.current != "assassin" else run(
                state, None, GOLD, {"type": "assassinate", "character": "magician"}, END)
        state = run(state, "ana", GOLD)
        assert state.player("ana").gold == 4 + gain


def test_queen_with_murdered_king_at_round_end_and_no_rank_four() -> None:
    state = queen_game("bo", "cy", gold={"bo": 0})
    state = run(state, None, GOLD, {"type": "assassinate", "character": "king"}, END)
    while state.round == 1:
        state = run(state, None, GOLD, END)
    assert state.player("bo").gold == 2 + 3 and state.crown == "cy"
    none = dstart(5, {"ana": ["queen"], "bo": ["bishop"], "cy": ["merchant"], "di": ["warlord"],
                      "ed": ["thief"]}, rank9="queen")
    none = until(none, "queen")
    none = run(none, "ana", GOLD)
    assert none.player("ana").gold == 4


def test_queen_next_to_player_the_emperor_crowned() -> None:
    state = dstart(5, {"ana": ["queen"], "bo": ["emperor"], "cy": ["merchant"],
                       "di": ["warlord"], "ed": ["thief"]}, rank9="queen", rank4="emperor",
                   crown="cy")
    state = until(state, "emperor")
    state = run(state, "bo", {"type": "give_crown", "player": "ed"},
                {"type": "tribute", "kind": "gold"})
    state = until(state, "queen")
    state = run(state, "ana", GOLD)
    assert state.player("ana").gold == 7


def test_dark_defaults_are_a_full_cast() -> None:
    state = dstart(4, None, **DARK)
    assert state.cast == tuple(DARK.values())
