"""The game's cast and deck from its options, and the player counts each cast allows
(docs/rules/citadels-dark-city.md §2.1-2.3 and §2.5)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.game import InvalidOptions

from .cards import (
    BARRED,
    DARK_CHARACTERS,
    DARK_DISTRICTS,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RANK_CHOICES,
)
from .state import Options


def cast(options: Options) -> tuple[str, ...]:
    """The game's characters by rank: one per rank 1-8, and rank 9 if chosen."""
    o = options
    ranks = (o.rank1, o.rank2, o.rank3, o.rank4, o.rank5, o.rank6, o.rank7, o.rank8)
    return ranks if o.rank9 is None else (*ranks, o.rank9)


def dark(options: Options) -> bool:
    """Whether the cast has any Dark City character."""
    return any(c in DARK_CHARACTERS for c in cast(options))


def deck(options: Options) -> tuple[str, ...]:
    """The district deck in a fixed order: the Classic 68, then the chosen Dark City purples
    (all 12 by default in a game with a Dark City character)."""
    wanted = options.dark_city_districts
    if wanted is None:
        wanted = dark(options)
    if not wanted:
        return DECK
    return DECK + tuple(d for d in DARK_DISTRICTS if d not in options.leave_out)


def check_players(options: Options, players: int) -> None:
    """InvalidOptions unless `players` may play this cast: 8 players need a rank-9 character,
    2 players one only with `nine_with_two`, and a few characters are barred (§2.2)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidOptions("players", f"{MIN_PLAYERS}-{MAX_PLAYERS} players")
    if players == MAX_PLAYERS and options.rank9 is None:
        raise InvalidOptions("players", f"{players} players need a rank-9 character",
                             "need_nine", players=players)
    if players == 2 and options.rank9 is not None and not options.nine_with_two:
        raise InvalidOptions("rank9", "2 players play a rank-9 character only with "
                                      "nine_with_two", "nine_with_two", players=players)
    barred = BARRED.get(players, frozenset())
    for rank, character in enumerate(cast(options), start=1):
        if character in barred:
            raise InvalidOptions(f"rank{rank}", f"the {character} is not played by "
                                                f"{players} players", f"barred.{character}",
                                 players=players)


def most_players(options: Options) -> int:
    """The largest table the cast allows: 8 only with a rank-9 character."""
    return MAX_PLAYERS if options.rank9 is not None else MAX_PLAYERS - 1


# The lobby's casts (§2.1): the Classic eight, the Dark City eight, or one of each rank at
# random; rank 9 is chosen on its own.
PRESETS = ("classic", "dark_city", "random")


def preset(name: str, rank9: str | None, pick: Callable[[Sequence[str]], str]
           ) -> dict[str, str | None]:
    """The rank options of a preset; `pick` chooses between a rank's two characters for
    "random" (the caller's randomness: a lobby's cast is drawn once, then stored)."""
    index = {"classic": 0, "dark_city": 1}.get(name)
    ranks: dict[str, str | None] = {
        f"rank{rank}": choices[index] if index is not None else pick(choices)
        for rank, choices in RANK_CHOICES.items() if rank <= 8}
    return {**ranks, "rank9": rank9}
