"""The pictures' colours: spaces by terrain and colour, pieces, seats' workers, ink."""

from __future__ import annotations

from cogs.drawing import RGB

BACKGROUND: RGB = (243, 239, 230)
PANEL: RGB = (255, 255, 255)
BORDER: RGB = (214, 207, 194)
INK: RGB = (34, 34, 40)
MUTED: RGB = (110, 110, 118)
FAINT: RGB = (196, 190, 178)
WHITE: RGB = (255, 255, 255)
ACTING: RGB = (37, 99, 235)
GOLD: RGB = (236, 182, 40)
GOLD_DARK: RGB = (150, 105, 10)
HIGHLIGHT: RGB = (255, 196, 0)
STAGED: RGB = (220, 40, 120)  # the outline of a tile not laid yet (a preview)
BACK: RGB = (88, 96, 120)  # a face-down item
BACK_INK: RGB = (226, 230, 240)
PLACE: RGB = (228, 223, 211)  # an empty place where a tile could go
OUTSIDE: RGB = (236, 232, 222)
TILE_EDGE: RGB = (60, 56, 52)

SPACE: dict[str, RGB] = {  # a space's printed code
    "R": (240, 190, 182), "B": (186, 206, 240), "G": (190, 226, 186), "Y": (246, 232, 166),
    "P": (136, 196, 104), "W": (100, 168, 224)}
PIECE: dict[str, RGB] = {
    "R": (206, 50, 44), "B": (36, 92, 200), "G": (38, 140, 64), "Y": (232, 184, 20)}
PIECE_EDGE: dict[str, RGB] = {
    "R": (120, 24, 20), "B": (18, 46, 112), "G": (18, 76, 34), "Y": (130, 96, 0)}
SEATS: tuple[RGB, ...] = ((128, 64, 170), (240, 124, 28), (40, 40, 48), (244, 244, 244))
SEAT_EDGE: RGB = (30, 30, 36)
PARTS: dict[str, RGB] = {
    "achievements": (232, 160, 24), "water": (60, 140, 210), "park": (80, 160, 70),
    "monuments": (130, 130, 140), "cards": (150, 90, 180)}
GREY: RGB = (150, 150, 156)
GREY_DARK: RGB = (96, 96, 104)
BROWN: RGB = (128, 84, 44)
LEAF: RGB = (34, 110, 52)
SEA_INK: RGB = (24, 80, 140)


def seat_colour(index: int) -> RGB:
    return SEATS[index % len(SEATS)]


def ink_on(fill: RGB) -> RGB:
    """Dark or white text, whichever reads on `fill`."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE
