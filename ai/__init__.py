"""Computer players: the generic interface (player.py, worker.py) and each game's players
(`ai/<game>/`, found through rules.registry)."""

from .player import Player, decide, make_player, players_for, strengths

__all__ = ["Player", "decide", "make_player", "players_for", "strengths"]
