"""The live table's own words: the page's chrome and the socket's refusals, translated with
bot.i18n (the catalog tests require adapters/web translated)."""

from __future__ import annotations

from bot.i18n import LANGUAGES, translator


def page_words(lang: str) -> dict[str, str]:
    """The words table.js shows around the table (sent in the hello's "welcome")."""
    t = translator(lang if lang in LANGUAGES else "en")
    return {
        "connecting": t.gettext("Connecting…"),
        "refused": t.gettext("This link is not valid any more: open the table again from the chat."),
        "reconnecting": t.gettext("Connection lost: reconnecting…"),
        "watching": t.gettext("Watching"),
        # TRANSLATORS: the title of the live table's drawer that lists every move as a button
        "moves": t.gettext("Moves"),
        # TRANSLATORS: a card dropped (or tapped) on a place where none of its moves go, on the live table
        "nowhere": t.gettext("It does not go there."),
    }


def refused(lang: str | None) -> str:
    """Why a hello was refused (said the same whatever was wrong: a forger learns nothing)."""
    return translator(lang if lang in LANGUAGES else "en").gettext(
        "This link is not valid any more: open the table again from the chat."
    )


def slow_down(lang: str | None) -> str:
    return translator(lang if lang in LANGUAGES else "en").gettext("Slow down")


def unreadable(lang: str | None) -> str:
    """A message the socket could not read (adapters/web/messages.py): the page never sends one."""
    return translator(lang if lang in LANGUAGES else "en").gettext(
        "The table could not read that message: reload the page."
    )
