"""Quick match's private screens: a person's place in a queue (with its two buttons: computers
now, leave), and the word when they leave it or it lets them go."""

from __future__ import annotations

from typing import Final

from bot.i18n import Translator
from bot.people import PersonRef
from bot.tokens import NO_TABLE, Token
from bot.ui.screen import Button, Screen
from bot.ui.words import game_name

SLOT: Final = "queue"
LEAVE: Final = "x"  # the queue button's argument: leave
COMPUTERS_NOW: Final = "b"  # …: play with computers now


def queue_screen(
    person: PersonRef, game: str, waiting: int, computers_after: float | None, t: Translator, moved_from: str | None
) -> Screen:
    """Where the person waits: the game, how many wait for it, when computers come; and the buttons."""
    lines = []
    if moved_from is not None:
        lines.append(t.gettext("↪ You left the {game} queue for this one.").format(game=game_name(moved_from, t)))
    lines.append(
        t.gettext("⏳ You are in the {game} queue. Waiting now: {count}.").format(
            game=game_name(game, t), count=t.number(waiting)
        )
    )
    if computers_after is None:
        lines.append(t.gettext("🤖 No computers: you wait for people."))
    else:
        minutes = max(1, round(computers_after / 60))
        lines.append(
            t.gettext("🤖 If nobody comes within {minutes} min, computers fill the table.").format(minutes=minutes)
        )
    buttons = (
        (Button(t.gettext("🤖 Play with computers now"), Token(NO_TABLE, 0, "queue", COMPUTERS_NOW).encode()),),
        (Button(t.gettext("✖ Leave the queue"), Token(NO_TABLE, 0, "queue", LEAVE).encode()),),
    )
    return Screen(NO_TABLE, "\n".join(lines), buttons, audience=person, slot=SLOT)


def left_screen(person: PersonRef, game: str, t: Translator, expired_minutes: int | None = None) -> Screen:
    """The word to a person out of the queue: they left, or nobody came in time."""
    if expired_minutes is None:
        text = t.gettext("You left the {game} queue.").format(game=game_name(game, t))
    else:
        text = t.gettext("⌛ Nobody came for {game} in {minutes} min, so you left the queue. Ask again any time.")
        text = text.format(game=game_name(game, t), minutes=expired_minutes)
    return Screen(NO_TABLE, text, audience=person, slot=SLOT, final=True)


def opening_text(game: str, t: Translator) -> str:
    return t.gettext("✅ A {game} table is opening for you.").format(game=game_name(game, t))


def already_text(game: str, t: Translator) -> str:
    return t.gettext("You are in the {game} queue already.").format(game=game_name(game, t))
