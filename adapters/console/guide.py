"""What the console tells a person about the games: one line on what each game is (when it asks
which game), the computers' levels by name, each game's rules in short (`rules`), and a legend of
what its screens write (`help`). Every word goes through the chat's translator."""

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
    """The rules of `game` in a few lines."""
    if game == "svolota":
        return [
            t.gettext("Svolota: be the first to have no cards left."),
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
            t.gettext("Speed: be the first to empty your stacks; both players play at once."),
            t.gettext(
                "Put the top card of a stack on a centre pile when it is one rank above or below the pile's"
                " top (A sits on 2 and on K); suits do not matter."
            ),
            t.gettext("Flip a face-down top to play it, or fill a stack with no face-up card from your reserve."),
            t.gettext("When neither player can play, either may start a new centre pile from their reserve."),
        ]
    if game == "racing_demon":
        return [
            t.gettext("Racing Demon: empty your demon pile first; everyone plays at once, each on their own cards."),
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


def legend(game: str, t: Translator) -> list[str]:
    """What the screens of `game` write in signs and short forms."""
    lines = [
        t.gettext(
            "Cards: 8♥ is the eight of hearts; J jack, Q queen, K king, A ace; ♠ spades, ♥ hearts, ♦ diamonds, ♣ clubs."
        )
    ]
    if game == "svolota":
        lines += [
            t.gettext("Type cards as 8h 8c (s, h, d, c); ↑/↓: the pile goes up or down; ▶ whose turn it is."),
            t.gettext("Reserve: the cards left to draw; face up: the card drawn last."),
        ]
    elif game == "speed":
        lines += [
            t.gettext("[1] [2]: the centre piles; 1:J♥+1: your stack 1 shows J♥ over one face-down card."),
            t.gettext("🂠: a face-down top (flip it); ·: an empty stack; reserve: your cards to fill with."),
            t.gettext("Type play 1 2 (stack 1 onto pile 2), flip 1, fill 1, new."),
        ]
    elif game == "racing_demon":
        lines += [
            t.gettext("w1…w4: your work piles; ·: an empty place; waste: the cards turned from the stock."),
            t.gettext("stock 35: cards left to turn; demon 13: cards left in your demon; f: a foundation."),
            t.gettext("Type from>to: demon>f, waste>w2, w1>w3; turn turns three cards."),
        ]
    return lines
