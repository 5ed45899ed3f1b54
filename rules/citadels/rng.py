"""The engine's draws: the kernel's seeded generator (rules/kernel/rng.py), SplitMix64 with
exactly uniform draws, its whole state one int kept in GameState.rng."""

from rules.kernel.rng import below, choice, next_u64, seed_state, shuffle

__all__ = ["below", "choice", "next_u64", "seed_state", "shuffle"]
