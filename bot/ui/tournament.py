"""A tournament's screens in its chat (issue #38): its board (what it is, who is in, Join and
Leave while sign-up runs, the admins' commands), each round's announcement (who plays whom, each
table's live link, the people named so they are notified), the standings after each round, and
the final result; the standings and the final result carry the standings' picture (or the bracket).

A tournament's screens name it by its id negated (`screen_id`): they are no table's, and the chat
layer keeps their messages apart (adapters/sql/chat_rows.py). Each has a slot of its own, so the
board is edited in place, each round's announcement and standings are a message each, and drawing
one again (after a restart) edits it rather than posting it twice."""

from __future__ import annotations

import math

from bot.bidi import inside, isolated
from bot.i18n import Translator
from bot.standings import TIEBREAKS, standings
from bot.tokens import NO_TABLE, Token
from bot.tournament import Entrant, Format, Out, Round, Stage, Tournament
from bot.ui.screen import TEXT, Button, Countdown, Mention, Screen
from bot.ui.tournament_picture import standings_picture
from bot.ui.words import FORMER, N_, compose, game_name

BOARD = "tournament"
FINAL = "final"
CANCELLED = "cancelled"

FORMATS = {
    Format.SWISS: N_("Swiss"),
    Format.ELIMINATION: N_("single elimination"),
    Format.POINTS: N_("points"),
}
TIEBREAK_WORDS = {
    "buchholz": N_("Buchholz"),
    "sonneborn_berger": N_("Sonneborn-Berger"),
    "opponents": N_("opponents' points"),
}
ADMIN_HINT = N_("Admins: /tournament start · pause · resume · disqualify NAME · replace NAME · cancel")


def screen_id(t: Tournament) -> int:
    return -t.id


def round_slot(number: int) -> str:
    return f"round{number}"


def standings_slot(number: int) -> str:
    return f"after{number}"


def title(t: Tournament, tr: Translator) -> str:
    return "🏆 " + isolated(t.name) if t.name else "🏆 " + game_name(t.game, tr)


def press_token(t: Tournament, action: str) -> str:
    """The token of a board's button: "j" joins, "l" leaves (bot/tournaments.py)."""
    return Token(NO_TABLE, 0, "tournament", f"{action}{t.id}").encode()


def shown_name(e: Entrant, tr: Translator) -> str:
    """An entrant's name in a text: isolated, a computer's marked 🤖, a forgotten person's "a former
    player"."""
    if e.forgotten:
        return tr.gettext(FORMER)
    return ("🤖 " if e.computer else "") + isolated(e.name)


def _entrant(t: Tournament, i: int, tr: Translator) -> str:
    e = t.entrants[i]
    name = shown_name(e, tr)
    if e.out is Out.DISQUALIFIED:
        return name + " " + tr.gettext("(disqualified)")
    if e.out is Out.LEFT:
        return name + " " + tr.gettext("(left)")
    if e.out is Out.ELIMINATED:
        return name + " ✗"
    return name


def board(t: Tournament, tr: Translator, now: float) -> Screen:
    lines = [title(t, tr)]
    what = tr.gettext(FORMATS[t.format])
    if t.format is not Format.ELIMINATION and t.rounds_planned:
        rounds = tr.ngettext("{count} round", "{count} rounds", t.rounds_planned).format(count=t.rounds_planned)
        what += ", " + rounds
    lines.append(game_name(t.game, tr) + " · " + what)
    if t.round_seconds:
        lines.append(tr.gettext("⏱ Each round: {limit}").format(limit=tr.minutes(max(1, t.round_seconds // 60))))
    marks: list[Countdown | Mention] = []
    if t.stage is Stage.SIGNUP and t.paused:
        lines.append(tr.gettext("⏸ Paused by an admin"))
    elif t.stage is Stage.SIGNUP and t.signup_until:
        left = tr.minutes(max(1, math.ceil((t.signup_until - now) / 60)))
        line, spans = compose(tr.gettext("⏳ Sign-up closes in {left}"), left=left)
        start = len("\n".join(lines)) + 1
        marks.append(Countdown(start + spans["left"][0], start + spans["left"][1], t.signup_until))
        lines.append(line)
    elif t.stage is Stage.SIGNUP:
        lines.append(tr.gettext("⏳ Sign-up is open until an admin starts the tournament"))
    elif t.stage is Stage.RUNNING:
        number = t.current.number if t.current else 0
        lines.append(tr.gettext("▶ Round {number}").format(number=number))
        if t.paused:
            lines.append(tr.gettext("⏸ Paused by an admin"))
    elif t.stage is Stage.FINISHED:
        lines.append(tr.gettext("🏁 Finished"))
    else:
        lines.append(tr.gettext("✖ Cancelled"))
    count = len(t.entrants)
    if t.max_entrants:
        head = tr.gettext("Entrants ({count} of {most}):").format(count=count, most=t.max_entrants)
    else:
        head = tr.gettext("Entrants ({count}):").format(count=count)
    names = ", ".join(_entrant(t, i, tr) for i in range(count)) or "—"
    lines.append(head + " " + names)
    if t.computers and t.stage is Stage.SIGNUP:
        lines.append(tr.gettext("🤖 Computers fill the empty seats when sign-up closes."))
    buttons: tuple[tuple[Button, ...], ...] = ()
    if t.stage is Stage.SIGNUP:
        lines.append(tr.gettext(ADMIN_HINT))
        join, leave = press_token(t, "j"), press_token(t, "l")
        buttons = ((Button(tr.gettext("✋ Join"), join), Button(tr.gettext("Leave"), leave)),)
    elif t.stage is Stage.RUNNING:
        lines.append(tr.gettext(ADMIN_HINT))
    return Screen(
        screen_id(t),
        "\n".join(lines),
        buttons,
        slot=BOARD,
        final=not t.stage.open,
        version=t.version,
        marks=tuple(marks),
    )


def round_screen(t: Tournament, r: Round, tr: Translator) -> Screen:
    """Who plays whom, people named (their mention notifies them); a live link to each table."""
    text = title(t, tr) + " — " + tr.gettext("round {number}").format(number=r.number)
    if r.due:
        text += " · " + tr.gettext("⏱ Each round: {limit}").format(limit=tr.minutes(max(1, t.round_seconds // 60)))
    marks: list[Countdown | Mention] = []
    buttons: list[tuple[Button, ...]] = []
    for k, m in enumerate(r.matches, 1):
        text += f"\n{k}. "
        for seat, i in enumerate(m.entrants):
            if seat:
                text += " — "
            e = t.entrants[i]
            shown = shown_name(e, tr)
            if e.person is not None:
                at = len(text) + (2 if e.computer else 0)
                marks.append(Mention(*inside((at, at + len(isolated(e.name)))), e.person))
            text += shown
        if m.bye:
            text += " · " + tr.gettext("bye (a win)")
        elif m.table_id is not None:
            label = tr.gettext("Table {number}").format(number=k)
            buttons.append((Button("👁 " + label, live=m.table_id),))
    return Screen(screen_id(t), text, tuple(buttons), slot=round_slot(r.number), version=t.version, marks=tuple(marks))


def standings_text(t: Tournament, tr: Translator, limit: int = 20) -> str:
    rows = standings(t)
    lines = []
    for row in rows[:limit]:
        points = tr.number(row.points)
        line = f"{row.place}. {_entrant(t, row.entrant, tr)} — " + tr.gettext("{points} pts").format(points=points)
        breaks = [
            f"{tr.gettext(TIEBREAK_WORDS[name])} {tr.number(value)}"
            for name, value in zip(TIEBREAKS[t.format], row.tiebreaks, strict=False)
            if name in TIEBREAK_WORDS
        ]
        if breaks:
            line += " (" + ", ".join(breaks) + ")"
        lines.append(line)
    if len(rows) > limit:
        lines.append("…")
    return "\n".join(lines)


def standings_screen(t: Tournament, number: int, tr: Translator, look: str = TEXT) -> Screen:
    """The standings after a round, with their picture (the table, or the bracket) where the chat's
    look is a deck (bot/ui/tournament_picture.py)."""
    head = title(t, tr) + " — " + tr.gettext("standings after round {number}").format(number=number)
    return Screen(
        screen_id(t),
        head + "\n" + standings_text(t, tr),
        slot=standings_slot(number),
        version=t.version,
        picture=standings_picture(t, standings(t), tr),
        look=look,
    )


def final_screen(t: Tournament, winner: int | None, tr: Translator, look: str = TEXT) -> Screen:
    text = title(t, tr) + " — " + tr.gettext("🏁 the tournament is over")
    marks: tuple[Mention, ...] = ()
    if winner is not None:
        e = t.entrants[winner]
        line, spans = compose(
            tr.gettext("🥇 Winner: {name}"), name=tr.gettext(FORMER) if e.forgotten else isolated(e.name)
        )
        start = len(text) + 1
        if e.person is not None:
            marks = (Mention(start + spans["name"][0], start + spans["name"][1], e.person),)
        text += "\n" + line
    text += "\n" + standings_text(t, tr)
    picture = standings_picture(t, standings(t), tr)
    version = t.version
    return Screen(screen_id(t), text, slot=FINAL, final=True, version=version, marks=marks, picture=picture, look=look)


def cancelled_screen(t: Tournament, too_few: bool, tr: Translator) -> Screen:
    why = tr.gettext("✖ Cancelled: too few people signed up.") if too_few else tr.gettext("✖ Cancelled by an admin.")
    return Screen(screen_id(t), title(t, tr) + "\n" + why, slot=CANCELLED, final=True, version=t.version)


def usage(t: Translator) -> str:
    """How `/tournament` is written (bot/tournament_words.py), for a command that asked for nothing."""
    return t.gettext(
        "Create (chat admins): /tournament GAME [swiss|elimination|points] [rounds=N] [signup=MINUTES]"
        " [round=MINUTES] [computers] [max=N] [NAME]\n"
        "Run it: /tournament start · pause · resume · cancel · disqualify NAME · replace NAME"
    )
