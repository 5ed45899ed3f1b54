"""Catan with Cities & Knights on Discord: its command group (`cog`, the discord.py
extension), the UI the platform asks (`ui`), the table and results (`table`), the private
panel (`panel`) built from one declaration per action type (`actions_ui`), trades between
people (`trades`), event lines (`events`), the board picture (`render/`) and texts
(`locales/`)."""
