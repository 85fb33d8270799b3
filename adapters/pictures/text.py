"""Words on a picture: laid out across the fonts of faces.py, in reading order, fitted to a width.

Names come from people and may hold anything. A line is cut into runs, each drawn with one font
in one direction: the characters are grouped into clusters (a letter with its marks, an emoji
sequence: the `regex` module's \\X), each cluster takes its font from the chain in faces.py, and
the Unicode bidirectional algorithm (python-bidi) gives each its level and the runs their order
from left to right, so an Arabic or Persian name reads from the right, beside Latin or an emoji.
A run in Arabic or emoji is shaped by Raqm (joined letters, emoji sequences); Latin, Cyrillic and
CJK keep FreeType's own layout, the same on every machine. What no font has is left out rather
than drawn as a box, and a name too long for its place ends in "…"."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import regex
from bidi import algorithm
from bidi.mirror import MIRRORED
from PIL import Image, ImageDraw, ImageFont

from adapters.pictures import faces
from adapters.pictures.decks import RGB
from adapters.pictures.faces import DEJAVU, EMOJI_SIZE, IGNORABLE, Face, chain, charset, choose, freetype, region


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at `size`: the picture's own face (ranks, counts, and the line's baseline)."""
    return freetype(DEJAVU[bold], size)


def clusters(text: str) -> list[str]:
    """What a reader takes for one character: a letter and its marks, an emoji sequence, a flag."""
    found: list[str] = regex.findall(r"\X", text)
    return found


@dataclass(frozen=True, slots=True)
class Run:
    """Clusters drawn with one face in one direction, from `left` pixels into the line."""

    text: str  # in reading order
    face: Face
    rtl: bool
    left: float
    width: float

    @property
    def shown(self) -> str:
        """What is handed to the font: Raqm takes the text as read; FreeType alone draws glyphs left
        to right, so a right-to-left run is reversed (by clusters) and without the characters that
        steer others (it would draw them as boxes), its brackets mirrored."""
        if self.face.shaped and faces.RAQM:
            return self.text
        codes = charset(self.face)
        parts = ["".join(c for c in part if ord(c) not in IGNORABLE or ord(c) in codes) for part in clusters(self.text)]
        if not self.rtl:
            return "".join(parts)
        return "".join(MIRRORED.get(part, part) for part in reversed(parts))  # "(" read right to left is ")"

    @property
    def direction(self) -> str | None:
        return ("rtl" if self.rtl else "ltr") if self.face.shaped and faces.RAQM else None


@dataclass(frozen=True, slots=True)
class Line:
    text: str  # what is drawn, in reading order: the text less what no font has
    runs: tuple[Run, ...]  # from left to right
    width: float


def _faced(text: str, bold: bool) -> list[tuple[str, Face]]:
    """`text`'s clusters with their faces, less those no face has (and the gaps they leave)."""
    faces = chain(bold, region(text))
    kept: list[tuple[str, Face]] = []
    for cluster in clusters(" ".join(text.split())):  # tabs and line breaks are gaps too
        face = choose(cluster, faces, kept[-1][1] if kept else None)
        if face is not None:
            kept.append((cluster, face))
    cleaned = " ".join("".join(cluster for cluster, _ in kept).split())
    if cleaned == "".join(cluster for cluster, _ in kept):
        return kept
    return _faced(cleaned, bold)


def _levels(text: str) -> tuple[dict[int, int], dict[int, int]]:
    """Each character's bidirectional level, and its place from the left (rules P2 to L2; the
    direction of the whole comes from its first strong letter). Characters that steer without
    being drawn (joiners, X9) have neither."""
    storage = algorithm.get_empty_storage()
    storage["base_level"] = algorithm.get_base_level(text)
    storage["base_dir"] = ("L", "R")[storage["base_level"]]
    algorithm.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    levels = {char["index"]: char["level"] for char in storage["chars"]}
    algorithm.reorder_resolved_levels(storage, False)
    return levels, {char["index"]: place for place, char in enumerate(storage["chars"])}


def _width(text: str, face: Face, size: int, rtl: bool) -> float:
    run = Run(text, face, rtl, 0, 0)
    length = freetype(face, size).getlength(run.shown, direction=run.direction)
    return length * size / EMOJI_SIZE if face.bitmap else length


@lru_cache(maxsize=4096)  # the same names and numbers are drawn on every board of a table
def layout(text: str, size: int, bold: bool = True) -> Line:
    faced = _faced(text, bold)
    kept = "".join(cluster for cluster, _ in faced)
    if not faced:
        return Line("", (), 0)
    levels, place = _levels(kept)
    firsts = []  # each cluster's first character that has a level (a cluster has one: its base)
    start = 0
    for cluster, _ in faced:
        firsts.append(next((i for i in range(start, start + len(cluster)) if i in levels), start))
        start += len(cluster)
    level = [levels.get(i, 0) for i in firsts]
    order = sorted(range(len(faced)), key=lambda i: place.get(firsts[i], -1))
    groups: list[list[int]] = []
    for i in order:
        last = groups[-1][-1] if groups else None
        step = -1 if level[i] % 2 else 1
        if last is not None and faced[i][1] == faced[last][1] and level[i] == level[last] and i == last + step:
            groups[-1].append(i)
        else:
            groups.append([i])
    runs: list[Run] = []
    left = 0.0
    for group in groups:
        face, rtl = faced[group[0]][1], level[group[0]] % 2 == 1
        words = "".join(faced[i][0] for i in sorted(group))
        width = _width(words, face, size, rtl)
        runs.append(Run(words, face, rtl, left, width))
        left += width
    return Line(kept, tuple(runs), left)


def drawable(text: str, bold: bool = True) -> str:
    """`text` without the characters no font can draw."""
    return layout(text, 20, bold).text


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int, bold: bool = True) -> Line:
    """`text` laid out and cut to `width` pixels, ending in "…" when it was cut."""
    line = layout(text, size, bold)
    if line.width <= width:
        return line
    parts = clusters(line.text)
    low, high = 0, len(parts) - 1  # the most clusters kept whose cut line fits (at least none)
    while low < high:
        middle = (low + high + 1) // 2
        if layout("".join(parts[:middle]).rstrip() + "…", size, bold).width <= width:
            low = middle
        else:
            high = middle - 1
    return layout("".join(parts[:low]).rstrip() + "…", size, bold)


@cache
def _baseline(size: int, bold: bool, vertical: str) -> float:
    """How far below an anchor of this kind DejaVu's baseline lies: every run sits on it."""
    face = font(size, bold)
    return face.getbbox("H", anchor="l" + vertical)[3] - face.getbbox("H", anchor="ls")[3]


@lru_cache(maxsize=1024)
def _emoji(text: str, bitmap: Face, rtl: bool, size: int) -> tuple[Image.Image, int, int]:
    """An emoji run drawn at its font's one size and scaled to `size`, with where its top left
    lies from the pen on the baseline."""
    face = freetype(bitmap, EMOJI_SIZE)
    run = Run(text, bitmap, rtl, 0, 0)
    left, top, right, bottom = (round(edge) for edge in face.getbbox(run.shown, anchor="ls", direction=run.direction))
    big = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(big).text(
        (-left, -top), run.shown, font=face, anchor="ls", embedded_color=True, direction=run.direction
    )
    scale = size / EMOJI_SIZE
    small = big.resize((max(1, round(big.width * scale)), max(1, round(big.height * scale))), Image.Resampling.LANCZOS)
    return small, round(left * scale), round(top * scale)


def draw_line(
    image: Image.Image,
    pen: ImageDraw.ImageDraw,
    x: float,
    y: float,
    line: Line,
    size: int,
    fill: RGB,
    anchor: str,
    bold: bool,
) -> None:
    """Draws `line` at (x, y) held by `anchor` (Pillow's two letters: l/m/r, then a/m/s/d)."""
    if len(line.runs) == 1 and line.runs[0].face == DEJAVU[bold]:  # as FreeType draws it, to the pixel
        pen.text((x, y), line.runs[0].shown, font=font(size, bold), fill=fill, anchor=anchor)
        return
    start = x - {"l": 0, "m": line.width / 2, "r": line.width}[anchor[0]]
    baseline = y + _baseline(size, bold, anchor[1])
    for run in line.runs:
        if run.face.bitmap:
            picture, left, top = _emoji(run.text, run.face, run.rtl, size)
            image.paste(picture, (round(start + run.left) + left, round(baseline) + top), picture)
        else:
            pen.text(
                (start + run.left, baseline),
                run.shown,
                font=freetype(run.face, size),
                fill=fill,
                anchor="ls",
                direction=run.direction,
            )
