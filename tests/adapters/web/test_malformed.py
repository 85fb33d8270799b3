"""Messages the live table's socket cannot read (issue #39, item 3), against the real aiohttp server:
each is refused in words (as the hello: close 1008, or 1009 when too big; after it: an error answer
and the socket stays, the next press works), none leaves an ERROR or a traceback in the log, and
/metrics counts them by stage and reason."""

from __future__ import annotations

import json
import logging
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from adapters.web import app as web_app_module
from adapters.web.app import SOCKET_LIMIT
from adapters.web.limits import Pace
from adapters.web.messages import MAX_BYTES, REASONS, STAGES
from adapters.web.words import unreadable
from tests.adapters.web.live import ANN, Live, hello, init_data, live_table

HELLO = json.dumps(hello(1, ANN))  # a valid hello's text: the cases below break it one way each


def hello_with(table: str) -> str:
    """A hello whose table is this JSON text (1 is this suite's table, but the case must break it)."""
    return HELLO.replace('"table": 1', f'"table": {table}')


# (what is sent, the reason it is refused for): unreadable before the hello and after it
CASES: dict[str, tuple[str | bytes, str]] = {
    "Infinity": (hello_with("Infinity"), "not_finite"),
    "-Infinity": (hello_with("-Infinity"), "not_finite"),
    "NaN": (hello_with("NaN"), "not_finite"),
    "1e400": (hello_with("1e400"), "not_finite"),
    "-1e400": (hello_with("-1e400"), "not_finite"),
    "1,900 nested [": ("[" * 1900 + "]" * 1900, "too_deep"),
    "nested {": ('{"":' * 800 + "1" + "}" * 800, "too_deep"),
    "5,000 bytes": (HELLO.replace('"hello"', '"hello", "pad": "' + "x" * 5000 + '"'), "too_big"),
    "binary": (HELLO.encode(), "binary"),
    "not JSON": ('{"type": "hello", ', "not_json"),
    "not an object": ("[1, 2, 3]", "shape"),
    "a string": ('"hello"', "shape"),
}
HELLOS: dict[str, tuple[str | bytes, str]] = {  # a hello of the wrong shape (after the hello: another kind, ignored)
    "fields missing": ('{"type": "hello"}', "shape"),
    "a table as text": (hello_with('"1"'), "shape"),
    "a table as a float": (hello_with("1.0"), "shape"),
    "a table past any id": (hello_with("1" + "0" * 40), "shape"),
    "a credential of the wrong type": ('{"type": "hello", "table": 1, "auth": {"kind": "link", "token": 5}}', "shape"),
    "a lone surrogate": ('{"type": "hello", "table": 1, "auth": {"kind": "link", "token": "\\ud800"}}', "shape"),
}
PRESSES: dict[str, tuple[str | bytes, str]] = {  # a press of the wrong shape (as the hello: no hello)
    "a press's token as a number": ('{"type": "press", "token": 5}', "shape"),
    "a press without a token": ('{"type": "press"}', "shape"),
    "a press with NaN": ('{"type": "press", "token": "x", "at": NaN}', "not_finite"),
    "a kind as a number": ('{"type": 7}', "shape"),
}


def troubles(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What was logged as an error, or with a traceback."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def refused_counts(live: Live) -> dict[tuple[str, str], float]:
    async with live.session.get(f"{live.origin}/metrics") as response:
        text = await response.text()
    return {
        (s.labels["stage"], s.labels["reason"]): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "cardbot_web_messages_refused_total"
    }


async def send(ws: aiohttp.ClientWebSocketResponse, data: str | bytes) -> None:
    await (ws.send_bytes(data) if isinstance(data, bytes) else ws.send_str(data))


async def test_an_unreadable_hello_is_refused_in_words_and_closed(aio_loop, caplog):
    caplog.set_level(logging.DEBUG)
    async with live_table() as live:
        for case, (data, reason) in {**CASES, **HELLOS, **PRESSES}.items():
            client = await live.connect(lang="ru")
            await send(client.ws, data)
            said = await client.next()
            assert said == {"type": "refused", "text": unreadable("ru"), "error": reason}, case
            assert await client.next() is None, case
            assert client.ws.close_code == (1009 if reason == "too_big" else 1008), case
        counts = await refused_counts(live)
        assert troubles(caplog) == []
    expected = {(stage, reason): 0.0 for stage in STAGES for reason in REASONS}
    for _, reason in {**CASES, **HELLOS, **PRESSES}.values():
        expected["welcome", reason] += 1
    assert counts == expected


async def test_an_unreadable_message_after_the_hello_is_answered_and_the_socket_stays(aio_loop, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG)
    # every case must reach the parser, not the pace's "slow down" (malformed messages count against
    # the pace as any: test_socket.py's test_too_many_messages_are_slowed_then_closed)
    monkeypatch.setattr(web_app_module, "Pace", lambda: Pace(burst=100.0, tokens=100.0))
    async with live_table() as live:
        ann = await live.watching(ANN)
        cases = {**CASES, **PRESSES}
        for case, (data, reason) in cases.items():
            await send(ann.ws, data)
            said = await ann.until(lambda m: m["type"] == "answer")
            assert said == {"type": "answer", "ok": False, "text": unreadable("en"), "error": reason}, case
        for data, _ in HELLOS.values():  # not presses: nothing to do, nothing said
            await send(ann.ws, data)
        version = (await live.table()).version
        view = next(m for m in reversed(ann.got) if m["type"] == "view")
        await ann.press(next(b["token"] for row in view["panel"]["buttons"] for b in row))
        answer = await ann.until(lambda m: m["type"] == "answer")
        assert answer["ok"] and "error" not in answer, answer  # the first answer since: the hellos got none
        assert (await live.table()).version > version  # the same socket, still playing
        counts = await refused_counts(live)
        assert troubles(caplog) == []
    assert not ann.closed
    assert sum(counts[("press", r)] for r in REASONS) == len(cases)
    assert counts["press", "too_deep"] == 2 and counts["press", "not_finite"] == 6
    assert sum(counts[("welcome", r)] for r in REASONS) == 0


async def test_a_frame_aiohttp_will_not_read_closes_the_socket_without_a_traceback(aio_loop, caplog):
    """Over the socket's own limit (the rest of the frame is not read) or text that is not UTF-8:
    aiohttp closes the socket itself, before the hello or after; counted, nothing thrown."""
    caplog.set_level(logging.DEBUG)
    huge = ('{"type": "press", "token": "' + "x" * SOCKET_LIMIT + '"}').encode()
    frames = ((huge, 1009), (b'{"type": "press", "token": "\xff"}', 1007))  # the second: not UTF-8
    async with live_table() as live:
        for frame, code in frames:
            before = await live.connect()
            await before.ws.send_frame(frame, aiohttp.WSMsgType.TEXT)
            assert await before.next() is None and before.ws.close_code == code
            ann = await live.watching(ANN)
            await ann.ws.send_frame(frame, aiohttp.WSMsgType.TEXT)
            while not ann.closed:
                await ann.next()
            assert ann.ws.close_code == code
        again = await live.watching(ANN)  # and a new socket is welcome
        assert again.got[-1]["seat"] == 0
        counts = await refused_counts(live)
        assert troubles(caplog) == []
    assert [counts[stage, reason] for stage in STAGES for reason in ("too_big", "broken")] == [1, 1, 1, 1]


async def test_a_message_just_within_the_size_is_read(aio_loop):
    async with live_table() as live:
        message: dict[str, Any] = hello(live.table_id, ANN)
        message["pad"] = ""
        message["pad"] = "x" * (MAX_BYTES - len(json.dumps(message)))
        assert len(json.dumps(message).encode()) == MAX_BYTES
        client = await live.connect(message)
        assert (await client.next() or {}).get("type") == "welcome"


async def test_a_hello_without_table_or_credential_is_refused_as_a_bad_credential(aio_loop):
    """What the page sends when opened without them: the refusal it shows, close 4401 (no retry)."""
    async with live_table() as live:
        for message in (
            {"type": "hello", "table": None, "auth": None},
            {"type": "hello", "table": live.table_id, "auth": None},
            {"type": "hello", "table": None, "auth": {"kind": "telegram", "init_data": init_data(ANN)}},
        ):
            client = await live.connect(message)
            refused = await client.next()
            assert refused is not None and refused["type"] == "refused" and "error" not in refused
            assert await client.next() is None and client.ws.close_code == 4401
