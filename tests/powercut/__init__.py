"""A power cut for a process's files: build the LD_PRELOAD library (powercut.c, with the
machine's gcc), run the process with `environment(folder)`, kill it, then `revert(folder)`
leaves every file as its last fsync did (never synced: empty), as the disk would be after the
power came back. SQLite's shared-memory index (-shm) is never synced and is rebuilt from the
WAL, so it goes."""

from __future__ import annotations

import subprocess
import tempfile
from functools import cache
from pathlib import Path

SOURCE = Path(__file__).with_name("powercut.c")


@cache
def library() -> Path:
    built = Path(tempfile.mkdtemp(prefix="powercut-")) / "powercut.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-o", str(built),
                    str(SOURCE), "-ldl"], check=True, capture_output=True)
    return built


def environment(folder: Path) -> dict[str, str]:
    return {"LD_PRELOAD": str(library()), "POWERCUT_DIR": str(folder.resolve())}


def revert(folder: Path) -> list[str]:
    """Put every file of `folder` back to its last synced copy; returns the files changed."""
    changed = []
    for path in sorted(folder.iterdir()):
        if path.name.endswith((".synced", ".tmp")) or not path.is_file():
            continue
        synced = path.with_name(path.name + ".synced")
        if path.name.endswith("-shm"):
            path.unlink()
            changed.append(path.name)
        elif synced.exists():
            if synced.read_bytes() != path.read_bytes():
                changed.append(path.name)
            synced.replace(path)
        elif path.stat().st_size:
            path.write_bytes(b"")
            changed.append(path.name)
    for leftover in folder.glob("*.synced.tmp"):
        leftover.unlink()
    for path in folder.iterdir():  # what is on the disk now is the next life's last sync
        if path.is_file() and not path.name.endswith(".synced"):
            path.with_name(path.name + ".synced").write_bytes(path.read_bytes())
    return changed
