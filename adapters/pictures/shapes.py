"""Suits and signs drawn as vector shapes, not font glyphs: they look the same on every machine,
and a font's emoji-style suits (or none at all) cannot change a card.

Each function draws into the square box `(x, y, size)` of an ImageDraw; callers draw at
SUPERSAMPLE times the final size and scale down, which smooths the edges."""

from __future__ import annotations

import math
from functools import cache

from PIL import ImageDraw

from adapters.pictures.decks import RGB

Point = tuple[float, float]


@cache
def _heart_outline(steps: int = 96) -> tuple[Point, ...]:
    """The classic heart curve, fitted into the unit square (point down)."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        raw.append(
            (
                16 * math.sin(t) ** 3,
                -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)),
            )
        )
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    left, top, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    side = max(w, h)
    return tuple(((px - left) / side + (1 - w / side) / 2, (py - top) / side + (1 - h / side) / 2) for px, py in raw)


def _place(points: tuple[Point, ...], x: float, y: float, size: float) -> list[Point]:
    return [(x + px * size, y + py * size) for px, py in points]


def heart(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    draw.polygon(_place(_heart_outline(), x, y, size), fill=fill)


def diamond(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    # Slightly concave sides, as printed decks draw it, so it is not read as a plain square.
    points: list[Point] = []
    corners = ((0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5))
    for i, (ax, ay) in enumerate(corners):
        bx, by = corners[(i + 1) % 4]
        for s in range(8):
            f = s / 8
            bend = 0.06 * math.sin(math.pi * f)
            mx, my = ax + (bx - ax) * f, ay + (by - ay) * f
            points.append((mx + (0.5 - mx) * bend * 2, my + (0.5 - my) * bend * 2))
    draw.polygon(_place(tuple(points), x, y, size), fill=fill)


def _stem(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    stem = ((0.5, 0.55), (0.58, 0.86), (0.7, 1.0), (0.3, 1.0), (0.42, 0.86))
    draw.polygon(_place(stem, x, y, size), fill=fill)


def spade(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    # An upside-down heart, a little narrower, on a flared stem.
    body = tuple((0.08 + 0.84 * px, 0.78 - 0.78 * py) for px, py in _heart_outline())
    draw.polygon(_place(body, x, y, size), fill=fill)
    _stem(draw, x, y, size, fill)


def club(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    r = 0.215 * size
    for cx, cy in ((0.5, 0.24), (0.265, 0.56), (0.735, 0.56)):
        px, py = x + cx * size, y + cy * size
        draw.ellipse((px - r, py - r, px + r, py + r), fill=fill)
    draw.polygon(_place(((0.42, 0.4), (0.58, 0.4), (0.58, 0.62), (0.42, 0.62)), x, y, size), fill=fill)
    _stem(draw, x, y, size, fill)


SUIT_SHAPES = {"S": spade, "H": heart, "D": diamond, "C": club}


def suit(draw: ImageDraw.ImageDraw, letter: str, x: float, y: float, size: float, fill: RGB) -> None:
    SUIT_SHAPES[letter](draw, x, y, size, fill)


def star(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB, points: int = 5) -> None:
    outline = []
    for i in range(points * 2):
        angle = -math.pi / 2 + math.pi * i / points
        radius = 0.5 if i % 2 == 0 else 0.2
        outline.append((0.5 + radius * math.cos(angle), 0.53 + radius * math.sin(angle)))
    draw.polygon(_place(tuple(outline), x, y, size), fill=fill)


def arrow(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB, up: bool) -> None:
    """A thick arrow filling the box, pointing up or down."""
    points: tuple[Point, ...] = (
        (0.5, 0.0), (1.0, 0.5), (0.68, 0.5), (0.68, 1.0), (0.32, 1.0), (0.32, 0.5), (0.0, 0.5),
    )  # fmt: skip
    if not up:
        points = tuple((px, 1 - py) for px, py in points)
    draw.polygon(_place(points, x, y, size), fill=fill)


def triangle(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB, direction: str) -> None:
    """▲ ▼ ▶: a rating's rise and fall, the seat whose turn it is."""
    shapes: dict[str, tuple[Point, ...]] = {
        "up": ((0.5, 0.08), (0.95, 0.85), (0.05, 0.85)),
        "down": ((0.05, 0.15), (0.95, 0.15), (0.5, 0.92)),
        "right": ((0.12, 0.05), (0.92, 0.5), (0.12, 0.95)),
    }
    draw.polygon(_place(shapes[direction], x, y, size), fill=fill)


def no_entry(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    """⊘, a seat that passed: a ring with a slash."""
    width = max(1, round(size * 0.13))
    draw.ellipse((x, y, x + size, y + size), outline=fill, width=width)
    inset = size * 0.2
    draw.line((x + inset, y + size - inset, x + size - inset, y + inset), fill=fill, width=width)


def tick(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    """✓, a completed foundation."""
    width = max(1, round(size * 0.16))
    draw.line(_place(((0.1, 0.55), (0.4, 0.85), (0.92, 0.18)), x, y, size), fill=fill, width=width, joint="curve")
