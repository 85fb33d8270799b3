"""Messages about people rather than a table's play: the ping to those who asked to hear of a new
table (`/notify`), and the word to a person removed from one (bot/kicks.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.bidi import inside, isolated
from bot.i18n import Translator
from bot.people import PersonRef
from bot.tables import Status, Table
from bot.ui.screen import Mention, Screen
from bot.ui.words import game_name

PING = "ping"  # the slot of the ping: a new message, never edited
PANEL = "panel"


def ping_screen(table: Table, people: Sequence[tuple[PersonRef, str]], t: Translator) -> Screen:
    """ "🔔 Svolota: a table is open — Ann, Bob": each name a mention of its person, which notifies them."""
    head = t.gettext("🔔 {game}: a table is open —").format(game=game_name(table.game, t)) + " "
    marks: list[Mention] = []
    text = head
    for i, (person, name) in enumerate(people):
        if i:
            text += ", "
        shown = isolated(name)  # the mention covers the name, its marks around it
        marks.append(Mention(*inside((len(text), len(text) + len(shown))), person))
        text += shown
    return Screen(table.id, text, slot=PING, final=True, version=table.version, marks=tuple(marks))


def removed_screen(table: Table, person: PersonRef, t: Translator) -> Screen:
    """The removed person's own panel (final: no buttons, no more edits)."""
    text = t.gettext("🚫 You were removed from the {game} table.").format(game=game_name(table.game, t))
    if table.status is Status.PLAYING:
        text += "\n" + t.gettext("A computer plays your seat to the end.")
    return Screen(table.id, text, audience=person, slot=PANEL, final=True, version=table.version)
