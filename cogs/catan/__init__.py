"""Catan with Cities & Knights on Discord: so far the board as a picture (render/); the lobby,
table, panels and trades follow (issue 35)."""
