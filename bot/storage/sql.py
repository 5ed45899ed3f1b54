"""SQLite plumbing shared by the store and the migrations."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiosqlite

T = TypeVar("T")

# Primary result codes (the low byte of extended codes) meaning "someone else holds a lock".
_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


def is_lock_error(exc: BaseException) -> bool:
    """Whether `exc` is a transient lock conflict worth retrying."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BUSY_CODES
    return "locked" in str(exc) or "busy" in str(exc)


async def transaction(
    db: aiosqlite.Connection, body: Callable[[aiosqlite.Connection], Awaitable[T]]
) -> T:
    """Run `body` in a write transaction: committed if it returns, rolled back if it raises.

    IMMEDIATE takes the write lock up front, so a lock conflict shows at BEGIN (where the busy
    timeout applies) rather than as a deadlock when a read transaction tries to upgrade.
    """
    await db.execute("BEGIN IMMEDIATE")
    try:
        result = await body(db)
        await db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            await db.rollback()
        raise
    return result
