"""The fonts a picture's words are drawn in, and which of them draws a character.

Names come from people and may be written in any script, and the words a picture holds are
translated: one font cannot draw them all. Each cluster of characters (a letter and its marks, an
emoji sequence) takes the first font of this chain that has every character of it:

1. Noto Sans Arabic (bundled, fonts/): Arabic and Persian, for those scripts only (DejaVu has
   Arabic letters too, but not the joined forms a reader expects);
2. DejaVu Sans (bundled): Latin, Cyrillic, Greek, Hebrew, Armenian, Georgian, digits, symbols;
3. Noto Sans CJK (Debian's fonts-noto-cjk): Chinese, Japanese and Korean, in the forms of the
   region the text's own letters point to (kana: Japan, Hangul: Korea, else simplified Chinese);
4. Noto Color Emoji (Debian's fonts-noto-color-emoji): emoji, in colour; it goes first for a
   cluster that asks for an emoji (U+FE0F) or joins several (U+200D).

The last two are 100 MB installed (the image keeps 50 MB of them), too big to bundle: they are
looked for at Debian's paths and, where missing, left out of the chain with one warning; what no
font has is left out of the text, never drawn as a box. Fonts are read from files shipped with the
install, never fetched."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fontTools import unicodedata as scripts
from fontTools.ttLib import TTFont
from PIL import ImageFont, features

log = logging.getLogger(__name__)

BUNDLED = Path(__file__).parent / "fonts"
SYSTEM = Path("/usr/share/fonts")
EMOJI_SIZE = 109  # Noto Color Emoji's bitmaps exist at this size alone: drawn at it, then scaled


@dataclass(frozen=True, slots=True)
class Face:
    """One font of the chain."""

    name: str
    path: Path
    index: int = 0  # the font's place in a collection (.ttc)
    shaped: bool = False  # laid out by Raqm (joined letters, ligatures, right to left), not FreeType alone
    script: str | None = None  # an ISO 15924 code: the face goes first for this script, and serves no other
    bitmap: bool = False  # colour bitmaps at EMOJI_SIZE only


ARABIC = {
    False: Face("Noto Sans Arabic", BUNDLED / "NotoSansArabic-Regular.ttf", shaped=True, script="Arab"),
    True: Face("Noto Sans Arabic Bold", BUNDLED / "NotoSansArabic-Bold.ttf", shaped=True, script="Arab"),
}
DEJAVU = {
    False: Face("DejaVu Sans", BUNDLED / "DejaVuSans.ttf"),
    True: Face("DejaVu Sans Bold", BUNDLED / "DejaVuSans-Bold.ttf"),
}
_CJK_FILE = {False: "NotoSansCJK-Regular.ttc", True: "NotoSansCJK-Bold.ttc"}
_CJK_REGION = {"JP": 0, "KR": 1, "SC": 2}  # the collection's faces, in fonts-noto-cjk's order

# Characters that draw nothing themselves and steer their neighbours (joiners, variation selectors,
# direction marks, tags): a font need not have them; FreeType alone would draw them as boxes.
_SPANS = ((0x200B, 0x2010), (0x202A, 0x202F), (0x2060, 0x2070), (0xFE00, 0xFE10), (0xE0000, 0xE0080))
IGNORABLE = frozenset(
    {0x00AD, 0x034F, 0x061C, 0x180E, 0xFEFF, *range(0xE0100, 0xE01F0)}.union(*(range(*span) for span in _SPANS))
)
_COMMON = ("Zyyy", "Zinh", "Zzzz")  # digits, spaces, punctuation, marks: they go with their neighbours


def cjk(bold: bool, region: str) -> Face:
    return Face(f"Noto Sans CJK {region}", SYSTEM / "opentype/noto" / _CJK_FILE[bold], _CJK_REGION[region])


def emoji() -> Face:
    return Face("Noto Color Emoji", SYSTEM / "truetype/noto/NotoColorEmoji.ttf", shaped=True, bitmap=True)


def region(text: str) -> str:
    """Which CJK forms `text` is written in: kana is Japanese, Hangul Korean, Han alone Chinese."""
    found = {scripts.script(c) for c in text if ord(c) >= 0x1100}
    if found & {"Hira", "Kana"}:
        return "JP"
    return "KR" if "Hang" in found else "SC"


@cache
def chain(bold: bool, cjk_region: str = "SC") -> tuple[Face, ...]:
    """The faces tried in order, those installed on this machine."""
    wanted = (ARABIC[bold], DEJAVU[bold], cjk(bold, cjk_region), emoji())
    return tuple(face for face in wanted if installed(face))


@cache
def installed(face: Face) -> bool:
    if face.path.exists():
        return True
    package = "fonts-noto-color-emoji" if face.bitmap else "fonts-noto-cjk"
    log.warning("pictures: no %s at %s: its characters are left out (install %s)", face.name, face.path, package)
    return False


def charset(face: Face) -> frozenset[int]:
    """The code points `face` has a glyph for. A collection's faces share one character map (Noto
    CJK's regions do), read once: 0.25 s."""
    return _cmap(face.path, 0 if face.path.suffix == ".ttc" else face.index)


@cache
def _cmap(path: Path, index: int) -> frozenset[int]:
    return frozenset(TTFont(path, fontNumber=index, lazy=True).getBestCmap())


def load() -> None:
    """Reads every installed face's character map now (a drawing process, as it starts), not on
    the first name that needs it, within a drawing's time limit."""
    for bold in (False, True):
        for face in chain(bold):
            charset(face)


def has(face: Face, cluster: str) -> bool:
    codes = charset(face)
    return all(ord(c) in codes or ord(c) in IGNORABLE for c in cluster) and any(
        ord(c) not in IGNORABLE for c in cluster
    )


def wants_emoji(cluster: str) -> bool:
    return "\ufe0f" in cluster or ("\u200d" in cluster and len(cluster) > 2)


def choose(cluster: str, faces: tuple[Face, ...], previous: Face | None) -> Face | None:
    """The face to draw `cluster` with: a digit, space or mark stays in the face of the text before
    it where that face has it (an Arabic word's digits are shaped with it); otherwise the first
    face of the chain that serves its script and has all its characters. None: no face has it."""
    colour = faces[-1]
    if wants_emoji(cluster) and colour.bitmap and has(colour, cluster):
        return colour
    script = scripts.script(cluster[0])
    if script in _COMMON and previous is not None and not previous.bitmap and has(previous, cluster):
        return previous
    for face in faces:
        if (face.script is None or face.script == script) and has(face, cluster):
            return face
    return None


RAQM = features.check("raqm")  # Pillow's wheel has it; it needs the system's libfribidi (Debian's libfribidi0)


@cache
def freetype(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """`face` at `size` pixels (a bitmap face at its only size), laid out by Raqm where it is
    shaped and Raqm is there. Unshaped faces keep FreeType's layout: the same on every machine."""
    if face.shaped and not RAQM:
        _unshaped()
    engine = ImageFont.Layout.RAQM if face.shaped and RAQM else ImageFont.Layout.BASIC
    return ImageFont.truetype(
        str(face.path), EMOJI_SIZE if face.bitmap else size, index=face.index, layout_engine=engine
    )


@cache
def _unshaped() -> None:
    log.warning(
        "pictures: Pillow has no Raqm here (install libfribidi0): Arabic and Persian are drawn in "
        "unjoined letters, right to left, and emoji sequences apart"
    )
