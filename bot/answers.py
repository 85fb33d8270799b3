"""Answers any chat platform gives beyond the screens: the rules of each game with a legend of its
signs, a chat's settings, and how a person's cards look."""

from __future__ import annotations

from bot.guide import cards_line, legend, one_line, rules
from bot.i18n import Translator, own_name, translator
from bot.settings import ChatSettings
from bot.ui.words import N_, game_name
from core import GAMES

# Each look (bot/ui/screen.py LOOKS) as people read it; also the choices of a platform's menu.
LOOK_NAMES = {"classic": N_("classic deck"), "four_colour": N_("four-colour deck"), "text": N_("text only")}


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
            lang=own_name(settings.lang),
            seconds=settings.turn_seconds or "∞",
            many=t.gettext("on") if settings.many_tables else t.gettext("off"),
        ),
        t.gettext("🃏 Cards: {look}").format(look=look_name(settings.look, t)),
        t.gettext("🂡 Court cards: {letters}").format(letters=" ".join(translator(t.lang, settings.ranks).court)),
        t.gettext("House rules: {rules}").format(rules=rules or "—"),
        t.gettext("🌐 The chat's page: public")
        if settings.page_public_since is not None
        else t.gettext("🌐 The chat's page: private"),
    ]


def look_name(look: str, t: Translator) -> str:
    return t.gettext(LOOK_NAMES.get(look, look))


def own_look_line(own: str | None, here: str | None, t: Translator) -> str:
    """How a person's panels show cards: in the look they chose (`own`), or else as each chat's
    board does (`here`: this chat's look; None where there is no chat's board, a private chat).
    Each platform adds how to choose."""
    if own is not None:
        return t.gettext("🃏 Your panels show cards as: {look}, in every chat.").format(look=look_name(own, t))
    if here is not None:
        return t.gettext("🃏 Your panels show cards as each chat's board does: {look} here.").format(
            look=look_name(here, t)
        )
    return t.gettext("🃏 Your panels show cards as each chat's board does.")
