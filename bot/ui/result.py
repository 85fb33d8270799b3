"""The end of a game: who won, the move that ended it, everyone's score and rating change, the
game's key moments (`table.moments`, bot/recap.py), the achievements it earned (`table.earned`,
bot/achievements.py), the rematch button and the replay's (a page: an adapter that serves none leaves
it out). Every seated person's private panel shows the same result, without buttons."""

from __future__ import annotations

from dataclasses import replace

from bot.achievements import BY_ID
from bot.bidi import isolated
from bot.i18n import Translator
from bot.pages import ReplayPage
from bot.tables import Table
from bot.ui.buttons import button
from bot.ui.happened import move_line
from bot.ui.picture import Podium, Standing
from bot.ui.screen import Button, Screen
from bot.ui.words import game_name, seat_label, seat_name


def result_screen(table: Table, winner: int | None, high: bool, t: Translator) -> Screen:
    scores = table.result or []
    changes = table.changes or [None] * len(scores)
    order = sorted(range(len(scores)), key=lambda i: -scores[i] if high else scores[i])
    lines = [t.gettext("🏁 {game} is over.").format(game=game_name(table.game, t))]
    if winner is None:
        lines.append(t.gettext("It's a draw."))
    else:
        lines.append(t.gettext("🏆 {name} wins!").format(name=isolated(table.seats[winner].name)))
    last = table.recent[-1] if table.recent else None
    said = move_line(table, last, t) if last is not None else None
    if last is not None and said:  # the move that ended it (in Racing Demon, not always the winner's)
        last_move = t.gettext("Winning move: {move}") if last.seat == winner else t.gettext("Last move: {move}")
        lines.append(last_move.format(move=said))
    lines += [
        f"{n}. {seat_name(table.seats[i], t)} — {score_words(scores[i], high, t)}{_change(changes[i])}"
        for n, i in enumerate(order, 1)
    ]
    moments = [line for m in table.moments if (line := move_line(table, m, t))]
    if moments:
        lines += ["", t.gettext("Key moments:"), *(f"• {line}" for line in moments)]
    earned = [(a.seat, BY_ID[a.achievement]) for a in table.earned if a.achievement in BY_ID]
    if earned:
        lines.append("")
        lines += [
            f"🏅 {isolated(table.seats[seat].name)}: {a.emoji} {t.gettext(a.title)} — {t.gettext(a.description)}"
            for seat, a in earned
        ]
    # (a tournament's match has no rematch: its next round is the tournament's)
    rematch = (
        ()
        if table.rematch is not None or table.tournament is not None
        else ((button(t, "🔁 Rematch", table, "rematch"),),)
    )
    # TRANSLATORS: the result board's button that opens the finished game's replay page
    watch = Button(t.gettext("▶ Watch the replay"), page=ReplayPage(table.id))
    buttons = (*rematch, (watch,))
    podium = Podium(
        game_name(table.game, t),
        tuple(
            Standing(n, seat_label(table.seats[i], t), score_words(scores[i], high, t), changes[i])
            for n, i in enumerate(order, 1)
        ),
    )
    return Screen(table.id, "\n".join(lines), buttons, final=table.rematch is not None, picture=podium)


def result_panels(table: Table, public: Screen) -> list[Screen]:
    """The result in every seated person's panel (it showed their moves until now)."""
    return [
        replace(public, buttons=(), audience=seat.person, slot="panel", final=True)
        for seat in table.seats
        if seat.person is not None
    ]


def _change(change: int | None) -> str:
    """A rating change as people read it: ▲ 12, ▼ 7, ± 0; nothing for an unrated seat."""
    if change is None:
        return ""
    return f" · ▲ {change}" if change > 0 else f" · ▼ {-change}" if change < 0 else " · ± 0"


def score_words(score: int, high: bool, t: Translator) -> str:
    if high:
        text = t.ngettext("{count} point", "{count} points", abs(score))
    else:
        text = t.ngettext("{count} card left", "{count} cards left", abs(score))
    return text.format(count=score)
