"""Pictures for any game: fonts, text fitting, and a Scene laid out first and painted second.

A layout function builds a `Scene`: the picture's size, the shapes and texts to draw, and named
regions (`"player:p1"`, `"card:p1:3"`...) with their rectangle and the texts drawn in them, so a
test reads the structure without looking at pixels. `paint(scene)` turns it into PNG bytes.

Texts are fitted when they are laid out: without the characters the font lacks (emoji), shrunk
down to a minimum size, wrapped on words, and cut with an ellipsis, so a text never leaves its
box; a text marked `clip` (a user's display name) is also painted through a mask of its box, so
even glyphs that reach beyond their advance (stacked combining marks) stay inside.
"""

from __future__ import annotations

import io
import threading
import unicodedata
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont, features

FONTS = Path(__file__).parent / "fonts"
REGULAR, BOLD = "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"
ELLIPSIS = "…"
LINE_SPACING = 1.2  # a line's height, in font sizes: DejaVu's ascent and descent
RGB = tuple[int, int, int]
Align = Literal["left", "centre", "right"]
# zlib level of the PNG: on a palette image, 3 is as fast as 1 and smaller; 6 takes twice as long.
COMPRESS_LEVEL = 3
# A FreeType face is not safe to use from two threads at once, and the bot may paint in a
# worker thread: every use of a font holds this lock (quantizing and encoding do not).
FONT_LOCK = threading.Lock()
RAQM = bool(features.check_feature("raqm"))  # the complex text layout, when Pillow has it
SMALL = 40_000  # pixels: a rounded rectangle this small is drawn once and pasted after


@cache
def font(size: int, bold: bool = False, shaped: bool = False) -> ImageFont.FreeTypeFont:
    """A font, loaded once per size; `shaped` uses the complex layout (right-to-left scripts),
    ten times slower than the basic one, so only texts that need it do; without Raqm in this
    Pillow, the basic layout draws their letters unjoined and in stored order."""
    engine = ImageFont.Layout.RAQM if shaped and RAQM else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONTS / (BOLD if bold else REGULAR)), size,
                              layout_engine=engine)


def needs_shaping(text: str) -> bool:
    """Whether a text has right-to-left letters (they need the complex layout)."""
    return any(unicodedata.bidirectional(c) in ("R", "AL", "AN") for c in text)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of one line (cached: the same names and labels come back often)."""
    with FONT_LOCK:
        return font(size, bold, needs_shaping(text)).getlength(text)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the font draws `char` (emoji and most Asian scripts it lacks draw as a box)."""
    return _signature(char) != _signature(_MISSING)


_MISSING = "\ue000"  # a private-use character: no font of ours draws it


@lru_cache(maxsize=4096)
def _signature(char: str) -> tuple[tuple[int, int], bytes]:
    with FONT_LOCK:
        mask = font(20).getmask(char)
    return mask.size, bytes(mask)


def drawable(text: str) -> str:
    """The text without the characters the font cannot draw, nor the spaces before them
    ("Ana 💤, Bo" reads "Ana, Bo"), its spaces collapsed."""
    if not text.isascii():
        kept: list[str] = []
        for c in text:
            if has_glyph(c):
                kept.append(c)
            else:
                while kept and kept[-1].isspace():
                    kept.pop()
        text = "".join(kept)
    return " ".join(text.split())


def line_height(size: int) -> int:
    return round(size * LINE_SPACING)


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def inside(self, other: Box) -> bool:
        return (other.x <= self.x and other.y <= self.y and self.right <= other.right
                and self.bottom <= other.bottom)

    def overlaps(self, other: Box) -> bool:
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom)

    def inset(self, dx: int, dy: int | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(0, self.w - 2 * dx), max(0, self.h - 2 * dy))

    def corners(self) -> tuple[int, int, int, int]:
        """Pillow's rectangle: both ends included."""
        return self.x, self.y, self.right - 1, self.bottom - 1


@dataclass(frozen=True)
class Fitted:
    """A text as it will be drawn: its lines at one size."""
    lines: tuple[str, ...]
    size: int
    bold: bool

    @property
    def height(self) -> int:
        return line_height(self.size) * len(self.lines)

    @property
    def width(self) -> float:
        return max((text_width(line, self.size, self.bold) for line in self.lines), default=0)


def fit(text: str, width: int, height: int, size: int, min_size: int | None = None,
        bold: bool = False, max_lines: int = 1) -> Fitted:
    """The largest size from `size` down to `min_size` at which `text` fits in width x height
    in at most `max_lines` lines wrapped on spaces; at the smallest size the text is cut with an
    ellipsis (and a word longer than a line is broken)."""
    min_size = size if min_size is None else min(size, min_size)
    text = drawable(text)
    for s in range(size, min_size - 1, -1):
        lines = min(max_lines, max(1, height // line_height(s)))
        wrapped = _wrap(text, width, s, bold)
        if len(wrapped) <= lines and all(text_width(w, s, bold) <= width for w in wrapped):
            return Fitted(tuple(wrapped), s, bold)
    lines = min(max_lines, max(1, height // line_height(min_size)))
    return Fitted(_cut(text, width, min_size, bold, lines), min_size, bold)


def _wrap(text: str, width: int, size: int, bold: bool) -> list[str]:
    """Greedy word wrap (a word longer than the width stays whole on its own line)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _cut(text: str, width: int, size: int, bold: bool, lines: int) -> tuple[str, ...]:
    """`lines` lines filled letter by letter (on spaces where it can), the last one ending
    with an ellipsis when the text is longer."""
    out: list[str] = []
    rest = text
    while rest and len(out) < lines:
        last = len(out) == lines - 1
        n = _fits(rest, width, size, bold)
        if n < len(rest) and not last and " " in rest[1:n + 1]:
            n = rest.rindex(" ", 1, n + 1)  # break on the last space that fits
        if last and n < len(rest):
            n = _fits(rest, width - text_width(ELLIPSIS, size, bold), size, bold)
            out.append(rest[:n].rstrip() + ELLIPSIS)
            break
        out.append(rest[:max(1, n)])
        rest = rest[max(1, n):].lstrip()
    return tuple(out) or ("",)


def _fits(text: str, width: float, size: int, bold: bool) -> int:
    """How many leading characters of text fit in width (binary search)."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid], size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass(frozen=True)
class Shape:
    """A filled shape: a rectangle (rounded by `radius`), an ellipse, a polygon or a line."""
    kind: Literal["rect", "ellipse", "polygon", "line"]
    points: tuple[tuple[int, int], ...]
    fill: RGB | None = None
    outline: RGB | None = None
    width: int = 1
    radius: int = 0


@dataclass(frozen=True)
class Text:
    box: Box
    fitted: Fitted
    colour: RGB
    align: Align = "left"
    clip: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.fitted.lines)


@dataclass
class Region:
    """A named part of the picture and the texts drawn in it."""
    box: Box
    texts: list[str] = field(default_factory=list)


@dataclass
class Scene:
    width: int
    height: int
    background: RGB
    items: list[Shape | Text] = field(default_factory=list)
    regions: dict[str, Region] = field(default_factory=dict)

    def region(self, name: str, box: Box) -> Region:
        self.regions[name] = Region(box)
        return self.regions[name]

    def rect(self, box: Box, fill: RGB | None = None, outline: RGB | None = None,
             width: int = 1, radius: int = 0) -> None:
        c = box.corners()
        self.items.append(Shape("rect", ((c[0], c[1]), (c[2], c[3])), fill, outline, width,
                                radius))

    def ellipse(self, box: Box, fill: RGB | None = None, outline: RGB | None = None,
                width: int = 1) -> None:
        c = box.corners()
        self.items.append(Shape("ellipse", ((c[0], c[1]), (c[2], c[3])), fill, outline, width))

    def polygon(self, points: list[tuple[int, int]], fill: RGB) -> None:
        self.items.append(Shape("polygon", tuple(points), fill))

    def line(self, points: list[tuple[int, int]], colour: RGB, width: int) -> None:
        self.items.append(Shape("line", tuple(points), None, colour, width))

    def text(self, box: Box, text: str, colour: RGB, size: int, min_size: int | None = None,
             bold: bool = False, max_lines: int = 1, align: Align = "left", clip: bool = False,
             region: str | None = None) -> Text:
        """Fit `text` in `box` and draw it there, centred vertically; with `region`, the text
        is also listed in that region."""
        item = Text(box, fit(text, box.w, box.h, size, min_size, bold, max_lines), colour,
                    align, clip)
        self.items.append(item)
        if region is not None:
            self.regions[region].texts.append(item.text)
        return item

    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Text)]


def paint(scene: Scene) -> bytes:
    """The scene as a PNG of at most 256 colours: the scene's own, and the blends its texts'
    smooth edges make with what lies under them. Mapping to a known palette is four times
    faster than encoding the true-colour image, and the file half the size."""
    image = render(scene).quantize(palette=_palette_image(palette(scene)),
                                   dither=Image.Dither.NONE)
    return png(image)


def palette(scene: Scene, most: int = 256) -> list[RGB]:
    """Every colour the scene paints, then, for each text, steps from its colour to the colour
    under it (the last shape painted before it that covers its centre): fewer steps when the
    ramps would not fit in `most` colours."""
    base: dict[RGB, None] = {scene.background: None}
    pairs: dict[tuple[RGB, RGB], None] = {}
    shapes: list[Shape] = []
    for item in scene.items:
        if isinstance(item, Shape):
            shapes.append(item)
            base.update(dict.fromkeys(c for c in (item.fill, item.outline) if c is not None))
        else:
            base[item.colour] = None
            pairs[(item.colour, _under(item.box, shapes, scene.background))] = None
    for steps in range(7, -1, -1):
        colours = dict(base)
        for ink, paper in pairs:
            colours.update(dict.fromkeys(_blend(ink, paper, (i + 1) / (steps + 1))
                                         for i in range(steps)))
        if len(colours) <= most:
            return list(colours)
    return list(base)[:most]


def _under(box: Box, shapes: list[Shape], background: RGB) -> RGB:
    cx, cy = box.centre
    for s in reversed(shapes):
        if s.fill is not None and s.kind in ("rect", "ellipse"):
            (x0, y0), (x1, y1) = s.points
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                return s.fill
    return background


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _palette_image(colours: list[RGB]) -> Image.Image:
    image = Image.new("P", (1, 1))
    flat = [v for c in colours for v in c]
    image.putpalette(flat + flat[:3] * (256 - len(colours)))
    return image


def render(scene: Scene) -> Image.Image:
    image = Image.new("RGB", (scene.width, scene.height), scene.background)
    draw = ImageDraw.Draw(image)
    for item in scene.items:
        if isinstance(item, Text):
            _draw_text(image, item)
        else:
            _draw_shape(image, draw, item)
    return image


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def _draw_shape(image: Image.Image, draw: ImageDraw.ImageDraw, s: Shape) -> None:
    if s.kind == "rect":
        (x0, y0), (x1, y1) = s.points
        if s.radius and (x1 - x0) * (y1 - y0) <= SMALL:
            # Pillow draws rounded corners slowly: a small one (a card) once, then pasted
            fill, mask = _rounded(x1 - x0 + 1, y1 - y0 + 1, s.radius, s.fill, s.outline,
                                  s.width)
            image.paste(fill, (x0, y0), mask)
        elif s.radius:
            draw.rounded_rectangle(s.points, s.radius, s.fill, s.outline, s.width)
        else:
            draw.rectangle(s.points, s.fill, s.outline, s.width)
    elif s.kind == "ellipse":
        draw.ellipse(s.points, s.fill, s.outline, s.width)
    elif s.kind == "polygon":
        draw.polygon(s.points, s.fill)
    else:
        draw.line(s.points, s.outline, s.width)


@lru_cache(maxsize=256)
def _rounded(w: int, h: int, radius: int, fill: RGB | None, outline: RGB | None,
             width: int) -> tuple[Image.Image, Image.Image]:
    """A rounded rectangle and the mask of its shape."""
    image = Image.new("RGB", (w, h))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(image).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill, outline, width)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius,
                                           255 if fill else None, 255 if outline else None,
                                           width)
    return image, mask


def _draw_text(image: Image.Image, t: Text) -> None:
    """Each line's mask pasted in the text's colour, on one baseline whichever the layout;
    a `clip` text's masks are cut to its box."""
    f = t.fitted
    y = t.box.y + (t.box.h - f.height) // 2 + font(f.size, f.bold).getmetrics()[0]
    anchor = {"left": "ls", "centre": "ms", "right": "rs"}[t.align]
    x = {"left": t.box.x, "centre": t.box.x + t.box.w // 2, "right": t.box.right}[t.align]
    for line in f.lines:
        mask, dx, dy = _text_mask(line, f.size, f.bold, anchor)
        at = Box(x + dx, y + dy, mask.width, mask.height)
        if t.clip and not at.inside(t.box):
            left, top = max(at.x, t.box.x), max(at.y, t.box.y)
            right, bottom = min(at.right, t.box.right), min(at.bottom, t.box.bottom)
            if right > left and bottom > top:
                image.paste(t.colour, (left, top), mask.crop(
                    (left - at.x, top - at.y, right - at.x, bottom - at.y)))
        else:
            image.paste(t.colour, (at.x, at.y), mask)
        y += line_height(f.size)


@lru_cache(maxsize=2048)
def _text_mask(line: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A line's coverage (drawn once: the same names and numbers come back every turn) and
    its offset from the anchor point."""
    f = font(size, bold, needs_shaping(line))
    with FONT_LOCK:
        left, top, right, bottom = (int(v) for v in f.getbbox(line, anchor=anchor))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), line, fill=255, font=f, anchor=anchor)
    return mask, left, top
