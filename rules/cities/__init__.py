"""Cities (Devir, 2024; Steve Finn and Phil Walker-Harding) for 2 to 4 players: the rules
engine, as docs/rules/cities.md specifies it. Pure Python, deterministic from the seed kept in
the state, no I/O.

The components are data. `open-1` (data/open-1.json), the default set, is the project's
original open component set following the published counts (docs/rules/cities.md §10); it is
NOT Devir's printed contents, whose tiles, cards and boards are not public. A file of the same
shape (a transcription of the printed game, say) loads without code changes (`data.register`)
and is chosen with `Options.component_set`.

Modules: geometry (coordinates, rotation, size, labels), components (the data file's shape),
data (loading and checking a set), hood (a neighbourhood as the rules read it), templates and
objectives (the predicate vocabulary of docs/rules/cities.md §10.5), counts (what the player
count changes), board (the central rows), placement and legal (what may go where),
achievements, scoring, engine (the flow and `apply`), views, determinize, game (`GAME`, the
platform's interface). What every engine shares is rules/kernel's: the generator, the events,
the actions' adapter, the working copies and the interface's hand-over to the engine.
"""

from .game import GAME, Cities
from .state import GameState, Options

__all__ = ["GAME", "Cities", "GameState", "Options"]
