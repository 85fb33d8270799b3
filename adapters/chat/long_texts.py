"""A text too long for one message, in several: cut at line ends where possible."""

from __future__ import annotations

from collections.abc import Callable


def split_long(text: str, size: int, length: Callable[[str], int] = len) -> list[str]:
    """`text` in pieces of at most `size` as the platform counts (`length`: characters, or
    Telegram's UTF-16 units), each cut at its last line end that fits; nothing for an empty text."""
    out: list[str] = []
    while length(text) > size:
        fits = _fitting(text, size, length)
        cut = text.rfind("\n", 0, fits)
        cut = cut if cut > 0 else fits
        out.append(text[:cut])
        text = text[cut:].lstrip("\n")
    return [*out, text] if text else out


def _fitting(text: str, size: int, length: Callable[[str], int]) -> int:
    """How many characters of `text` fit in `size` (at least one, so that a cut always moves on)."""
    low, high = 1, min(len(text), size)
    while low < high:  # length grows with the prefix: the longest prefix within size
        middle = (low + high + 1) // 2
        low, high = (middle, high) if length(text[:middle]) <= size else (low, middle - 1)
    return low
