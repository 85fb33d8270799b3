"""What the live table's socket reads: a hello, then presses (app.py), each a small JSON object.

Nothing here trusts its input. A message is refused, before anything recurses or overflows, with
`Unreadable(reason)`, the reason one of REASONS (the label of the refusals' counter in /metrics):
the size is checked first, then how deep brackets nest (counted by a loop, not a parser's
recursion), then JSON with no NaN, Infinity or number too large for a float, then the shape.
"""

from __future__ import annotations

import json
import math
import re
from typing import Annotated, Any, Literal, NoReturn, TypeVar

from aiohttp import WSCloseCode, WSMessage, WSMsgType
from pydantic import AfterValidator, Field, Strict, TypeAdapter, ValidationError
from pydantic.dataclasses import dataclass as checked

MAX_BYTES = 4096  # a message's most (UTF-8); a hello with Telegram's initData is about 1 KB
MAX_DEPTH = 8  # arrays and objects within each other; a hello is 2 deep
TABLE_IDS = 2**63 - 1  # a table id fits a database's BIGINT

TOO_BIG = "too_big"  # over MAX_BYTES (or over the socket's own limit: aiohttp closed it)
BINARY = "binary"  # a binary frame: the page sends text
BROKEN = "broken"  # a frame aiohttp could not read (text not UTF-8, a protocol error): it closed it
NOT_JSON = "not_json"
TOO_DEEP = "too_deep"
NOT_FINITE = "not_finite"  # NaN, Infinity, or a number beyond a float (1e400)
SHAPE = "shape"  # JSON, but not the object this stage expects (a field missing, of the wrong type)
REASONS = (TOO_BIG, BINARY, BROKEN, NOT_JSON, TOO_DEEP, NOT_FINITE, SHAPE)
STAGES = ("welcome", "press")  # before the hello was accepted, and after

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string: its brackets do not nest
_BRACKETS = re.compile(r"[\[\]{}]")
_T = TypeVar("_T")


class Unreadable(Exception):
    """A message the socket cannot take; `reason` is one of REASONS."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _encodable(text: str) -> str:
    text.encode()  # a lone surrogate ("\ud800") is valid JSON but no UTF-8: refused here, not deep inside
    return text


Text = Annotated[str, Strict(), AfterValidator(_encodable)]  # strict: no 5 for "5" (nor "5" for 5 below)


@checked(frozen=True, slots=True)  # unknown fields ignored (a newer page may send more)
class TelegramAuth:
    kind: Literal["telegram"]
    init_data: Text  # the Mini App's initData, as Telegram signed it


@checked(frozen=True, slots=True)
class LinkAuth:
    kind: Literal["link"]
    token: Text  # a link the bot signed (auth.py)


@checked(frozen=True, slots=True)
class Hello:
    """The first message. `table` or `auth` null: the page was opened without them (refused as
    a credential that does not check out, in the same words)."""

    type: Literal["hello"]
    table: Annotated[int, Strict(), Field(ge=0, le=TABLE_IDS)] | None
    auth: Annotated[TelegramAuth | LinkAuth, Field(discriminator="kind")] | None


@checked(frozen=True, slots=True)
class PressMessage:
    type: Literal["press"]
    token: Text


@checked(frozen=True, slots=True)
class Kind:
    type: Annotated[str, Strict()]  # "press", or something a newer page sends (ignored)


_HELLO = TypeAdapter(Hello)
_PRESS = TypeAdapter(PressMessage)
_KIND = TypeAdapter(Kind)


def read_hello(message: WSMessage) -> Hello | None:
    """The hello a message holds; None: the socket closed instead."""
    text = _text(message)
    return None if text is None else _shaped(_HELLO, parse(text))


def read_press(message: WSMessage) -> str | None:
    """The token a press holds; None: another kind of message (nothing to do) or the socket closed."""
    text = _text(message)
    if text is None:
        return None
    data = parse(text)
    if _shaped(_KIND, data).type != "press":
        return None
    return _shaped(_PRESS, data).token


def parse(text: str) -> Any:
    """JSON, refused (`Unreadable`) when too big, too deep or not finite."""
    if len(text) > MAX_BYTES or len(text.encode(errors="surrogatepass")) > MAX_BYTES:
        raise Unreadable(TOO_BIG)
    if depth(text) > MAX_DEPTH:
        raise Unreadable(TOO_DEEP)
    try:
        return json.loads(text, parse_constant=_not_finite, parse_float=_finite)
    except ValueError as e:  # RecursionError cannot come: the depth was counted
        raise Unreadable(NOT_JSON) from e


def depth(text: str) -> int:
    """How deep arrays and objects nest (brackets inside strings do not count), without recursing."""
    level = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def _text(message: WSMessage) -> str | None:
    if message.type is WSMsgType.TEXT:
        return str(message.data)
    if message.type is WSMsgType.BINARY:
        raise Unreadable(BINARY)
    if message.type is WSMsgType.ERROR:  # aiohttp refused the frame and closed the socket itself
        too_big = getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG
        raise Unreadable(TOO_BIG if too_big else BROKEN)
    return None  # closed or closing


def _shaped(adapter: TypeAdapter[_T], data: Any) -> _T:
    try:
        return adapter.validate_python(data)
    except ValidationError as e:
        raise Unreadable(SHAPE) from e


def _not_finite(word: str) -> NoReturn:
    raise Unreadable(NOT_FINITE)  # NaN, Infinity, -Infinity: Python's json takes them, JSON does not


def _finite(word: str) -> float:
    value = float(word)
    if not math.isfinite(value):  # 1e400
        raise Unreadable(NOT_FINITE)
    return value
