"""One action's work: a copy-on-write working state that the handlers change, and the events
they emit. Also the card moves and the pending-decision queue every module uses."""

from __future__ import annotations

from typing import Any, cast

from rules.kernel.events import NO_SECRETS, blank
from rules.kernel.tx import Layout, work

from . import rng
from .events import Event
from .state import (
    CARDS,
    PLAYER_SET,
    Building,
    Decision,
    GameState,
    Knight,
    Offer,
    Player,
)

# Events as emit makes them (the fields set there, no __init__ call).
_Emitted = blank(Event)


class WorkPlayer(Layout):
    """A Player's fields as a plain object until the action is done."""

    __slots__ = ()
    hand_size = Player.hand_size


class WorkState(Layout):
    """A GameState's fields as a plain object until the action is done."""

    __slots__ = ()
    seat_of = GameState.seat_of


def view(state: GameState) -> GameState:
    """state read through a plain object (a model's attribute reads take ~4 times as long):
    the same fields dict, not a copy, so nothing may be written through it."""
    if type(state) is not GameState:
        return state  # a working state already
    return cast(GameState, work(WorkState, state.__dict__, state.__pydantic_fields_set__))


def _work_player(p: Player) -> Any:
    """A working copy of p: its cards and progress hand copied; improvements and vp_cards
    shared with p (rarely changed: the one place that changes each replaces it)."""
    fields = p.__dict__.copy()
    fields["cards"] = fields["cards"].copy()
    fields["progress"] = fields["progress"][:]
    return work(WorkPlayer, fields, PLAYER_SET)


class Tx:
    """Copy-on-write: the working state shares the input's players and containers until a
    writer asks for its own copy (`player`, `buildings`, ...: copied once per action), so an
    action pays for the parts it changes only. Every change to the state goes through them,
    or replaces a field whole."""

    __slots__ = ("s", "events", "copied")

    def __init__(self, state: GameState) -> None:
        fields = state.__dict__.copy()
        fields["players"] = fields["players"][:]
        fields["pending"] = fields["pending"][:]
        self.s = cast(GameState, work(WorkState, fields, set(state.__pydantic_fields_set__)))
        self.events: list[Event] = []
        self.copied: set[str] = set()

    def finish(self) -> GameState:
        """The new state: the working copies become a GameState and its Players."""
        s: Any = self.s
        for p in s.players:
            if type(p) is not Player:  # a WorkPlayer; the others are the input's, shared
                p.__class__ = Player
        s.__class__ = GameState
        return self.s

    # --- the writable parts (copy-on-write) ---------------------------------------------

    def player(self, seat: int) -> Player:
        """seat's player, writable (its cards and progress hand; other fields replaced)."""
        p: Any = self.s.players[seat]
        if type(p) is not WorkPlayer:
            p = self.s.players[seat] = _work_player(p)
        return cast(Player, p)

    def _own(self, field: str) -> Any:
        fields = self.s.__dict__
        if field not in self.copied:
            self.copied.add(field)
            fields[field] = fields[field].copy()
        return fields[field]

    def buildings(self) -> dict[int, Building]:
        return cast(dict[int, Building], self._own("buildings"))

    def knights(self) -> dict[int, Knight]:
        return cast(dict[int, Knight], self._own("knights"))

    def roads(self) -> dict[int, int]:
        return cast(dict[int, int], self._own("roads"))

    def bank(self) -> dict[str, int]:
        return cast(dict[str, int], self._own("bank"))

    def metropolis(self) -> dict[str, int | None]:
        return cast(dict[str, int | None], self._own("metropolis"))

    def tokens(self) -> list[int | None]:
        return cast(list[int | None], self._own("tokens"))

    def fleets(self) -> list[str]:
        return cast(list[str], self._own("fleets"))

    def harbor_used(self) -> list[int]:
        return cast(list[int], self._own("harbor_used"))

    def offers(self) -> list[Offer]:
        return cast(list[Offer], self._own("offers"))

    def deck(self, colour: str) -> list[str]:
        decks = self._own("decks")
        if "deck " + colour not in self.copied:
            self.copied.add("deck " + colour)
            decks[colour] = decks[colour][:]
        return cast(list[str], decks[colour])

    def emit(self, type: str, seat: int | None = None, private: dict[int, dict[str, Any]]
             | None = None, **data: Any) -> None:
        seats = self.s.seats
        event = _Emitted()
        event.type, event.seat, event.data = type, None if seat is None else seats[seat], data
        event.private = NO_SECRETS if not private else {seats[k]: v for k, v in private.items()}
        self.events.append(event)

    def name(self, seat: int) -> str:
        return self.s.seats[seat]

    # --- randomness (the generator's state lives in the game state) ----------------------

    def below(self, n: int) -> int:
        self.s.rng, value = rng.below(self.s.rng, n)
        return value

    # --- cards -------------------------------------------------------------------------------

    def pay(self, seat: int, cost: dict[str, int]) -> None:
        """seat gives `cost` to the bank (the caller checked it can)."""
        cards, bank = self.player(seat).cards, self.bank()
        for card, n in cost.items():
            cards[card] -= n
            bank[card] += n

    def take(self, seat: int, card: str, n: int = 1) -> int:
        """seat takes up to n of card from the bank; returns how many it got."""
        got = min(n, self.s.bank[card])
        if got:
            self.bank()[card] -= got
            self.player(seat).cards[card] += got
        return got

    def move_cards(self, giver: int, taker: int, cards: dict[str, int]) -> None:
        give, gain = self.player(giver).cards, self.player(taker).cards
        for card, n in cards.items():
            give[card] -= n
            gain[card] += n

    def random_card(self, seat: int) -> str | None:
        """A card drawn blind from seat's hand (None if empty)."""
        cards = self.s.players[seat].cards
        total = sum(cards.values())
        if not total:
            return None
        k = self.below(total)
        for card in CARDS:
            if k < cards[card]:
                return card
            k -= cards[card]
        raise AssertionError("unreachable")

    # --- pending decisions (§3.5) ---------------------------------------------------------

    def stage(self) -> int:
        """A new stage number: decisions pushed with it are asked together."""
        self.s.stages += 1
        return self.s.stages

    def push(self, decisions: list[Decision], first: bool = False) -> None:
        """Queue decisions after those waiting, or (first) before them: a decision that
        arises while answering another comes before the rest of the queue."""
        if first:
            self.s.pending[:0] = decisions
        else:
            self.s.pending.extend(decisions)

    def done(self, decision: Decision) -> None:
        self.s.pending.remove(decision)

    def replace(self, old: Decision, new: Decision) -> None:
        self.s.pending[self.s.pending.index(old)] = new
