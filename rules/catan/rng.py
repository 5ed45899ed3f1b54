"""The engine's draws: the kernel's seeded generator (rules/kernel/rng.py), its state one int
in the game state. Catan's decks are dealt by the one-draw-per-swap Fisher-Yates (`shuffle`
here), as they always were, so that a seed keeps its game."""

from rules.kernel.rng import below, choice, next_u64, seed_state
from rules.kernel.rng import fisher_yates as shuffle

__all__ = ["below", "choice", "next_u64", "seed_state", "shuffle"]
