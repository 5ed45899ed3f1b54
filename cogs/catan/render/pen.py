"""Drawing on a `cogs.drawing.Scene` in float picture coordinates, at a multiple of the
picture's size, and painting it smooth.

The board is mostly slanted edges and round pieces, which Pillow draws without anti-aliasing;
so the scene is laid out `scale` times larger and shrunk when painted, which smooths every edge
and text. Regions and boxes are in the scene's (scaled) pixels.
"""

from __future__ import annotations

from PIL import Image

from cogs.drawing import RGB, Align, Box, Scene, line_height, png, render, text_width

from .geometry import Point

SCALE = 2  # the scene's pixels per picture pixel
COLOURS = 256  # the PNG's palette


class Pen:
    """A scene and the scale its float coordinates (picture pixels) are multiplied by."""

    def __init__(self, scene: Scene, scale: int = SCALE) -> None:
        self.scene = scene
        self.s = scale

    def xy(self, p: Point) -> tuple[int, int]:
        return round(p[0] * self.s), round(p[1] * self.s)

    def box(self, x: float, y: float, w: float, h: float) -> Box:
        x0, y0 = self.xy((x, y))
        x1, y1 = self.xy((x + w, y + h))
        return Box(x0, y0, x1 - x0, y1 - y0)

    def around(self, centre: Point, w: float, h: float) -> Box:
        return self.box(centre[0] - w / 2, centre[1] - h / 2, w, h)

    def bounds(self, points: list[Point], pad: float = 0.0) -> Box:
        """The box around the points, `pad` wider on every side (an outline)."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return self.box(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                        max(ys) - min(ys) + 2 * pad)

    def region(self, name: str, box: Box) -> None:
        self.scene.region(name, box)

    def polygon(self, points: list[Point], fill: RGB, outline: RGB | None = None,
                width: float = 0.0) -> None:
        """A filled polygon; an outline is the polygon grown by `width` painted under it."""
        if outline is not None and width > 0:
            self.scene.polygon([self.xy(p) for p in grown(points, width)], outline)
        self.scene.polygon([self.xy(p) for p in points], fill)

    def disc(self, centre: Point, radius: float, fill: RGB | None,
             outline: RGB | None = None, width: float = 0.0) -> None:
        box = self.around(centre, 2 * radius, 2 * radius)
        self.scene.ellipse(box, fill, outline, max(1, round(width * self.s)) if outline else 1)

    def rect(self, box: Box, fill: RGB | None, outline: RGB | None = None, width: float = 0.0,
             radius: float = 0.0) -> None:
        self.scene.rect(box, fill, outline, max(1, round(width * self.s)),
                        round(radius * self.s))

    def pill(self, box: Box, fill: RGB) -> None:
        """A rectangle with round ends, drawn as a rectangle and two discs: Pillow pastes a
        rounded rectangle, several times slower, and the board has a hundred and fifty."""
        d = min(box.h, box.w)
        self.scene.rect(Box(box.x + d // 2, box.y, max(1, box.w - d), box.h), fill)
        self.scene.ellipse(Box(box.x, box.y, d, d), fill)
        self.scene.ellipse(Box(box.right - d, box.y, d, d), fill)

    def line(self, points: list[Point], colour: RGB, width: float) -> None:
        self.scene.line([self.xy(p) for p in points], colour, max(1, round(width * self.s)))

    def label_width(self, text: str, size: float, bold: bool = False) -> float:
        """The width of a one-line text in picture pixels."""
        return text_width(text, round(size * self.s), bold) / self.s

    def text(self, box: Box, text: str, colour: RGB, size: float, min_size: float | None = None,
             bold: bool = False, align: Align = "centre", clip: bool = False,
             region: str | None = None, max_lines: int = 1) -> None:
        self.scene.text(box, text, colour, round(size * self.s),
                        None if min_size is None else round(min_size * self.s), bold,
                        max_lines, align=align, clip=clip, region=region)

    def text_at(self, centre: Point, text: str, colour: RGB, size: float, bold: bool = False,
                region: str | None = None) -> Box:
        """A one-line text centred on a point; returns its box."""
        s = round(size * self.s)
        w = text_width(text, s, bold) + 2
        h = line_height(s)
        x, y = self.xy(centre)
        box = Box(round(x - w / 2), round(y - h / 2), round(w) + 1, h)
        self.scene.text(box, text, colour, s, bold=bold, align="centre", region=region)
        return box


def grown(points: list[Point], d: float) -> list[Point]:
    """The polygon with every side moved out by d (mitred corners), either winding."""
    n = len(points)
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n))
    sign = 1.0 if area > 0 else -1.0  # outward normal side for this winding (y down)
    out: list[Point] = []
    for i in range(n):
        p0, p1, p2 = points[i - 1], points[i], points[(i + 1) % n]
        n1, n2 = _normal(p0, p1, sign), _normal(p1, p2, sign)
        k = 1 + n1[0] * n2[0] + n1[1] * n2[1]
        k = max(k, 0.2)  # a very sharp corner is cut short rather than spiking
        out.append((p1[0] + (n1[0] + n2[0]) * d / k, p1[1] + (n1[1] + n2[1]) * d / k))
    return out


def _normal(a: Point, b: Point, sign: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return sign * dy / length, -sign * dx / length


def paint_smooth(scene: Scene, scale: int = SCALE) -> bytes:
    """The scene shrunk `scale` times (each picture pixel the mean of its scene pixels), as
    a PNG of at most 256 colours."""
    image = render(scene)
    if scale > 1:
        image = image.reduce(scale)
    return encoded(image)


def encoded(image: Image.Image) -> bytes:
    """A painted picture as a PNG of at most 256 colours."""
    return png(image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE,
                              dither=Image.Dither.NONE))
