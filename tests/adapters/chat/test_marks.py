"""A screen's text as pieces: plain text and marked spans, in order, whatever order the marks come
in; a mark over nothing is still a piece (a platform draws it its own way)."""

from __future__ import annotations

from adapters.chat.marks import pieces
from bot.people import PersonRef
from bot.ui.screen import Countdown, Mention, Screen

ANN = PersonRef("fake", "11")


def test_the_text_comes_as_plain_pieces_and_marked_spans_in_order() -> None:
    text = "🔔 Ann, your move · 60 s"
    countdown, mention = Countdown(text.index("60 s"), len(text), 1060.0), Mention(2, 5, ANN)
    screen = Screen(1, text, marks=(countdown, mention))
    assert pieces(screen) == [("🔔 ", None), ("Ann", mention), (", your move · ", None), ("60 s", countdown)]


def test_a_mark_over_nothing_is_kept_and_no_plain_piece_is_empty() -> None:
    mention = Mention(0, 0, ANN)
    assert pieces(Screen(1, "", marks=(mention,))) == [("", mention)]
    assert pieces(Screen(1, "x")) == [("x", None)]
