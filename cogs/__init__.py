"""Thin Discord command and component handlers, loaded as discord.py extensions."""
