"""A person's name in a text is isolated: between FSI and PDI, Unicode's bidi isolation marks, in
every language. Unisolated, an Arabic or Hebrew name pulls the words and numbers beside it into its
own right-to-left run (in "דנה: 3 cards" the count jumps to the name's side); isolated, it is one
unit that keeps its own direction inside and leaves the sentence as it was written.

Names only: what pictures draw carries no marks (the renderer shapes its own text), the console
prints texts without them (`plain`), and the live page turns each isolated name into a `<bdi>`
(adapters/web/static/table.js)."""

from __future__ import annotations

from typing import Final

FSI: Final = "\u2068"  # FIRST STRONG ISOLATE: what follows, up to its PDI, takes its own direction
PDI: Final = "\u2069"  # POP DIRECTIONAL ISOLATE
LRI: Final = "\u2066"  # LEFT-TO-RIGHT ISOLATE: a card code in a right-to-left text ("7♣", not "♣7")
RLM: Final = "\u200f"  # RIGHT-TO-LEFT MARK: a line of cards alone reads right to left in such a text
_ISOLATES: Final = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069\u200f"))  # LRI RLI FSI PDI RLM


def isolated(name: str) -> str:
    """The name between FSI and PDI. Its own isolation marks are dropped first (a stray PDI in a
    name would end the isolation early), so isolating twice changes nothing."""
    return FSI + name.translate(_ISOLATES) + PDI


def left_to_right(text: str) -> str:
    """A card code isolated left to right, for a right-to-left language's texts: between two Arabic
    words "7♣" would otherwise show as "♣7" (a digit and a neutral sign take the sentence's side)."""
    return LRI + text + PDI


def plain(text: str) -> str:
    """The text without isolation (and direction) marks: for a terminal, which lays a line out in the order it is
    written and may draw the marks as boxes."""
    return text.translate(_ISOLATES)


def inside(span: tuple[int, int]) -> tuple[int, int]:
    """The span of an isolated name without its marks: a mention covers the name, the marks stay
    around it as text (Discord draws a mention its own way and would drop them)."""
    return span[0] + len(FSI), span[1] - len(PDI)
