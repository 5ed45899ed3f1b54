"""Shared fixtures. Emulator fixtures live in tests/fakediscord_fixtures.py, the storage
backends' (SQLite files, a real PostgreSQL server) in tests/postgres_fixtures.py."""

from tests.fakediscord_fixtures import (  # noqa: F401 (fixtures are found by name)
    bot_rest,
    citadels_bot,
    discord_api,
    emulator,
    fast_bot,
    table,
)
from tests.postgres_fixtures import (  # noqa: F401 (fixtures are found by name)
    backend,
    new_location,
    postgres_databases,
    postgres_schemas,
    postgres_server,
    store_location,
)
