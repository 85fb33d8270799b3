"""Svolota screens: the public board (no hands, only their sizes) and a player's private hand."""

from __future__ import annotations

from bot.bidi import inside, isolated
from bot.deadlines import Kind
from bot.games import GameInfo
from bot.i18n import Translator
from bot.tables import Table
from bot.ui.buttons import button, rows, token
from bot.ui.happened import move_line
from bot.ui.picture import EMPTY, SeatLine, SvolotaBoard
from bot.ui.screen import ALERT, ALERT_AGAIN, Alert, Button, Countdown, Mention, Screen
from bot.ui.svolota_model import model as svolota_model
from bot.ui.table_model import TableModel
from bot.ui.words import N_, compose, game_name, pretty_move, seat_label, seat_name
from core.games.svolota.game import Svolota
from core.games.svolota.view import SvolotaView

RECENT = 4  # moves listed under the board


def board(table: Table, game: Svolota, t: Translator, now: float) -> Screen:
    v = game.view(0)
    lines = [t.gettext("🎴 {game}").format(game=game_name("svolota", t)), *pile_lines(table, v, t), reserve_line(v, t)]
    for i, seat in enumerate(table.seats):
        mark = "▶" if i == v.turn else "  "
        passed = " " + t.gettext("(passed)") if i in v.passed else ""
        cards = t.ngettext("{count} card", "{count} cards", v.hand_sizes[i]).format(count=v.hand_sizes[i])
        lines.append(f"{mark} {seat_name(seat, t)} — {cards}{passed}")
    recent = [line for m in table.recent[-RECENT:] if (line := move_line(table, m, t))]
    if recent:
        lines.append("· " + "\n· ".join(recent))
    marks: tuple[Countdown, ...] = ()
    timer = turn_timer(table)
    if timer is not None:
        line, spans = compose(
            t.gettext("⏱ {name}, your move: {left}"),
            name=isolated(table.seats[v.turn].name),
            left=t.seconds(max(0, round(timer - now))),
        )
        start = len("\n".join(lines)) + 1
        marks = (Countdown(start + spans["left"][0], start + spans["left"][1], timer),)
        lines.append(line)
    buttons = (
        (
            Button(t.gettext("🂠 Choose cards"), inline_query=f"t{table.id}"),
            button(t, "My cards", table, "panel"),
        ),
    )
    return Screen(table.id, "\n".join(lines), buttons, marks=marks, picture=picture(table, v, t))


def pile_lines(table: Table, v: SvolotaView, t: Translator) -> list[str]:
    """The pile, which way it goes, who laid its last play, and what beats it, in words."""
    if not v.last_play:
        return [t.gettext("Pile: empty — {name} leads with any cards").format(name=isolated(table.seats[v.turn].name))]
    by = isolated(table.seats[v.last_player].name) if v.last_player is not None else ""
    cards = " ".join(t.card(c) for c in v.last_play)
    pile = (t.gettext("Pile ↑: {cards} (by {name})") if v.up else t.gettext("Pile ↓: {cards} (by {name})")).format(
        cards=cards, name=by
    )
    return [pile, to_beat(v, t)]


def to_beat(v: SvolotaView, t: Translator) -> str:
    """What beats the last play: as many cards or more, of one rank above it (below it going ↓),
    the first of the colour the pile's top card is not. Whole sentences, one per case, so that
    each language words them its own way."""
    n, red = len(v.last_play or ()), not (v.top is not None and v.top.red)
    if n == 1:
        return {
            (True, True): t.gettext("Beat it with a higher red card."),
            (True, False): t.gettext("Beat it with a higher black card."),
            (False, True): t.gettext("Beat it with a lower red card."),
            (False, False): t.gettext("Beat it with a lower black card."),
        }[v.up, red]
    if v.up:
        sentence = (
            t.ngettext(
                "Beat it with {count} or more higher cards of one rank, red first.",
                "Beat it with {count} or more higher cards of one rank, red first.",
                n,
            )
            if red
            else t.ngettext(
                "Beat it with {count} or more higher cards of one rank, black first.",
                "Beat it with {count} or more higher cards of one rank, black first.",
                n,
            )
        )
    else:
        sentence = (
            t.ngettext(
                "Beat it with {count} or more lower cards of one rank, red first.",
                "Beat it with {count} or more lower cards of one rank, red first.",
                n,
            )
            if red
            else t.ngettext(
                "Beat it with {count} or more lower cards of one rank, black first.",
                "Beat it with {count} or more lower cards of one rank, black first.",
                n,
            )
        )
    return sentence.format(count=n)


def reserve_line(v: SvolotaView, t: Translator) -> str:
    if v.face_up is None:
        return t.gettext("Reserve: empty")
    return t.gettext("Reserve: {count} · face up: {card}").format(count=v.reserve_size, card=t.card(v.face_up))


def turn_timer(table: Table) -> float | None:
    """When the turn timer plays for the person to act (UNIX time), if it runs."""
    return next((d.due for d in table.deadlines if d.kind == Kind.TURN), None)


def turn_alert(table: Table, game: Svolota, t: Translator, now: float) -> Screen | None:
    """The turn alert: a short message naming the person whose turn it is, so that they are
    notified (edits of the board notify no one). None when a computer is to act (a seat of the
    computers', or a person's with a computer standing in). The same person keeping the turn
    (it comes back to them within ALERT_AGAIN seconds of their own move, the others having moved
    quickly) keeps the alert they have: `Alert.anew` is False."""
    seat = game.turn
    if seat is None or game.over:
        return None
    player = table.seats[seat]
    if player.person is None or player.stand_in:
        return None
    since = table.recent[-1].at if table.recent else table.created_at
    own = next((m.at for m in reversed(table.recent) if m.seat == seat), None)
    anew = own is None or since - own > ALERT_AGAIN
    deadline = turn_timer(table)
    if deadline is None:
        text, spans = compose(t.gettext("🔔 {name}, your move"), name=isolated(player.name))
        marks: tuple[Mention | Countdown, ...] = ()
    else:
        seconds = t.seconds(max(0, round(deadline - now)))
        text, spans = compose(t.gettext("🔔 {name}, your move · {left}"), name=isolated(player.name), left=seconds)
        marks = (Countdown(*spans["left"], deadline),)
    marks = (Mention(*inside(spans["name"]), player.person), *marks)
    alert = Alert(seat, player.person, since, deadline, anew)
    return Screen(table.id, text, slot=ALERT, marks=marks, alert=alert)


def alert_gone(table: Table) -> Screen:
    """The table's turn alert is to be deleted (the game is over, or no person is to act)."""
    return Screen(table.id, "", slot=ALERT, final=True)


def hand_panel(table: Table, game: Svolota, seat: int, t: Translator) -> Screen:
    """Enough to play from: your cards, the pile and what beats it, every player's card count,
    the reserve; and your moves as buttons."""
    v = game.view(seat)
    counts = " · ".join(
        ("▶" if i == v.turn else "")
        + f"{seat_name(s, t)} {v.hand_sizes[i]}"
        + (" " + t.gettext("(passed)") if i in v.passed else "")
        for i, s in enumerate(table.seats)
    )
    lines = [
        t.gettext("Your cards: {cards}").format(cards=" ".join(t.card(c) for c in v.hand) or "—"),
        *pile_lines(table, v, t),
        t.gettext("Cards in hand: {counts}").format(counts=counts),
        reserve_line(v, t),
    ]
    moves = game.moves(str(seat))
    if moves:
        lines.append(t.gettext("Your move:"))
    else:
        lines.append(t.gettext("Waiting for {name}.").format(name=isolated(table.seats[v.turn].name)))
    buttons = [Button(_label(m, t), token(table, "move", m)) for m in moves]
    leave = (button(t, "🚪 Leave the game", table, "leave"),)
    return Screen(
        table.id,
        "\n".join(lines),
        (*rows(buttons), leave),
        audience=table.seats[seat].person,
        slot="panel",
        picture=picture(table, v, t, hand=True),
    )


def picture(table: Table, v: SvolotaView, t: Translator, hand: bool = False) -> SvolotaBoard:
    """The board as a picture (with the viewer's hand on their panel)."""
    seats = tuple(
        SeatLine(seat_label(s, t), v.hand_sizes[i], turn=i == v.turn, passed=i in v.passed)
        for i, s in enumerate(table.seats)
    )
    follow = None if v.top is None or not v.last_play else ("black" if v.top.red else "red")
    return SvolotaBoard(
        last_play=tuple(c.text for c in v.last_play or ()),
        up=v.up,
        follow=follow,
        seats=seats,
        reserve=v.reserve_size,
        face_up=v.face_up.text if v.face_up else EMPTY,
        hand=tuple(c.text for c in v.hand) if hand else None,
        court=t.court,
    )


def _label(move: str, t: Translator) -> str:
    """A button: the cards to lay, or what to do, in the imperative."""
    if move == "pass":
        return t.gettext("Pass")
    if move == "joker":
        return t.gettext("🃏 Play the joker")
    return pretty_move(move, t)


def alerts(table: Table, game: Svolota, t: Translator, now: float) -> list[Screen]:
    alert = turn_alert(table, game, t, now)
    return [] if alert is None else [alert]


def ended(table: Table) -> list[Screen]:
    """At the end (or a game cancelled while played), its turn alert goes."""
    return [alert_gone(table)]


def table_model(table: Table, game: Svolota, seat: int | None, t: Translator, open: bool = False) -> TableModel:
    """The table as its cards lie, with the viewer's moves and the turn timer."""
    moves = [] if seat is None or open else game.moves(str(seat))
    return svolota_model(table, game, seat, t, moves, lambda m: _label(m, t), turn_timer(table), open=open)


GAME = GameInfo(
    id="svolota",
    name=N_("Svolota"),
    command="svolota",
    words=("сволота",),
    board=board,
    panel=hand_panel,
    alerts=alerts,
    ended=ended,
    what=N_("shed your cards first"),
    rules=(
        N_(
            "Cards go on one pile, red on black and black on red. Beat the last play with as many cards"
            " or more, of one rank, higher than its rank (lower when the pile goes ↓), starting with the"
            " other colour."
        ),
        N_("An Ace played going ↑ turns the pile ↓; a 2 played going ↓ turns it ↑ again."),
        N_(
            "A joker, alone, goes on any pile: the pile is cleared and the next player leads."
            " Pass only when you cannot beat; when everyone else has passed, the last to play leads a new pile."
        ),
        N_("After playing, draw as many cards as you played from the reserve while it lasts."),
    ),
    legend=(
        N_("Pile ↑: beat with higher cards; Pile ↓: with lower ones. ▶ whose turn it is."),
        N_("Reserve: the cards left to draw; face up: the card drawn last."),
    ),
    picks={"free_pass": (False, True)},
    model=table_model,
    label=lambda game, seat, move, t: _label(move, t),
)
