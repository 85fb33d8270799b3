"""Comparing a rendered picture with its stored reference, with a small per-pixel tolerance:
another build of the same Pillow (its FreeType, its zlib) may move an edge pixel by a few levels,
while a real change moves many pixels by a lot."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"  # rewrite the references instead of comparing
LEVELS = 8  # a channel off by more than this counts as a differing pixel
SHARE = 0.002  # of the pixels, at most this many may differ


@dataclass(frozen=True)
class Difference:
    pixels: int  # pixels with some channel off by more than LEVELS
    total: int
    worst: int  # the largest difference of any channel

    @property
    def share(self) -> float:
        return self.pixels / self.total


def channel_difference(a: Image.Image, b: Image.Image) -> Image.Image:
    """An "L" image: each pixel's largest difference over the three channels."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    r, g, b_ = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b_)


def difference(a: Image.Image, b: Image.Image) -> Difference:
    diff = channel_difference(a, b)
    histogram = diff.histogram()
    worst = max((level for level, n in enumerate(histogram) if n), default=0)
    return Difference(sum(histogram[LEVELS + 1 :]), a.width * a.height, worst)


def check(name: str, png: bytes, tmp_path: Path) -> None:
    """`png` matches golden/`name` (written instead under UPDATE_GOLDEN=1); a missing
    reference is a failure, not a new reference."""
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        Image.open(io.BytesIO(png)).save(path, optimize=True)  # the pixels are compared, not the bytes
        return
    assert path.exists(), f"no reference {path}: run with UPDATE_GOLDEN=1 to make it, and look at it"
    actual = Image.open(io.BytesIO(png))
    expected = Image.open(path)
    if actual.size != expected.size:
        (tmp_path / name).write_bytes(png)
        raise AssertionError(f"{name}: {actual.size} drawn, {expected.size} stored; drawn: {tmp_path / name}")
    found = difference(actual, expected)
    if found.share > SHARE:
        (tmp_path / name).write_bytes(png)
        raise AssertionError(
            f"{name}: {found.pixels} of {found.total} pixels ({found.share:.2%}) differ by more than "
            f"{LEVELS} levels (at most {found.worst}); drawn: {tmp_path / name}"
        )
