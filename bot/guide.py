"""What the bot tells people about the games, on every platform: one line on what each game is,
the computers' levels by name, each game's rules in short, and a legend of the signs its screens
write. Every word goes through the chat's translator."""

from __future__ import annotations

from bot.games import game_info
from bot.i18n import Translator
from bot.ui.words import game_name


def level_name(level: str, t: Translator) -> str:
    """A computer level's name: easy, normal or hard."""
    return {
        "easy": t.pgettext("difficulty", "easy"),
        "normal": t.pgettext("difficulty", "normal"),
        "hard": t.pgettext("difficulty", "hard"),
    }.get(level, level)


def one_line(game: str, t: Translator) -> str:
    """e.g. "Svolota — shed your cards first · 3–6 players · turn by turn"."""
    info = game_info(game)
    what = t.gettext(info.what) if info.what else ""
    if info.min_players == info.max_players:
        players = t.ngettext("{count} player", "{count} players", info.max_players).format(count=info.max_players)
    else:
        players = t.gettext("{low}–{high} players").format(low=info.min_players, high=info.max_players)
    pace = t.gettext("real time: everyone plays at once") if info.real_time else t.gettext("turn by turn")
    return " · ".join(x for x in (f"{game_name(game, t)} — {what}" if what else game_name(game, t), players, pace))


def rules(game: str, t: Translator) -> list[str]:
    """The rules of `game` in a few lines (what it is and who wins: `one_line`)."""
    return [t.gettext(line) for line in game_info(game).rules]


def cards_line(t: Translator) -> str:
    return t.gettext(
        "Cards: 8♥ is the eight of hearts; J jack, Q queen, K king, A ace; ♠ spades, ♥ hearts, ♦ diamonds,"
        " ♣ clubs; 🃏 a joker."
    )


def legend(game: str, t: Translator) -> list[str]:
    """What the screens of `game` write in signs and short forms (the cards aside: `cards_line`)."""
    return [t.gettext(line) for line in game_info(game).legend]
