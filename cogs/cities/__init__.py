"""Cities (Devir) on Discord: `/cities`, its table, panels and pictures.

`cog.py` is the extension (the commands: `new`, `hood`, `achievements` and every game's own);
`ui.py` answers the platform (bot.ui.GameUI); `actions_ui.py` declares each action type
(cogs/declare.py), `panel.py` builds a seat's panel with the tile's staged preview; `table.py`
the table, the standings and the end; `events.py` the event lines; `texts.py`
words every thing of the game from the catalogs (`locales/{en,es}/cities.json`, keys `cities.`)
and the component set's own names; `render/` draws the central board, the neighbourhoods and
the final result. Everything is read from views (rules/cities/views.py): nothing here computes
a rule. The components are the open set `open-1`, the project's own following the published
counts, and every place that names the set says so.
"""
