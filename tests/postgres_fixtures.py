"""Fixtures for the store tests on both backends: `store_location` is a fresh SQLite file or a
fresh schema on a real PostgreSQL server (`postgres_server`, one per test process: each
pytest-xdist worker starts its own, the first time a test needs it).

A PostgreSQL location is a URL whose `search_path` names an empty schema of the server's
`tests` database: making one takes a millisecond where a database takes a checkpoint. A test
that needs a database of its own (to change its settings) asks `postgres_databases`."""

from __future__ import annotations

import itertools
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.postgres_server import PORT, PostgresServer, ServerUnavailable, bin_dir, server_major

BACKENDS = ["sqlite", "postgres"]
TESTS_DATABASE = "tests"
_names = itertools.count(1)
_schemas: list[str] = []  # made and not handed out yet
SCHEMA_BATCH = 50


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A server for this test process. No binaries is a failure, never a skip."""
    server = PostgresServer()
    try:
        server.start()
        _client(server, "createdb", TESTS_DATABASE)
    except ServerUnavailable as exc:
        server.stop()
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.stop()


def _client(server: PostgresServer, program: str, *args: str) -> None:
    assert server.directory is not None
    subprocess.run([str(bin_dir() / program), "-h", str(server.directory), "-p", str(PORT),
                    "-U", server.user, *args], check=True, capture_output=True)


@pytest.fixture
def postgres_databases(postgres_server: PostgresServer) -> Iterator[Callable[[], str]]:
    """Makes empty databases on the server (dropped after the test); returns their URLs."""
    made: list[str] = []

    def new() -> str:
        name = f"test{next(_names)}"
        # FILE_COPY (PostgreSQL 15+) copies the small template at once instead of logging it.
        strategy = ["--strategy=FILE_COPY"] if server_major() >= 15 else []
        _client(postgres_server, "createdb", *strategy, name)
        made.append(name)
        return postgres_server.url(name)

    yield new
    for name in made:
        _client(postgres_server, "dropdb", "--force", name)


@pytest.fixture
def postgres_schemas(postgres_server: PostgresServer) -> Callable[[], str]:
    """Makes empty schemas in the `tests` database; returns URLs that put each first on the
    search path. Schemas are made fifty at a time (one psql call) and never dropped: the
    server is thrown away at the end of the session."""

    def new() -> str:
        if not _schemas:
            names = [f"test{next(_names)}" for _ in range(SCHEMA_BATCH)]
            _client(postgres_server, "psql", "-d", TESTS_DATABASE, "-c",
                    "; ".join(f"CREATE SCHEMA {name}" for name in names))
            _schemas.extend(names)
        return f"{postgres_server.url(TESTS_DATABASE)}&search_path={_schemas.pop()}"

    return new


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def new_location(backend: str, request: pytest.FixtureRequest,
                 tmp_path: Path) -> Callable[[], Path | str]:
    """Makes fresh store locations of the test's backend: SQLite files or database URLs."""
    if backend == "postgres":
        schemas: Callable[[], str] = request.getfixturevalue("postgres_schemas")
        return schemas
    files = (tmp_path / f"store{n}.sqlite3" for n in itertools.count(1))
    return lambda: next(files)


@pytest.fixture
def store_location(new_location: Callable[[], Path | str]) -> Path | str:
    """A fresh store location of the test's backend."""
    return new_location()
