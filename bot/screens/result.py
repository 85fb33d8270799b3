"""The end of a game: who won, everyone's score, and the rematch button."""

from __future__ import annotations

from bot.i18n import Translator
from bot.screens.buttons import button
from bot.screens.model import Screen
from bot.screens.words import game_name, seat_name
from bot.tables import Table


def result_screen(table: Table, winner: int | None, high: bool, t: Translator) -> Screen:
    scores = table.result or []
    order = sorted(range(len(scores)), key=lambda i: -scores[i] if high else scores[i])
    lines = [t.gettext("🏁 {game} is over.").format(game=game_name(table.game, t))]
    if winner is None:
        lines.append(t.gettext("It's a draw."))
    else:
        lines.append(t.gettext("🏆 {name} wins!").format(name=table.seats[winner].name))
    lines += [f"{n}. {seat_name(table.seats[i], t)} — {_score(scores[i], high, t)}" for n, i in enumerate(order, 1)]
    buttons = () if table.rematch is not None else ((button(t, "🔁 Rematch", table, "rematch"),),)
    return Screen(table.id, "\n".join(lines), buttons, final=table.rematch is not None)


def _score(score: int, high: bool, t: Translator) -> str:
    if high:
        text = t.ngettext("{count} point", "{count} points", abs(score))
    else:
        text = t.ngettext("{count} card left", "{count} cards left", abs(score))
    return text.format(count=score)
