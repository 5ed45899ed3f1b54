"""The table and the final scores as pictures, from the public view: our own flat drawing.

The table: a header (round, whose turn, the round's murdered, robbed and bewitched characters),
then one panel per player in seating order: the name with the crown and the acting marker, gold,
hand, score and city size, the characters revealed this round, and the city as small district
cards coloured by type, with name and cost. The end: one stacked bar per player, best first,
split by the parts of the score, with a legend and the winner marked.

`*_layout` builds the `Scene` (pure: names and rectangles a test can read), `*_picture` paints
it. Every word comes from the catalogs or the rules data; icons are drawn shapes (the font has
no emoji). Reference pictures: `python -m bench.pictures`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from bot.i18n import Catalog
from bot.records import Seat
from cogs.drawing import RGB, Box, Scene, drawable, paint, text_width
from rules.citadels.cards import CHARACTERS, COST, DISTRICTS
from rules.citadels.scoring import BREAKDOWN

from ..table import scores_from_view, tiebreak_text
from ..texts import TYPE_EMOJI, character, district, language, who

View = dict[str, Any]
WIDTH, PAD, GAP = 1000, 16, 8
INFO_W = 264  # a panel's left column: name, counters, characters
CARDS_PER_ROW, CARD_H, STRIPE_W, COIN = 4, 58, 12, 26
TYPE_ORDER = list(TYPE_EMOJI)
BACKGROUND: RGB = (243, 239, 230)
PANEL: RGB = (255, 255, 255)
BORDER: RGB = (214, 207, 194)
INK: RGB = (34, 34, 40)
MUTED: RGB = (110, 110, 118)
ACTING: RGB = (37, 99, 235)
GOLD: RGB = (236, 182, 40)
GOLD_DARK: RGB = (150, 105, 10)
WHITE: RGB = (255, 255, 255)
TYPE_COLOURS: dict[str, RGB] = {
    "noble": (226, 172, 20), "religious": (48, 108, 206), "trade": (40, 148, 78),
    "military": (200, 50, 46), "unique": (134, 78, 188)}
MARK_COLOURS: dict[str, RGB] = {
    "murdered": (190, 30, 45), "robbed": (225, 120, 20), "bewitched": (120, 60, 170)}
PART_COLOURS: dict[str, RGB] = {
    "districts": (88, 104, 138), "five_types": (32, 160, 150), "first_complete": (232, 160, 24),
    "complete": (236, 112, 56), "beautified": (218, 84, 150), "map_room": (118, 88, 200),
    "imperial_treasury": (150, 110, 50), "university": (64, 128, 222),
    "dragon_gate": (196, 56, 56), "museum": (104, 158, 56), "wishing_well": (56, 168, 210)}
SPARE_COLOURS: tuple[RGB, ...] = ((90, 90, 90), (160, 160, 60), (60, 90, 160))
WINNER_ROW: RGB = (252, 243, 214)
PILL: RGB = (232, 228, 220)  # a character revealed, unmarked
BEAUTIFIED: RGB = (218, 84, 150)


def table_picture(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> bytes:
    """The table as a PNG."""
    return paint(table_layout(view, seats, catalog, lang))


def final_picture(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> bytes:
    """The final scores as a PNG."""
    return paint(final_layout(view, seats, catalog, lang))


# --- the table ------------------------------------------------------------------------------

def table_layout(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> Scene:
    lang = language(catalog, lang)
    scene = Scene(WIDTH, 0, BACKGROUND)
    y = _header(scene, view, seats, catalog, lang)
    for p in view["players"]:
        y = _panel(scene, view, p, seats, catalog, lang, y) + GAP
    footer = catalog.text("citadels.render.picture.footer", lang, size=view["city_size"],
                          deck=view["deck_size"])
    scene.text(Box(PAD, y, WIDTH - 2 * PAD, 26), footer, MUTED, 16, 12)
    scene.height = y + 26 + PAD // 2
    return scene


def _header(scene: Scene, view: View, seats: list[Seat], catalog: Catalog, lang: str) -> int:
    """The title, the status line and the round's marks; returns the y below them."""
    def t(key: str, **params: object) -> str:
        return catalog.text(f"citadels.render.picture.{key}", lang, **params)

    width = WIDTH - 2 * PAD
    scene.text(Box(PAD, PAD, width, 40), t("title", round=view["round"]), INK, 30, 20, bold=True)
    scene.region("status", Box(PAD, PAD + 42, width, 30))
    scene.text(Box(PAD, PAD + 42, width, 30), _status(view, seats, catalog, lang), INK, 21, 14,
               clip=True, region="status")
    items: list[tuple[str, str | None, str]] = [  # (region, mark, text), flowing in lines
        (f"mark:{kind}", kind, t(kind, character=character(view[kind], lang)))
        for kind in MARK_COLOURS if view.get(kind)]
    for key, ids in (("faceup", view["faceup_discards"]), ("absent", view["absent"])):
        if ids:
            items.append((key, None, t(key, characters=", ".join(character(c, lang)
                                                                  for c in ids))))
    x, y = PAD, PAD + 76
    for region, mark, label in items:
        w = min(round(text_width(label, 18)) + (28 if mark else 0) + 4, width)
        if x + w > WIDTH - PAD:
            x, y = PAD, y + 30
        scene.region(region, Box(x, y, w, 28))
        if mark:
            _mark_icon(scene, mark, Box(x, y + 3, 22, 22))
        text = Box(x + (28 if mark else 0), y, w - (28 if mark else 0), 28)
        scene.text(text, label, INK if mark else MUTED, 18, 12, clip=True, region=region)
        x += w + 18
    return y + (34 if items else 0)


def _status(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    def name(seat: str | None) -> str:
        return _name(seat, seats, catalog, lang)

    def t(key: str, **params: object) -> str:
        return catalog.text(f"citadels.render.picture.{key}", lang, **params)

    acting = view["to_act"][0] if view["to_act"] else None
    if view["finished"]:
        return t("winner", name=name(view["winner"]))
    if view["phase"] == "draft" and view.get("draft"):
        d = view["draft"]
        return t(f"draft.{d['step']}", name=name(d["chooser"]), count=d["pool_size"])
    if view.get("graveyard_card"):
        return t("graveyard", name=name(acting), district=district(view["graveyard_card"], lang))
    if view.get("current_character"):
        cid = view["current_character"]
        return t("turn", character=f"{CHARACTERS[cid].rank} {character(cid, lang)}",
                 name=name(acting))
    return ""


def _panel(scene: Scene, view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
           lang: str, y: int) -> int:
    """One player's panel from y; returns its bottom."""
    seat = p["id"]
    city = sorted(p["city"], key=lambda d: (TYPE_ORDER.index(DISTRICTS[d].type), COST[d], d))
    cards_x = PAD + 10 + INFO_W + 10
    cards_w = WIDTH - PAD - 10 - cards_x
    card_w = (cards_w - (CARDS_PER_ROW - 1) * GAP) // CARDS_PER_ROW
    rows = max(1, -(-len(city) // CARDS_PER_ROW))
    info_h = 118 if p["revealed"] else 82  # with, without the characters' line
    height = max(info_h, rows * (CARD_H + GAP) - GAP + 20)
    panel = Box(PAD, y, WIDTH - 2 * PAD, height)
    acting = bool(view["to_act"]) and view["to_act"][0] == seat
    scene.region(f"player:{seat}", panel)
    scene.rect(panel, PANEL, ACTING if acting else BORDER, 4 if acting else 1, radius=10)
    _info(scene, view, p, seats, catalog, lang, Box(PAD + 10, y + 8, INFO_W, height - 16),
          acting)
    if not city:
        scene.text(Box(cards_x, y + 10, cards_w, CARD_H), catalog.text(
            "citadels.render.picture.empty_city", lang), MUTED, 18, 12)
    for i, did in enumerate(city):
        row, col = divmod(i, CARDS_PER_ROW)
        box = Box(cards_x + col * (card_w + GAP), y + 10 + row * (CARD_H + GAP), card_w, CARD_H)
        _card(scene, f"{seat}:{i}", did, did in p.get("beautified", ()), box, lang)
    return panel.bottom


def _info(scene: Scene, view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
          lang: str, box: Box, acting: bool) -> None:
    """Name (with the acting marker and the crown), counters, and characters shown."""
    seat_id = p["id"]
    seat = next((s for s in seats if s.id == seat_id), None)
    kind = (None if seat is None else "computer" if seat.user_id is None
            else "left" if seat.left else "away" if seat.away else None)
    icons: list[tuple[str, Callable[[Scene, Box], None], int]] = []
    if acting:
        icons.append(("acting", _arrow, 20))
    if view["crown"] == seat_id:
        icons.append(("crown", _crown, 30))
    if view.get("first_complete") == seat_id:
        icons.append((f"first_complete:{seat_id}", _flag, 16))
    if kind:  # the seat's emoji, which the font lacks, drawn
        icons.append((f"{kind}:{seat_id}", {"computer": _robot, "left": _door, "away": _moon}[kind],
                      22))
    x = box.x
    for region, draw, width in icons:
        icon = Box(x, box.y + 5, width, 22)
        scene.region(region, icon)
        draw(scene, icon)
        x += width + 6
    name = Box(x, box.y, box.right - x, 32)
    scene.region(f"name:{seat_id}", name)
    scene.text(name, _name(seat_id, seats, catalog, lang), INK, 24, 17, bold=True,
               clip=True, region=f"name:{seat_id}")
    _counters(scene, view, p, Box(box.x, box.y + 38, box.w, 28))
    _revealed(scene, view, p, Box(box.x, box.y + 74, box.w, 28), lang)


def _counters(scene: Scene, view: View, p: dict[str, Any], box: Box) -> None:
    """Gold, cards in hand, score and city size, each a drawn icon and a number."""
    seat = p["id"]
    slot = box.w // 4
    city = f"{len(p['city'])}/{view['city_size']}"
    for i, (kind, number) in enumerate((("gold", p["gold"]), ("hand", p["hand_size"]),
                                        ("score", p["score"]["total"]), ("city", city))):
        cell = Box(box.x + i * slot, box.y, slot - 4, box.h)
        scene.region(f"{kind}:{seat}", cell)
        icon = Box(cell.x, cell.y + 3, 22, 22)
        {"gold": _coin, "hand": _cards, "score": _star, "city": _house}[kind](scene, icon)
        scene.text(Box(cell.x + 26, cell.y, cell.w - 26, cell.h), str(number), INK, 20, 13,
                   bold=True, region=f"{kind}:{seat}")


def _revealed(scene: Scene, view: View, p: dict[str, Any], box: Box, lang: str) -> None:
    """A pill per character the player revealed this round, coloured by its mark."""
    shown = p["revealed"]
    if not shown:
        return
    w = (box.w - GAP * (len(shown) - 1)) // len(shown)
    for i, cid in enumerate(shown):
        pill = Box(box.x + i * (w + GAP), box.y, w, box.h)
        name = f"character:{p['id']}:{cid}"
        scene.region(name, pill)
        mark = next((k for k in MARK_COLOURS if view.get(k) == cid), None)
        fill = MARK_COLOURS[mark] if mark else PILL
        scene.rect(pill, fill, radius=box.h // 2)
        text = Box(pill.x + 10, pill.y, pill.w - 20, pill.h)
        if mark:
            _mark_icon(scene, mark, Box(pill.x + 4, pill.y + 3, 22, 22), inverse=True)
            text = Box(pill.x + 30, pill.y, pill.w - 38, pill.h)
        scene.text(text, f"{CHARACTERS[cid].rank} {character(cid, lang)}",
                   WHITE if mark else INK, 17, 11, bold=True, region=name)


def _card(scene: Scene, key: str, did: str, beautified: bool, box: Box, lang: str) -> None:
    """A district card: a stripe of its type's colour, its name, its cost on a coin."""
    colour = TYPE_COLOURS.get(DISTRICTS[did].type, MUTED)
    scene.region(f"card:{key}", box)
    scene.rect(box, _tint(colour, 0.84), _tint(colour, 0.35), 1, radius=6)
    stripe = Box(box.x, box.y, STRIPE_W, box.h)
    scene.region(f"stripe:{key}", stripe)
    scene.rect(stripe, colour, radius=0)
    coin = Box(box.right - COIN - 6, box.y + (box.h - COIN) // 2, COIN, COIN)
    scene.text(Box(stripe.right + 6, box.y + 2, coin.x - stripe.right - 10, box.h - 4),
               district(did, lang), INK, 21, 13, max_lines=2, region=f"card:{key}")
    scene.ellipse(coin, GOLD, GOLD_DARK, 2 if not beautified else 3)
    scene.text(coin, str(COST[did]), INK, 16, 12, bold=True, align="centre",
               region=f"card:{key}")
    if beautified:
        _sparkle(scene, Box(coin.right - 10, coin.y - 6, 14, 14))


def _name(seat: str | None, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    """A seat's name as the picture can draw it: plain text, without the emoji of computer
    and away seats (the font has none), '?' when nothing drawable is left."""
    return drawable(who(seat, seats, catalog, lang, markdown=False)) or "?"


# --- the end --------------------------------------------------------------------------------

ROW_H, BAR_H = 50, 32
NAME_X, NAME_W = PAD + 44, 210


def final_layout(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> Scene:
    lang = language(catalog, lang)
    scene = Scene(WIDTH, 0, BACKGROUND)
    players = {p["id"]: p for p in view["players"]}
    order = list(view["ranking"])
    winner = view.get("winner") or order[0]
    width = WIDTH - 2 * PAD
    scene.text(Box(PAD, PAD, width, 40), catalog.text("citadels.render.picture.final.title", lang),
               INK, 30, 20, bold=True)
    scene.region("headline", Box(PAD, PAD + 42, width, 30))
    scene.text(Box(PAD, PAD + 42, width, 30), catalog.text(
        "citadels.render.picture.final.winner", lang, name=_name(winner, seats, catalog, lang),
        total=players[winner]["score"]["total"]), INK, 21, 14, clip=True, region="headline")
    bar_x = NAME_X + NAME_W + 12
    bar_w = WIDTH - PAD - 56 - bar_x
    best = max([1, *(p["score"]["total"] for p in players.values())])
    y = PAD + 84
    tie = tiebreak_text(view, scores_from_view(view), seats, catalog, lang, markdown=False)
    if tie:  # who won the tie on points, and how
        scene.region("tiebreak", Box(PAD, y - 8, width, 48))
        scene.text(Box(PAD, y - 8, width, 48), tie, MUTED, 18, 13, max_lines=2, clip=True,
                   region="tiebreak")
        y += 46
    for place, seat in enumerate(order, 1):
        _score_row(scene, players[seat], place, seat == winner, seats, catalog, lang, y, bar_x,
                   bar_w / best)
        y += ROW_H + 4
    y = _legend(scene, players.values(), catalog, lang, y + 14)
    scene.height = y + PAD
    return scene


def _score_row(scene: Scene, p: dict[str, Any], place: int, won: bool, seats: list[Seat],
               catalog: Catalog, lang: str, y: int, bar_x: int, scale: float) -> None:
    seat = p["id"]
    row = Box(PAD, y, WIDTH - 2 * PAD, ROW_H)
    scene.region(f"row:{seat}", row)
    if won:
        scene.rect(row, WINNER_ROW, GOLD, 2, radius=8)
        scene.region("winner", Box(PAD + 6, y + 12, 32, 26))
        _crown(scene, Box(PAD + 6, y + 12, 32, 26))
    else:
        scene.text(Box(PAD + 4, y, 36, ROW_H), str(place), MUTED, 22, 14, bold=True,
                   align="centre")
    scene.region(f"name:{seat}", Box(NAME_X, y, NAME_W, ROW_H))
    scene.text(Box(NAME_X, y, NAME_W, ROW_H), _name(seat, seats, catalog, lang),
               INK, 21, 15, bold=won, max_lines=2, clip=True, region=f"name:{seat}")
    bar = Box(bar_x, y + (ROW_H - BAR_H) // 2, 0, BAR_H)
    total, done = 0, 0
    for part in BREAKDOWN:  # the engine's order; cumulative rounding keeps lengths exact
        points = p["score"]["breakdown"].get(part, 0)
        if not points:
            continue
        total += points
        end = round(total * scale)
        seg = Box(bar.x + done, bar.y, end - done, BAR_H)
        done = end
        scene.region(f"segment:{seat}:{part}", seg)
        scene.rect(seg, part_colour(part))
        if seg.w >= 24:
            scene.text(seg, str(points), WHITE, 16, 11, bold=True, align="centre",
                       region=f"segment:{seat}:{part}")
    scene.region(f"bar:{seat}", Box(bar.x, bar.y, done, BAR_H))
    label = Box(bar.x + done + 8, y, 56, ROW_H)
    scene.region(f"total:{seat}", label)
    scene.text(label, str(p["score"]["total"]), INK, 22, 14, bold=True,
               region=f"total:{seat}")


def _legend(scene: Scene, players: Any, catalog: Catalog, lang: str, y: int) -> int:
    """A swatch and a name for every part that scored for someone; returns the bottom."""
    used = [part for part in BREAKDOWN
            if any(p["score"]["breakdown"].get(part) for p in players)]
    x = PAD
    for part in used:
        label = part_name(part, catalog, lang)
        w = min(round(text_width(label, 18)) + 32, WIDTH - 2 * PAD)
        if x + w > WIDTH - PAD:
            x, y = PAD, y + 30
        scene.region(f"legend:{part}", Box(x, y, w, 26))
        scene.rect(Box(x, y + 4, 18, 18), part_colour(part), radius=3)
        scene.text(Box(x + 26, y, w - 26, 26), label, INK, 18, 12, region=f"legend:{part}")
        x += w + 16
    return y + 30


def part_name(part: str, catalog: Catalog, lang: str) -> str:
    """A bonus named after a district reads as the district; the others come from the catalog."""
    if part in DISTRICTS:
        return district(part, lang)
    return catalog.text(f"citadels.render.picture.part.{part}", lang)


def part_colour(part: str) -> RGB:
    if part in PART_COLOURS:
        return PART_COLOURS[part]
    return SPARE_COLOURS[BREAKDOWN.index(part) % len(SPARE_COLOURS)]


# --- drawn icons ----------------------------------------------------------------------------

def _tint(colour: RGB, amount: float) -> RGB:
    """The colour mixed with white (`amount` of white)."""
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount),
            round(b + (255 - b) * amount))


def _coin(scene: Scene, b: Box) -> None:
    scene.ellipse(b, GOLD, GOLD_DARK, 2)
    scene.ellipse(b.inset(6), _tint(GOLD, 0.45))


def _cards(scene: Scene, b: Box) -> None:
    scene.rect(Box(b.x + 1, b.y + 3, 13, 18), (200, 196, 186), MUTED, 1, radius=2)
    scene.rect(Box(b.x + 7, b.y + 1, 13, 18), WHITE, INK, 2, radius=2)


def _star(scene: Scene, b: Box) -> None:
    cx, cy, r = b.x + b.w / 2, b.y + b.h / 2 + 1, b.w / 2
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -90 + i * 36
        points.append((round(cx + radius * math.cos(math.radians(angle))),
                       round(cy + radius * math.sin(math.radians(angle)))))
    scene.polygon(points, (240, 160, 20))


def _sparkle(scene: Scene, b: Box, colour: RGB = BEAUTIFIED) -> None:
    """A four-pointed star."""
    cx, cy, r, k = b.x + b.w // 2, b.y + b.h // 2, b.w // 2 + 1, max(2, b.w // 5)
    scene.polygon([(cx, cy - r), (cx + k, cy - k), (cx + r, cy), (cx + k, cy + k), (cx, cy + r),
                   (cx - k, cy + k), (cx - r, cy), (cx - k, cy - k)], colour)


def _house(scene: Scene, b: Box) -> None:
    scene.polygon([(b.x + 1, b.y + 10), (b.x + b.w // 2, b.y + 1), (b.right - 1, b.y + 10)],
                  (120, 100, 80))
    scene.rect(Box(b.x + 4, b.y + 10, b.w - 8, b.h - 11), (120, 100, 80))
    scene.rect(Box(b.x + b.w // 2 - 3, b.bottom - 8, 6, 7), WHITE)


def _crown(scene: Scene, b: Box) -> None:
    x, y, w, h = b.x, b.y, b.w, b.h
    scene.polygon([(x, y + h // 3), (x + w // 4, y + h * 2 // 3), (x + w // 2, y),
                   (x + w * 3 // 4, y + h * 2 // 3), (x + w, y + h // 3), (x + w - 3, y + h - 1),
                   (x + 3, y + h - 1)], GOLD)
    scene.rect(Box(x + 3, y + h - 6, w - 6, 5), GOLD_DARK)


def _robot(scene: Scene, b: Box) -> None:
    scene.line([(b.x + b.w // 2, b.y), (b.x + b.w // 2, b.y + 5)], MUTED, 2)
    scene.rect(Box(b.x + 1, b.y + 5, b.w - 2, b.h - 6), (96, 110, 140), radius=4)
    for ex in (b.x + 6, b.right - 11):
        scene.ellipse(Box(ex, b.y + 10, 5, 5), WHITE)
    scene.rect(Box(b.x + 7, b.bottom - 6, b.w - 14, 2), WHITE)


def _moon(scene: Scene, b: Box) -> None:
    """Away: a crescent (a disc, half hidden by one of the panel's colour)."""
    scene.ellipse(b.inset(1), (96, 110, 140))
    scene.ellipse(Box(b.x + 7, b.y - 2, b.w - 4, b.h - 4), PANEL)


def _door(scene: Scene, b: Box) -> None:
    """Left the game: an open door."""
    scene.rect(Box(b.x + 3, b.y + 1, b.w - 8, b.h - 2), None, MUTED, 2)
    scene.polygon([(b.x + 3, b.y + 1), (b.x + 12, b.y + 4), (b.x + 12, b.bottom - 2),
                   (b.x + 3, b.bottom - 1)], (150, 105, 60))


def _flag(scene: Scene, b: Box) -> None:
    """The first to complete a city."""
    scene.rect(Box(b.x + 1, b.y, 3, b.h), INK)
    scene.polygon([(b.x + 4, b.y), (b.right, b.y + 6), (b.x + 4, b.y + 12)], (40, 148, 78))


def _arrow(scene: Scene, b: Box) -> None:
    """Whose decision it is."""
    scene.polygon([(b.x, b.y), (b.right - 2, b.y + b.h // 2), (b.x, b.bottom)], ACTING)


def _mark_icon(scene: Scene, kind: str, b: Box, inverse: bool = False) -> None:
    """Murdered: a cross; robbed: a coin struck through; bewitched: a sparkle; on a disc of the
    mark's colour (white on the coloured pill)."""
    colour = MARK_COLOURS[kind]
    disc, ink = (WHITE, colour) if inverse else (colour, WHITE)
    scene.ellipse(b, disc)
    inner = b.inset(6)
    if kind == "murdered":
        scene.line([(inner.x, inner.y), (inner.right, inner.bottom)], ink, 3)
        scene.line([(inner.x, inner.bottom), (inner.right, inner.y)], ink, 3)
    elif kind == "robbed":
        scene.ellipse(inner.inset(-1), None, ink, 2)
        scene.line([(inner.x - 1, inner.bottom + 1), (inner.right + 1, inner.y - 1)], ink, 2)
    else:
        _sparkle(scene, inner, ink)

