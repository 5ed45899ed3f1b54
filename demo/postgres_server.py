"""A real PostgreSQL server for the tests and the storage bench: the machine's own binaries,
started in a temporary directory, listening only on a Unix socket there (so parallel test
workers each run their own without fighting over a port), torn down with the directory.

PostgreSQL refuses to run as root: under root the server runs as the `postgres` user (made by
Debian's package) or else `nobody`. Missing binaries raise `ServerUnavailable` saying how to
install them; the tests fail on it rather than skip.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

PORT = 5432  # names the socket file in our own directory; no TCP port is opened
INSTALL_HINT = (
    "PostgreSQL server binaries (initdb, postgres) not found on PATH or in "
    "/usr/lib/postgresql/*/bin: install them (Debian: apt-get install postgresql) or put "
    "their directory on PATH; .ci/run does this"
)


class ServerUnavailable(RuntimeError):
    pass


def bin_dir() -> Path:
    """The directory of the newest PostgreSQL server binaries on this machine."""
    initdb = shutil.which("initdb")
    if initdb is not None and Path(initdb).resolve().with_name("postgres").exists():
        return Path(initdb).resolve().parent
    found = [Path(d) for d in glob.glob("/usr/lib/postgresql/*/bin")
             if (Path(d) / "initdb").exists() and (Path(d) / "postgres").exists()]
    if not found:
        raise ServerUnavailable(INSTALL_HINT)
    return max(found, key=_major)


def _major(binaries: Path) -> int:
    """The major version of binaries in a versioned directory (Debian's .../15/bin), else 0."""
    digits = re.findall(r"\d+", binaries.parent.name)
    return int(digits[0]) if digits else 0


def server_major() -> int:
    """The major version of the binaries `bin_dir` finds (0 if their directory does not say)."""
    return _major(bin_dir())


def _run_as() -> pwd.struct_passwd | None:
    """The user the server runs as: None for ourselves, unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise ServerUnavailable("running as root and no 'postgres' or 'nobody' user to run as")


class PostgresServer:
    """One server in a fresh temporary directory. `fsync=False` (the tests) skips flushing to
    disk, which only a power cut would notice; the bench keeps it on."""

    def __init__(self, *, fsync: bool = False, user: str = "postgres") -> None:
        self.fsync = fsync
        self.user = user  # the database superuser's name
        self.directory: Path | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._ids: dict[str, Any] = {}  # who the server runs as (subprocess's user, group)

    def __enter__(self) -> PostgresServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def url(self, database: str = "postgres") -> str:
        assert self.directory is not None, "the server is not started"
        return f"postgresql://{self.user}@/{database}?host={self.directory}&port={PORT}"

    def start(self, timeout: float = 30.0) -> None:
        binaries = bin_dir()
        owner = _run_as()
        directory = Path(tempfile.mkdtemp(prefix="citadels-pg-"))
        self.directory = directory
        if owner is not None:
            os.chown(directory, owner.pw_uid, owner.pw_gid)
            self._ids = {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": []}
        try:
            subprocess.run(
                [str(binaries / "initdb"), "-D", str(directory / "data"), "-U", self.user,
                 "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
                cwd=directory, check=True, capture_output=True, **self._ids)
            self._launch(timeout)
        except BaseException as exc:
            self.stop()
            if isinstance(exc, subprocess.CalledProcessError):
                raise ServerUnavailable(f"initdb failed: {exc.stderr.decode()}") from exc
            raise

    def _launch(self, timeout: float) -> None:
        """Start the server on the directory's data and wait until it takes connections."""
        assert self.directory is not None
        binaries, log = bin_dir(), self.directory / "server.log"
        settings = ["-k", str(self.directory), "-p", str(PORT), "-c", "listen_addresses=",
                    "-c", "max_connections=200", "-c", "shared_buffers=32MB"]
        if not self.fsync:
            settings += ["-c", "fsync=off", "-c", "full_page_writes=off"]
        with open(log, "ab") as out:
            if "user" in self._ids:
                os.chown(log, self._ids["user"], self._ids["group"])
            self._process = subprocess.Popen(
                [str(binaries / "postgres"), "-D", str(self.directory / "data"), *settings],
                cwd=self.directory, stdout=out, stderr=subprocess.STDOUT, **self._ids)
        self._wait_ready(binaries, log, timeout)

    def kill(self) -> None:
        """Kill the server at once (SIGKILL: no shutdown, unflushed buffers lost); its data
        stays for `restart`."""
        assert self._process is not None
        self._process.kill()
        self._process.wait()

    def restart(self, timeout: float = 30.0) -> None:
        """Start a killed server again on its data, which recovers from its write-ahead log."""
        deadline = time.monotonic() + timeout
        while True:  # its backends notice their postmaster is gone and exit within moments
            try:
                self._launch(timeout)
                return
            except ServerUnavailable:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def _wait_ready(self, binaries: Path, log: Path, timeout: float) -> None:
        assert self._process is not None and self.directory is not None
        deadline = time.monotonic() + timeout
        ready = [str(binaries / "pg_isready"), "-q", "-h", str(self.directory), "-p", str(PORT)]
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise ServerUnavailable(f"postgres exited: {log.read_text()[-2000:]}")
            if (self.directory / f".s.PGSQL.{PORT}").exists() and (
                    not Path(ready[0]).exists() or subprocess.run(ready).returncode == 0):
                return
            time.sleep(0.05)
        raise ServerUnavailable(f"postgres not ready after {timeout} s: {log.read_text()[-2000:]}")

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGQUIT)  # immediate shutdown: the data is thrown away
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None
