"""A progress card that asks another seat a decision of its own is its records and nothing
else: the Envoy (tests/rules/catan/envoy.py, one file) is played, asked, answered, defaulted
and parsed by the engine, and played and answered by the basic computer player, while no
file of the project but its own names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.catan import cards
from ai.catan.basic import basic_move
from rules.catan import engine, progress
from rules.catan.actions import ACTIONS, Discard, PlayProgress
from rules.catan.asks import ASKS, Ask
from rules.catan.game import GAME
from rules.catan.state import GameState

from .engine_helpers import hand, table
from .envoy import CARD, COLOUR, KIND, NAME, SendEnvoyGift, envoy
from .test_progress import refused

ROOT = Path(__file__).resolve().parents[3]


def _dealt() -> GameState:
    """R's turn, holding the Envoy; B holds two brick and an ore, O a wool, W nothing."""
    s = table(4, cards={"B": {"brick": 2, "ore": 1}, "O": {"wool": 1}})
    s = s.clone()
    s.players[0].progress.append(NAME)
    return s


def test_the_envoy_asks_the_seat_it_names_for_a_resource() -> None:
    with envoy():
        s = _dealt()
        plays = [a for a in engine.legal_actions(s, "R") if isinstance(a, PlayProgress)]
        assert [a.seat for a in plays] == ["B", "O"]  # W holds no resource
        s, _ = engine.apply(s, "R", {"type": "play_progress", "card": NAME, "seat": "B"})
        assert [(d.kind, d.seat, d.target) for d in s.pending] == [(KIND, 1, 0)]
        assert GAME.must_decide(s) == ["B"] and engine.legal_actions(s, "R") == []
        assert engine.legal_actions(s, "B") == [SendEnvoyGift(card="brick"),
                                                SendEnvoyGift(card="ore")]
        assert engine.default_action(s, "B") == SendEnvoyGift(card="brick")
        assert GAME.view(s, "R")["pending"][0]["kind"] == KIND
        refused(s, "B", {"type": "send_envoy_gift", "card": "wool"})  # not held
        refused(s, "R", {"type": "send_envoy_gift", "card": "ore"})  # not R's to answer
        after, events = engine.apply(s, "B", {"type": "send_envoy_gift", "card": "ore"})
        assert (hand(after, "B"), hand(after, "R")) == ({"brick": 2}, {"ore": 1})
        assert after.pending == [] and NAME in after.decks[COLOUR]
        assert [(e.type, e.data) for e in events] == [
            ("envoy_gift_sent", {"to": "R", "card": "ore"})]
    assert NAME not in progress.PROGRESS and KIND not in ASKS
    assert ACTIONS.of("send_envoy_gift") is None and NAME not in cards.POLICIES


def test_a_card_takes_no_name_kind_or_action_type_already_taken() -> None:
    with pytest.raises(ValueError):
        progress.add_card("spy", CARD, COLOUR)
    discard = Ask("a_new_kind", Discard, CARD.asks[0].choices, CARD.asks[0].handler)
    with pytest.raises(ValueError):  # discard answers a 7
        progress.add_card(NAME, progress.Card(CARD.options, CARD.effect, asks=(discard,)), COLOUR)
    with envoy(), pytest.raises(ValueError):
        progress.add_card("envoy_again", CARD, COLOUR)  # its ask's kind is the Envoy's
    assert NAME not in progress.PROGRESS and "envoy_again" not in progress.PROGRESS
    assert "spy" in progress.PROGRESS and "a_new_kind" not in ASKS


def test_the_basic_player_plays_the_envoy_and_answers_it() -> None:
    with envoy():
        s = _dealt()
        move = basic_move(GAME.view(s, "R"), GAME.legal_actions(s, "R"))
        assert move == PlayProgress(card=NAME, seat="B")  # the bigger hand
        s, _ = GAME.apply(s, "R", move)
        answer = basic_move(GAME.view(s, "B"), GAME.legal_actions(s, "B"))
        assert isinstance(answer, SendEnvoyGift)
        s, events = GAME.apply(s, "B", answer)
        assert [e.type for e in events] == ["envoy_gift_sent"]
        assert sum(hand(s, "R").values()) == 1 and not s.pending


def test_the_envoy_names_no_file_but_its_own() -> None:
    """The files the card needed: those of the project that name it (tests of it aside)."""
    sources = [p for d in ("rules", "ai", "cogs", "bot", "demo", "bench", "tests")
               for p in (ROOT / d).rglob("*") if p.suffix in (".py", ".json", ".md")]
    naming = sorted(str(p.relative_to(ROOT)) for p in sources
                    if not p.name.startswith("test_") and NAME in p.read_text("utf-8").lower())
    assert naming == ["tests/rules/catan/envoy.py"]
    assert len(sources) > 300  # the project's files were read
