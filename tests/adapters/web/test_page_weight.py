"""The page's weight budget (#34): everything the page loads of its own — the HTML, the style sheets
and scripts it names, and the modules those import — at most 60 KB gzipped, and served gzipped to a
browser that asks."""

from __future__ import annotations

import gzip
import re

import aiohttp

from adapters.web.app import STATIC
from tests.adapters.web.live import live_table

BUDGET = 60 * 1024
REFERENCE = re.compile(r"""(?:href|src)="/static/([^"]+)"|from\s+"/static/([^"]+)"|import\s+"/static/([^"]+)\"""")


def page_files() -> list[str]:
    """index.html and every static file it reaches (following the scripts' imports)."""
    found, todo = ["index.html"], ["index.html"]
    while todo:
        text = (STATIC / todo.pop()).read_text()
        for match in REFERENCE.finditer(text):
            name = next(g for g in match.groups() if g)
            if name not in found:
                found.append(name)
                todo.append(name)
    return found


def test_the_page_and_what_it_loads_weigh_at_most_60_kb_gzipped():
    files = page_files()
    assert {"table.css", "table.js", "cards.js"} <= set(files)
    zipped = sum(len(gzip.compress((STATIC / name).read_bytes(), 6)) for name in files)
    assert zipped <= BUDGET, f"{zipped} bytes gzipped: {files}"


async def test_the_pages_files_are_served_gzipped_when_asked(aio_loop):
    async with live_table() as live:
        for name in page_files():
            url = f"{live.origin}/" if name == "index.html" else f"{live.origin}/static/{name}"
            async with live.session.get(url, headers={"Accept-Encoding": "gzip"}) as response:
                assert response.status == 200 and response.headers.get("Content-Encoding") == "gzip", name
                assert await response.read() == (STATIC / name).read_bytes()  # (aiohttp unzips it)
        plain = {"Accept-Encoding": "identity"}
        async with aiohttp.ClientSession() as other, other.get(f"{live.origin}/static/table.js", headers=plain) as r:
            assert "Content-Encoding" not in r.headers
