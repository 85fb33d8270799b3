"""Message text as Telegram stores it: plain text plus entities, offsets in UTF-16 code units.

`parse(text, parse_mode)` turns what a bot sends (HTML, MarkdownV2, legacy Markdown or plain text)
into (plain text, entities), failing like the Bot API does ("can't parse entities: ...").
`detect(text)` finds the entities a Telegram client marks in what a person types
(bot commands, @mentions, URLs).
"""

from __future__ import annotations

import html
import re
from typing import Any

Entity = dict[str, Any]


class EntityError(ValueError):
    """The text cannot be parsed; the message is what follows "Bad Request: can't parse entities: "."""


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


# --- what a person's client marks -------------------------------------------------------------

_COMMAND = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w/])")
_MENTION = re.compile(r"(?<![\w@])@[A-Za-z0-9_]{4,32}(?!\w)")
_URL = re.compile(r"(?<![\w@])(?:https?://)[^\s]+")


def detect(text: str) -> list[Entity]:
    found: list[tuple[int, int, str]] = []
    for kind, pattern in (("bot_command", _COMMAND), ("mention", _MENTION), ("url", _URL)):
        for match in pattern.finditer(text):
            if any(start < match.end() and match.start() < end for start, end, _ in found):
                continue
            found.append((match.start(), match.end(), kind))
    found.sort()
    return [
        {"type": kind, "offset": utf16_len(text[:start]), "length": utf16_len(text[start:end])}
        for start, end, kind in found
    ]


def text_mention(text: str, name: str, user: dict[str, Any]) -> Entity | None:
    """A `text_mention` entity over the first occurrence of `name` (how a client mentions a person
    without a username)."""
    start = text.find(name)
    if start < 0:
        return None
    return {"type": "text_mention", "offset": utf16_len(text[:start]), "length": utf16_len(name), "user": user}


# --- what a bot sends --------------------------------------------------------------------------


def parse(text: str, parse_mode: str | None) -> tuple[str, list[Entity]]:
    """Plain text and entities for `text` sent with `parse_mode`; leading and trailing whitespace is
    stripped as Telegram does."""
    mode = (parse_mode or "").lower()
    if mode == "html":
        plain, entities = _Html(text).parse()
    elif mode == "markdownv2":
        plain, entities = _MarkdownV2(text).parse()
    elif mode == "markdown":
        plain, entities = _Markdown(text).parse()
    elif mode == "":
        plain, entities = text, []
    else:
        raise EntityError(f"Unsupported parse_mode {parse_mode!r}")
    return strip(plain, entities)


def strip(plain: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    stripped = plain.strip()
    if stripped == plain:
        return plain, _clean(entities, utf16_len(plain))
    shift = utf16_len(plain[: len(plain) - len(plain.lstrip())])
    moved = []
    for entity in entities:
        start = max(entity["offset"] - shift, 0)
        end = entity["offset"] + entity["length"] - shift
        moved.append({**entity, "offset": start, "length": end - start})
    return stripped, _clean(moved, utf16_len(stripped))


def _clean(entities: list[Entity], total: int) -> list[Entity]:
    result = []
    for entity in entities:
        end = min(entity["offset"] + entity["length"], total)
        if end > entity["offset"]:
            result.append({**entity, "length": end - entity["offset"]})
    result.sort(key=lambda e: (e["offset"], -e["length"]))
    return result


def check_entities(text: str, entities: list[Any]) -> list[Entity]:
    """Entities given explicitly with the `entities` parameter."""
    total = utf16_len(text)
    for entity in entities:
        if not isinstance(entity, dict) or not {"type", "offset", "length"} <= entity.keys():
            raise EntityError("Can't parse MessageEntity")
        if entity["offset"] < 0 or entity["length"] < 0 or entity["offset"] + entity["length"] > total:
            raise EntityError("Entity beyond the end of the text")
    return _clean([dict(e) for e in entities], total)


class _Builder:
    def __init__(self, source: str) -> None:
        self.source = source
        self.out: list[str] = []
        self.length = 0  # UTF-16 length of out
        self.entities: list[Entity] = []

    def add(self, chars: str) -> None:
        self.out.append(chars)
        self.length += utf16_len(chars)

    def entity(self, kind: str, start: int, **extra: Any) -> None:
        if self.length > start:
            self.entities.append({"type": kind, "offset": start, "length": self.length - start, **extra})

    def result(self) -> tuple[str, list[Entity]]:
        return "".join(self.out), self.entities


_TAG = re.compile(
    r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z_-]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>\"']+))?)*)\s*(/?)>"
)
_ATTR = re.compile(r"([a-zA-Z_-]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"']+)))?")
_CHARREF = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|lt|gt|amp|quot);")
_SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
}


class _Html(_Builder):
    def parse(self) -> tuple[str, list[Entity]]:
        text = self.source
        stack: list[tuple[str, int, dict[str, str]]] = []
        i = 0
        while i < len(text):
            char = text[i]
            if char == "<":
                match = _TAG.match(text, i)
                if not match:
                    raise EntityError(f"Unclosed start tag at byte offset {_byte_offset(text, i)}")
                closing, name, attrs_text = match.group(1) == "/", match.group(2).lower(), match.group(3)
                if closing:
                    if not stack:
                        raise EntityError(f"Unexpected end tag at byte offset {_byte_offset(text, i)}")
                    open_name, start, attrs = stack.pop()
                    if open_name != name:
                        raise EntityError(
                            f'Unmatched end tag at byte offset {_byte_offset(text, i)}, expected "</{open_name}>", '
                            f'found "</{name}>"'
                        )
                    self._close(open_name, start, attrs)
                else:
                    attrs = {
                        a.group(1).lower(): next((g for g in a.groups()[1:] if g is not None), "")
                        for a in _ATTR.finditer(attrs_text)
                    }
                    if not self._supported(name, attrs):
                        raise EntityError(f'Unsupported start tag "{name}" at byte offset {_byte_offset(text, i)}')
                    stack.append((name, self.length, attrs))
                i = match.end()
            elif char == "&":
                match = _CHARREF.match(text, i)
                if match:
                    self.add(html.unescape(match.group(0)))
                    i = match.end()
                else:
                    self.add("&")
                    i += 1
            elif char == ">":
                self.add(">")
                i += 1
            else:
                self.add(char)
                i += 1
        if stack:
            raise EntityError(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
        return self.result()

    @staticmethod
    def _supported(name: str, attrs: dict[str, str]) -> bool:
        if name in _SIMPLE_TAGS or name in ("a", "blockquote", "tg-emoji", "tg-time"):
            return True
        return name == "span" and attrs.get("class") == "tg-spoiler"

    def _close(self, name: str, start: int, attrs: dict[str, str]) -> None:
        if name == "a":
            href = attrs.get("href", "")
            user = re.fullmatch(r"tg://user\?id=(\d+)", href)
            if user:
                self.entity("text_mention", start, user={"id": int(user.group(1)), "is_bot": False, "first_name": ""})
            elif href:
                self.entity("text_link", start, url=href)
        elif name == "blockquote":
            self.entity("expandable_blockquote" if "expandable" in attrs else "blockquote", start)
        elif name == "tg-emoji":
            self.entity("custom_emoji", start, custom_emoji_id=attrs.get("emoji-id", ""))
        elif name == "tg-time":
            self.entity("date_time", start, unix_time=int(attrs.get("unix", "0") or 0))
        elif name == "span":
            self.entity("spoiler", start)
        elif name == "code" and attrs.get("class", "").startswith("language-"):
            self.entity("pre", start, language=attrs["class"][len("language-") :])
        else:
            self.entity(_SIMPLE_TAGS[name], start)


_RESERVED_V2 = set("_*[]()~`>#+-=|{}.!")


class _MarkdownV2(_Builder):
    def parse(self) -> tuple[str, list[Entity]]:
        text = self.source
        stack: list[tuple[str, int, int]] = []  # (marker, start in UTF-16, index in source)
        i = 0
        line_start = True
        quote_start: int | None = None
        while i < len(text):
            char = text[i]
            if char == "\\":
                if i + 1 < len(text) and 1 <= ord(text[i + 1]) <= 126:
                    self.add(text[i + 1])
                    i += 2
                    line_start = False
                    continue
                raise EntityError("Character '\\' is reserved and must be escaped with the preceding '\\'")
            if line_start and char == ">":
                if quote_start is None:
                    quote_start = self.length
                i += 1
                line_start = False
                continue
            if char == "\n":
                if quote_start is not None and not text.startswith(">", i + 1):
                    self.entity("blockquote", quote_start)
                    quote_start = None
                self.add(char)
                i += 1
                line_start = True
                continue
            line_start = False
            if char == "`":
                i = self._code(i)
                continue
            marker = text[i : i + 2] if text.startswith(("__", "||"), i) else char
            if marker in ("*", "_", "__", "~", "||"):
                if stack and stack[-1][0] == marker:
                    _, start, _ = stack.pop()
                    kind = {"*": "bold", "_": "italic", "__": "underline", "~": "strikethrough", "||": "spoiler"}
                    self.entity(kind[marker], start)
                elif any(open_marker == marker for open_marker, _, _ in stack):
                    raise EntityError(f"Can't find end of {marker} entity at byte offset {_byte_offset(text, i)}")
                else:
                    stack.append((marker, self.length, i))
                i += len(marker)
                continue
            if char == "[":
                stack.append(("[", self.length, i))
                i += 1
                continue
            if char == "]" and stack and stack[-1][0] == "[":
                _, start, _ = stack.pop()
                if not text.startswith("(", i + 1):
                    raise EntityError("Character ']' is reserved and must be escaped with the preceding '\\'")
                end = i + 2
                url: list[str] = []
                while end < len(text) and text[end] != ")":
                    if text[end] == "\\" and end + 1 < len(text):
                        end += 1
                    url.append(text[end])
                    end += 1
                if end >= len(text):
                    raise EntityError(f"Can't find end of a URL at byte offset {_byte_offset(text, i + 2)}")
                self.entity("text_link", start, url="".join(url))
                i = end + 1
                continue
            if char in _RESERVED_V2:
                raise EntityError(f"Character '{char}' is reserved and must be escaped with the preceding '\\'")
            self.add(char)
            i += 1
        if stack:
            marker, _, index = stack[-1]
            raise EntityError(f"Can't find end of the entity starting at byte offset {_byte_offset(text, index)}")
        if quote_start is not None:
            self.entity("blockquote", quote_start)
        return self.result()

    def _code(self, i: int) -> int:
        text = self.source
        fence = "```" if text.startswith("```", i) else "`"
        j = i + len(fence)
        language = ""
        if fence == "```":
            newline = text.find("\n", j)
            first_line = text[j:newline] if newline >= 0 else ""
            if newline >= 0 and re.fullmatch(r"[\w+-]*", first_line):
                language, j = first_line, newline + 1
        start = self.length
        while j < len(text) and not text.startswith(fence, j):
            if text[j] == "\\" and j + 1 < len(text):
                j += 1
            self.add(text[j])
            j += 1
        if j >= len(text):
            raise EntityError(f"Can't find end of the entity starting at byte offset {_byte_offset(text, i)}")
        if fence == "```":
            self.entity("pre", start, **({"language": language} if language else {}))
        else:
            self.entity("code", start)
        return j + len(fence)


class _Markdown(_Builder):
    """Legacy Markdown: *bold*, _italic_, `code`, ```pre```, [text](url); no nesting."""

    def parse(self) -> tuple[str, list[Entity]]:
        text = self.source
        i = 0
        while i < len(text):
            char = text[i]
            if char == "\\" and i + 1 < len(text) and text[i + 1] in "_*`[":
                self.add(text[i + 1])
                i += 2
            elif char in "*_`" or text.startswith("```", i):
                fence = "```" if text.startswith("```", i) else char
                end = text.find(fence, i + len(fence))
                if end < 0:
                    raise EntityError(f"Can't find end of the entity starting at byte offset {_byte_offset(text, i)}")
                start = self.length
                self.add(text[i + len(fence) : end])
                kind = {"*": "bold", "_": "italic", "`": "code", "```": "pre"}[fence]
                self.entity(kind, start)
                i = end + len(fence)
            elif char == "[":
                match = re.compile(r"\[([^\]]*)\]\(([^)]*)\)").match(text, i)
                if not match:
                    raise EntityError(f"Can't find end of the entity starting at byte offset {_byte_offset(text, i)}")
                start = self.length
                self.add(match.group(1))
                self.entity("text_link", start, url=match.group(2))
                i = match.end()
            else:
                self.add(char)
                i += 1
        return self.result()
