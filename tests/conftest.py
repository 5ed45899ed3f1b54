"""Shared fixtures. Emulator fixtures live in tests/fakediscord_fixtures.py, the storage
backends' (SQLite files, a real PostgreSQL server) in tests/postgres_fixtures.py."""

import sys

# Bytecode is cached even where the environment says not to (PYTHONDONTWRITEBYTECODE, set on
# this project's machines): otherwise each pytest worker, and each bot process a test spawns,
# compiles the project anew and pytest rewrites every test module's asserts again, a good part
# of the suite's CPU. The caches go to the git-ignored __pycache__ folders.
sys.dont_write_bytecode = False

from tests.fakediscord_fixtures import (  # noqa: E402, F401 (fixtures are found by name)
    bot_rest,
    citadels_bot,
    discord_api,
    emulator,
    fast_bot,
    table,
)
from tests.postgres_fixtures import (  # noqa: E402, F401 (fixtures are found by name)
    backend,
    new_location,
    postgres_databases,
    postgres_schemas,
    postgres_server,
    store_location,
)
