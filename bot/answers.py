"""Answers any chat platform gives beyond the screens: the rules of each game with a legend of its
signs, and a chat's settings."""

from __future__ import annotations

from bot.guide import cards_line, legend, one_line, rules
from bot.i18n import Translator
from bot.screens.words import game_name
from bot.settings import ChatSettings
from core import GAMES


def rules_text(game: str | None, t: Translator) -> str:
    """`/rules [game]`: what each game is, its rules in short and what its screens' signs mean."""
    games = [game] if game in GAMES else list(GAMES)
    parts = ["\n".join([f"🎴 {one_line(g, t)}", *rules(g, t), *legend(g, t)]) for g in games]
    return "\n\n".join([*parts, cards_line(t)])


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
