"""Citadels' Discord UI, in every game's shape: the command group (`cog`, the discord.py
extension), the UI the platform asks (`ui`), one declaration per action type (`actions_ui`,
with their `labels` and panel `summaries`), a seat's panel (`panel`), the table, standings
and result (`table`), event lines (`events`), how things read (`texts`), hints (`hints`), the
lobby's options (`lobby`), pictures (`render/`) and the catalogs (`locales/`)."""
