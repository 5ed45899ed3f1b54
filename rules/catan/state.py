"""The game state: pydantic models, JSON round-trippable. `apply` works on a copy-on-write
working state (tx.py) and never changes its input; states share the parts no action changed, so
a state must not be changed in place (`clone()` first). Seats are ints (seat index) inside;
seat names only at the boundary.

The C&K parts that the engine does not play yet (knights, progress cards, merchant,
metropolises) already have their fields, so adding them changes no stored shape.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from rules.kernel.tx import assemble
from rules.kernel.tx import replaced as replaced  # where it was: importers may read it here

# --- the data file (rules/catan/data/rules.json) ------------------------------------------

RULES: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("data/rules.json").read_text("utf-8"))
RESOURCES: tuple[str, ...] = tuple(RULES["resources"])
COMMODITIES: tuple[str, ...] = tuple(RULES["commodities"])
CARDS: tuple[str, ...] = RESOURCES + COMMODITIES  # what a hand holds (progress cards apart)
COSTS: dict[str, dict[str, int]] = RULES["costs"]
PIECES: dict[str, Any] = RULES["pieces"]
TRACKS: dict[str, str] = RULES["improvements"]  # track -> commodity it is paid with
DECKS: dict[str, dict[str, int]] = RULES["decks"]
VP: dict[str, int] = RULES["vp"]
EVENT_FACES: tuple[str, ...] = tuple(RULES["event_faces"])

Phase = Literal["setup", "roll", "production", "action", "over"]


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    layout: Literal["beginner", "random"] = "beginner"  # §1.5 / §1.6
    tokens: Literal["spiral", "random"] = "spiral"  # random layout only (§1.6 step 3-4)
    keep_harbours: bool = False  # random layout: the beginner harbours (§1.6 step 2)
    points: int = Field(default=int(RULES["victory_points"]), ge=10, le=20)  # to win (§11)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The rules' 13 is left out, so states and views of a default game dump as before."""
        data: dict[str, Any] = handler(self)
        if data.get("points") == RULES["victory_points"]:
            del data["points"]
        return data


class Building(BaseModel):
    """A settlement or city on an intersection. Frozen: changes replace it."""

    __slots__ = ()  # BaseModel's layout exactly: `assemble` makes them from a Layout
    model_config = ConfigDict(frozen=True)

    owner: int
    city: bool = False
    wall: bool = False
    metropolis: str | None = None  # the track whose metropolis this city carries
    ruined: bool = False  # a city laid on its side (§7.4): a settlement's worth, a city piece


class Knight(BaseModel):
    __slots__ = ()  # BaseModel's layout exactly: `assemble` makes them from a Layout
    model_config = ConfigDict(frozen=True)

    owner: int
    level: int  # 1 basic, 2 strong, 3 mighty
    active: bool = False
    activated: bool = False  # this turn (cannot act this turn)
    promoted: bool = False  # this turn
    acted: bool = False  # this turn


class Decision(BaseModel):
    """A choice the game waits for (§3.5). Decisions with the same `stage` as the first one in
    the queue are asked together; later stages wait for them."""

    __slots__ = ()  # BaseModel's layout exactly: `assemble` makes them from a Layout
    model_config = ConfigDict(frozen=True)

    # §3.5's: "discard", "robber", "trade_offer", "aqueduct", "progress_discard", "city_loss",
    # "defender_draw", "knight_retreat", "knight_remove", "knight_place", "road_place",
    # "spy_pick", "gift", "harbor_return", "merchant_pick", "trade_ask", "trade_reply"; or one
    # a progress card brought (asks.py)
    kind: str
    seat: int
    stage: int
    target: int | None = None  # spy_pick / merchant_pick: whose cards; gift: who receives;
    # trade_reply: who accepted or countered
    count: int = 0  # cards still to discard
    give: dict[str, int] = {}  # trade_offer/ask/reply: what the active player gives
    get: dict[str, int] = {}  # and asks for
    nodes: list[int] = []  # city_loss / knight_retreat: the intersections to choose among
    knight: Knight | None = None  # knight_retreat: the displaced knight, off the board;
    # knight_place: the level and activity the Deserter's knight takes
    edges: list[int] = []  # road_place: where the Diplomat's road may be rebuilt


def decision(kind: str, seat: int, stage: int, **fields: Any) -> Decision:
    """Decision(kind=..., seat=..., stage=..., **fields) unvalidated, for the engine's own
    (known valid) decisions: validating copies every list and dict default (~10 us)."""
    data: dict[str, Any] = {"kind": kind, "seat": seat, "stage": stage, "target": None,
                            "count": 0, "give": {}, "get": {}, "nodes": [], "knight": None,
                            "edges": []}
    data.update(fields)
    return assemble(Decision, data, {"kind", "seat", "stage", *fields})


class Offer(BaseModel):
    """A domestic offer made this turn (§5: offers are public), with the hand the offerer held
    when making it (theirs alone to see: a declined offer leaves the hand as it was, so a
    player may tell an offer it made from the hand it holds from one it did not)."""

    __slots__ = ()  # BaseModel's layout exactly: `assemble` makes them from a Layout
    model_config = ConfigDict(frozen=True)

    to: int
    give: dict[str, int]
    get: dict[str, int]
    hand: dict[str, int] = {}  # the offerer's cards then ({}: unknown, in a redrawn world)


class Dice(BaseModel):
    __slots__ = ()  # BaseModel's layout exactly: `assemble` makes them from a Layout
    model_config = ConfigDict(frozen=True)

    red: int
    yellow: int
    event: str

    @property
    def total(self) -> int:
        return self.red + self.yellow


class Player(BaseModel):
    __slots__ = ()  # BaseModel's layout exactly: tx.py's working copies become Players
    id: str
    cards: dict[str, int]  # resources and commodities, every type present
    improvements: dict[str, int] = {"trade": 0, "politics": 0, "science": 0}
    progress: list[str] = []  # progress hand (secret; its colours are public)
    vp_cards: list[str] = []  # printer / constitution, face up
    defenders: int = 0

    def clone(self) -> Player:
        return assemble(Player, {
            "id": self.id, "cards": dict(self.cards), "improvements": dict(self.improvements),
            "progress": list(self.progress), "vp_cards": list(self.vp_cards),
            "defenders": self.defenders}, PLAYER_SET)

    def hand_size(self) -> int:
        return sum(self.cards.values())


PLAYER_FIELDS = frozenset(Player.model_fields)
# The fields set of every player clone, shared: all fields are in it, so pydantic's add on an
# assignment never changes it.
PLAYER_SET = set(PLAYER_FIELDS)


class GameState(BaseModel):
    __slots__ = ()  # BaseModel's layout exactly, as Player's
    seats: list[str]  # seating order; seat 0 starts
    players: list[Player]
    options: Options = Options()
    # The layout (§1.5/§1.6), by hex int / harbour slot int.
    terrains: list[str]
    tokens: list[int | None]
    harbours: list[str]
    robber: int
    merchant: int | None = None  # hex
    merchant_owner: int | None = None
    # Pieces on the board: intersection -> building / knight, edge -> owner.
    buildings: dict[int, Building] = {}
    knights: dict[int, Knight] = {}
    roads: dict[int, int] = {}
    bank: dict[str, int]
    decks: dict[str, list[str]]  # top = index 0
    defenders_left: int = 6
    metropolis: dict[str, int | None] = {"trade": None, "politics": None, "science": None}
    longest_road: int | None = None
    # Turn and phase.
    phase: Phase = "setup"
    setup_step: int = 0  # index into the snake order of set-up placements
    setup_node: int | None = None  # the intersection just placed, waiting for its road
    active: int = 0
    turn: int = 0  # 0 during set-up, then 1, 2, ...
    dice: Dice | None = None
    ship: int = 0
    attacks: int = 0  # barbarian attacks resolved (0: robber locked, §3.3)
    pending: list[Decision] = []
    stages: int = 0  # stage numbers handed out so far
    fleets: list[str] = []  # card types named by Merchant Fleet this turn
    free_roads: int = 0  # Road Building, this turn
    free_promotions: int = 0  # Smith, this turn
    harbor_used: list[int] | None = None  # Commercial Harbor this turn: opponents done
    offers: list[Offer] = []  # this turn's domestic offers, in order
    winner: int | None = None
    rng: int = 0  # generator state; never shown in a view

    def clone(self) -> GameState:
        """A copy `apply` may change: every container copied, frozen models shared."""
        return assemble(GameState, self.cloned_fields([p.clone() for p in self.players]),
                     set(self.model_fields_set))

    def cloned_fields(self, players: list[Any]) -> dict[str, Any]:
        """clone's fields, with `players` (copies of the players) as the players."""
        fields = dict(self.__dict__)
        fields.update(
            players=players, buildings=dict(self.buildings),
            knights=dict(self.knights), roads=dict(self.roads), bank=dict(self.bank),
            decks={k: list(v) for k, v in self.decks.items()},
            metropolis=dict(self.metropolis), pending=list(self.pending),
            fleets=list(self.fleets), tokens=list(self.tokens),
            harbor_used=None if self.harbor_used is None else list(self.harbor_used),
            offers=list(self.offers))
        return fields

    def seat_of(self, name: str) -> int | None:
        try:
            return self.seats.index(name)
        except ValueError:
            return None
