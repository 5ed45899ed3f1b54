"""Shared fixtures. Emulator fixtures live in tests/fakediscord_fixtures.py, the storage
backends' (SQLite files, a real PostgreSQL server) in tests/postgres_fixtures.py."""

import os
import sys

import pytest

# Bytecode is cached even where the environment says not to (PYTHONDONTWRITEBYTECODE, set on
# this project's machines): otherwise each pytest worker, and each bot process a test spawns,
# compiles the project anew and pytest rewrites every test module's asserts again, a good part
# of the suite's CPU. The caches go to the git-ignored __pycache__ folders.
sys.dont_write_bytecode = False

# The bots the tests start draw their pictures in a thread: a painter process each (a second
# Python starting, Pillow and the games' UI imported) would cost the suite far more than the
# pictures. tests/bot/test_painter.py and tests/e2e/test_painter_process.py draw in the process.
os.environ.setdefault("PAINTER", "thread")

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


@pytest.hookimpl(trylast=True)  # after `-m` has deselected what this run leaves out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deal the `heavy` tests to the fronts of the pytest-xdist workers' shares: worksteal hands
    each worker an equal run of the collection, and a half-minute test met at the end of one
    would run alone after the rest had finished."""
    workers = config.getoption("numprocesses", None)
    heavy = [i for i in items if i.get_closest_marker("heavy")]
    if not isinstance(workers, int) or workers < 2 or not heavy:
        return
    rest = [i for i in items if not i.get_closest_marker("heavy")]
    share = -(-len(rest) // workers)
    items[:] = [item for w in range(workers)
                for item in heavy[w::workers] + rest[w * share:(w + 1) * share]]
