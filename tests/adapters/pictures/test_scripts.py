"""Names and words in every script the bot's people write: each drawn whole (no box, nothing left
out), Arabic and Persian joined and read from the right, emoji in colour, a seat's label per script
against a stored reference; and what a machine without Raqm or the system fonts draws instead
(tests/adapters/pictures/fonts.py: these skip without them, except in CI)."""

from __future__ import annotations

import io
import itertools
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
import regex
from PIL import Image

from adapters.pictures import faces, text
from adapters.pictures.canvas import Canvas
from adapters.pictures.decks import TEXT
from adapters.pictures.seats import draw_seats
from bot.ui.picture import SeatLine
from tests.adapters.pictures.fonts import need
from tests.adapters.pictures.golden import check

NAMES = {
    "latin": "Zoë Martín",
    "cyrillic": "Дмитро Ґалаґан",
    "arabic": "محمد علي",
    "persian": "سارا رضایی",
    "chinese": "王小明",
    "japanese": "山田さくら",
    "korean": "김민준",
    "emoji": "🎲❤️👩‍👩‍👧‍👦🇺🇦",
}
NEEDS = {"arabic": "raqm", "persian": "raqm", "chinese": "cjk", "japanese": "cjk", "korean": "cjk", "emoji": "emoji"}


def forget() -> None:
    for cached in (text.layout, text.fit, text._emoji, faces.chain, faces.installed, faces.freetype, faces._unshaped):
        cached.cache_clear()


@pytest.fixture
def afresh() -> Iterator[None]:
    """Fonts and layouts looked up again, before and after (a test changes what is installed)."""
    forget()
    yield
    forget()


def drawn(words: str, size: int = 40) -> Image.Image:
    """`words` drawn by the pictures' own canvas, white on black, as an "L" image."""
    canvas = Canvas(60 + size * 2 * max(1, len(words)), size * 2, "classic")
    canvas.image.paste((0, 0, 0), (0, 0, canvas.width, canvas.image.height))
    canvas.text(20, size, words, size, fill=(255, 255, 255), anchor="lm")
    return canvas.image.convert("L")


def ink(image: Image.Image) -> tuple[int, int, int, int]:
    box = image.point(lambda level: 255 if level > 96 else 0).getbbox()
    assert box is not None, "nothing was drawn"
    return box


def label(name: str) -> bytes:
    """One seat's panel with `name` on it, as a board draws it, in PNG."""
    canvas = Canvas(380, 64, "classic")
    draw_seats(canvas, 0, 0, 380, (SeatLine(name, 7),), 1)
    out = io.BytesIO()
    canvas.image.save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("script", list(NAMES))
def test_a_name_in_each_script_matches_its_reference(script: str, tmp_path: Path) -> None:
    need(NEEDS.get(script))
    check(f"script_{script}.png", label(NAMES[script]), tmp_path)


@pytest.mark.parametrize("script", list(NAMES))
def test_each_character_of_a_name_is_drawn(script: str) -> None:
    need(NEEDS.get(script))
    for cluster in regex.findall(r"\X", NAMES[script]):  # a letter with its marks, an emoji sequence
        if not cluster.isspace():
            assert drawn(cluster).getbbox() is not None, f"{cluster!r} of {NAMES[script]!r} drew nothing"
    assert text.drawable(NAMES[script]) == NAMES[script]


@pytest.mark.parametrize("script", list(NAMES))
def test_no_character_is_drawn_as_the_missing_glyph_box(script: str) -> None:
    """Each run's font draws each of its clusters as something else than what it draws for a code
    point it has not (a private-use one): Pillow's own look at the glyphs, not the cmap the chain
    was chosen by."""
    need(NEEDS.get(script))
    for run in text.layout(NAMES[script], 24).runs:
        if run.face.bitmap:
            continue  # a colour font: its glyphs are checked by colour below
        face = faces.freetype(run.face, 24)
        box = face.getmask("\ue000")
        for cluster in text.clusters(run.text):
            if not cluster.isspace():
                mask = face.getmask(cluster)
                assert (mask.size, bytes(mask)) != (box.size, bytes(box)), f"{cluster!r} is a box in {run.face.name}"


def test_emoji_are_drawn_in_colour() -> None:
    """A red heart, though the words around it are white (DejaVu has a heart too, in the text's colour)."""
    need("emoji")
    canvas = Canvas(200, 80, "classic")
    canvas.text(20, 40, "Zoë ❤️", 40, fill=TEXT, anchor="lm")
    red, green, blue = (band.tobytes() for band in canvas.image.split())
    assert any(r > 180 and g < 80 and b < 80 for r, g, b in zip(red, green, blue, strict=True)), "no red heart"


@pytest.mark.parametrize("letters", ["ببب", "پپپ"])  # beh (Arabic), peh (Persian)
def test_an_arabic_word_is_joined(letters: str) -> None:
    """Three behs joined (initial, medial, final forms) are far narrower than three alone."""
    need("raqm")
    left, _, right, _ = ink(drawn(letters))
    one_left, _, one_right, _ = ink(drawn(letters[0]))
    assert right - left < 0.8 * 3 * (one_right - one_left)


def _alef_on_the_right(words: str) -> bool:
    """In "او" (alef, waw) the alef, the tallest letter, is read first: drawn on the right."""
    image = drawn(words)
    left, top, right, _ = ink(image)
    row = [x for x, level in enumerate(image.crop((0, top, image.width, top + 1)).tobytes()) if level > 96]
    return sum(row) / len(row) > (left + right) / 2


def test_an_arabic_word_reads_from_the_right() -> None:
    need("raqm")
    assert _alef_on_the_right("او")


def test_a_line_of_two_directions_orders_its_runs() -> None:
    """A line's direction is its first letter's; an emoji between two Arabic words stays between."""
    need("emoji")
    assert [run.text for run in text.layout("Sam محمد", 24).runs] == ["Sam ", "محمد"]
    assert [run.text for run in text.layout("محمد Sam", 24).runs] == ["Sam", "محمد "]
    runs = text.layout("محمد 🎲 علي", 24).runs
    assert [run.text.strip() for run in runs if run.text.strip()] == ["علي", "🎲", "محمد"]
    assert all(run.left < later.left for run, later in itertools.pairwise(runs))


def test_a_cut_arabic_name_ends_on_the_left() -> None:
    line = text.fit("علي محمد رضا حسین زاده کرمانی", 24, 150)
    assert line.text.endswith("…") and line.width <= 150
    assert line.runs[0].text == "…"  # read from the right, a line's end is its left


def test_without_raqm_arabic_is_drawn_unjoined_from_the_right(
    monkeypatch: pytest.MonkeyPatch, afresh: None, caplog: pytest.LogCaptureFixture
) -> None:
    """A Pillow without Raqm (no libfribidi0) still draws every letter, in reading order."""
    monkeypatch.setattr(faces, "RAQM", False)
    with caplog.at_level(logging.WARNING):
        assert _alef_on_the_right("او")
        assert drawn("ببب").getbbox() is not None
        assert drawn("👩‍👩‍👧‍👦 (سارا)").getbbox() is not None
    assert "no Raqm" in caplog.text


def test_without_the_system_fonts_their_characters_are_left_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, afresh: None, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(faces, "SYSTEM", tmp_path)
    with caplog.at_level(logging.WARNING):
        assert text.drawable("王小明 🎲 Оля محمد") == "Оля محمد"
        assert drawn("王小明 🎲").getbbox() is None
    assert "fonts-noto-cjk" in caplog.text and "fonts-noto-color-emoji" in caplog.text


def test_cjk_is_drawn_in_the_forms_of_its_region() -> None:
    """Kana makes a name Japanese, Hangul Korean, Han alone Chinese: 直 differs between them."""
    need("cjk")
    japanese, chinese = text.layout("直さ", 40).runs[0], text.layout("直", 40).runs[0]
    assert (japanese.face.name, chinese.face.name) == ("Noto Sans CJK JP", "Noto Sans CJK SC")
    masks = [bytes(faces.freetype(run.face, 40).getmask("直")) for run in (japanese, chinese)]
    assert masks[0] != masks[1]


def test_a_drawing_process_reads_the_fonts_as_it_starts(afresh: None) -> None:
    """faces.load (the workers' start) reads every installed face's characters: a name in CJK
    later costs no quarter of a second inside a drawing's time limit."""
    faces._cmap.cache_clear()
    faces.load()
    read = faces._cmap.cache_info().currsize
    assert read == len({face.path for bold in (False, True) for face in faces.chain(bold)}) >= 4
    text.layout("王小明 🎲 محمد", 24)
    assert faces._cmap.cache_info().currsize == read
