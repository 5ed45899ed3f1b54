"""What the bot keeps about a game: its lobby seats, settings, engine state and action log.

A `GameRecord` is the unit the store saves; `version` rises by one with every accepted change
(lobby edits and game actions alike), so a button built on an older version can be refused.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_serializer,
    model_validator,
)

from bot.snapshots import Snapshot, rules_of
from rules import registry
from rules.game import Game

Strength = str  # a computer player's strength, one of its game's ai STRENGTHS
Status = Literal["lobby", "running", "finished", "cancelled"]
ACTIVE: tuple[Status, ...] = ("lobby", "running")
# The longest turn limit, in minutes: three days, so a server can play by post.
MAX_TURN_LIMIT = 72 * 60
# The validation context of a record the store loads (`GameRecord.model_validate_json(text,
# context=STORED)`): only a stored record may be of a form older versions wrote.
STORED = {"stored": True}
# The code says `seat` for a seat id ("p1"), the stored records say "pid": a renamed field keeps
# its stored key, in the JSON it writes and in what it reads (`stored_as`).
BY_STORED_KEY = ConfigDict(serialize_by_alias=True)


def stored_as(key: str, name: str) -> Any:
    """A field named `name` in the code and `key` in stored JSON: it reads either, writes `key`."""
    return Field(validation_alias=AliasChoices(name, key), serialization_alias=key)


class Seat(BaseModel):
    """One place at the table. Engine seat ids are per seat, so a seat can change hands."""

    model_config = BY_STORED_KEY
    id: Annotated[str, stored_as("pid", "id")]  # engine seat id, "p1", "p2", ...
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

    @property
    def pid(self) -> str:
        """`id`'s old name, for callers not moved yet."""
        return self.id


class GameSettings(BaseModel):
    max_players: int | None = Field(default=None, ge=1, le=32)  # None: the game's most
    turn_limit: int = Field(default=0, ge=0, le=MAX_TURN_LIMIT)  # minutes per decision; 0: off
    language: Literal["en", "es"] = "en"
    thread: bool = False  # play in a thread opened from the lobby message, where the bot may
    # Seconds a decision waits before its player is mentioned: 0 at once, None never. A player
    # who is already clicking needs no ping, and every ping is one more globally-limited call.
    ping_after: int | None = Field(default=0, ge=0, le=3600)
    hints: bool = True  # a "Hint" button in private panels: the expert's suggestion
    pictures: bool = True  # the table and the result as pictures too (the text stays whole)
    options: dict[str, Any] = Field(default_factory=dict)  # the game's own, as it declares them


def _stored_before_game_ids(data: dict[str, Any]) -> dict[str, Any]:
    """Legacy migration: a record stored before records named their game is a Citadels game,
    the only game there was. Only stored records are migrated; a record made in code names its
    game, and nothing else in the platform assumes one."""
    return {**data, "game": "citadels"}


class Timer(BaseModel):
    """One waiting seat's clock: stored, so a restart neither drops nor doubles it. A game may
    wait for several seats at once; each has its own timer."""

    model_config = BY_STORED_KEY
    version: int        # the version the seat's decision began at (its panel's, see `fresh`)
    seat: Annotated[str, stored_as("pid", "seat")]
    due_at: float       # epoch seconds: the default (or the computer) decides for the seat
    reminders: list[float] = Field(default_factory=list)  # epoch seconds, earliest first
    reminded: int = 0   # how many of `reminders` were said

    @model_validator(mode="before")
    @classmethod
    def _one_reminder(cls, data: Any) -> Any:
        """Timers stored before play by post had one reminder, `reminder_at`, and a flag."""
        if isinstance(data, dict) and "reminder_at" in data:
            data = dict(data)
            data["reminders"] = [data.pop("reminder_at")]
            data["reminded"] = int(bool(data.get("reminded", False)))
        return data

    @property
    def reminder_at(self) -> float:
        """The first reminder (half time)."""
        return self.reminders[0] if self.reminders else self.due_at

    @property
    def next_reminder(self) -> float | None:
        return self.reminders[self.reminded] if self.reminded < len(self.reminders) else None


class Decision(BaseModel):
    """A seat's pending decision as the game names it (`Game.decision_key`), and the version
    it began at: a panel built at that version or later is still valid for it."""

    key: str
    since: int


class GameRecord(BaseModel):
    id: int = 0                    # assigned by the store on create
    game: str                      # the registry id of the game played
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
    pings: dict[str, list[int]] = Field(default_factory=dict)  # seat -> mentions to delete
    #   once that seat's decision is taken
    log: list[dict[str, Any]] = Field(default_factory=list)  # recent public events, newest last
    timers: list[Timer] = Field(default_factory=list)  # one per person the game waits for
    decisions: dict[str, Decision] = Field(default_factory=dict)  # seats with a named decision
    ended_reason: str | None = None  # "completed", "cancelled", "ended_by_host", "no_humans", ...
    created_at: float = 0.0
    updated_at: float = 0.0

    @model_validator(mode="before")
    @classmethod
    def _one_waiting_seat(cls, data: Any) -> Any:
        """Records stored when a game waited for one seat at a time kept one timer and the
        mentions of one seat."""
        if not isinstance(data, dict) or not {"timer", "ping_ids", "ping_for"} & data.keys():
            return data
        data = dict(data)
        timer = data.pop("timer", None)
        if timer is not None and "timers" not in data:
            data["timers"] = [timer]
        ids, seat = data.pop("ping_ids", None) or [], data.pop("ping_for", None)
        if ids and "pings" not in data:
            data["pings"] = {seat or "": ids}
        return data

    @model_validator(mode="before")
    @classmethod
    def _load_game(cls, data: Any, info: ValidationInfo) -> Any:
        """A record in JSON form, made whole by its game's rules: its options as the game
        reads them now (`Game.migrate_options`, given any settings the platform stored that it
        no longer knows) and its state loaded. A stored record without a game id is migrated
        first (`_stored_before_game_ids`)."""
        if not isinstance(data, dict):
            return data
        if not data.get("game") and info.context is not None and info.context.get("stored"):
            data = _stored_before_game_ids(data)
        if not data.get("game"):
            return data  # "game" is required: validation says so
        rules = registry.game(data["game"])
        settings = data.get("settings")
        if isinstance(settings, dict):
            known = {k: v for k, v in settings.items() if k in GameSettings.model_fields}
            legacy = {k: v for k, v in settings.items() if k not in GameSettings.model_fields}
            known["options"] = rules.migrate_options(known.get("options") or {}, legacy)
            data = {**data, "settings": known}
        if isinstance(data.get("state"), dict):
            data = {**data, "state": rules.load_state(data["state"])}
        return data

    @field_serializer("state")
    def _dump_state(self, state: Any) -> Any:
        return None if state is None else self.rules.dump_state(state)

    @property
    def rules(self) -> Game[Any, Any]:
        """The rules of this record's game; what they say of the record's own state (its
        views, legal actions, seats to act) is computed once and shared (bot/snapshots.py)."""
        return rules_of(registry.game(self.game), self.state)

    @property
    def snapshot(self) -> Snapshot:
        """The views and legal actions of the record's state, each computed once."""
        return Snapshot.of(registry.game(self.game), self.state)

    @property
    def max_players(self) -> int:
        """Seats the lobby offers: the host's choice, else the most its options allow."""
        if self.settings.max_players:
            return self.settings.max_players
        rules = self.rules
        return rules.seats_for(rules.options(self.settings.options))[1]

    def seat_of_user(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, seat: str) -> Seat:
        return next(s for s in self.seats if s.id == seat)

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

    @property
    def timer(self) -> Timer | None:
        """The first waiting seat's timer (most games wait for one seat at a time)."""
        return self.timers[0] if self.timers else None

    def timer_of(self, seat: str) -> Timer | None:
        return next((t for t in self.timers if t.seat == seat), None)

    @property
    def ping_ids(self) -> list[int]:
        """Every mention still standing, whoever it is for."""
        return [i for ids in self.pings.values() for i in ids]

    def since(self, seat: str) -> int:
        """The version `seat`'s current decision began at: the record's own version unless the
        game named the decision (then the version its key last changed)."""
        decision = self.decisions.get(seat)
        return decision.since if decision is not None else self.version

    def fresh(self, seat: str, version: int) -> bool:
        """Whether a panel built for `seat` at `version` still shows its current decision."""
        return self.since(seat) <= version <= self.version


class ActionEntry(BaseModel):
    """One accepted game action, appended to the game's log in the same transaction as the
    snapshot it produced; replaying a game's entries from its seed gives its state."""

    model_config = BY_STORED_KEY
    game_id: int
    version: int                   # the game version this action produced
    seat: Annotated[str, stored_as("pid", "seat")]  # the seat that acted (its column: `pid`)
    user_id: int | None            # who clicked; None when the computer played it
    by: Literal["player", "computer", "timer"]
    engine_version: int
    action: dict[str, Any]
    at: float

    @property
    def pid(self) -> str:
        """`seat`'s old name, for callers not moved yet."""
        return self.seat
