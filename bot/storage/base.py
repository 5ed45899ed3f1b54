"""The store's interface and errors, independent of the database behind them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from bot.finished import FinishedGame, Rating, RatingRow, ResultRow
from bot.records import ActionEntry, GameRecord

Rate = Callable[[FinishedGame, dict[str, Rating]], dict[str, Rating]]


class StoreError(Exception):
    """Base class of the store's own errors."""


class StaleVersion(StoreError):
    """The stored game is not at the version the caller read: someone else changed it first."""

    def __init__(self, game_id: int, expected: int, found: int | None) -> None:
        self.game_id = game_id
        self.expected = expected
        self.found = found  # None: no such game
        super().__init__(f"game {game_id}: expected version {expected}, stored {found}")


class ChannelBusy(StoreError):
    """The channel already has an active (lobby or running) game."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"the channel already has active game {game_id}")


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot; upgrading the bot is the fix."""

    def __init__(self, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(
            f"database schema version {found} is newer than this bot supports ({supported}); "
            "run a newer bot or restore a backup made before the upgrade"
        )


@runtime_checkable
class Store(Protocol):
    """Durable games: one record per game, its action log, and the bot's key/value metadata.

    Every accepted change is one `save` guarded by the version the caller read, so two
    writers (or a stale button) can never both win.
    """

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create(self, record: GameRecord) -> GameRecord:
        """Store a new game, filling in id, created_at and updated_at; ChannelBusy if the
        channel already has an active game."""
        ...

    async def save(
        self, record: GameRecord, *, expected_version: int, action: ActionEntry | None = None
    ) -> None:
        """Write `record` (version already bumped) and append `action`, atomically; StaleVersion
        if the stored version is not `expected_version`."""
        ...

    async def get(self, game_id: int) -> GameRecord | None: ...

    async def active_games(self) -> list[GameRecord]: ...

    async def last_finished(self, channel_id: int) -> GameRecord | None: ...

    async def actions(self, game_id: int) -> list[ActionEntry]: ...

    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...

    async def delete_meta(self, key: str) -> None:
        """Forget `key` (nothing happens if it was never set)."""

    # Shard leases (bot/shards.py): which process drives which shard's games.

    async def claim_shards(self, owner: str, shard_count: int, shards: Sequence[int], *,
                           until: float, now: float, replacing: Sequence[str] = ()
                           ) -> dict[int, tuple[str, float]]:
        """Take or renew `owner`'s leases where free, its own, expired or held by one of
        `replacing`; every lease of `shard_count` afterwards: shard -> (holder, expiry)."""
        ...

    async def release_shards(self, owner: str) -> None: ...

    # The history (bot/history.py): ended games, their results and the ratings they moved.

    async def record_finished(self, game: FinishedGame, rate: Rate) -> bool:
        """Keep `game` and, if it counts, apply `rate` to its players' ratings, atomically;
        False (nothing written) if it was kept before."""
        ...

    async def unrecorded_games(self) -> list[int]: ...

    async def finished_game(self, game_id: int) -> FinishedGame | None: ...

    async def finished_games(self, guild_id: int | None, game: str, *, limit: int,
                             offset: int = 0) -> list[FinishedGame]: ...

    async def leaderboard(self, guild_id: int | None, game: str, *, min_games: int,
                          limit: int, offset: int = 0) -> tuple[list[RatingRow], int]: ...

    async def standing(self, guild_id: int | None, game: str, identity: str, *,
                       min_games: int) -> tuple[int | None, RatingRow | None]: ...

    async def results(self, guild_id: int | None, game: str, identity: str
                      ) -> list[ResultRow]: ...

    async def forget(self, user_id: int) -> int: ...
