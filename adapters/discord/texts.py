"""What the Discord bot says beyond the service's screens: rules, settings, answers to commands,
and the note on a panel about to stop updating. English here; Russian and Ukrainian in the bot's
catalogs (bot/locale/). The rules are the bot's (bot/answers.py, bot/guide.py); the settings
line shares its words with the Telegram bot's."""

from __future__ import annotations

from adapters.chat.marks import pieces
from adapters.discord.menu import name_in
from bot.answers import own_look_line, settings_lines
from bot.i18n import Translator
from bot.people import PersonRef
from bot.settings import ChatSettings
from bot.ui.screen import Mention, Screen


def settings_text(settings: ChatSettings, t: Translator) -> str:
    return "\n".join(
        [
            *settings_lines(settings, t),
            "",
            t.gettext(
                "Server admins change them with /settings: language, timer (15–600 s), tables (several at"
                " once), look (of the cards), rule (GAME NAME VALUE, e.g. svolota free_pass on)."
            ),
            t.gettext("page: the server's page public (anyone with its link) or private"),
        ]
    )


def look_text(own: str | None, here: str | None, t: Translator) -> str:
    """`/look` without a choice: how the person's panels show cards (`here`: the server's look;
    None in a direct message), and how to choose."""
    choose = t.gettext("Choose another with /{command}.").format(command=name_in("look", t))
    return "\n".join([own_look_line(own, here, t), choose])


def table_opened(t: Translator) -> str:
    return t.gettext("✅ The table is in this channel.")


def challenged(mentions: str, t: Translator) -> str:
    return t.gettext("⚔️ {people}: you are challenged, answer below.").format(people=mentions)


def cannot_post(t: Translator) -> str:
    return t.gettext("I may not post in this channel: let me send messages here, then try again.")


def server_only(t: Translator) -> str:
    return t.gettext("Games are played in a server's channels, not here.")


def see_the_tournament(t: Translator) -> str:
    """The answer to a `/tournament` command the tournament's messages show."""
    return t.gettext("✅ Done: the tournament's message shows it.")


def see_the_table(t: Translator) -> str:
    """The answer to a command whose outcome the table's message shows (and the service said
    nothing more)."""
    return t.gettext("✅ Done: the table's message shows it.")


def panel_expires(t: Translator) -> str:
    return t.gettext("⌛ This panel no longer updates by itself: press 🔄 to refresh it.")


def failed(t: Translator) -> str:
    return t.gettext("Something went wrong: please try again.")


def marked(screen: Screen) -> str:
    """The screen's text with its marked spans the Discord way: a person named is a mention
    `<@id>` (it notifies them only where the message's allowed mentions name them), a time left a
    timestamp `<t:UNIX:R>` that clients count down themselves."""
    return "".join(text for text, _person in _pieces(screen))


def marked_parts(screen: Screen, limit: int) -> list[tuple[str, list[PersonRef]]]:
    """The marked text (as `marked`) in messages of at most `limit` characters, each with the
    people it mentions: cut after a line's end, else a comma or a space, never inside a mention or
    a timestamp (none of them holds one; a mark longer than a message is cut as text)."""
    parts: list[tuple[str, list[PersonRef]]] = []
    named: list[PersonRef] = []
    text = ""

    def send(part: str) -> None:
        part = part.rstrip()
        if part:
            parts.append((part, [p for p in dict.fromkeys(named) if f"<@{p.user_id}>" in part]))

    for piece, person in _pieces(screen):
        if person is not None:
            named.append(person)
        mark = person is not None or piece.startswith("<t:")
        while len(text) + len(piece) > limit:
            if mark and len(piece) <= limit:  # the whole mark goes to the next message
                send(text)
                text = ""
                break
            room = limit - len(text)
            text, piece = text + piece[:room], piece[room:]
            cut = _break(text)
            send(text[:cut])
            text = text[cut:].lstrip()
        text += piece
    send(text)
    return parts or [("…", [])]


def _break(text: str) -> int:
    """Where to cut a full message: after its last line's end, else its last comma or space (not
    in its first quarter); else at its end."""
    for separator in ("\n", ", ", " "):
        at = text.rfind(separator)
        if at > 0 and at + len(separator) > len(text) // 4:
            return at + len(separator)
    return len(text)


def _pieces(screen: Screen) -> list[tuple[str, PersonRef | None]]:
    """The screen's text as plain pieces and marks drawn the Discord way (with the person a
    mention names)."""
    out: list[tuple[str, PersonRef | None]] = []
    for text, mark in pieces(screen):
        if isinstance(mark, Mention):
            out.append((f"<@{mark.person.user_id}>", mark.person))
        else:
            out.append((text if mark is None else f"<t:{round(mark.at)}:R>", None))
    return out
