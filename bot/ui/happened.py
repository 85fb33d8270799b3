"""What happened, in words: a logged move and its notes (bot/happened.py) as one line that names
who did what with which card where ("Ada: A♣ → foundation 3", "everyone passed — Ann leads")."""

from __future__ import annotations

from bot.bidi import isolated
from bot.i18n import Translator
from bot.tables import LoggedMove, Table
from bot.ui.words import describe_move
from core.cards import parse_card

SHOWN_LINES = 5  # real time: the window's latest lines under the board


def move_line(table: Table, move: LoggedMove, t: Translator) -> str | None:
    """The move as a line of the board's log; None for a real-time move that shows nothing in
    public (a Racing Demon player's moves among their own piles, a stock turned)."""
    name = isolated(table.seats[move.seat].name)
    if table.game == "svolota":
        what = describe_move("svolota", move.move, t)
        if move.by == "timer":
            head = t.gettext("⏰ {name} ran out of time — {move}").format(name=name, move=what)
        else:
            head = f"{name} {what}"
        return " · ".join([head, *(_note(table, n, name, t) for n in move.notes)])
    said = [_note(table, n, name, t) for n in move.notes]
    if move.by == "window" and move.move == "new":  # nobody pressed it: the offer ran out
        said = [t.gettext("nobody could play: new centre cards"), *said[1:]]
    return " · ".join(said) or None


def window_lines(table: Table, t: Translator) -> list[str]:
    """Real time: what the last window's moves did (the latest SHOWN_LINES of them, and how many
    more there were)."""
    first = table.moves - len(table.recent)  # the log index of recent[0]
    window = [m for i, m in enumerate(table.recent, first) if table.summary_from <= i < table.shown]
    lines = [line for m in window if (line := move_line(table, m, t)) is not None]
    unsaid = table.shown - table.summary_from - len(window)  # moves of the window no longer in `recent`
    more = len(lines) - SHOWN_LINES + unsaid if len(lines) > SHOWN_LINES else unsaid
    lines = lines[-SHOWN_LINES:]
    if more > 0:
        lines.insert(0, t.ngettext("… and {count} more move", "… and {count} more moves", more).format(count=more))
    return lines


def _note(table: Table, note: str, name: str, t: Translator) -> str:
    kind, *words = note.split()
    match kind, words:
        case "up", []:
            return t.gettext("the pile turns ↑")
        case "down", []:
            return t.gettext("the pile turns ↓")
        case "closed", [seat]:
            return t.gettext("everyone passed — {name} leads").format(name=_name(table, seat))
        case "leads", [seat]:
            return t.gettext("{name} leads a new pile").format(name=_name(table, seat))
        case "played", [card, on]:
            return t.gettext("{name}: {card} on {on}").format(name=name, card=_card(card, t), on=_card(on, t))
        case "flipped", [card]:
            return t.gettext("{name} turns up {card}").format(name=name, card=_card(card, t))
        case "filled", [card]:
            return t.gettext("{name} fills an empty stack: {card}").format(name=name, card=_card(card, t))
        case "new", []:
            return t.gettext("new centre cards")
        case "recycled", []:
            return t.gettext("both reserves were empty: the centre cards become the reserves")
        case "dealt", [deal, "-"]:
            return t.gettext("deal {deal} is a draw").format(deal=deal)
        case "dealt", [deal, seat]:
            return t.gettext("deal {deal} goes to {name}").format(deal=deal, name=_name(table, seat))
        case "deal", [deal]:
            return t.gettext("deal {deal} is dealt").format(deal=deal)
        case "started", [seat, card, foundation]:
            return t.gettext("{name}: {card} starts foundation {number}").format(
                name=_name(table, seat), card=_card(card, t), number=foundation
            )
        case "built", [seat, card, foundation]:
            return t.gettext("{name}: {card} → foundation {number}").format(
                name=_name(table, seat), card=_card(card, t), number=foundation
            )
        case "rotated", []:
            return t.gettext("everyone was stuck: each stock moves on by a card")
        case "out", [seat]:
            return t.gettext("Out! {name}'s demon is empty").format(name=_name(table, seat))
        case "stuck", []:
            return t.gettext("everyone is still stuck: the round is over")
    return note


def _name(table: Table, seat: str) -> str:
    return isolated(table.seats[int(seat)].name)


def _card(code: str, t: Translator) -> str:
    return t.card(parse_card(code))
