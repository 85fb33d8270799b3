"""The replay page's HTML as served (static/replay.html): as the live table's (adapters/web/page.py),
its style sheets inline (allowed by their SHA-256 in the page's Content-Security-Policy) and its
first words already there, so that the HTML alone paints the game's title, its players and its
result in the reader's language; static/replay.js then fetches the steps and draws the table.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from adapters.web.page import STYLE_LINK, rooted, style_source
from adapters.web.replay_words import replay_title, replay_words
from bot.i18n import direction
from bot.replay import Replay

SHEETS = ("table.css", "replay.css")  # the live table's, then the replay's own
CSP = (
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; style-src 'self' {style}; script-src 'self'; "
    "frame-ancestors 'none'"
)


@dataclass(frozen=True, slots=True)
class ReplayHtml:
    html: str
    policy: str  # its Content-Security-Policy (its inline style allowed by hash)


@cache
def _page(folder: Path) -> tuple[str, str]:
    """replay.html with its style sheets inline, and their CSP source: read once (they are the package's)."""
    text = (folder / "replay.html").read_text(encoding="utf-8")
    css = "\n".join((folder / name).read_text(encoding="utf-8") for name in SHEETS)
    return text.replace(STYLE_LINK, f"<style>{css}</style>", 1), style_source(css)


def replay_html(folder: Path, lang: str, replay: Replay) -> ReplayHtml:
    text, style = _page(folder)
    title = html.escape(replay_title(replay.title, lang))
    text = rooted(text, lang, direction(lang))
    text = text.replace("<title></title>", f"<title>{title}</title>", 1)
    text = text.replace('<h1 id="title"></h1>', f'<h1 id="title">{title}</h1>', 1)
    rows = "".join(
        f'<li data-seat="{s.seat}" data-place="{s.place}"><span class="rank" dir="ltr">{s.place}.</span> '
        f'<bdi class="name">{html.escape(replay.seats[s.seat])}</bdi> — '
        f'<span class="score">{html.escape(s.words)}</span></li>'
        for s in replay.standings
    )
    text = text.replace('<ol id="standings"></ol>', f'<ol id="standings">{rows}</ol>', 1)
    text = text.replace('<p id="result"></p>', f'<p id="result">{html.escape(replay.result)}</p>', 1)
    words = replay_words(lang)
    text = text.replace(
        '<span id="status-text"></span>', f'<span id="status-text">{html.escape(words["loading"])}</span>', 1
    )
    data = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")  # (nothing in it may end the script)
    text = text.replace(
        '<script type="application/json" id="replay-words">{}</script>',
        f'<script type="application/json" id="replay-words">{data}</script>',
        1,
    )
    return ReplayHtml(text, CSP.format(style=style))
