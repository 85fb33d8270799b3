"""What the Discord bot says beyond the service's screens: rules, settings, answers to commands,
and the note on a panel about to stop updating. English here; Russian and Ukrainian in the bot's
catalogs (bot/locale/). The rules are the service's (bot/screens/rules.py); the settings
line shares its words with the Telegram bot's."""

from __future__ import annotations

from bot.answers import own_look_line, settings_lines
from bot.i18n import Translator
from bot.screens.model import Countdown, Mention, Screen
from bot.settings import ChatSettings


def settings_text(settings: ChatSettings, t: Translator) -> str:
    return "\n".join(
        [
            *settings_lines(settings, t),
            "",
            t.gettext(
                "Server admins change them with /settings: language, timer (15–600 s), tables (several at"
                " once), look (of the cards), rule (GAME NAME VALUE, e.g. svolota free_pass on)."
            ),
        ]
    )


def look_text(own: str | None, here: str | None, t: Translator) -> str:
    """`/look` without a choice: how the person's panels show cards (`here`: the server's look;
    None in a direct message), and how to choose."""
    choose = t.gettext("Choose another with /{command}.").format(command=t.gettext("look"))
    return "\n".join([own_look_line(own, here, t), choose])


def table_opened(t: Translator) -> str:
    return t.gettext("✅ The table is in this channel.")


def challenged(mentions: str, t: Translator) -> str:
    return t.gettext("⚔️ {people}: you are challenged, answer below.").format(people=mentions)


def cannot_post(t: Translator) -> str:
    return t.gettext("I may not post in this channel: let me send messages here, then try again.")


def server_only(t: Translator) -> str:
    return t.gettext("Games are played in a server's channels, not here.")


def panel_expires(t: Translator) -> str:
    return t.gettext("⌛ This panel no longer updates by itself: press 🔄 to refresh it.")


def failed(t: Translator) -> str:
    return t.gettext("Something went wrong: please try again.")


def marked(screen: Screen) -> str:
    """The screen's text with its marked spans the Discord way: a person named is a mention
    `<@id>` (it notifies them only where the message's allowed mentions name them), a time left a
    timestamp `<t:UNIX:R>` that clients count down themselves."""
    out, at = [], 0
    for mark in sorted(screen.marks, key=lambda m: m.start):
        out.append(screen.text[at : mark.start])
        if isinstance(mark, Mention):
            out.append(f"<@{mark.person.user_id}>")
        elif isinstance(mark, Countdown):
            out.append(f"<t:{round(mark.at)}:R>")
        at = mark.end
    out.append(screen.text[at:])
    return "".join(out)
