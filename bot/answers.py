"""Answers any chat platform gives beyond the screens: the rules of each game in a few sentences, and
a chat's settings."""

from __future__ import annotations

from bot.i18n import Translator
from bot.screens.words import game_name
from bot.settings import ChatSettings


def rules_text(game: str | None, t: Translator) -> str:
    if game == "svolota":
        return t.gettext(
            "Svolota (3–6 players). Everyone gets 7 cards. Lay one card, or several of one rank, on the pile:"
            " colours alternate card by card, and a play must have at least as many cards as the last one"
            " and a higher rank (lower after an Ace turns the pile down; a 2 turns it up again). Can't beat"
            " it? Pass. A joker clears the pile and the next player leads. After playing you draw as many"
            " cards as you laid. The first with an empty hand wins."
        )
    if game == "speed":
        return t.gettext(
            "Speed (2 players, real time). You have 5 stacks and a reserve; two piles lie in the middle."
            " Put a face-up stack top on a pile when it is one rank above or below the pile's top (A on K,"
            " 2 on A). Flip a face-down top; fill an empty stack from your reserve. Nobody can play? Press"
            " New pile. The first to empty all stacks wins. Both play at once: the faster move counts."
        )
    if game == "racing_demon":
        return t.gettext(
            "Racing Demon (any number, real time). Everyone races with their own deck: a demon of 13"
            " cards, four work piles and a stock. Aces start shared foundations, built up in suit to the"
            " King. Build work piles down in alternating colours; turn the stock three at a time. The round"
            " ends when someone's demon is empty: you score your cards on the foundations minus the cards"
            " left in your demon."
        )
    return "\n\n".join(rules_text(g, t) for g in ("svolota", "speed", "racing_demon"))


def settings_lines(settings: ChatSettings, t: Translator) -> list[str]:
    """The chat's settings and house rules (each platform adds how its admins change them)."""
    rules = "; ".join(
        f"{game_name(game, t)}: " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        for game, options in sorted(settings.house_rules.items())
        if options
    )
    return [
        t.gettext("⚙️ Language: {lang} · turn timer: {seconds} s · several tables: {many}").format(
            lang=settings.lang,
            seconds=settings.turn_seconds or "∞",
            many=t.gettext("on") if settings.many_tables else t.gettext("off"),
        ),
        t.gettext("House rules: {rules}").format(rules=rules or "—"),
    ]
