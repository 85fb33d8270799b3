"""What the bot tells people about the games, on every platform: one line on what each game is,
the computers' levels by name, each game's rules in short, and a legend of the signs its screens
write. Every word goes through the chat's translator."""

from __future__ import annotations

from bot.games import game_info
from bot.i18n import Translator
from bot.screens.words import game_name


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
    what = {
        "svolota": t.gettext("shed your cards first"),
        "speed": t.gettext("empty your stacks first"),
        "racing_demon": t.gettext("race to empty your demon pile"),
    }.get(game, "")
    if info.min_players == info.max_players:
        players = t.ngettext("{count} player", "{count} players", info.max_players).format(count=info.max_players)
    else:
        players = t.gettext("{low}–{high} players").format(low=info.min_players, high=info.max_players)
    pace = t.gettext("real time: everyone plays at once") if info.real_time else t.gettext("turn by turn")
    return " · ".join(x for x in (f"{game_name(game, t)} — {what}" if what else game_name(game, t), players, pace))


def rules(game: str, t: Translator) -> list[str]:
    """The rules of `game` in a few lines (what it is and who wins: `one_line`)."""
    if game == "svolota":
        return [
            t.gettext(
                "Cards go on one pile, red on black and black on red. Beat the last play with as many cards"
                " or more, of one rank, higher than its rank (lower when the pile goes ↓), starting with the"
                " other colour."
            ),
            t.gettext("An Ace played going ↑ turns the pile ↓; a 2 played going ↓ turns it ↑ again."),
            t.gettext(
                "A joker, alone, goes on any pile: the pile is cleared and the next player leads."
                " Pass only when you cannot beat; when everyone else has passed, the last to play leads a new pile."
            ),
            t.gettext("After playing, draw as many cards as you played from the reserve while it lasts."),
        ]
    if game == "speed":
        return [
            t.gettext(
                "Put the top card of a stack on a centre pile when it is one rank above or below the pile's"
                " top (A sits on 2 and on K); suits do not matter."
            ),
            t.gettext("Flip a face-down top to play it, or fill a stack with no face-up card from your reserve."),
            t.gettext("When neither player can play, either may start a new centre pile from their reserve."),
        ]
    if game == "racing_demon":
        return [
            t.gettext(
                "Foundations in the centre are shared: an Ace starts one, then the same suit goes up to the King."
            ),
            t.gettext(
                "Your four work piles build down in alternating colours; an emptied work pile takes the"
                " demon's top card."
            ),
            t.gettext("Turn the stock three cards at a time; only the top card of the waste can be played."),
            t.gettext(
                "The round ends when someone's demon is empty: a point per card on the foundations,"
                " minus one per card left in your demon."
            ),
        ]
    return []


def cards_line(t: Translator) -> str:
    return t.gettext(
        "Cards: 8♥ is the eight of hearts; J jack, Q queen, K king, A ace; ♠ spades, ♥ hearts, ♦ diamonds,"
        " ♣ clubs; 🃏 a joker."
    )


def legend(game: str, t: Translator) -> list[str]:
    """What the screens of `game` write in signs and short forms (the cards aside: `cards_line`)."""
    if game == "svolota":
        return [
            t.gettext("Pile ↑: beat with higher cards; Pile ↓: with lower ones. ▶ whose turn it is."),
            t.gettext("Reserve: the cards left to draw; face up: the card drawn last."),
        ]
    if game == "speed":
        return [
            t.gettext("Your stacks left to right are stacks 1 to 5: 🂠 a face-down top (turn it up), — an empty stack."),
            t.gettext("A button J♥ → Q♦ puts your J♥ on the centre card Q♦."),
        ]
    if game == "racing_demon":
        return [
            t.gettext(
                "A button 9♠ → 10♥ puts 9♠ on your work pile that shows 10♥; → foundation: onto a shared"
                " foundation; —: an empty place."
            ),
            t.gettext("Stock: the cards left to turn; waste: the cards turned, the top one playable."),
        ]
    return []
