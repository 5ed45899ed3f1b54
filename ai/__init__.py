"""Computer players for Citadels: random, basic (heuristic) and expert (ISMCTS search).

    from ai import make_player, decide
    player = make_player("expert", iterations=200)
    action = decide(state, pid, player, random.Random(seed))   # table side: view + sampler only
"""

from .player import STRENGTHS, Player, decide, make_player

__all__ = ["STRENGTHS", "Player", "decide", "make_player"]
