"""The tests' name for demo.postgres_server: a real PostgreSQL server made from the machine's
binaries (it lives beside the demo, so the storage benchmarks use it without importing the
tests)."""

from demo.postgres_server import (
    INSTALL_HINT,
    PORT,
    PostgresServer,
    ServerUnavailable,
    bin_dir,
    server_major,
)

__all__ = ["INSTALL_HINT", "PORT", "PostgresServer", "ServerUnavailable", "bin_dir",
           "server_major"]
