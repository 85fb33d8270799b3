"""Text for the terminal: a Svolota table as one player sees it, their moves, what happened, the result."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.i18n import Translator
from core.cards import RANK_TEXT, Card
from core.events import Event
from core.games.svolota.events import (
    DirectionChanged,
    Drew,
    JokerPlayed,
    Leads,
    Passed,
    PileClosed,
    Played,
    Won,
)
from core.games.svolota.moves import Joker, Move, Play
from core.games.svolota.view import SvolotaView

SEP = " · "


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def table(view: SvolotaView, t: Translator) -> list[str]:
    """The position: pile, players, reserve, and the viewer's hand."""
    return [pile(view, t), players(view, t), reserve(view, t), hand(view, t)]


def pile(view: SvolotaView, t: Translator) -> str:
    if view.last_play is None or view.top is None:
        if view.my_turn:
            return t.gettext("Pile: empty, you lead (any card, or up to four of one rank)")
        return t.gettext("Pile: empty")
    arrow = "↑" if view.up else "↓"
    direction = t.gettext("goes up") if view.up else t.gettext("goes down")
    by = "" if view.last_player is None else view.players[view.last_player]
    parts = [
        t.gettext("Pile {arrow} {direction}").format(arrow=arrow, direction=direction),
        t.gettext("last play {cards} by {player}").format(cards=cards_text(view.last_play), player=by),
    ]
    if len(view.last_play) > 1:  # for one card the top is the play itself
        parts.append(t.gettext("top {card}").format(card=view.top.pretty))
    return SEP.join(parts) + "\n  " + to_beat(view, t)


def to_beat(view: SvolotaView, t: Translator) -> str:
    assert view.last_play is not None and view.top is not None
    count = len(view.last_play)
    rank = RANK_TEXT[view.last_play[0].rank]
    colour = t.pgettext("a card", "black") if view.top.red else t.pgettext("a card", "red")
    if count == 1:
        if view.up:
            return t.gettext("To beat it: a {colour} card higher than {rank}").format(colour=colour, rank=rank)
        return t.gettext("To beat it: a {colour} card lower than {rank}").format(colour=colour, rank=rank)
    size = t.ngettext("{count} card or more", "{count} cards or more", count).format(count=count)
    than = (t.gettext("higher than {rank}") if view.up else t.gettext("lower than {rank}")).format(rank=rank)
    first = t.gettext("the first one {colour}").format(colour=colour)
    return t.gettext("To beat it: {size}, {than}, {first}").format(size=size, than=than, first=first)


def players(view: SvolotaView, t: Translator) -> str:
    entries = []
    for seat, name in enumerate(view.players):
        size = view.hand_sizes[seat]
        entry = t.ngettext("{player}: {count} card", "{player}: {count} cards", size).format(player=name, count=size)
        if seat == view.turn and view.winner is None:
            entry = "▶ " + entry
        if seat in view.passed:
            entry += " " + t.gettext("(passed)")
        entries.append(entry)
    return t.gettext("Players: {list}").format(list=SEP.join(entries))


def reserve(view: SvolotaView, t: Translator) -> str:
    if view.cards_to_draw == 0:
        return t.gettext("Reserve: empty")
    text = t.ngettext("Reserve: {count} card", "Reserve: {count} cards", view.reserve_size).format(
        count=view.reserve_size
    )
    if view.face_up is not None:
        text += SEP + t.gettext("face up {card} (drawn last)").format(card=view.face_up.pretty)
    return text


def hand(view: SvolotaView, t: Translator) -> str:
    return t.gettext("Your hand: {cards}").format(cards=cards_text(view.hand) or "—")


def move_label(move: Move, t: Translator) -> str:
    if isinstance(move, Play):
        return cards_text(move.cards)
    if isinstance(move, Joker):
        return t.gettext("joker (discard the pile, the next player leads)")
    return t.gettext("pass")


def options(moves: Sequence[Move], t: Translator) -> list[str]:
    lines = [t.gettext("Your moves:")]
    lines.extend(f"  {i}. {move_label(m, t)}" for i, m in enumerate(moves, 1))
    return lines


def prompt(count: int, t: Translator) -> str:
    if count == 1:
        return t.gettext("Your move (1, a move, help or quit): ")
    return t.gettext("Your move (1–{last}, a move, help or quit): ").format(last=count)


def events(happened: Sequence[Event], me: str, t: Translator, drawn: Sequence[Card] = ()) -> list[str]:
    """One line per thing that happened; a play and the draw after it share a line (a change of
    direction between them follows it). `drawn`: the cards `me` drew, which only `me` may see."""
    lines: list[str] = []
    rest = list(happened)
    while rest:
        event = rest.pop(0)
        if isinstance(event, Played):
            between = list(itertools.takewhile(lambda e: isinstance(e, DirectionChanged), rest))
            after = rest[len(between)] if len(between) < len(rest) else None
            if isinstance(after, Drew) and after.player == event.player:
                lines.append(_played_and_drew(event, after, me, t, drawn))
                lines.extend(event_text(e, me, t) for e in between)
                del rest[: len(between) + 1]
                continue
        lines.append(event_text(event, me, t, drawn))
    return lines


def _played_and_drew(played: Played, drew: Drew, me: str, t: Translator, drawn: Sequence[Card]) -> str:
    cards = cards_text(played.cards)
    if played.player == me:
        text = t.ngettext(
            "You play {cards} and draw {count} card", "You play {cards} and draw {count} cards", drew.count
        ).format(cards=cards, count=drew.count)
        return text + _drawn_cards(drawn)
    return t.ngettext(
        "{player} plays {cards} and draws {count} card",
        "{player} plays {cards} and draws {count} cards",
        drew.count,
    ).format(player=played.player, cards=cards, count=drew.count)


def _drawn_cards(drawn: Sequence[Card]) -> str:
    return f": {cards_text(drawn)}" if drawn else ""


def event_text(event: Event, me: str, t: Translator, drawn: Sequence[Card] = ()) -> str:
    mine = getattr(event, "player", None) == me
    if isinstance(event, Played):
        if mine:
            return t.gettext("You play {cards}").format(cards=cards_text(event.cards))
        return t.gettext("{player} plays {cards}").format(player=event.player, cards=cards_text(event.cards))
    if isinstance(event, JokerPlayed):
        if mine:
            return t.gettext("You play a joker: the pile is discarded")
        return t.gettext("{player} plays a joker: the pile is discarded").format(player=event.player)
    if isinstance(event, Passed):
        return t.gettext("You pass") if mine else t.gettext("{player} passes").format(player=event.player)
    if isinstance(event, DirectionChanged):
        return t.gettext("The pile now goes up ↑") if event.up else t.gettext("The pile now goes down ↓")
    if isinstance(event, Drew):
        if mine:
            text = t.ngettext("You draw {count} card", "You draw {count} cards", event.count)
            return text.format(count=event.count) + _drawn_cards(drawn)
        return t.ngettext("{player} draws {count} card", "{player} draws {count} cards", event.count).format(
            player=event.player, count=event.count
        )
    if isinstance(event, PileClosed):
        if event.leader == me:
            return t.gettext("Everyone passed: the pile is discarded and you lead")
        return t.gettext("Everyone passed: the pile is discarded and {player} leads").format(player=event.leader)
    if isinstance(event, Leads):
        if mine:
            return t.gettext("You lead a new pile")
        return t.gettext("{player} leads a new pile").format(player=event.player)
    if isinstance(event, Won):
        if mine:
            return t.gettext("You have no cards left and win!")
        return t.gettext("{player} has no cards left and wins").format(player=event.player)
    return str(event)


def result(players: Sequence[str], scores: Sequence[int], winner: int | None, me: str, t: Translator) -> list[str]:
    """The winner, then everyone's cards left, fewest first."""
    if winner is None:
        head = t.gettext("Game over: no winner")
    elif players[winner] == me:
        head = t.gettext("Game over: you win!")
    else:
        head = t.gettext("Game over: {player} wins").format(player=players[winner])
    ranking = sorted(range(len(players)), key=lambda s: (scores[s], s))
    left = SEP.join(f"{players[s]} {scores[s]}" for s in ranking)
    return [head, t.gettext("Cards left: {list}").format(list=left)]


def intro(players: Sequence[str], seed: int, difficulty: str, t: Translator) -> list[str]:
    level = {
        "easy": t.pgettext("difficulty", "easy"),
        "normal": t.pgettext("difficulty", "normal"),
        "hard": t.pgettext("difficulty", "hard"),
    }.get(difficulty, difficulty)
    head = t.ngettext(
        "Svolota · {count} player · difficulty: {level} · seed {seed}",
        "Svolota · {count} players · difficulty: {level} · seed {seed}",
        len(players),
    ).format(count=len(players), level=level, seed=seed)
    return [head, t.gettext("Type a move's number or the move itself (8h 8c, pass, joker); help; quit.")]


def help_text(t: Translator) -> list[str]:
    return [
        t.gettext(
            "Beat the pile: at least as many cards as the last play, of a higher rank (lower when the"
            " pile goes down ↓), the first card of the other colour than the top one; several cards of"
            " one rank alternate colours."
        ),
        t.gettext(
            "An Ace turns the pile down, a 2 turns it up again. A joker, laid alone at any time,"
            " discards the pile and the next player leads. Can't beat? Pass."
        ),
        t.gettext(
            "After a play you draw as many cards from the reserve. When nobody beats your play the"
            " pile is discarded and you lead. The first to empty their hand wins."
        ),
        t.gettext("Type a number from the list, or a move: 8h 8c (or play 8H 8C), pass, joker. quit leaves."),
    ]


def hint(count: int, t: Translator) -> str:
    return t.gettext("Type a number from 1 to {last}, a move such as 8h, help, or quit.").format(last=count)


def no_such_number(number: str, count: int, t: Translator) -> str:
    if count == 1:
        return t.gettext("There is no move {number}: you have one move, 1.").format(number=number)
    return t.gettext("There is no move {number}: choose from 1 to {last}.").format(number=number, last=count)
