"""The page's weight budget (#34): everything the page loads of its own — the HTML, the style sheets
and scripts it names, and the modules those import — at most 60 KB gzipped, and served gzipped to a
browser that asks."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re

import aiohttp

from adapters.web.app import STATIC
from adapters.web.page import page_files, page_html
from tests.adapters.web.live import live_table

BUDGET = 60 * 1024


def test_the_page_and_what_it_loads_weigh_at_most_60_kb_gzipped():
    files = page_files(STATIC)
    assert {"table.css", "table.js", "cards.js"} <= set(files)
    zipped = sum(len(gzip.compress((STATIC / name).read_bytes(), 6)) for name in files)
    assert zipped <= BUDGET, f"{zipped} bytes gzipped: {files}"


async def test_the_pages_files_are_served_gzipped_when_asked(aio_loop):
    async with live_table() as live:
        for name in page_files(STATIC):
            url = f"{live.origin}/" if name == "index.html" else f"{live.origin}/static/{name}"
            async with live.session.get(url, headers={"Accept-Encoding": "gzip"}) as response:
                assert response.status == 200 and response.headers.get("Content-Encoding") == "gzip", name
                served = (
                    page_html(STATIC, "en", "ltr").html.encode()
                    if name == "index.html"
                    else (STATIC / name).read_bytes()
                )
                assert await response.read() == served  # (aiohttp unzips it)
        plain = {"Accept-Encoding": "identity"}
        async with aiohttp.ClientSession() as other, other.get(f"{live.origin}/static/table.js", headers=plain) as r:
            assert "Content-Encoding" not in r.headers


async def test_the_page_paints_from_its_html_alone_its_style_inline_by_hash_its_words_in_the_browsers_language(
    aio_loop,
):
    """First paint on a slow line needs one request (adapters/web/page.py): no style sheet to wait
    for, and the status line's words before the socket brings any."""
    async with live_table() as live:
        async with live.session.get(f"{live.origin}/", headers={"Accept-Language": "ru-RU,ru;q=0.9"}) as response:
            text = await response.text()
            policy = response.headers["Content-Security-Policy"]
        assert 'href="/static/table.css"' not in text
        style = re.search(r"<style>(.*?)</style>", text, re.S)
        assert style is not None and style[1] == (STATIC / "table.css").read_text()
        digest = base64.b64encode(hashlib.sha256(style[1].encode()).digest()).decode()
        assert f"style-src 'self' 'sha256-{digest}';" in policy and "unsafe-inline" not in policy
        assert '<span id="status-text">Подключаюсь…</span>' in text and '<html lang="ru" dir="ltr">' in text
        assert '<span id="sounds-label">Звуки</span>' in text  # the toggle has its name before any script
