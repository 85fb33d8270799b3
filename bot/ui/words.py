"""Words every screen uses: game names, seat names with their marks, move descriptions.

A name in a text is isolated (bot/bidi.py); `seat_label` is a seat's name for a picture, without
the marks."""

from __future__ import annotations

import string

from bot.bidi import isolated
from bot.games import game_info, known_game
from bot.i18n import Translator
from bot.tables import Seat
from core.cards import parse_card
from core.errors import IllegalMove


def N_(message: str) -> str:
    """Marks a message for extraction; translated where it is shown."""
    return message


def game_name(game: str, t: Translator) -> str:
    """The game's name in the translator's language (an unknown game's id as it is)."""
    return t.gettext(game_info(game).name) if known_game(game) else game


def seat_name(seat: Seat, t: Translator) -> str:
    """A seat's name in a text (the person's name isolated, a computer's marked 🤖)."""
    return _seat(seat, isolated(seat.name), t)


# a forgotten person's seat (bot/forgotten.py), as every reader writes it
FORMER = N_("a former player")


def seat_label(seat: Seat, t: Translator) -> str:
    """A seat's name in a picture: as `seat_name`, without isolation marks."""
    return _seat(seat, seat.name, t)


def _seat(seat: Seat, name: str, t: Translator) -> str:
    if seat.forgotten:
        return t.gettext(FORMER)
    if seat.person is None:
        return "🤖 " + name
    if seat.stand_in:
        return name + " " + t.gettext("(🤖 standing in)")
    return name


def pretty_move(move: str, t: Translator) -> str:
    """Card codes in a move shown with suit symbols: `play 8H 8C` -> `8♥ 8♣`."""
    words = move.split()
    if words and words[0] == "play":
        words = words[1:]
    out = []
    for w in words:
        try:
            out.append(t.card(parse_card(w)))
        except IllegalMove:
            out.append(w)
    return " ".join(out)


def describe_move(game: str, move: str, t: Translator) -> str:
    """A logged move as people read it."""
    if move == "pass":
        return t.gettext("passes")
    if move == "joker":
        return t.gettext("plays a joker 🃏")
    if move == "new":
        return t.gettext("starts a new pile")
    if move == "turn":
        return t.gettext("turns the stock")
    if game == "svolota":
        return t.gettext("plays {cards}").format(cards=pretty_move(move, t))
    return move


def compose(template: str, **values: str) -> tuple[str, dict[str, tuple[int, int]]]:
    """`template.format(**values)`, and where each field's value landed in the result: (start, end)
    by field name, so that a screen can mark a span (a name to mention, a time left) for the
    adapters. Only plain `{name}` fields."""
    out: list[str] = []
    spans: dict[str, tuple[int, int]] = {}
    at = 0
    for literal, field_name, _, _ in string.Formatter().parse(template):
        out.append(literal)
        at += len(literal)
        if field_name is not None:
            value = values[field_name]
            spans[field_name] = (at, at + len(value))
            out.append(value)
            at += len(value)
    return "".join(out), spans
