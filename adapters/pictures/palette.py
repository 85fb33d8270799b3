"""The 256 colours a deck's pictures are stored in.

Quantizing every picture afresh (Pillow's octree) costs more than drawing it; mapping onto a
palette made once costs a millisecond. The pictures only ever hold the felt, the panels, the
inks, the card face and the blends of their edges, so a palette made from every card of the deck
and one picture of each kind holds them all: a colour it has is kept exactly, a blend it lacks
moves by a few levels.

Making a deck's palette costs a third to a half of a second of CPU, in every process that draws (each bot's
drawing processes' fork server, as it starts: preload.py). So it is kept for the next process in
the user's cache folder (bot/kept_files.py), named by all it was made from: the pictures' code,
Pillow's and its libraries' versions, and the font files (`made_from`); a change to any of them
makes it again."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import cast

import PIL
from PIL import Image, features

import bot.ui.picture
from adapters.pictures import chart, demon, faces, hand, podium, samples, speed, svolota
from adapters.pictures.cards import DECK_CARDS, card_image
from adapters.pictures.decks import CHIP, FELT, NORMAL, SMALL
from adapters.pictures.seats import TINY
from bot import kept_files
from bot.ui.picture import DOWN, EMPTY

_EXTRA = (DOWN, EMPTY, "?")
COLOURS = 256
EXACT = 32  # kept as they are
MAX_COLOURS = 1 << 16  # the sheet has about 4,000


_KINDS = (*DECK_CARDS, *_EXTRA)
_SIZES = (NORMAL, SMALL, demon.MINI, TINY)


def draw_cards(deck: str) -> None:
    """Every card of the deck at every size the pictures use, drawn now (card_image keeps them):
    a drawing process's fork server does this before it forks (preload.py), so no worker draws a
    card in a picture's time."""
    for size in _SIZES:
        for text in _KINDS:
            card_image(text, deck, size)


def _card_sheet(deck: str) -> Image.Image:
    """Every card of the deck at every size, on the felt and on a seat's panel."""
    sheet = Image.new("RGB", (len(_KINDS) * NORMAL.width, 2 * sum(s.height for s in _SIZES)), FELT)
    y = 0
    for ground in (FELT, CHIP):
        for size in _SIZES:
            sheet.paste(ground, (0, y, sheet.width, y + size.height))
            for i, text in enumerate(_KINDS):
                card = card_image(text, deck, size)
                sheet.paste(card, (i * NORMAL.width, y), card)
            y += size.height
    return sheet


@cache
def palette(deck: str) -> Image.Image:
    """A "P" image whose palette is the deck's 256 colours (`made`), as kept by an earlier process
    when it was made from the same code, libraries and fonts."""
    path = kept_files.folder("palettes") / f"{deck}-{made_from(deck)}.pal"
    colours = kept_files.read(path)
    if colours is None or not 0 < len(colours) <= 3 * COLOURS or len(colours) % 3:  # none, or not whole
        colours = bytes(made(deck).getpalette() or [])
        kept_files.keep(path, colours, older=f"{deck}-*.pal")
    result = Image.new("P", (1, 1))
    result.putpalette(colours)
    return result


def made_from(deck: str) -> str:
    """What the deck's palette is made from, as a digest: the deck's name, the code that draws
    (this package, and the pictures' descriptions it draws from), Pillow's version and its
    libraries', and every font file the pictures may use (its path, size and time)."""
    digest = hashlib.sha256(deck.encode())
    for library in ("freetype2", "raqm", "fribidi", "harfbuzz"):
        digest.update(f"{library} {features.version(library)}\n".encode())
    digest.update(PIL.__version__.encode())
    code = sorted(Path(__file__).parent.glob("*.py"))
    for source in (*code, Path(bot.ui.picture.__file__)):
        digest.update(source.name.encode() + source.read_bytes())
    system = {faces.cjk(bold, "SC").path for bold in (False, True)} | {faces.emoji().path}  # (a region's the same file)
    for font in sorted(system | set(faces.BUNDLED.iterdir())):
        stat = font.stat() if font.exists() else None
        digest.update(f"{font} {stat and (stat.st_size, stat.st_mtime_ns)}\n".encode())
    return digest.hexdigest()[:20]


def made(deck: str) -> Image.Image:
    """A "P" image whose palette is the deck's 256 colours: the EXACT most common colours of
    its pictures as they are (the felt, the panels, the inks: an octree would average them with
    their neighbours), then an octree's choice among the blends of their edges."""
    parts = [
        _card_sheet(deck),
        hand.draw(samples.HAND, deck),
        svolota.draw(samples.SVOLOTA, deck),
        speed.draw(samples.SPEED, deck),
        demon.draw(samples.DEMON, deck),
        podium.draw(samples.PODIUM, deck),
        chart.draw(samples.CHART, deck),
    ]
    sheet = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)), FELT)
    y = 0
    for part in parts:
        sheet.paste(part, (0, y))
        y += part.height
    found = cast(list[tuple[int, tuple[int, int, int]]] | None, sheet.getcolors(MAX_COLOURS))
    if found is None:  # not the pictures this was made for: let the octree choose them all
        return sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    counted = sorted(found, key=lambda c: (-c[0], c[1]))
    exact = [colour for _, colour in counted[:EXACT]]
    # A blend's weight is capped: one used on a whole panel's edge must not outweigh a hundred
    # used once each.
    blends = [colour for count, colour in counted[EXACT:] for _ in range(min(count, 256))]
    rest = Image.new("RGB", (max(1, len(blends)), 1), FELT)
    rest.putdata(blends)
    chosen = rest.quantize(COLOURS - EXACT, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    result = Image.new("P", (1, 1))
    result.putpalette([v for colour in exact for v in colour] + (chosen.getpalette() or [])[: 3 * (COLOURS - EXACT)])
    return result
