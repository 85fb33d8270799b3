"""What the console adds to the bot's guide (bot/guide.py): how to type a move."""

from __future__ import annotations

from bot.i18n import Translator


def typing(game: str, t: Translator) -> list[str]:
    """How to type `game`'s moves (an option's number works too)."""
    if game == "svolota":
        return [t.gettext("Type cards as 8h 8c (s, h, d, c), or pass, or joker.")]
    if game == "speed":
        return [t.gettext("Type play 1 2 (stack 1 onto centre pile 2), flip 1, fill 1, new.")]
    if game == "racing_demon":
        return [t.gettext("Type from>to: demon>f, waste>w2, w1>w3 (w1…w4: your work piles, f: a foundation); turn.")]
    return []
