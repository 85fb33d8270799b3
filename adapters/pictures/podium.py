"""The result: the game's title, a podium for the first three (gold, silver, bronze; people
tied share a block), then everyone's place, name, score and rating change
(▲ green, ▼ red: the arrow says it without the colour)."""

from __future__ import annotations

from PIL import Image

from adapters.pictures.canvas import GAP, MARGIN, Canvas
from adapters.pictures.decks import BAD, BRONZE, CHIP, GOLD, GOOD, SILVER, TEXT, TEXT_DIM
from bot.ui.picture import Podium, Standing

WIDTH = 760
TITLE_H = 56
BLOCK_W = 200
BLOCK_H = {1: 150, 2: 112, 3: 80}
BLOCK_COLOUR = {1: GOLD, 2: SILVER, 3: BRONZE}
NAME_LINE = 34  # a name over a block; a tie stacks them
MAX_NAMES = 3
ROW_H = 46
CHANGE_W = 120
SCORE_W = 230


def _places(standings: tuple[Standing, ...]) -> list[tuple[int, list[str]]]:
    """The podium's blocks: each of the places 1-3 that someone holds, with who holds it (a tie
    shares its block)."""
    names: dict[int, list[str]] = {}
    for s in standings:
        if 1 <= s.place <= 3:
            names.setdefault(s.place, []).append(s.name)
    return sorted(names.items())


def _block(canvas: Canvas, cx: int, floor: int, place: int, names: list[str]) -> None:
    top = floor - BLOCK_H[place]
    canvas.panel((cx - BLOCK_W / 2, top, cx + BLOCK_W / 2, floor), fill=BLOCK_COLOUR[place])
    canvas.text(cx, top + 14, str(place), 60, (40, 32, 20), anchor="mt")
    shown = names if len(names) <= MAX_NAMES else [*names[: MAX_NAMES - 1], "…"]
    for i, name in enumerate(reversed(shown)):
        canvas.text(cx, top - 10 - i * NAME_LINE, name, 28, TEXT, anchor="ms", width=BLOCK_W + 30)


def _change(canvas: Canvas, right: int, cy: float, change: int | None) -> None:
    if change is None:
        return
    if change == 0:
        canvas.text(right, cy, "±0", 26, TEXT_DIM, anchor="rm")
        return
    colour = GOOD if change > 0 else BAD
    width = canvas.text(right, cy, str(abs(change)), 26, colour, anchor="rm")
    canvas.shape("triangle", right - width - 28, cy - 11, 22, colour, "up" if change > 0 else "down")


def _row(canvas: Canvas, y: int, standing: Standing, shaded: bool) -> None:
    if shaded:
        canvas.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=CHIP)
    cy = y + ROW_H / 2
    canvas.text(MARGIN + 38, cy, str(standing.place), 26, BLOCK_COLOUR.get(standing.place, TEXT), anchor="rm")
    name_right = WIDTH - MARGIN - CHANGE_W - SCORE_W - GAP
    canvas.text(MARGIN + 54, cy, standing.name, 26, TEXT, anchor="lm", width=name_right - MARGIN - 54)
    canvas.text(WIDTH - MARGIN - CHANGE_W - 8, cy, standing.score, 22, TEXT_DIM, anchor="rm", width=SCORE_W, bold=False)
    _change(canvas, WIDTH - MARGIN - 10, cy, standing.change)


def draw(picture: Podium, deck: str) -> Image.Image:
    places = _places(picture.standings)
    lines = max((min(len(names), MAX_NAMES) for _, names in places), default=0)
    floor = MARGIN + TITLE_H + lines * NAME_LINE + 6 + max((BLOCK_H[p] for p, _ in places), default=0)
    height = floor + GAP + len(picture.standings) * ROW_H + MARGIN
    canvas = Canvas(WIDTH, height, deck)
    canvas.text(WIDTH / 2, MARGIN, picture.title, 36, TEXT, anchor="mt", width=WIDTH - 2 * MARGIN)

    # The best place in the middle, the next on the left, the third on the right, as podiums stand.
    centre = WIDTH // 2
    spots = (centre, centre - BLOCK_W - GAP, centre + BLOCK_W + GAP)
    for spot, (place, names) in zip(spots, places, strict=False):
        _block(canvas, spot, floor, place, names)
    if places:
        canvas.draw.line((MARGIN, floor, WIDTH - MARGIN, floor), fill=(16, 48, 32), width=3)

    for i, standing in enumerate(picture.standings):
        _row(canvas, floor + GAP + i * ROW_H, standing, shaded=i % 2 == 0)
    return canvas.image
