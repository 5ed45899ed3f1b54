"""The conformance checks catch broken games: each broken Nim below has one bug, and the check
meant for it fails, while the real Nim passes the very same check."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from rules.game import JSON, GameEvent, IllegalAction, InvalidOptions, Result
from tests.games.nim.rules import MAX_TAKE, Nim, NimEvent, NimState, Take

from .checks import (
    AnyGame,
    check_end,
    check_events,
    check_options,
    check_refusals,
    check_replay,
    check_serialization,
    check_spectator_worlds,
    check_views,
    playout,
)


class LeakyNim(Nim):
    """Shows everyone's secret bonus to every seat."""

    def view(self, state: NimState, seat: str | None) -> JSON:
        return {**super().view(state, seat), "bonuses": dict(state.bonus)}


class LeakyTableNim(Nim):
    """Shows the first seat's bonus on the table."""

    def view(self, state: NimState, seat: str | None) -> JSON:
        table = super().view(state, seat)
        return {**table, "first": state.bonus[state.seats[0]]} if seat is None else table


class TellingNim(Nim):
    """Lets whoever holds the best bonus take one more counter: legal actions give it away."""

    def legal_actions(self, state: NimState, seat: str) -> list[Take]:
        legal = super().legal_actions(state, seat)
        if len(legal) > 1 and state.bonus[seat] == max(state.bonus.values()):
            return legal[:-1]
        return legal


class MutatingNim(Nim):
    """Spends the mover's bonus in the state it was given."""

    def apply(self, state: NimState, seat: str, action: Take | Mapping[str, Any]
              ) -> tuple[NimState, list[GameEvent]]:
        if seat in self.to_act(state) and state.bonus[seat]:
            state.bonus[seat] -= 1
        return super().apply(state, seat, action)


class UnseededNim(Nim):
    """Deals from the global generator instead of the seed."""

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> NimState:
        return super().new_game(seats, options, random.randrange(2**32))


class CarelessNim(Nim):
    """Lets anyone move."""

    def apply(self, state: NimState, seat: str, action: Take | Mapping[str, Any]
              ) -> tuple[NimState, list[GameEvent]]:
        return super().apply(state, self.to_act(state)[0] if self.to_act(state) else seat,
                             action)


class GenerousNim(Nim):
    """Lists actions for seats whose turn it is not."""

    def legal_actions(self, state: NimState, seat: str) -> list[Take]:
        return [Take(heap=h, count=1) for h, size in enumerate(state.heaps) if size]


class EndlessNim(Nim):
    """Refills the heaps instead of ending."""

    def apply(self, state: NimState, seat: str, action: Take | Mapping[str, Any]
              ) -> tuple[NimState, list[GameEvent]]:
        new, events = super().apply(state, seat, action)
        if new.winner is not None:
            new = new.model_copy(update={"winner": None, "heaps": (1,) * len(new.heaps)})
        return new, events


class ScorelessNim(Nim):
    """Reports a breakdown that does not add up to the score."""

    def result(self, state: NimState) -> Result | None:
        result = super().result(state)
        if result is not None:
            result.breakdown[state.seats[0]]["bonus"] += 1
        return result


class HeadlessNim(Nim):
    """Ranks everyone second (shared) when the winner is the last seat."""

    def result(self, state: NimState) -> Result | None:
        result = super().result(state)
        if result is not None and state.winner == state.seats[-1]:
            return Result(ranks={s: 2 for s in result.ranks},
                          scores=result.scores, breakdown=result.breakdown)
        return result


class ForgetfulNim(Nim):
    """Stores no misère flag: a restarted misère game is played as a normal one."""

    def dump_state(self, state: NimState) -> JSON:
        data = super().dump_state(state)
        del data["misere"]
        return data


class LaxNim(Nim):
    """Takes anything it cannot read as "one counter from the first heap"."""

    def parse_action(self, data: Take | Mapping[str, Any]) -> Take:
        try:
            return super().parse_action(data)
        except IllegalAction:
            return Take(heap=0, count=1)


class SloppyOptionsNim(Nim):
    """Blames "options" for any bad option."""

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        try:
            return super().options(data, players)
        except InvalidOptions as exc:
            raise InvalidOptions("options", str(exc)) from None


class CrowdedNim(Nim):
    """Forgets to check the player count."""

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        return super().options(data)


class UncheckedNim(Nim):
    """Declares its options' ranges but does not enforce them."""

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        fields = dict(data.model_dump() if isinstance(data, BaseModel) else data or {})
        return self.Options.model_construct(**fields)


class ShyEventNim(Nim):
    """Tells spectators something its players are not told."""

    def apply(self, state: NimState, seat: str, action: Take | Mapping[str, Any]
              ) -> tuple[NimState, list[GameEvent]]:
        new, events = super().apply(state, seat, action)
        return new, [*events, _ShyEvent()]


class _ShyEvent(NimEvent):
    def __init__(self) -> None:
        super().__init__("shy", None, {})

    def visible_to(self, viewer: str | None) -> JSON:
        return {"type": "shy", "only_for_spectators": True} if viewer is None else {"type": "shy"}


class BlindNim(Nim):
    """Claims hidden information but never redraws it: every view check passes vacuously."""

    def determinize(self, state: NimState, seat: str | None, rng: random.Random) -> NimState:
        return state


class ClumsyNim(Nim):
    """Redraws the heaps too, which everybody sees."""

    def determinize(self, state: NimState, seat: str | None, rng: random.Random) -> NimState:
        world = super().determinize(state, seat, rng)
        return world.model_copy(update={"heaps": tuple(rng.randint(0, 5) for _ in state.heaps)})


class ImpatientNim(Nim):
    """Waits for every seat, also those whose turn it is not."""

    def must_decide(self, state: NimState) -> list[str]:
        return list(state.seats) if self.to_act(state) else []


class RashNim(Nim):
    """Takes three from the first heap when time runs out, however many it holds."""

    def default_action(self, state: NimState, seat: str) -> Take | None:
        return Take(heap=0, count=MAX_TAKE) if seat in self.to_act(state) else None


class PushyNim(Nim):
    """Has a default action for seats that may not act."""

    def default_action(self, state: NimState, seat: str) -> Take | None:
        return Take(heap=0, count=1)


class GullibleNim(Nim):
    """Calls anything legal."""

    def is_legal(self, state: NimState, seat: str, action: Take | Mapping[str, Any]) -> bool:
        return True


class FussyNim(Nim):
    """Calls nothing legal."""

    def is_legal(self, state: NimState, seat: str, action: Take | Mapping[str, Any]) -> bool:
        return False


class ListingOnesNim(Nim):
    """Lists taking one counter only (representative forms) and draws any count at random,
    but forgets to say the unlisted counts are legal."""

    def legal_actions(self, state: NimState, seat: str) -> list[Take]:
        return [a for a in super().legal_actions(state, seat) if a.count == 1]

    def random_action(self, state: NimState, seat: str, rng: random.Random) -> Take | None:
        return super().legal_actions(state, seat)[-1] if self.to_act(state) == [seat] else None


class RepresentativeNim(ListingOnesNim):
    """ListingOnesNim done right: is_legal answers for the counts it does not list; a timed
    out seat takes one from the first heap that has any."""

    def is_legal(self, state: NimState, seat: str, action: Take | Mapping[str, Any]) -> bool:
        try:
            self.apply(state, seat, action)
        except IllegalAction:
            return False
        return True

    def default_action(self, state: NimState, seat: str) -> Take | None:
        legal = self.legal_actions(state, seat)
        return legal[0] if legal else None


Check = Callable[[AnyGame], Any]


def on_playouts(check: Callable[[AnyGame, Any], Any], options: dict[str, Any] | None = None
                ) -> Check:
    """The check on a few 2-4 player playouts of `game`."""
    def run(game: AnyGame) -> Any:
        return [check(game, playout(game, players, options or {}, seed))
                for players in (2, 3, 4) for seed in range(3)]
    return run


def views_differ(game: AnyGame) -> None:
    """The suite's check that the view check was not vacuous."""
    assert any(on_playouts(lambda g, run: check_views(g, run, every=1))(game)), (
        "no world differed")


BROKEN: list[tuple[AnyGame, Check, str]] = [
    (LeakyNim(), on_playouts(lambda g, run: check_views(g, run, every=1)), "view leaks"),
    (LeakyTableNim(), on_playouts(lambda g, run: check_views(g, run, every=1)), "public view"),
    (TellingNim(), on_playouts(lambda g, run: check_views(g, run, every=1)), "legal actions"),
    (ClumsyNim(), on_playouts(lambda g, run: check_views(g, run, every=1)), "leaks"),
    (ClumsyNim(), on_playouts(lambda g, run: check_spectator_worlds(g, run, every=1)),
     "public view"),
    (BlindNim(), views_differ, "no world differed"),
    (MutatingNim(), on_playouts(lambda g, run: None), "changed its input"),
    (GenerousNim(), on_playouts(lambda g, run: None), "legal actions, to_act"),
    (EndlessNim(), on_playouts(lambda g, run: None), "no end"),
    (UnseededNim(), on_playouts(check_replay), "another game"),
    (CarelessNim(), on_playouts(check_refusals), "out of turn"),
    (LaxNim(), on_playouts(check_refusals), "accepted"),
    (ScorelessNim(), on_playouts(check_end), "does not add up"),
    (HeadlessNim(), on_playouts(check_end), "nobody ranked first"),
    (ForgetfulNim(), on_playouts(check_serialization, {"misere": True}), "through JSON"),
    (ForgetfulNim(), on_playouts(check_replay, {"misere": True}), "replay differs"),
    (ShyEventNim(), on_playouts(lambda g, run: check_events(run)), "spectators see"),
    (SloppyOptionsNim(), check_options, "blamed 'options', not 'heaps'"),
    (CrowdedNim(), check_options, "1 players accepted"),
    (UncheckedNim(), check_options, "heaps.*accepted"),
    (ImpatientNim(), on_playouts(lambda g, run: None), "must_decide is"),
    (RashNim(), on_playouts(lambda g, run: None), "default .* is not legal"),
    (PushyNim(), on_playouts(lambda g, run: None), "a default action for"),
    (GullibleNim(), on_playouts(check_refusals), "is_legal"),
    (FussyNim(), on_playouts(lambda g, run: None), "is not is_legal"),
    (ListingOnesNim(), on_playouts(lambda g, run: None), "the random .* is not is_legal"),
]


CASES = [pytest.param(*case, id=f"{type(case[0]).__name__}-{i}") for i, case in enumerate(BROKEN)]


@pytest.mark.parametrize(("broken", "check", "message"), CASES)
def test_a_broken_game_fails_its_check(broken: AnyGame, check: Check, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check(broken)


@pytest.mark.parametrize(("broken", "check", "message"), CASES)
def test_the_real_nim_passes_the_same_check(broken: AnyGame, check: Check, message: str
                                            ) -> None:
    check(Nim())


@pytest.mark.parametrize("check", [
    on_playouts(lambda g, run: None), on_playouts(check_refusals), on_playouts(check_replay)])
def test_a_game_listing_representative_forms_passes(check: Check) -> None:
    """RepresentativeNim plays counts it does not list, and has default actions: both kept."""
    check(RepresentativeNim())


def test_representative_nim_plays_unlisted_actions_and_has_defaults() -> None:
    """So the test above is not vacuous."""
    game = RepresentativeNim()
    run = playout(game, 2, {}, seed=1)
    assert any(move["count"] > 1 for _, move in run.moves)  # unlisted actions were played
    assert all(game.default_action(s, game.to_act(s)[0]) is not None for s in run.states[:-1])
