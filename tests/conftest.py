"""Shared fixtures. Emulator fixtures live in tests/fakediscord_fixtures.py."""

from tests.fakediscord_fixtures import (  # noqa: F401 (fixtures are found by name)
    bot_rest,
    citadels_bot,
    discord_api,
    emulator,
    fast_bot,
    table,
)
