"""Everything players read about a game, as pure functions of engine views and bot records.

Public texts are built from `view(state, None)` and public events, private ones from
`view(state, seat)`; every word comes from the catalogs (the game's `cogs/citadels/locales`,
whose keys start with `citadels.`, and the platform's `bot/locales`) or, for card and
character names and effects, from the rules data file.
"""

from bot.embeds import embed_size

from .cast import cast_lines
from .events import event_line, event_types
from .labels import action_description, action_label, destroy_cost
from .names import district_tag, seat_name
from .rules_text import rules_choices, rules_embed
from .scores import final_embed, scores_from_view, standings_embed, tiebreak_text
from .table import table_embed

__all__ = [
    "action_description", "cast_lines", "action_label", "destroy_cost",
    "district_tag", "embed_size", "event_line", "event_types", "final_embed", "rules_choices",
    "rules_embed", "scores_from_view", "seat_name", "standings_embed", "table_embed",
    "tiebreak_text",
]
