"""A deck's palette is made once and kept for the next process (adapters/pictures/palette.py), which
draws every picture with it exactly as with the one made; a change to what it is made from makes it
again. Keeping only saves time: a kept file that is no palette, or a folder that cannot be written,
costs the making."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import PIL
import pytest
from PIL import Image

from adapters.pictures import palette, samples
from adapters.pictures.render import fresh


@pytest.fixture(autouse=True)
def kept_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    palette.palette.cache_clear()
    yield tmp_path / "cardbot" / "palettes"
    palette.palette.cache_clear()  # (the next test's palettes from its own cache folder)


def made_never(monkeypatch: pytest.MonkeyPatch) -> None:
    def made(deck: str) -> Image.Image:
        raise AssertionError(f"{deck}'s palette made again")

    monkeypatch.setattr(palette, "made", made)


def made_counted(monkeypatch: pytest.MonkeyPatch, made: list[str]) -> None:
    """Making a palette counted, and cheap: three colours."""

    def make(deck: str) -> Image.Image:
        made.append(deck)
        image = Image.new("P", (1, 1))
        image.putpalette([1, 2, 3, 4, 5, 6, 7, 8, len(made)])
        return image

    monkeypatch.setattr(palette, "made", make)


def test_a_kept_palette_draws_every_picture_as_the_one_made(kept_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pictures = (samples.HAND, samples.SVOLOTA, samples.DEMON)
    drawn = [fresh(picture, "classic") for picture in pictures]  # the palette made, and kept
    (kept,) = kept_in.glob("classic-*.pal")
    assert len(kept.read_bytes()) == 3 * palette.COLOURS
    palette.palette.cache_clear()  # as in the next process
    made_never(monkeypatch)
    assert [fresh(picture, "classic") for picture in pictures] == drawn


def test_a_change_to_what_it_is_made_from_makes_it_again_and_drops_the_older(
    kept_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    made_counted(monkeypatch, made)
    before = palette.made_from("classic")
    palette.palette("classic")
    palette.palette.cache_clear()
    palette.palette("classic")  # read back
    assert made == ["classic"]
    monkeypatch.setattr(PIL, "__version__", PIL.__version__ + ".1")  # another Pillow
    assert palette.made_from("classic") != before
    palette.palette.cache_clear()
    assert palette.palette("classic").getpalette()[:9] == [1, 2, 3, 4, 5, 6, 7, 8, 2]  # (made again: the second)
    assert made == ["classic", "classic"]
    assert [p.name for p in kept_in.glob("classic-*.pal")] == [f"classic-{palette.made_from('classic')}.pal"]


def test_a_font_file_changed_makes_it_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / "Face.ttf").write_bytes(b"one")
    monkeypatch.setattr(palette.faces, "BUNDLED", fonts)
    before = palette.made_from("classic")
    (fonts / "Face.ttf").write_bytes(b"another")
    assert palette.made_from("classic") != before
    assert palette.made_from("four_colour") != palette.made_from("classic")


def test_a_kept_file_that_is_no_whole_palette_is_made_again(kept_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    made_counted(monkeypatch, made)
    palette.palette("classic")
    (kept,) = kept_in.glob("classic-*.pal")
    kept.write_bytes(b"\x00\x01")  # cut short
    palette.palette.cache_clear()
    palette.palette("classic")
    assert made == ["classic", "classic"]
    assert len(kept.read_bytes()) == 9  # whole again


def test_a_folder_that_cannot_be_written_only_costs_time(kept_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    made_counted(monkeypatch, made)
    kept_in.parent.mkdir(parents=True)
    kept_in.write_text("a file where the folder would be")
    assert palette.palette("classic").getpalette()[:9] == [1, 2, 3, 4, 5, 6, 7, 8, 1]
    palette.palette.cache_clear()
    palette.palette("classic")
    assert made == ["classic", "classic"] and kept_in.is_file()
