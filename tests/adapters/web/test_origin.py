"""Which pages may open the socket (adapters/web/origins.py): with a public URL only its origin, so a
DNS-rebinding page (its Host and Origin name the attacker's host, pointed at this server) is
refused; without one, only pages on this machine."""

from __future__ import annotations

import aiohttp
import pytest

from adapters.web.origins import loopback, origin_allowed, origin_of
from tests.adapters.web.live import ANN, Live, hello, live_table


async def opens(live: Live, origin: str, host: str | None = None) -> int:
    """The HTTP status of a socket's upgrade from a page of `origin` (101: opened), the request's
    Host header `host` (a rebinding page's request names its own host)."""
    headers = {"Host": host} if host else None
    try:
        client = await live.session.ws_connect(f"{live.origin}/ws", origin=origin, headers=headers)
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status
    await client.close()
    return 101


async def test_with_a_public_url_only_its_origin_opens_the_socket(aio_loop):
    async with live_table(url="https://cards.example.org/live/") as live:
        port = live.server.port
        rebinding = f"rebind.example:{port}"  # the attacker's name, pointed at this server
        assert await opens(live, f"http://{rebinding}", host=rebinding) == 403
        assert await opens(live, "https://cards.example.org") == 101
        assert await opens(live, "https://Cards.Example.org:443") == 101  # as browsers may spell it
        assert await opens(live, f"http://127.0.0.1:{port}") == 403  # the listening address: not the page's
        for other in ("http://cards.example.org", "https://cards.example.org:8443", "https://evil.example", "null"):
            assert await opens(live, other) == 403, other
        client = await live.connect(hello(live.table_id, ANN))  # the page's own origin: welcome
        assert (await client.next() or {}).get("type") == "welcome"


async def test_without_a_public_url_only_pages_on_this_machine_open_it(aio_loop):
    async with live_table(url=None) as live:
        port = live.server.port
        rebinding = f"rebind.example:{port}"
        assert await opens(live, f"http://{rebinding}", host=rebinding) == 403
        for local in (f"http://127.0.0.1:{port}", f"http://localhost:{port}", f"http://[::1]:{port}"):
            assert await opens(live, local) == 101, local
        assert await opens(live, "https://evil.example") == 403
        client = await live.connect(hello(live.table_id, ANN))
        assert (await client.next() or {}).get("type") == "welcome"


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://cards.example.org/live/?x=1", "https://cards.example.org"),
        ("HTTPS://Cards.Example.ORG:443", "https://cards.example.org"),
        ("http://cards.example.org:80/", "http://cards.example.org"),
        ("https://cards.example.org:8443", "https://cards.example.org:8443"),
        ("http://[::1]:8080/", "http://[::1]:8080"),
        ("ftp://cards.example.org", None),
        ("null", None),
        ("https://", None),
        ("https://cards.example.org:99999", None),
    ],
)
def test_an_origin_is_spelled_as_browsers_send_it(url, origin):
    assert origin_of(url) == origin


def test_loopback_pages_and_no_origin_at_all():
    assert all(loopback(o) for o in ("http://localhost:1", "http://127.0.0.2", "https://[::1]:8443"))
    assert not any(loopback(o) for o in ("http://localhost.example", "http://10.0.0.1", "null", "file://"))
    assert origin_allowed(None, "https://cards.example.org")  # not a browser's page: no visitor at stake
    assert origin_allowed(None, None)
