"""The board picture's colours: terrains, the sea, seats, the improvement tracks, ink."""

from __future__ import annotations

from cogs.drawing import RGB

SEA: RGB = (52, 128, 186)
SEA_EDGE: RGB = (34, 92, 140)
SAND: RGB = (238, 224, 184)  # the gaps between hexes and the coast
TERRAINS: dict[str, RGB] = {
    "forest": (38, 112, 56), "pasture": (146, 198, 86), "fields": (236, 194, 66),
    "hills": (200, 104, 64), "mountains": (132, 136, 146), "desert": (224, 204, 156)}
RESOURCE_TERRAIN = {"lumber": "forest", "wool": "pasture", "grain": "fields", "brick": "hills",
                    "ore": "mountains"}
TOKEN: RGB = (250, 240, 214)
TOKEN_EDGE: RGB = (150, 128, 88)
INK: RGB = (30, 30, 36)
RED_INK: RGB = (200, 28, 28)
MUTED: RGB = (96, 96, 104)
WHITE: RGB = (255, 255, 255)
OUTLINE: RGB = (24, 24, 28)
GLOW: RGB = (255, 214, 40)  # an active knight's ring; the candidates' highlight
STONE: RGB = (150, 142, 128)  # city walls
STONE_DARK: RGB = (92, 86, 76)
ROBBER: RGB = (46, 46, 52)
SHIP_HULL: RGB = (92, 60, 34)
BACKGROUND: RGB = (238, 232, 218)

SEAT_COLOURS: dict[str, RGB] = {  # the pieces of each colour of seating.SEAT_ORDER (§1.8)
    "red": (214, 38, 38), "blue": (34, 98, 214), "white": (246, 246, 242),
    "orange": (242, 134, 22)}
TRACKS: dict[str, RGB] = {"trade": (240, 196, 24), "politics": (40, 92, 204),
                          "science": (40, 150, 62)}


def ink_on(fill: RGB) -> RGB:
    """Dark or white text, whichever reads on `fill`."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def tint(colour: RGB, amount: float, towards: RGB = WHITE) -> RGB:
    """The colour mixed with `towards` (`amount` of it)."""
    return (round(colour[0] + (towards[0] - colour[0]) * amount),
            round(colour[1] + (towards[1] - colour[1]) * amount),
            round(colour[2] + (towards[2] - colour[2]) * amount))
