"""Every registered game, and the test game Nim, against the same checks (checks.py).

Nim is looked up through the registry like any game, but registered only while this module
collects its cases, so the other tests still see the real registry.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest

from rules import registry
from rules.citadels import cast
from tests.games.bids import registered as bids_registered
from tests.games.nim import registered

from .checks import (
    AnyGame,
    allowed_counts,
    check_decision_keys,
    check_end,
    check_events,
    check_junk_actions,
    check_new_game_player_counts,
    check_options,
    check_refusals,
    check_replay,
    check_serialization,
    check_spectator_worlds,
    check_views,
    names_decisions,
    option_sets,
    overrides_determinize,
    playout,
)

with registered(), bids_registered():
    GAMES: list[AnyGame] = [registry.game(g) for g in registry.games()]
assert {"nim", "bids"} <= {g.id for g in GAMES}

# Random playouts per case: Nim's take milliseconds, Citadels' a tenth of a second, Catan's
# about two seconds (some 2000 decisions, each checked). The default run plays the first
# seed of every case; `pytest -m long` plays the others too.
SEEDS: dict[str, int] = {"citadels": 2, "catan": 1}
DEFAULT_SEEDS = 3
VIEW_SAMPLES = 6  # states per playout whose views are checked


# Option sets beyond one option at a time: whole Dark City casts (Citadels' expansion).
_DARK = {"rank1": "witch", "rank2": "tax_collector", "rank3": "wizard", "rank4": "emperor",
         "rank5": "abbot", "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat"}
# The lobby's presets (Dark City with the Artist or the Queen, a random mix), at every player
# count (issue #16), and two more sets played like the single-option variants below.
EXTRA_OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "citadels": [{**_DARK, "rank9": "artist"}, {**_DARK, "rank9": "queen"},
                 cast.preset("random", "artist", random.Random(7).choice)],
    "catan": [{"layout": "random"}],  # both layouts at every player count (issue #17)
}
MORE_OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "citadels": [{**_DARK, "rank4": "king", "rank9": "artist", "nine_with_two": True},
                 {"rank9": "queen", "city_size": 8}],
}
SPREAD = 2  # player counts each single-option variant is played at (turn by turn over all)
SPREADS: dict[str, int] = {"catan": 1}  # long games: each variant at one count
# Options the single-option variants are played on, where they only matter with them (Catan's
# tokens and harbours choices apply to the random layout only).
VARIANT_BASE: dict[str, dict[str, Any]] = {"catan": {"layout": "random"}}


def cases() -> list[Any]:
    """The defaults and the game's extra sets at every player count that may play them; each
    option at its bounds and choices at SPREAD of its counts, taken in turn so that over the
    variants every count is played (the suite stays fast as games gain options), the first of
    them in the default run and the others in the long one."""
    out: list[Any] = []
    for game in GAMES:
        base, extra = VARIANT_BASE.get(game.id, {}), EXTRA_OPTION_SETS.get(game.id, [])
        variants = [v for v in ({**base, **o} for o in option_sets(game)[1:])
                    if v not in extra and v != base] + MORE_OPTION_SETS.get(game.id, [])
        spread = SPREADS.get(game.id, SPREAD)
        for i, options in enumerate([{}, *extra, *variants]):
            counts = allowed_counts(game, options)
            if options in variants and len(counts) > spread:
                counts = sorted({counts[(i + k * len(counts) // spread) % len(counts)]
                                 for k in range(spread)})
            label = "".join(f"-{name}={value}" for name, value in options.items())
            # A variant's further counts are played in the long run only.
            out.extend(pytest.param(game, players, options, id=f"{game.id}-{players}p{label}",
                                    marks=[pytest.mark.long] if options in variants and k
                                    else [])
                       for k, players in enumerate(counts))
    return out


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_declared_options_and_player_counts(game: AnyGame) -> None:
    check_options(game)


def seeded(long: bool) -> list[Any]:
    """Each case with its seeds, drawn from its id: the first one (the default run), or the
    others (the long run; none where a case has a single seed)."""
    out = []
    for case in cases():
        game = case.values[0]
        base = zlib.crc32(str(case.id).encode())
        count = SEEDS.get(game.id, DEFAULT_SEEDS)
        seeds = range(base + 1, base + count) if long else range(base, base + 1)
        if seeds:
            out.append(pytest.param(*case.values, seeds, id=f"{case.id}{'-more' if long else ''}",
                                    marks=[*case.marks, *([pytest.mark.long] if long else [])]))
    return out


@pytest.mark.parametrize(("game", "players", "options", "seeds"), seeded(False) + seeded(True))
def test_random_playouts_keep_the_contract(game: AnyGame, players: int, options: dict[str, Any],
                                           seeds: range) -> None:
    differed = kept = False
    for seed in seeds:
        run = playout(game, players, options, seed)
        check_end(game, run)
        check_serialization(game, run)
        check_replay(game, run)
        check_events(run)
        check_refusals(game, run)
        differed |= check_views(game, run, every=len(run.states) // VIEW_SAMPLES)
        kept |= check_decision_keys(game, run)
    # A game with hidden information must redraw some of it, or the view check proved nothing.
    assert differed or not overrides_determinize(game), f"{game.id}: no world ever differed"
    # A game that names its decisions must keep one while another seat moves: in its default
    # games (a variant's may hold no simultaneous decision: Catan played to 10 points).
    assert kept or options or not names_decisions(game), f"{game.id}: no decision outlived a move"


# Where a registered game does not (yet) keep the contract: the check runs, and must fail.
KNOWN_GAPS: dict[tuple[str, str], str] = {}


def per_game(check: str, only_hidden: bool = False) -> list[Any]:
    out = []
    for game in GAMES:
        if only_hidden and not overrides_determinize(game):
            continue
        gap = KNOWN_GAPS.get((game.id, check))
        marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
        out.append(pytest.param(game, id=game.id, marks=marks))
    return out


@pytest.mark.parametrize("game", per_game("spectator", only_hidden=True))
def test_spectator_worlds_redraw_secrets(game: AnyGame) -> None:
    differed = False
    for players in allowed_counts(game, {}):
        run = playout(game, players, {}, seed=players, checked=False)  # checked elsewhere
        differed |= check_spectator_worlds(game, run, every=len(run.states) // VIEW_SAMPLES)
    assert differed, f"{game.id}: determinize(state, None) never redrew anything"


@pytest.mark.parametrize("game", per_game("new_game"))
def test_new_game_refuses_a_bad_player_count(game: AnyGame) -> None:
    check_new_game_player_counts(game)


@pytest.mark.parametrize("game", per_game("junk"))
def test_actions_that_are_not_json_objects_are_illegal(game: AnyGame) -> None:
    seats = [f"p{i}" for i in range(1, game.min_players + 1)]
    check_junk_actions(game, game.new_game(seats, game.options({}), seed=1))
