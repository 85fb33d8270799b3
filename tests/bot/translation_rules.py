"""What a translation must keep of its English message, rule by rule. Each rule takes the English
and one translated string and says what differs (None: nothing).

- placeholders: the same `{name}` fields (bot/i18n.py `placeholders`; the %-style ones are Babel's
  python-format check, run on the whole catalog: `bot.i18n_catalogs.problems`);
- markup: as many Markdown markers (`*`, `_`, `~~`, `` ` ``, `||`, counted where they touch a word's
  edge: `free_pass` is a word, `_italic_` two markers), the same `code spans` word for word, the
  same HTML tags of Telegram's set (`<b>`, `</b>`, `<a href="…">` …), properly nested;
- leading symbol: a message that starts with an emoji or symbol ("▶ Start", "🎴 {game}: …") starts
  with the same one (variation selectors and joiners included) in every language;
- line breaks: as many `\\n`, as screens are laid out line by line;
- slash commands: the same `/commands`, as the platforms know them in English only.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable

from bot.i18n import placeholders as _placeholders

_FIELD = re.compile(r"\{[^{}]*\}")
_CODE = re.compile(r"`([^`\n]+)`")
# (a single "~" is no marker on Discord, which reads Markdown, nor on Telegram, whose texts are
# plain: Korean writes ranges so, "1~5")
_MARKERS = re.compile(r"\|\||~~|[*_`]")
# Telegram's HTML formatting tags (https://core.telegram.org/bots/api#html-style); `<cards>` in
# "play <cards>" is not one of them.
_TAG = re.compile(
    r"</?(b|strong|i|em|u|ins|s|strike|del|span|tg-spoiler|a|tg-emoji|code|pre|blockquote)(\s[^<>]*)?>", re.IGNORECASE
)
_SLASH = re.compile(r"(?<![\w/<])/[a-z][a-z_]*")  # not a closing HTML tag
# What may follow an emoji inside one symbol: variation selectors, joiner, keycap.
_JOINING = {"\ufe0e", "\ufe0f", "\u200d", "\u20e3"}

Rule = Callable[[str, str], str | None]


def placeholders(english: str, translated: str) -> str | None:
    want, got = _placeholders(english), _placeholders(translated)
    return None if want == got else f"placeholders {sorted(want)} became {sorted(got)}"


def markup(english: str, translated: str) -> str | None:
    want, got = _markers(english), _markers(translated)
    if want != got:
        return f"Markdown markers {dict(want)} became {dict(got)}"
    if Counter(_CODE.findall(english)) != Counter(_CODE.findall(translated)):
        return f"code spans {_CODE.findall(english)} became {_CODE.findall(translated)}"
    tags, their = _tags(english), _tags(translated)
    if Counter(tags) != Counter(their):
        return f"HTML tags {tags} became {their}"
    if not _nested(their):
        return f"HTML tags {their} are not properly nested"
    return None


def leading_symbol(english: str, translated: str) -> str | None:
    lead = _leading_symbol(english)
    if lead and _leading_symbol(translated) != lead:
        return f"does not start with {lead!r}"
    return None


def line_breaks(english: str, translated: str) -> str | None:
    want, got = english.count("\n"), translated.count("\n")
    return None if want == got else f"{want} line breaks became {got}"


def slash_commands(english: str, translated: str) -> str | None:
    want, got = Counter(_SLASH.findall(english)), Counter(_SLASH.findall(translated))
    return None if want == got else f"commands {sorted(want.elements())} became {sorted(got.elements())}"


RULES: dict[str, Rule] = {
    "placeholders": placeholders,
    "markup": markup,
    "leading symbol": leading_symbol,
    "line breaks": line_breaks,
    "slash commands": slash_commands,
}


def broken(english: str, translated: str) -> list[str]:
    """What a translation breaks, one line per rule."""
    return [f"{name}: {wrong}" for name, rule in RULES.items() if (wrong := rule(english, translated))]


def _markers(text: str) -> Counter[str]:
    """Markdown markers at a word's edge (not between two letters or digits), outside {fields}."""
    text = _FIELD.sub(" ", text)
    found: Counter[str] = Counter()
    for m in _MARKERS.finditer(text):
        before = text[m.start() - 1] if m.start() else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if not (before.isalnum() and after.isalnum()):
            found[m.group()] += 1
    return found


def _tags(text: str) -> list[str]:
    return [m.group(0) for m in _TAG.finditer(text)]


def _nested(tags: list[str]) -> bool:
    open_: list[str] = []
    for tag in tags:
        name = _TAG.fullmatch(tag).group(1).lower()  # type: ignore[union-attr]
        if tag.startswith("</"):
            if not open_ or open_.pop() != name:
                return False
        else:
            open_.append(name)
    return not open_


def _leading_symbol(text: str) -> str:
    """The emoji or symbols a text starts with ("▶", "⚔️", "🇺🇦"), without the spaces after them."""
    out = []
    for ch in text:
        if unicodedata.category(ch).startswith("S") or ch in _JOINING or (ch == " " and out):
            out.append(ch)
        else:
            break
    return "".join(out).rstrip()
