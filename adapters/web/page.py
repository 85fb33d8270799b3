"""The page's HTML as served: index.html with its style sheet inline and its first words already in
the browser's language, so that the first paint needs one request, not three round trips.

Without this a phone on a slow line (Chrome's "Fast 3G": 562.5 ms a round trip) painted nothing for
two seconds: the style sheet blocks rendering until it arrives (a second round trip), and the status
line had no words until the socket's welcome brought them (a third and fourth). Now the HTML alone
paints the status line ("Connecting…", in the language Accept-Language names; the welcome's words
replace it), and the sounds toggle has its name from the start. The style sheet stays a file of its
own (static/table.css, which index.html names and a developer edits); the server puts it in a
<style> element in place of its <link>, and the page's Content-Security-Policy allows that element
by its SHA-256 hash, nothing else inline.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from dataclasses import dataclass
from pathlib import Path

from adapters.web.words import page_words

STYLE_LINK = '<link rel="stylesheet" href="/static/table.css">'
STATUS = '<span id="status-text"></span>'
SOUNDS = '<span id="sounds-label"></span>'
ROOT = '<html lang="">'
REFERENCE = re.compile(r"""(?:href|src)="/static/([^"]+)"|from\s+"/static/([^"]+)"|import\s+"/static/([^"]+)\"""")


@dataclass(frozen=True, slots=True)
class Page:
    html: str
    style_hash: str | None  # "'sha256-…'": the inline style sheet's, for the CSP (None: none inline)


def style_source(css: str) -> str:
    """An inline style sheet as a Content-Security-Policy source: "'sha256-…'" of its text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii") + "'"


def rooted(text: str, lang: str, direction: str) -> str:
    """The page's <html> with the reader's language (as HTML names it: "pt-BR") and direction."""
    return text.replace(ROOT, f'<html lang="{html.escape(lang.replace("_", "-"))}" dir="{direction}">', 1)


def page_html(folder: Path, lang: str, direction: str) -> Page:
    """index.html from `folder`, its style sheet inline (when it names table.css and the file is
    there) and its status line in `lang`."""
    text = (folder / "index.html").read_text(encoding="utf-8")
    style_hash = None
    sheet = folder / "table.css"
    if STYLE_LINK in text and sheet.is_file():
        css = sheet.read_text(encoding="utf-8")
        style_hash = style_source(css)
        text = text.replace(STYLE_LINK, f"<style>{css}</style>", 1)
    words = page_words(lang)
    text = text.replace(STATUS, f'<span id="status-text">{html.escape(words["connecting"])}</span>', 1)
    text = text.replace(SOUNDS, f'<span id="sounds-label">{html.escape(words["sounds"])}</span>', 1)
    return Page(rooted(text, lang, direction), style_hash)


def page_files(folder: Path) -> list[str]:
    """index.html and every file of `folder` it reaches (its style sheet, its scripts, and the
    modules those import): what a browser loads of the page's own (its weight, bench/page.py)."""
    found, todo = ["index.html"], ["index.html"]
    while todo:
        text = (folder / todo.pop()).read_text(encoding="utf-8")
        for match in REFERENCE.finditer(text):
            name = next(g for g in match.groups() if g)
            if name not in found:
                found.append(name)
                todo.append(name)
    return found
