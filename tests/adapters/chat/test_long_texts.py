"""A text too long for one message goes in several, cut at line ends, each within the limit as the
platform counts it (Telegram counts UTF-16 units: an emoji is two)."""

from __future__ import annotations

from adapters.chat.long_texts import split_long
from adapters.telegram.entities import utf16


def test_a_short_text_is_one_piece_and_an_empty_one_none():
    assert split_long("hello\nworld", 20) == ["hello\nworld"]
    assert split_long("", 20) == []


def test_a_long_text_is_cut_at_line_ends_and_nothing_is_lost():
    lines = [f"line {n} " + "x" * (n % 7) for n in range(60)]
    text = "\n".join(lines)
    parts = split_long(text, 50)
    assert len(parts) > 1 and all(len(p) <= 50 for p in parts)
    assert "\n".join(parts).split("\n") == lines  # every line whole, in order


def test_telegram_counts_an_emoji_as_two():
    text = "🎴" * 30  # 60 UTF-16 units, no line end: cut inside, never through an emoji
    parts = split_long(text, 25, utf16)
    assert all(utf16(p) <= 25 for p in parts) and "".join(parts) == text
    assert [len(p) for p in parts] == [12, 12, 6]
