"""The bundled fonts (DejaVu, see fonts/LICENSE) and words fitted to a width.

Names come from people and may hold anything: characters the font lacks (most emoji, CJK) are
left out rather than drawn as boxes, and a name too long for its place ends in "…". Text is laid
out by FreeType alone (no Raqm), so a picture is the same on every machine with this Pillow."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).parent / "fonts"
_MISSING = "\ue000"  # a private-use code point DejaVu has no glyph for: it draws the font's .notdef


@cache
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size, layout_engine=ImageFont.Layout.BASIC)


def _mask(face: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)  # the characters people's names are written in
def _has_glyph(char: str, bold: bool) -> bool:
    """Whether the font draws `char` as something other than its missing-glyph box (checked at a
    fixed size: both faces' character sets do not depend on the size)."""
    if not char.isprintable():  # controls, and the joiners of emoji sequences (dropped with them)
        return False
    face = font(20, bold)
    return _mask(face, char) != _mask(face, _MISSING)


def drawable(text: str, bold: bool = True) -> str:
    """`text` without the characters the font cannot draw."""
    words = " ".join(text.split())  # tabs and line breaks are gaps too
    kept = "".join(c for c in words if c == " " or _has_glyph(c, bold))
    return " ".join(kept.split())  # and the gap a dropped emoji leaves


@lru_cache(maxsize=4096)  # the same names and numbers are drawn on every board of a table
def fit(text: str, size: int, width: int, bold: bool = True) -> tuple[str, float]:
    """`text` drawable and cut to `width` pixels, ending in "…" when it was cut; and its width."""
    text = drawable(text, bold)
    face = font(size, bold)
    length = face.getlength(text)
    if length <= width:
        return text, length
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    text = text.rstrip() + "…"
    return text, face.getlength(text)
