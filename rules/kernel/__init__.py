"""What every engine shares: events, the seeded generator, the errors, copy-on-write working
copies of pydantic states, actions with their JSON adapter, and the game interface over an
engine. Pure Python, no game in it.

    from rules.kernel import rng, tx
    from rules.kernel.actions import Action, Actions
    from rules.kernel.errors import IllegalAction
    from rules.kernel.events import Event
    from rules.kernel.game import EngineGame

- `events`: `Event(type, seat, data, private)`, its `visible_to(viewer)`; `NO_SECRETS`;
  `blank(cls)` (events made without an __init__ call, for a game's emit).
- `rng`: SplitMix64, its state one int in the game state; exactly uniform `below`, `choice`,
  `shuffle` (also a partial one), `fisher_yates`; `modulo` and `mixed`, the draws and the
  first state Cities always took, kept so that its seeds keep their games.
- `errors`: `IllegalAction`, `InvalidOptions` (rules.game's classes).
- `tx`: `Layout`, `work`, `assemble`, `replaced`, `construct`, `all_set`: states' working
  copies and models built from fields known valid.
- `actions`: `Action` (a class's `type` is its name in snake_case), `Actions` (parse, dump).
- `game`: `EngineGame`, rules.game.Game over an engine (`engine`, `actions`, `state_type`):
  the methods that only hand over to the engine, and the states' JSON forms.
"""
