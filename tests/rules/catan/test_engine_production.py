"""§3.2 production, §3.3 the 7, §9.2 progress draws: §15 T08-T23 that the core plays."""

from __future__ import annotations

import pytest

from rules.catan import engine, scoring
from rules.catan.board import parse_hex
from rules.catan.errors import IllegalAction

from .engine_helpers import act, hand, roll, table


def test_t08_city_yields_resource_and_commodity() -> None:
    s = table(buildings={"I32": ("R", "city")})
    for (red, yellow), expected in [((4, 4), {"ore": 1, "coin": 1}),
                                    ((1, 2), {"lumber": 1, "paper": 1}),
                                    ((2, 3), {"wool": 1, "cloth": 1})]:
        after, _ = roll(s, red, yellow)
        assert hand(after, "R") == expected


def test_t09_city_on_fields_yields_two_grain() -> None:
    s = table(buildings={"I41": ("R", "city")})
    after, _ = roll(s, 3, 3)  # H18 fields 6
    assert hand(after, "R") == {"grain": 2}


def test_t10_robber_blocks_its_hex() -> None:
    s = table(buildings={"I32": ("R", "settlement")}, robber=parse_hex("H12"), attacks=1)
    after, _ = roll(s, 4, 4)
    assert hand(after, "R") == {}


def test_t11_aqueduct_gives_a_resource_when_nothing_came() -> None:
    s = table(buildings={"I32": ("R", "settlement")}, robber=parse_hex("H12"), attacks=1)
    s.players[0].improvements["science"] = 3
    after, _ = roll(s, 4, 4)
    assert engine.to_act(after) == ["R"]
    legal = {a.model_dump()["card"] for a in engine.legal_actions(after, "R")}
    assert legal == {"lumber", "wool", "grain", "brick", "ore"}  # resources, no commodity
    with pytest.raises(IllegalAction):
        engine.apply(after, "R", {"type": "choose_resource", "card": "coin"})
    done = act(after, "R", type="choose_resource", card="brick")
    assert hand(done, "R") == {"brick": 1} and done.phase == "action"


def test_t12_no_aqueduct_on_a_seven() -> None:
    s = table(buildings={"I32": ("R", "settlement")})
    s.players[0].improvements["science"] = 3
    after, _ = roll(s, 3, 4)
    assert after.pending == [] and hand(after, "R") == {}


def test_t13_bank_shortage() -> None:
    both = table(buildings={"I32": ("R", "settlement"), "I27": ("B", "settlement")})
    both = both.model_copy(update={"bank": {**both.bank, "ore": 1}})
    after, _ = roll(both, 4, 4)
    assert hand(after, "R") == {} and hand(after, "B") == {} and after.bank["ore"] == 1
    alone = table(buildings={"I32": ("R", "city")})
    alone = alone.model_copy(update={"bank": {**alone.bank, "ore": 1}})
    after, _ = roll(alone, 4, 4)
    assert hand(after, "R") == {"ore": 1, "coin": 1} and after.bank["ore"] == 0


def test_t14_seven_before_the_first_attack_discards_only() -> None:
    s = table(buildings={"I32": ("B", "settlement")}, cards={"B": {"wool": 5, "ore": 4}})
    after, _ = roll(s, 3, 4)
    assert engine.to_act(after) == ["B"]
    assert [d.count for d in after.pending] == [4]
    mid = act(after, "B", type="discard", cards={"wool": 3})
    assert engine.to_act(mid) == ["B"] and mid.pending[0].count == 1
    with pytest.raises(IllegalAction):
        engine.apply(mid, "B", {"type": "discard", "cards": {"ore": 2}})
    done = act(mid, "B", type="discard", cards={"ore": 1})
    assert done.pending == [] and done.robber == after.robber and sum(hand(done, "B").values()) == 5
    assert engine.to_act(done) == ["R"]


def test_t15_seven_after_the_first_attack_moves_the_robber_and_steals() -> None:
    s = table(buildings={"I43": ("W", "settlement"), "I32": ("R", "city")},
              cards={"W": {"brick": 1}}, attacks=1, robber=parse_hex("H12"))
    after, _ = roll(s, 3, 4)
    assert engine.to_act(after) == ["R"]
    with pytest.raises(IllegalAction):  # the robber must leave its hex
        engine.apply(after, "R", {"type": "move_robber", "hex": "H12"})
    with pytest.raises(IllegalAction):  # W has a building and a card on H16: name W
        engine.apply(after, "R", {"type": "move_robber", "hex": "H16"})
    done, events = engine.apply(after, "R", {"type": "move_robber", "hex": "H16", "victim": "W"})
    assert done.robber == parse_hex("H16") and hand(done, "R") == {"brick": 1}
    stole = next(e for e in events if e.type == "stole")
    assert "card" not in stole.visible_to(None) and "card" not in stole.visible_to("B")
    assert stole.visible_to("R")["card"] == stole.visible_to("W")["card"] == "brick"


def test_t16_walls_raise_the_limit() -> None:
    walls = {"I32": ("B", "city+wall"), "I9": ("B", "city+wall")}
    safe = table(buildings=walls, cards={"B": {"wool": 11}})
    assert roll(safe, 3, 4)[0].pending == []
    over = table(buildings=walls, cards={"B": {"wool": 12}})
    assert [d.count for d in roll(over, 3, 4)[0].pending] == [6]


def test_t17_three_walls_and_progress_cards_do_not_count() -> None:
    walls = {"I32": ("B", "city+wall"), "I9": ("B", "city+wall"), "I41": ("B", "city+wall")}
    s = table(buildings=walls, cards={"B": {"ore": 13}})
    s.players[1].progress = ["spy", "bishop", "crane", "smith"]
    assert roll(s, 3, 4)[0].pending == []


def test_t18_politics_gate_draws_by_level() -> None:
    s = table()
    for seat, level in enumerate([2, 1, 0]):
        s.players[seat].improvements["politics"] = level
    after, _ = roll(s, 3, 2, "gate_politics")
    assert [len(p.progress) + len(p.vp_cards) for p in after.players] == [1, 0, 0]


def test_t19_red_six_needs_level_five() -> None:
    s = table()
    for seat, level in enumerate([5, 4, 3]):
        s.players[seat].improvements["science"] = level
    after, _ = roll(s, 6, 1, "gate_science")
    assert [len(p.progress) + len(p.vp_cards) for p in after.players] == [1, 0, 0]


def test_t20_gate_draws_come_before_discards() -> None:
    s = table(cards={"B": {"wool": 8}})
    s.players[0].improvements["trade"] = 2
    after, events = roll(s, 3, 4, "gate_trade")
    assert [e.type for e in events] == ["rolled", "progress_drawn"]
    assert len(after.players[0].progress) == 1 and [d.kind for d in after.pending] == ["discard"]


def test_t21_off_turn_fifth_card_is_discarded_at_once() -> None:
    s = table(active="R")
    s.players[2].improvements["trade"] = 5
    s.players[2].progress = ["merchant", "spy", "crane", "smith"]
    s.decks["trade"] = ["merchant_fleet", *s.decks["trade"]]
    after, _ = roll(s, 1, 1, "gate_trade")
    assert engine.to_act(after) == ["W"]
    assert {a.model_dump()["card"] for a in engine.legal_actions(after, "W")} == {
        "merchant", "spy", "crane", "smith", "merchant_fleet"}
    done = act(after, "W", type="discard_progress", card="spy")
    assert len(done.players[2].progress) == 4 and done.decks["politics"][-1] == "spy"
    assert engine.to_act(done) == ["R"]


def test_t22_active_player_keeps_a_fifth_card_until_the_end_of_the_turn() -> None:
    s = table(active="R")
    s.players[0].improvements["trade"] = 5
    s.players[0].progress = ["merchant", "spy", "crane", "smith"]
    s.decks["trade"] = ["merchant_fleet", *s.decks["trade"]]
    after, _ = roll(s, 1, 1, "gate_trade")
    assert after.pending == [] and len(after.players[0].progress) == 5
    with pytest.raises(IllegalAction):
        engine.apply(after, "R", {"type": "end_turn"})
    done = act(act(after, "R", type="discard_progress", card="crane"), "R", type="end_turn")
    assert engine.to_act(done) == ["B"]


def test_t23_printer_is_revealed_and_scores() -> None:
    s = table(active="R")
    s.players[2].improvements["science"] = 1
    s.decks["science"] = ["printer", *[c for c in s.decks["science"] if c != "printer"]]
    before = scoring.points(s, 2)
    after, events = roll(s, 1, 1, "gate_science")
    assert after.players[2].vp_cards == ["printer"] and after.players[2].progress == []
    assert scoring.points(after, 2) == before + 1
    assert any(e.type == "vp_card_revealed" and e.visible_to(None)["card"] == "printer"
               for e in events)


def test_two_aqueducts_and_one_card_left_in_the_bank() -> None:
    s = table(buildings={"I32": ("R", "settlement"), "I1": ("B", "settlement")},
              robber=parse_hex("H12"), attacks=1)
    s.players[0].improvements["science"] = 3
    s.players[1].improvements["science"] = 3
    s = s.model_copy(update={"bank": {**s.bank, "lumber": 0, "wool": 0, "grain": 0,
                                      "brick": 0, "ore": 1}})
    after, _ = roll(s, 4, 4)  # H12 robbed; H1 is a 10: nobody gets anything
    assert engine.to_act(after) == ["R", "B"]
    done = act(after, "B", type="choose_resource", card="ore")
    assert done.pending == [] and engine.to_act(done) == ["R"] and done.phase == "action"
    assert hand(done, "B") == {"ore": 1} and hand(done, "R") == {}
