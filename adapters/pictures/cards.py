"""One card as an image: a face (a large rank and the suit drawn as a shape), a joker, the back,
or the outline of an empty place.

A card is drawn once per deck and size and kept (there are 57 kinds of them), so a board only
pastes finished cards. A normal card keeps its index in the top-left corner, the part left in
sight when cards overlap in a hand; a small card (foundations, other players' piles) is never
overlapped and centres a larger index instead."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from adapters.pictures import shapes
from adapters.pictures.decks import CARD_EDGE, CARD_FACE, DECKS, NORMAL, SUPERSAMPLE, CardSize, Deck
from adapters.pictures.text import font
from bot.ui.picture import COURT, DOWN, EMPTY

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
UNKNOWN = "?"  # text that is no card: drawn as a blank place with a question mark, never an error
DECK_CARDS = (*(rank + suit for suit in SUITS for rank in RANKS), JOKER)

_GLYPH_SIZE = 240  # rank letters are drawn this large and scaled to the index size


def kind(text: str) -> str:
    """The card's text if it is one this module draws, else UNKNOWN (a bounded set of kinds)."""
    return text if text in DECK_CARDS or text in (DOWN, EMPTY) else UNKNOWN


@cache
def _cap_height() -> float:
    return -font(_GLYPH_SIZE).getbbox("H", anchor="ls")[1]


@cache
def _rank_mask(rank: str) -> Image.Image:
    """The rank's letters as an ink mask, cropped to the ink."""
    face = font(_GLYPH_SIZE)
    left, top, right, bottom = (round(v) for v in face.getbbox(rank, anchor="ls"))
    mask = Image.new("L", (right - left, bottom - top))
    ImageDraw.Draw(mask).text((-left, -top), rank, font=face, fill=255, anchor="ls")
    return mask.crop(mask.getbbox())


def _paste_rank(card: Image.Image, rank: str, ink: tuple[int, int, int], box: tuple[int, int, int, int]) -> None:
    """The rank with its capitals `box`'s height, narrowed if wider than the box (a "10"), and
    centred in it."""
    x, y, width, height = box
    mask = _rank_mask(rank)
    scale = height / _cap_height()
    w, h = round(mask.width * scale), round(mask.height * scale)
    w = min(w, width)
    mask = mask.resize((w, h), Image.Resampling.LANCZOS)
    card.paste(ink, (x + (width - w) // 2, y), mask)


def _rounded(size: CardSize) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    s = SUPERSAMPLE
    card = Image.new("RGBA", (size.width * s, size.height * s), (0, 0, 0, 0))
    return card, ImageDraw.Draw(card), s


def _finish(card: Image.Image, size: CardSize) -> Image.Image:
    """Scaled down by averaging each SUPERSAMPLE-square block (premultiplied, so the clear
    corners do not darken the edge)."""
    return card.convert("RGBa").reduce(SUPERSAMPLE).convert("RGBA")


def _blank(size: CardSize) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    card, draw, s = _rounded(size)
    draw.rounded_rectangle(
        (0, 0, card.width - 1, card.height - 1), radius=size.radius * s, fill=CARD_FACE, outline=CARD_EDGE, width=s
    )
    return card, draw, s


def _face(rank: str, suit: str, deck: Deck, size: CardSize, letters: dict[str, str]) -> Image.Image:
    card, draw, s = _blank(size)
    ink = deck.ink[suit]
    w, h = card.size
    if size is NORMAL:
        index_w = round(size.width * 0.52) * s  # what a hand's overlap leaves in sight
        pad = 6 * s
        _paste_rank(card, letters.get(rank, rank), ink, (pad // 2, pad, index_w, size.index * s))
        pip = size.pip * s
        pip_top = pad + size.index * s + 4 * s
        shapes.suit(draw, suit, pad // 2 + (index_w - pip) // 2, pip_top, pip, ink)
        big = size.centre * s
        if rank in ("J", "Q", "K"):  # court cards: the big suit in a framed panel, as printed decks have
            left, top, right, bottom = w * 0.36, pip_top + pip + 3 * s, w - 6 * s, h - 6 * s
            tint = tuple(round(255 - (255 - c) * 0.14) for c in ink)
            draw.rounded_rectangle((left, top, right, bottom), radius=4 * s, fill=tint, outline=ink, width=s)
            big = min(big, round(bottom - top) - 8 * s)
            shapes.suit(draw, suit, (left + right - big) / 2, (top + bottom - big) / 2, big, ink)
        else:
            shapes.suit(draw, suit, w - 10 * s - big, h - 12 * s - big, big, ink)
    else:
        pad = 5 * s
        _paste_rank(card, letters.get(rank, rank), ink, (pad, pad, w - 2 * pad, size.index * s))
        pip = size.pip * s
        shapes.suit(draw, suit, (w - pip) // 2, h - pad - pip, pip, ink)
    return _finish(card, size)


def _joker(deck: Deck, size: CardSize) -> Image.Image:
    card, draw, s = _blank(size)
    w, h = card.size
    if size is NORMAL:
        shapes.star(draw, 6 * s, 6 * s, size.index * s, deck.joker)
        big = round(size.width * 0.62) * s
        shapes.star(draw, w - big - 6 * s, h - big - 8 * s, big, deck.joker)
    else:
        big = round(size.width * 0.8) * s
        shapes.star(draw, (w - big) // 2, (h - big) // 2, big, deck.joker)
    return _finish(card, size)


def _back(deck: Deck, size: CardSize) -> Image.Image:
    card, draw, s = _rounded(size)
    w, h = card.size
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=size.radius * s, fill=(250, 250, 250), outline=CARD_EDGE, width=s
    )
    inset = 5 * s
    inner = (inset, inset, w - 1 - inset, h - 1 - inset)
    draw.rounded_rectangle(inner, radius=max(1, size.radius - 4) * s, fill=deck.back)
    lattice = Image.new("RGBA", card.size, (0, 0, 0, 0))
    lines = ImageDraw.Draw(lattice)
    step = 10 * s
    for d in range(-h, w + h, step):
        lines.line((d, 0, d + h, h), fill=deck.back_lines, width=s)
        lines.line((d, h, d + h, 0), fill=deck.back_lines, width=s)
    clip = Image.new("L", card.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(inner, radius=max(1, size.radius - 4) * s, fill=255)
    card.paste(lattice, (0, 0), Image.composite(lattice.getchannel("A"), clip, clip))
    return _finish(card, size)


def _empty(size: CardSize, question: bool) -> Image.Image:
    card, draw, s = _rounded(size)
    w, h = card.size
    draw.rounded_rectangle(
        (s, s, w - 1 - s, h - 1 - s),
        radius=size.radius * s,
        fill=(0, 0, 0, 40),
        outline=(255, 255, 255, 120),
        width=2 * s,
    )
    if question:
        _paste_rank(card, "?", (255, 255, 255), (0, h // 3, w, h // 3))
    return _finish(card, size)


def card_image(text: str, deck: str, size: CardSize = NORMAL, court: str = COURT) -> Image.Image:
    """The card written `text` (SPEC notation, DOWN or EMPTY) as an RGBA image of `size`, its jack,
    queen, king and ace lettered `court`; shared, not to be drawn on."""
    return _card(kind(text), deck, size, court if len(court) == len(COURT) else COURT)


@cache
def _card(text: str, deck: str, size: CardSize, court: str = COURT) -> Image.Image:
    colours = DECKS[deck]
    if text == DOWN:
        return _back(colours, size)
    if text in (EMPTY, UNKNOWN):
        return _empty(size, question=text == UNKNOWN)
    if text == JOKER:
        return _joker(colours, size)
    return _face(text[:-1], text[-1], colours, size, dict(zip(COURT, court, strict=True)))
