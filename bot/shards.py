"""Which games this process drives: the shards it runs, and a lease on each in the store.

Discord sends a server's events to one shard, `(guild_id >> 22) % shard_count`, and a process
runs some shards (`python -m bot --shards 0,1 --shard-count 4`). It drives (turn timers,
computer players) only the games of its shards' servers, and only while the store says it holds
their leases, so two processes never drive one game: not when two are started for one shard by
mistake, nor during a rolling restart, when a shard's new process starts before the old one has
stopped. The newcomer waits; the old holder gives its leases up when it stops cleanly, and a
killed holder's leases expire (at once when it ran on this machine and its process is gone).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.storage import Store

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
FREED = "(a holder that just let go)"


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's shard of a server; games outside any server belong to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards this process runs, out of `count`."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    @classmethod
    def of(cls, count: int | None, ids: list[int] | None) -> Shards:
        count = count or 1
        return cls(count, tuple(sorted(ids)) if ids is not None else tuple(range(count)))

    @property
    def share(self) -> float:
        """This process's part of the whole bot (for budgets Discord counts per bot)."""
        return len(self.ids) / self.count

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids


# Told apart from an earlier process that had this pid (a container's pid 1, restarted).
_THIS_PROCESS = secrets.token_hex(4)


def new_owner() -> str:
    """A lease holder's name in the lease rows: host, pid and process (to tell a dead holder on
    this machine), and its own random part (a process may run several bots, as tests do)."""
    return f"{socket.gethostname()}/{os.getpid()}/{_THIS_PROCESS}/{secrets.token_hex(4)}"


def gone(owner: str) -> bool:
    """Whether `owner` was a process of this machine that no longer runs. Another machine's
    holder is never known gone: its lease has to expire."""
    parts = owner.split("/")
    if len(parts) != 4 or parts[0] != socket.gethostname() or not parts[1].isdigit():
        return False
    pid, process = int(parts[1]), parts[2]
    if pid == os.getpid():
        return process != _THIS_PROCESS  # this pid's earlier life is gone; this one is not
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, someone else's
    return False


class Lease:
    """This process's hold on its shards: `acquire` before driving any game, `keep` while it
    runs (calls `lost` if the hold cannot be renewed in time), `release` when it stops."""

    def __init__(self, store: Store, shards: Shards, *, seconds: float = LEASE_SECONDS,
                 clock: Callable[[], float] = time.time, poll: float = 0.5,
                 owner: str | None = None) -> None:
        self.store = store
        self.shards = shards
        self.seconds = seconds
        self.clock = clock
        self.poll = poll
        self.owner = owner or new_owner()
        self.expires_at = 0.0  # of the leases held, once acquired

    async def claim(self) -> dict[int, str]:
        """Claim every shard once (taking over holders known gone); the holder of each shard
        not held afterwards."""
        now = self.clock()
        held = await self.store.claim_shards(self.owner, self.shards.count, self.shards.ids,
                                             until=now + self.seconds, now=now)
        dead = sorted({h for s, (h, _) in held.items() if s in self.shards.ids
                       and h != self.owner and gone(h)})
        if dead:
            held = await self.store.claim_shards(
                self.owner, self.shards.count, self.shards.ids, until=now + self.seconds,
                now=now, replacing=dead)
        # A shard missing from `held` was released between the claim and the read: free now,
        # taken on the next try.
        holders = {s: held[s][0] if s in held else FREED for s in self.shards.ids}
        others = {s: h for s, h in holders.items() if h != self.owner}
        if not others:
            self.expires_at = now + self.seconds
        return others

    async def acquire(self) -> None:
        """Wait until every shard of this process is ours."""
        told: set[str] = set()
        while others := await self.claim():
            for holder in sorted(set(others.values()) - told):
                log.warning("Waiting for %s to give up shards %s (or for its lease to expire)",
                            holder, sorted(s for s, h in others.items() if h == holder))
            told |= set(others.values())
            await asyncio.sleep(self.poll)
        log.info("Holding shards %s of %d as %s", list(self.shards.ids), self.shards.count,
                 self.owner)

    async def keep(self, lost: Callable[[], Awaitable[None]]) -> None:
        """Renew the leases every third of their time; if they are taken or run out before a
        renewal succeeds (the database unreachable, the process frozen), stop driving: `lost`."""
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                others = await self.claim()
            except Exception:
                log.exception("Could not renew the shard leases")
                others = {}
                if self.clock() < self.expires_at:
                    continue
            if others or self.clock() >= self.expires_at:
                log.critical("Lost the lease of shards %s (now %s); stopping",
                             sorted(others) or list(self.shards.ids), others or "expired")
                await lost()
                return

    async def release(self) -> None:
        try:
            await self.store.release_shards(self.owner)
        except Exception:
            log.exception("Could not release the shard leases; they expire in %.0f s",
                          self.seconds)
