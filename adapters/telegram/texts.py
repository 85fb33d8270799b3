"""What the Telegram bot says beyond the service's screens: the command menu, its profile, help,
rules, the welcome in private, and how to reach the bot. English here; the other languages in the
bot's catalogs (bot/locale/)."""

from __future__ import annotations

from bot.answers import own_look_line, rules_text, settings_lines
from bot.games import game_info, game_named, games, known_game
from bot.i18n import LANGUAGES, Translator
from bot.settings import ChatSettings
from bot.ui.words import game_name

GAME_MENU = (  # after each game's own command (`menu`)
    "leaderboard",
    "stats",
    "notify",
    "kick",
    "votekick",
    "rules",
    "settings",
    "look",
    "cancel",
    "tournament",
    "forget",
    "quickmatch",  # (issue #38)
    "link",  # (/unlink: in the private menu alone, where it is answered)
    "help",
)
PRIVATE_MENU = ("start", "help", "rules", "stats", "look", "forget", "quickmatch", "link", "unlink")


def menu() -> tuple[str, ...]:
    """The commands of Telegram's menu in groups: each game's (/svolota, /speed, /demon …), then the rest."""
    return (*(game_info(game).command for game in games()), *GAME_MENU)


def describe(command: str, t: Translator) -> str:
    """A command's line in Telegram's menu."""
    game = game_named(command)
    if game is not None and known_game(game) and game_info(game).command == command:
        return t.gettext("Open a {game} table, or challenge someone (@name or a reply)").format(game=game_name(game, t))
    return {
        "leaderboard": t.gettext("Top players of the season here: /leaderboard [game] [alltime|2026-11]"),
        "stats": t.gettext("Your record in every game"),
        "notify": t.gettext("Tell me when a game opens here (again: stop)"),
        "kick": t.gettext("Remove someone from the table here (its creator, admins)"),
        "votekick": t.gettext("Vote to remove someone from the table here"),
        "rules": t.gettext("How to play: /rules [game]"),
        "settings": t.gettext("Chat settings (admins): turn timer, house rules, language"),
        "look": t.gettext("How cards look in your panels: /look classic|four|text"),
        "cancel": t.gettext("Cancel the table here"),
        "tournament": t.gettext("A tournament here: /tournament GAME to create one (admins)"),
        "help": t.gettext("What I can do"),
        "start": t.gettext("Private panels and the rules"),
        "forget": t.gettext("Forget me everywhere: my name, ratings and settings"),
        "quickmatch": t.gettext("Play people from anywhere now: /quickmatch game (stop: leave the queue)"),
        "link": t.gettext("One player on Telegram and Discord: /link, then /link CODE on the other"),
        "unlink": t.gettext("Separate my Telegram and Discord accounts again"),
    }[command]


DESCRIPTION_LIMIT = 512  # Telegram's, for what an empty chat with the bot shows
SHORT_DESCRIPTION_LIMIT = 120  # for the bot's profile page and shared links


def profile(t: Translator) -> tuple[str, str]:
    """The bot's description and short description in the translator's language (within
    Telegram's limits in every language: tests/adapters/telegram/test_texts.py)."""
    description = t.gettext(
        "Card games for your group chat: Svolota (3–6 players, jokers and reversals), Speed (two"
        " players, real time) and Racing Demon (any number of players, real time). Add me to a group,"
        " start a game with /svolota, /speed or /demon, join with a button and play from your own"
        " panel or the live table. Ratings, seasons and a leaderboard for every chat."
    )
    short = t.gettext("Card games in your group: Svolota, Speed and Racing Demon, with buttons and a live table.")
    return description, short


def help_text(t: Translator) -> str:
    """What the bot does, its commands, then every game's rules in short with a legend of its signs."""
    return "\n".join(
        [
            t.gettext("🎴 I deal Svolota, Speed and Racing Demon in group chats."),
            "",
            t.gettext("/svolota, /speed, /demon — open a table; press Join to sit down, ▶ Start to play."),
            t.gettext("Reply to someone's message with /speed (or name them: /speed @name) to challenge them."),
            t.gettext(
                "/leaderboard [game] — this season's top players here (a season is a month); add alltime for"
                " all time, a month (2026-11) for that season, everywhere for every chat. /stats — your record."
            ),
            t.gettext("/notify — I mention you when a game opens here; /notify again (or /notify off) stops it."),
            t.gettext(
                "/kick NAME (or in reply to them) — remove someone from the table here (its creator, chat"
                " admins); /votekick NAME — the table votes."
            ),
            t.gettext("/rules [game] — how to play; /cancel — cancel the table here."),
            t.gettext("/settings — turn timer, house rules, language (chat admins)."),
            t.gettext("/look classic|four|text — how cards look in your own panels."),
            t.gettext("/forget — forget you everywhere (asked first; it cannot be undone)."),
            t.gettext(
                "/link — one player on Telegram and Discord: I give you a code in private, you type /link"
                " CODE on the other platform; /unlink separates them again."
            ),
            "",
            t.gettext(
                "Svolota hands stay secret: press 🂠 Choose cards and pick your play, or open your cards"
                " in our private chat. In Speed and Racing Demon your buttons come in our private chat:"
                " start it once (press My panel, or open me and press Start)."
            ),
            "",
            rules_text(None, t),
        ]
    )


def welcome(t: Translator) -> str:
    return t.gettext(
        "Hi! Your private panels will come here. Add me to a group and type /svolota, /speed or /demon to play."
    )


def written_in_private(t: Translator) -> str:
    """/forget in a group: its question went to the person's private chat."""
    return t.gettext("📩 I've asked you in our private chat.")


def start_the_bot(t: Translator) -> str:
    return t.gettext("Start the bot in private to get your panel.")


def unknown_people(names: list[str], t: Translator) -> str:
    return t.gettext(
        "I don't know {names} yet: reply to their message with the command, or ask them to press any"
        " of my buttons first."
    ).format(names=", ".join(names))


def settings_text(settings: ChatSettings, t: Translator) -> str:
    return "\n".join(
        [
            *settings_lines(settings, t),
            "",
            t.gettext(
                "Chat admins change them: /settings lang {languages} · /settings timer 15–600 ·"
                " /settings tables on|off · /settings look classic|four|text · /settings rule GAME NAME VALUE"
            ).format(languages="|".join(LANGUAGES)),
            t.gettext("/settings ranks latin|native: court cards as J Q K A or in the letters of the chat's language"),
            t.gettext("/settings page on|off: the chat's page public (anyone with its link) or private"),
        ]
    )


def look_text(own: str | None, here: str | None, t: Translator) -> str:
    """`/look` without a word: how the person's panels show cards (`here`: the group's look; None
    in private), and the choices."""
    return "\n".join([own_look_line(own, here, t), t.gettext("Choose: /look classic · /look four · /look text")])


def one_person(t: Translator) -> str:
    """/kick or /votekick naming nobody, or more than one person."""
    return t.gettext(
        "Name one person: reply to their message with the command, mention them, or write their name as the table"
        " shows it."
    )


def notify_words(t: Translator) -> str:
    return t.gettext("Use /notify to switch, or /notify on, /notify off.")
