"""The two decks a picture can be drawn with, the card sizes, and the table's colours.

A deck only changes how cards look: the classic deck inks hearts and diamonds red, spades and
clubs black; the four-colour deck gives every suit its own ink (♠ black, ♥ red, ♦ blue, ♣ green),
so a suit is told apart by colour as well as by shape: for colour-blind players, and on a small
screen where a suit's shape is a few pixels."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    ink: dict[str, RGB]  # suit letter (S C H D) -> the colour of its ranks and pips
    joker: RGB
    back: RGB  # the face-down card's ground
    back_lines: RGB  # its lattice


BLACK: RGB = (22, 22, 26)
RED: RGB = (206, 24, 36)

DECKS: dict[str, Deck] = {
    "classic": Deck(
        name="classic",
        ink={"S": BLACK, "C": BLACK, "H": RED, "D": RED},
        joker=(120, 40, 150),
        back=(30, 62, 140),
        back_lines=(86, 122, 205),
    ),
    "four_colour": Deck(
        name="four_colour",
        # Far apart in hue and in lightness, so that they stay apart for the common kinds of
        # colour blindness too (the blue is light enough not to pass for the black).
        ink={"S": BLACK, "C": (16, 128, 48), "H": RED, "D": (28, 92, 222)},
        joker=(120, 40, 150),
        back=(122, 28, 48),
        back_lines=(196, 92, 110),
    ),
}


@dataclass(frozen=True, slots=True)
class CardSize:
    """A card's size in pixels of the final picture; `index` is its rank's height, the part a
    phone user reads, kept large (a 960-pixel picture is shown about 360 points wide)."""

    width: int
    height: int
    radius: int
    index: int  # rank text height
    pip: int  # the suit beside the rank
    centre: int  # the big suit in the middle (0: none)


NORMAL = CardSize(width=100, height=140, radius=10, index=40, pip=26, centre=54)
SMALL = CardSize(width=62, height=86, radius=7, index=32, pip=28, centre=0)

# Drawn this many times larger and scaled down: Pillow's shapes have no anti-aliasing of their own.
SUPERSAMPLE = 4

# The table.
FELT: RGB = (32, 96, 64)
FELT_DARK: RGB = (22, 70, 46)
CHIP: RGB = (20, 58, 38)  # a seat's panel
CHIP_TURN: RGB = (250, 206, 70)  # the border of the seat whose turn it is
TEXT: RGB = (245, 245, 240)
TEXT_DIM: RGB = (150, 178, 160)
CARD_FACE: RGB = (252, 252, 248)
CARD_EDGE: RGB = (120, 120, 120)
GOOD: RGB = (110, 230, 130)  # a rating gained
BAD: RGB = (255, 110, 110)  # a rating lost
GOLD: RGB = (232, 186, 48)
SILVER: RGB = (190, 196, 204)
BRONZE: RGB = (200, 128, 72)
