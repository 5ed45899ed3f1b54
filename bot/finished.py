"""What the store keeps of ended games and ratings (the history's records, no logic)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from bot.records import BY_STORED_KEY, stored_as

COUNTED = "completed"  # the only ending that counts for ratings and stats
FORMER = "former"      # the identity of a seat whose person asked to be forgotten
Rating = tuple[float, float]  # OpenSkill's mu, sigma


class SeatResult(BaseModel):
    model_config = BY_STORED_KEY
    id: Annotated[str, stored_as("pid", "id")]  # the seat id ("pid" stored, and its column)
    identity: str              # "user:<id>" for a person, "ai:<strength>" for a computer
    name: str                  # display name when the game ended ("" once forgotten)
    user_id: int | None = None
    ai: str | None = None      # the computer's strength (a person's seat: who stood in)
    left: bool = False
    rank: int | None = None    # None: the game did not reach its end
    score: int | None = None
    breakdown: dict[str, int] = Field(default_factory=dict)
    roles: list[str] = Field(default_factory=list)  # each role it played, in order (the game's)


class FinishedGame(BaseModel):
    game_id: int
    game: str
    guild_id: int | None
    channel_id: int
    result_message_id: int | None = None
    ended_reason: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatResult]
    rounds: list[list[dict[str, Any]]] = Field(default_factory=list)  # public events by round
    final: dict[str, Any] = Field(default_factory=dict)  # the public view at the end
    started_at: float
    ended_at: float

    @property
    def counted(self) -> bool:
        """Whether the game counts for ratings and stats: played to its end by two or more."""
        return self.ended_reason == COUNTED and len(self.seats) >= 2

    def placed(self) -> dict[str, int]:
        """The place each ranked seat counts with for ratings and stats: its rank in the game
        for those who stayed to the end; below all of them (tied, if several) for a person who
        left mid-game: leaving is a loss, whatever the computer that took the seat made of it."""
        stayed = {s.id: s.rank for s in self.seats if s.rank is not None and not s.left}
        below = max(stayed.values(), default=0) + 1
        return {**stayed, **{s.id: below for s in self.seats if s.rank is not None and s.left}}


class RatingRow(BaseModel):
    """One identity's standing on a server, for one game."""

    identity: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


class ResultRow(BaseModel):
    """One seat of one counted game, as the identity's stats read it."""

    game_id: int
    rank: int
    score: int
    seats: int
    ended_at: float
    rating: float | None  # the identity's ordinal after this game
    roles: list[str] = Field(default_factory=list)
