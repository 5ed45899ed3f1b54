"""Citadels' Discord UI: its command group (`cog`, the discord.py extension), table and panel
renderers, components and texts (`locales/`)."""
