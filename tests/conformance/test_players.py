"""Every registered game's computer players (its `ai` module), against what the platform's
worker asks of them: named strengths, a stand-in among them, and players that pick one of the
legal actions from the seat's view alone, near their deadline, with a fallback that is legal."""

from __future__ import annotations

import importlib
import random
import time
from types import ModuleType
from typing import Any

import pytest

from rules import registry
from tests.games.nim import ENTRY, register, registered

from .checks import AnyGame, allowed_counts, canonical, playout

with registered():
    AIS: list[tuple[AnyGame, ModuleType]] = [
        (registry.game(g), importlib.import_module(ai))
        for g in registry.games() if (ai := registry.entry(g).ai)]
assert "nim" in [game.id for game, _ in AIS]

POINTS = 6       # decisions asked of each strength per game
THINK = 0.05     # seconds each player is given
SLACK = 2.0      # what a loaded machine may add before a player is called late


@pytest.mark.parametrize(("game", "ai"), AIS, ids=[game.id for game, _ in AIS])
def test_players_choose_legal_actions_from_the_view(game: AnyGame, ai: ModuleType) -> None:
    strengths: tuple[str, ...] = ai.STRENGTHS
    assert strengths and all(isinstance(s, str) for s in strengths), game.id
    assert ai.STAND_IN in strengths, game.id
    with pytest.raises(ValueError):
        ai.make_player("no-such-strength")
    run = playout(game, max(allowed_counts(game, {})), {}, seed=5)
    states = run.states[:-1][::max(1, len(run.states) // POINTS)]
    rng = random.Random(5)
    for strength in strengths:
        player: Any = ai.make_player(strength)
        assert isinstance(player.name, str) and player.name, (game.id, strength)
        for state in states:
            seat = game.to_act(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            allowed = {canonical(game.dump_action(a)) for a in legal}
            start = time.monotonic()
            chosen = player.choose(view, legal, rng, deadline=start + THINK)
            assert time.monotonic() - start < THINK + SLACK, f"{game.id}: {strength} is late"
            assert canonical(game.dump_action(chosen)) in allowed, (game.id, strength)
            fallback = player.fallback(view, legal)
            assert canonical(game.dump_action(fallback)) in allowed, (game.id, strength)


def test_nim_registers_once_and_registered_restores_the_registry() -> None:
    before = dict(registry.GAMES)
    with registered():
        assert registry.game("nim").id == "nim"
        assert register() == ENTRY and registry.games().count("nim") == 1
    assert before == registry.GAMES
    try:
        register()
        register()
        assert registry.games().count("nim") == 1
        with registered():
            pass
        assert registry.entry("nim") == ENTRY  # it was there before the block: it stays
    finally:
        if "nim" not in before:
            registry.unregister("nim")
    assert before == registry.GAMES
