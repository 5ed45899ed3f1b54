"""Catan behind rules.game.Game: the interface's parts Catan is the first to need (issue #17):
who the game waits for, legal actions beyond the listed forms, and timeout defaults."""

from __future__ import annotations

from rules import registry
from rules.catan.game import GAME

from .engine_helpers import act, table

OFFER = {"type": "offer_trade", "to": "B", "give": {"wool": 2}, "get": {"ore": 1}}


def test_catan_is_registered_with_computer_players_and_its_ui() -> None:
    entry = registry.entry("catan")
    assert registry.game("catan") is GAME
    assert (entry.ai, entry.ui) == ("ai.catan", "cogs.catan")


def test_an_open_offer_waits_for_the_addressee_while_the_offerer_may_cancel() -> None:
    s = table(cards={"R": {"wool": 2}, "B": {"ore": 1}})
    assert GAME.must_decide(s) == GAME.to_act(s) == ["R"]
    offered = act(s, "R", **OFFER)
    assert GAME.to_act(offered) == ["R", "B"]
    assert GAME.must_decide(offered) == ["B"]
    declined = act(offered, "B", type="decline_trade")
    assert GAME.must_decide(declined) == ["R"]


def test_is_legal_accepts_offers_that_are_not_listed_and_refuses_what_apply_refuses() -> None:
    s = table(cards={"R": {"wool": 2, "grain": 1}, "B": {"ore": 1}})
    listed = [GAME.dump_action(a) for a in GAME.legal_actions(s, "R")]
    assert OFFER not in listed  # only one-for-one offers are listed
    assert GAME.is_legal(s, "R", OFFER)
    assert not GAME.is_legal(s, "R", {**OFFER, "give": {"wool": 3}})  # R has two
    assert not GAME.is_legal(s, "B", OFFER)  # not B's turn
    assert not GAME.is_legal(s, "R", {"type": "no_such_action"})
    assert all(GAME.is_legal(s, "R", a) for a in listed)


def test_default_actions_follow_the_rules_timeouts() -> None:
    s = table(cards={"R": {"wool": 2}, "B": {"ore": 1}})
    offered = act(s, "R", **OFFER)
    decline, end = GAME.default_action(offered, "B"), GAME.default_action(s, "R")
    assert decline is not None and GAME.dump_action(decline) == {"type": "decline_trade"}
    assert end is not None and GAME.dump_action(end) == {"type": "end_turn"}
    assert GAME.default_action(offered, "W") is None  # W has nothing to decide
