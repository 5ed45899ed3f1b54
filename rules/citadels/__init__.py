"""Citadels, the Classic game and its Dark City expansion: a pure, deterministic rules engine.

    from rules import citadels
    state = citadels.new_game(["ana", "bo", "cy", "di"], seed=7)
    seat = citadels.to_act(state)[0]
    action = citadels.legal_actions(state, seat)[0]
    state, events = citadels.apply(state, seat, action)
"""

from .actions import ACTION_TYPES, Action
from .cards import CHARACTER_ORDER, CHARACTERS, DISTRICTS, Character, District
from .determinize import determinize
from .engine import apply, legal_actions, new_game, random_action, to_act
from .errors import IllegalAction
from .events import Event
from .scoring import Score, scores
from .state import GameState, Options, Player
from .views import view

# Bumped whenever the same seed and actions could give a different state: stored action logs
# record it, so a replay knows which rules produced them. The one definition (game.py's
# `Citadels.engine_version` is this).
ENGINE_VERSION = 3

__all__ = [
    "ENGINE_VERSION", "ACTION_TYPES", "Action",
    "CHARACTERS", "CHARACTER_ORDER", "Character", "DISTRICTS",
    "District", "Event", "GameState", "IllegalAction", "Options", "Player", "Score", "apply",
    "determinize", "legal_actions", "new_game", "random_action", "scores", "to_act", "view",
]
