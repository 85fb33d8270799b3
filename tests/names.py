"""Expected texts name people as the bot writes them: each name isolated (bot/bidi.py), through the
bot's own helper rather than marks typed into every test."""

from __future__ import annotations

import re
from typing import overload

from bot.bidi import isolated

PEOPLE = ("Ann", "Bob", "Cy", "Dan", "Ada")  # the names the tests' people go by


@overload
def named(expected: str, names: tuple[str, ...] = PEOPLE) -> str: ...
@overload
def named(expected: list[str], names: tuple[str, ...] = PEOPLE) -> list[str]: ...
def named(expected: str | list[str], names: tuple[str, ...] = PEOPLE) -> str | list[str]:
    """`expected` with each of `names` (a whole word) isolated."""
    if isinstance(expected, list):
        return [named(line, names) for line in expected]
    pattern = r"\b(" + "|".join(map(re.escape, names)) + r")\b"
    return re.sub(pattern, lambda m: isolated(m.group(1)), expected)
