"""What the bot keeps about a game: its lobby seats, settings, engine state and action log.

A `GameRecord` is the unit the store saves; `version` rises by one with every accepted change
(lobby edits and game actions alike), so a button built on an older version can be refused.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_serializer, model_validator

from rules import registry
from rules.game import Game

Strength = str  # a computer player's strength, one of its game's ai STRENGTHS
Status = Literal["lobby", "running", "finished", "cancelled"]
ACTIVE: tuple[Status, ...] = ("lobby", "running")


class Seat(BaseModel):
    """One place at the table. Engine player ids are per seat, so a seat can change hands."""

    pid: str                       # engine seat id, "p1", "p2", ...
    name: str                      # display name when the seat was taken
    user_id: int | None = None     # the Discord user; None for a computer seat
    ai: Strength | None = None     # computer strength; for a human seat, who stands in when away
    away: bool = False             # a human seat currently played by the computer
    timeouts: int = 0              # decisions in a row the timer played for this seat
    locale: str | None = None      # the user's last Discord locale (for reminders and DMs)
    dms: bool = False              # opted in to DM notifications
    left: bool = False             # the user left mid-game; the computer plays on for good

    @property
    def computer(self) -> bool:
        """Whether the bot decides for this seat now."""
        return self.user_id is None or self.away or self.left

    @property
    def human(self) -> bool:
        """Whether a person owns this seat (even if the computer stands in for now)."""
        return self.user_id is not None and not self.left


class GameSettings(BaseModel):
    max_players: int | None = Field(default=None, ge=1, le=32)  # None: the game's most
    turn_limit: int = Field(default=0, ge=0, le=30)          # minutes per decision; 0 = off
    language: Literal["en", "es"] = "en"
    thread: bool = False  # play in a thread opened from the lobby message, where the bot may
    # Seconds a decision waits before its player is mentioned: 0 at once, None never. A player
    # who is already clicking needs no ping, and every ping is one more globally-limited call.
    ping_after: int | None = Field(default=0, ge=0, le=3600)
    hints: bool = True  # a "Hint" button in private panels: the expert's suggestion
    pictures: bool = True  # the table and the result as pictures too (the text stays whole)
    options: dict[str, Any] = Field(default_factory=dict)  # the game's own, as it declares them

    @model_validator(mode="before")
    @classmethod
    def _options_apart(cls, data: Any) -> Any:
        """Settings saved before games declared options kept the city size among them."""
        if isinstance(data, dict) and "city_size" in data:
            data = dict(data)
            size = data.pop("city_size")
            if size is not None:
                data["options"] = {**data.get("options", {}), "city_size": size}
        return data


class Timer(BaseModel):
    """The pending decision's clock: stored, so a restart neither drops nor doubles it."""

    version: int        # the game version the timer was started for
    pid: str
    reminder_at: float  # epoch seconds
    due_at: float
    reminded: bool = False


class GameRecord(BaseModel):
    id: int = 0                    # assigned by the store on create
    game: str = registry.DEFAULT   # the registry id of the game played
    guild_id: int | None = None
    channel_id: int                # where the table lives (the game's thread when one was opened)
    parent_channel_id: int | None = None  # the channel the lobby was opened from, for a thread
    host_id: int
    status: Status = "lobby"
    version: int = 0
    settings: GameSettings = Field(default_factory=GameSettings)
    seats: list[Seat] = Field(default_factory=list)
    seed: int = 0
    state: Any = None              # the game's state (its rules object's); None until it starts
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    table_round: int = 0           # the round the table message was posted for
    result_message_id: int | None = None  # the final result, which ended games link to
    ping_ids: list[int] = Field(default_factory=list)  # mentions to delete once their turn passed
    ping_for: str | None = None    # the seat those mentions were for
    log: list[dict[str, Any]] = Field(default_factory=list)  # recent public events, newest last
    timer: Timer | None = None
    ended_reason: str | None = None  # "completed", "cancelled", "ended_by_host", "no_humans", ...
    created_at: float = 0.0
    updated_at: float = 0.0

    @model_validator(mode="before")
    @classmethod
    def _load_state(cls, data: Any) -> Any:
        """A stored state is JSON: its game's rules load it (records without a game id are
        the default game's)."""
        if isinstance(data, dict) and isinstance(data.get("state"), dict):
            rules = registry.game(data.get("game") or registry.DEFAULT)
            data = {**data, "state": rules.load_state(data["state"])}
        return data

    @field_serializer("state")
    def _dump_state(self, state: Any) -> Any:
        return None if state is None else self.rules.dump_state(state)

    @property
    def rules(self) -> Game[Any, Any]:
        """The rules object of this record's game."""
        return registry.game(self.game)

    @property
    def max_players(self) -> int:
        """Seats the lobby offers: the host's choice, else the most its options allow."""
        if self.settings.max_players:
            return self.settings.max_players
        rules = self.rules
        return rules.seats_for(rules.options(self.settings.options))[1]

    def seat_of_user(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, pid: str) -> Seat:
        return next(s for s in self.seats if s.pid == pid)

    def link(self, message_id: int | None = None) -> str:
        """A link to one of the game's messages, or to its channel."""
        if message_id is None:
            return f"<#{self.channel_id}>"
        channel = self.channel_id
        if message_id == self.lobby_message_id and self.parent_channel_id is not None:
            channel = self.parent_channel_id  # the lobby stays in the channel it was opened in
        return f"https://discord.com/channels/{self.guild_id or '@me'}/{channel}/{message_id}"

    @property
    def active(self) -> bool:
        return self.status in ACTIVE


class ActionEntry(BaseModel):
    """One accepted game action, appended to the game's log in the same transaction as the
    snapshot it produced; replaying a game's entries from its seed gives its state."""

    game_id: int
    version: int                   # the game version this action produced
    pid: str                       # the seat that acted
    user_id: int | None            # who clicked; None when the computer played it
    by: Literal["player", "computer", "timer"]
    engine_version: int
    action: dict[str, Any]
    at: float
