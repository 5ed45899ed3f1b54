"""The game state: plain pydantic models, JSON round-trippable, never mutated by `apply`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from rules.kernel.tx import assemble

from .cards import RANK_CHOICES

Phase = Literal["draft", "turns", "over"]


def _choices(rank: int) -> Callable[[dict[str, Any]], None]:
    """The options' schema names the characters of `rank` (read when it is asked for, so a
    character added later is among them), as a Literal's enum would."""
    def extra(schema: dict[str, Any]) -> None:
        schema["enum"] = list(RANK_CHOICES.get(rank, ()))
    return extra


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # Districts that complete a city; None means the rulebook's (the data's `city_size`): 8 with
    # 2-3 players, else 7. city_size=8 with 4-7 players is the "Classic variant". No more than 8:
    # with 7 players the 68 cards cannot make larger cities, and the game would never end.
    city_size: int | None = Field(default=None, ge=1, le=8)
    # The cast: for each rank the Classic or the Dark City character
    # (docs/rules/citadels-dark-city.md §2.1); rank 9 none, the Artist or the Queen. The
    # defaults are the Classic game. Each is one of the characters of its rank in the data
    # (cards.RANK_CHOICES): a character added there (or by extend.py) may be chosen with no
    # edit here.
    rank1: str = Field("assassin", json_schema_extra=_choices(1))
    rank2: str = Field("thief", json_schema_extra=_choices(2))
    rank3: str = Field("magician", json_schema_extra=_choices(3))
    rank4: str = Field("king", json_schema_extra=_choices(4))
    rank5: str = Field("bishop", json_schema_extra=_choices(5))
    rank6: str = Field("merchant", json_schema_extra=_choices(6))
    rank7: str = Field("architect", json_schema_extra=_choices(7))
    rank8: str = Field("warlord", json_schema_extra=_choices(8))
    rank9: str | None = Field(None, json_schema_extra=_choices(9))
    # 2 players with a rank-9 character: the page's optional ruling (§2.4), off by default.
    nine_with_two: bool = False
    # The 12 Dark City purples join the deck; None: when the cast has a Dark City character.
    dark_city_districts: bool | None = None
    # Dark City purples the host leaves out of the deck (§2.5: "may untick any").
    leave_out: list[Literal["armory", "ball_room", "bell_tower", "factory", "hospital",
                             "lighthouse", "museum", "park", "poor_house", "quarry",
                             "throne_room", "wishing_well"]] = []

    @field_validator("rank1", "rank2", "rank3", "rank4", "rank5", "rank6", "rank7", "rank8",
                     "rank9")
    @classmethod
    def _of_rank(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A character of the field's rank, with pydantic's words for a value a Literal
        refuses (what the schema's enum says too)."""
        choices = RANK_CHOICES.get(int(str(info.field_name)[4:]), ())
        if value is None or value in choices:
            return value
        quoted = [repr(c) for c in choices]
        expected = " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1
                               else quoted)
        raise PydanticCustomError("literal_error", "Input should be {expected}",
                                  {"expected": expected})


class Player(BaseModel):
    # No slot of its own (not even __weakref__): a Player has exactly BaseModel's layout, so a
    # working copy can become one (see rules/kernel/tx.py's Layout).
    __slots__ = ()

    id: str
    gold: int = 2
    hand: list[str] = []
    city: list[str] = []  # in build order
    museum: list[str] = []  # cards face down under the Museum (secret but their number)
    beautified: list[str] = []  # districts the Artist put 1 gold on (one entry per district)


class DraftStep(BaseModel):
    """One pick or face-down discard: who made it is public, what was offered and chosen is not."""

    model_config = ConfigDict(frozen=True)
    __slots__ = ()  # BaseModel's layout exactly, as Player's: see draft_step

    player: str
    kind: Literal["pick", "discard"]
    offered: list[str]
    chosen: str


class GameState(BaseModel):
    __slots__ = ()  # BaseModel's layout exactly, as Player's

    players: list[Player]  # seating order; each player's left is the next one
    deck: list[str]  # index 0 is the top
    crown: str
    round: int = 1
    finished: bool = False
    winner: str | None = None
    options: Options = Options()
    city_size: int
    phase: Phase = "draft"

    # Character draft of the current round.
    faceup: list[str] = []
    facedown: list[str] = []
    draft_pool: list[str] = []  # the characters in the chooser's hands, by rank
    draft_step: int = 0
    draft_history: list[DraftStep] = []

    # Turns of the current round.
    current: str | None = None  # the character whose turn it is
    murdered: str | None = None
    robbed: str | None = None
    # This round's picked characters and who holds each, in pick order; secret until revealed.
    # Kept here, not in Player: a pick then changes one small map, not a player.
    holders: dict[str, str] = {}
    revealed: list[str] = []  # characters revealed this round, in call order
    absent: list[str] = []  # characters called that nobody answered (never the murdered one)
    gathered: bool = False
    drawn: list[str] = []  # cards drawn as the resource, waiting for keep_card
    builds_left: int = 0
    income_taken: bool = False
    power_used: bool = False
    laboratory_used: bool = False
    smithy_used: bool = False
    graveyard_card: str | None = None  # destroyed district offered to the Graveyard's owner

    first_complete: str | None = None

    # Dark City (all defaults in a Classic game).
    cast: tuple[str, ...] = ("assassin", "thief", "magician", "king", "bishop", "merchant",
                             "architect", "warlord")  # this game's characters, by rank
    # A decision the turn (or the round's end) waits for before anything else: see pending.py.
    pending: str | None = None
    bewitched: str | None = None  # the character the Witch named this round
    resumed: bool = False  # the Witch's player plays the bewitched character's turn now
    restricted: bool = False  # the turn is its action only (bewitched, or murdered + Hospital)
    tax_collector: str | None = None  # the player taxes are paid to this round, once revealed
    assassin_built: bool = False  # the Assassin's turn built this round (the tax catch-up)
    built: int = 0  # districts built this turn (the Tax Collector's tax)
    build_spent: int = 0  # gold paid for them (the Alchemist's refund)
    wizard_target: str | None = None  # the player whose hand the Wizard is looking at
    crowned_by_emperor: str | None = None  # who the Emperor gave the crown to this round
    tribute_from: str | None = None  # who owes the Emperor 1 gold or 1 card now
    beautified_now: int = 0  # districts the Artist beautified this turn
    museum_used: bool = False
    bell_tower: bool = False  # the Bell Tower's announcement is in force (city_size is 1 less)
    awaiting: str | None = None  # the player who must decide now (cached: asked on every call)
    rng: int = 0  # generator state; never shown in a view

    @cached_property
    def seat(self) -> dict[str, int]:
        """Each player's index in the seating order, by id.

        Cached in the state's __dict__, where it is no field (never serialised or compared).
        Every state `apply` makes is a model_copy of its input, so a game computes it once:
        seats never change in a game. model_copy drops it if the players' ids change.
        """
        return {p.id: i for i, p in enumerate(self.players)}

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False
                   ) -> Self:
        copy = super().model_copy(update=update, deep=deep)
        seat = copy.__dict__.get("seat")
        if update and "players" in update and seat is not None and list(seat) != [
                p.id for p in update["players"]]:
            del copy.__dict__["seat"]
        return copy

    def player(self, seat: str) -> Player:
        return self.players[self.seat[seat]]

    def holder(self, character: str) -> Player | None:
        seat = self.holders.get(character)
        return None if seat is None else self.players[self.seat[seat]]

    def turn_player(self) -> str | None:
        """Who plays the current turn: the character's holder, or the Witch's player once
        she resumes as the bewitched character."""
        if self.resumed:
            return self.holders.get("witch")
        return self.holders.get(self.current) if self.current is not None else None

    def characters_of(self, seat: str) -> list[str]:
        """`seat`'s characters this round, in pick order."""
        return [c for c, holder in self.holders.items() if holder == seat]

    @model_validator(mode="before")
    @classmethod
    def _holders_from_players(cls, data: Any) -> Any:
        """States saved before `holders` kept each player's characters in the player."""
        if isinstance(data, dict) and "holders" not in data and any(
                isinstance(p, dict) and "characters" in p for p in data.get("players", ())):
            players = [dict(p) for p in data["players"]]
            holders = {c: p["id"] for p in players for c in p.pop("characters", ())}
            data = {**data, "players": players, "holders": holders}
        return data


# --- the engine's own models, from fields known valid ---------------------------------------

_STEP_SET = {"player", "kind", "offered", "chosen"}  # shared, as tx.py's: never written


def draft_step(player: str, kind: Literal["pick", "discard"], offered: list[str], chosen: str
               ) -> DraftStep:
    """DraftStep.model_construct(player=..., ...), the same model without its loop over the
    fields, made as tx.py makes states: one for every pick of every round."""
    return assemble(DraftStep, {"player": player, "kind": kind, "offered": offered,
                                "chosen": chosen}, _STEP_SET)
