"""The tests' name for demo.processes: the emulator or the bot as separate processes."""

from demo.processes import REPO, child_env, finish, spawn

__all__ = ["REPO", "child_env", "finish", "spawn"]
