"""The live table's own words: the page's chrome and the socket's refusals, translated with
bot.i18n (the catalog tests require adapters/web translated)."""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES, Translator, translator


def page_words(lang: str) -> dict[str, Any]:
    """The words table.js shows around the table (sent in the hello's "welcome"), and `cards`: what
    cards.js names cards and places with, for screen readers (`card_words`)."""
    t = translator(lang if lang in LANGUAGES else "en")
    return {
        "cards": card_words(t),
        "connecting": t.gettext("Connecting…"),
        "refused": t.gettext("This link is not valid any more: open the table again from the chat."),
        "reconnecting": t.gettext("Connection lost: reconnecting…"),
        "watching": t.gettext("Watching"),
        # TRANSLATORS: the title of the live table's drawer that lists every move as a button
        "moves": t.gettext("Moves"),
        # TRANSLATORS: a card dropped (or tapped) on a place where none of its moves go, on the live table
        "nowhere": t.gettext("It does not go there."),
        # TRANSLATORS: asked in Telegram when a person closes the live table during their game
        "leave_question": t.gettext("Close the table? The game goes on; after a while a computer plays for you."),
        # TRANSLATORS: the button that closes the live table in that question
        "leave": t.gettext("Close"),
        # TRANSLATORS: the live table's toggle that turns its sounds on or off (off at first)
        "sounds": t.gettext("Sounds"),
        # TRANSLATORS: inside Discord, the line that lists who is in the game's Activity
        "participants": t.gettext("In this Activity"),
    }


def card_words(t: Translator) -> dict[str, Any]:
    """A card's and a place's spoken names: "{rank} of {suit}" with a number, or a court card's
    word, and the suit's word ("7 of clubs", "queen of hearts"); "joker"; a face-down card; a place
    by its kind, and its number where it has one ("stack 2")."""
    return {
        # TRANSLATORS: a card's name as a screen reader says it on the live table: "7 of clubs",
        # "queen of hearts". {rank} is a number or one of the court words below, {suit} a suit word
        "card": t.gettext("{rank} of {suit}"),
        "ranks": {
            # TRANSLATORS: a court card's rank, in "{rank} of {suit}" (a screen reader's card name)
            "J": t.gettext("jack"),
            # TRANSLATORS: a court card's rank, in "{rank} of {suit}" (a screen reader's card name)
            "Q": t.gettext("queen"),
            # TRANSLATORS: a court card's rank, in "{rank} of {suit}" (a screen reader's card name)
            "K": t.gettext("king"),
            # TRANSLATORS: a court card's rank, in "{rank} of {suit}" (a screen reader's card name)
            "A": t.gettext("ace"),
        },
        "suits": {
            # TRANSLATORS: a suit, in "{rank} of {suit}" (a screen reader's card name)
            "C": t.gettext("clubs"),
            # TRANSLATORS: a suit, in "{rank} of {suit}" (a screen reader's card name)
            "D": t.gettext("diamonds"),
            # TRANSLATORS: a suit, in "{rank} of {suit}" (a screen reader's card name)
            "H": t.gettext("hearts"),
            # TRANSLATORS: a suit, in "{rank} of {suit}" (a screen reader's card name)
            "S": t.gettext("spades"),
        },
        # TRANSLATORS: the joker, as a screen reader names the card
        "joker": t.gettext("joker"),
        # TRANSLATORS: a card lying face down, as a screen reader names it on the live table
        "down": t.gettext("a face-down card"),
        # TRANSLATORS: a place on the live table with its number, as a screen reader says it: "stack 2"
        "numbered": t.gettext("{place} {number}"),
        "places": {
            # TRANSLATORS: a place where cards lie on the live table (a screen reader's name for it)
            "stack": t.gettext("stack"),
            # TRANSLATORS: a place where cards lie on the live table (a screen reader's name for it)
            "pile": t.gettext("pile"),
            # TRANSLATORS: a place where cards lie on the live table (a screen reader's name for it)
            "reserve": t.gettext("reserve"),
            # TRANSLATORS: a place where cards lie on the live table (a screen reader's name for it)
            "hand": t.gettext("hand"),
            # TRANSLATORS: Racing Demon's demon pile on the live table (a screen reader's name for it)
            "demon": t.gettext("demon pile"),
            # TRANSLATORS: Racing Demon's work pile on the live table (a screen reader's name for it)
            "work": t.gettext("work pile"),
            # TRANSLATORS: a place where cards lie on the live table (a screen reader's name for it)
            "waste": t.gettext("waste pile"),
            # TRANSLATORS: a place where cards lie on the live table (a screen reader's name for it)
            "stock": t.gettext("stock"),
            # TRANSLATORS: Racing Demon's foundation on the live table (a screen reader's name for it)
            "foundation": t.gettext("foundation"),
            # TRANSLATORS: Svolota's closed piles in a replay, where every card shows (a screen reader's name for it)
            "discard": t.gettext("discard pile"),
        },
    }


def refused(lang: str | None) -> str:
    """Why a hello was refused (said the same whatever was wrong: a forger learns nothing)."""
    return translator(lang if lang in LANGUAGES else "en").gettext(
        "This link is not valid any more: open the table again from the chat."
    )


def elsewhere(lang: str | None) -> str:
    """Told to a page when its person opens the same table in another (the newest has it)."""
    # TRANSLATORS: shown on the live table's page when the same person opened the table in another tab or device
    return translator(lang if lang in LANGUAGES else "en").gettext(
        "This table is open in another window now. Reload to play here."
    )


def slow_down(lang: str | None) -> str:
    return translator(lang if lang in LANGUAGES else "en").gettext("Slow down")


def unreadable(lang: str | None) -> str:
    """A message the socket could not read (adapters/web/messages.py): the page never sends one."""
    return translator(lang if lang in LANGUAGES else "en").gettext(
        "The table could not read that message: reload the page."
    )
