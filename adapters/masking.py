"""What a log line must never show: the process's secrets, in every form a line can hold them.

A secret shows up as itself, as its secret part alone (a Telegram token's half after ':', a
Discord token's HMAC after the last '.'), URL-encoded (in a path, a query string, or a whole URL
quoted inside another one; with upper- or lower-case escapes), and escaped inside a JSON string.
`Secrets` holds all those forms as one pattern, longest first, so a whole token is masked as one.
A secret shorter than MIN_LENGTH is not masked (masking a few letters would garble every line that
holds them); it is named in `too_short` so that start-up can say so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final
from urllib.parse import quote, quote_plus

MASK: Final = "<token>"
MIN_LENGTH: Final = 8
# The shapes with a part that is a secret on its own: Telegram's `<bot id>:<secret>`, and Discord's
# `<base64 user id>.<base64 time>.<HMAC>`. The other parts are public (the bot's id shows in
# other tokens too, Discord's interaction tokens among them): masking them would garble lines.
TELEGRAM_TOKEN: Final = re.compile(r"\d+:[A-Za-z0-9_-]+")
DISCORD_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
ESCAPE: Final = re.compile(r"(%[0-9A-F]{2})")
ENCODINGS: Final[tuple[Callable[[str], str], ...]] = (
    lambda text: text,
    quote,  # in a URL's path ('/' kept)
    quote_plus,  # in a query string or a form
    lambda text: quote(text, safe=""),  # in a URL quoted whole inside another (`%3A`, `%2F`)
    lambda text: quote(quote(text, safe=""), safe=""),  # ... and that one quoted again
)


@dataclass(frozen=True, slots=True)
class Secrets:
    """The forms to hide, as one pattern (None: nothing to hide), and the names of the secrets too
    short to be masked."""

    pattern: re.Pattern[str] | None
    too_short: tuple[str, ...] = ()

    @classmethod
    def of(cls, named: Mapping[str, str]) -> Secrets:
        """The secrets by the name of the setting that holds them; empty values are no secret."""
        too_short = tuple(name for name, value in named.items() if 0 < len(value) < MIN_LENGTH)
        forms = {form for value in named.values() if len(value) >= MIN_LENGTH for form in _forms(value)}
        if not forms:
            return cls(None, too_short)
        ordered = sorted(forms, key=lambda form: (-len(form), form))
        return cls(re.compile("|".join(_pattern(form) for form in ordered)), too_short)

    def hide(self, text: str) -> str:
        return self.pattern.sub(MASK, text) if self.pattern is not None else text


def _forms(value: str) -> Iterator[str]:
    for part in _parts(value):
        for encode in ENCODINGS:
            encoded = encode(part)
            yield encoded
            yield json.dumps(encoded)[1:-1]  # inside a JSON string: a JSON line, a logged request body
            yield json.dumps(encoded, ensure_ascii=False)[1:-1]


def _parts(value: str) -> Iterator[str]:
    """The value, and the parts of it that are secrets on their own (long enough to mask)."""
    yield value
    if TELEGRAM_TOKEN.fullmatch(value):
        part = value.partition(":")[2]
    elif DISCORD_TOKEN.fullmatch(value):
        part = value.rpartition(".")[2]
    else:
        return
    if len(part) >= MIN_LENGTH:
        yield part


def _pattern(form: str) -> str:
    """A form as a pattern: its percent escapes in either case (`%3A` and `%3a` decode alike)."""
    return "".join(
        f"%(?i:{piece[1:]})" if ESCAPE.fullmatch(piece) else re.escape(piece) for piece in ESCAPE.split(form)
    )
