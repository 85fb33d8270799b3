"""A screen's text as pieces: plain text and the marked spans (bot/ui/screen.py: a person named,
a time left) that each platform draws its own way (Telegram as message entities, Discord as
`<@id>` mentions and `<t:UNIX:R>` timestamps)."""

from __future__ import annotations

from bot.ui.screen import Countdown, Mention, Screen

Mark = Mention | Countdown


def pieces(screen: Screen) -> list[tuple[str, Mark | None]]:
    """The text in order: each plain piece (None; none empty) and each marked span with its mark."""
    out: list[tuple[str, Mark | None]] = []
    at = 0
    for mark in sorted(screen.marks, key=lambda m: m.start):
        out += [(screen.text[at : mark.start], None), (screen.text[mark.start : mark.end], mark)]
        at = mark.end
    out.append((screen.text[at:], None))
    return [(text, mark) for text, mark in out if text or mark is not None]
