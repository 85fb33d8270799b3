"""A table as screens: the public one for the chat, and a private panel per seated person."""

from __future__ import annotations

from dataclasses import replace

from bot.games import game_info
from bot.i18n import LATIN_RANKS, Translator, translator
from bot.running import game_of
from bot.tables import Status, Table
from bot.ui.lobby import challenge_screen, closed_screen, lobby_screen
from bot.ui.result import result_panels, result_screen
from bot.ui.screen import TEXT, Button, Screen
from bot.ui.votes import with_votes


def table_screens(
    table: Table, lang: str, now: float, look: str = TEXT, live: bool = False, ranks: str = LATIN_RANKS
) -> list[Screen]:
    """Every screen of the table; `look` is how the chat wants cards shown (bot/ui/screen.py),
    `ranks` how its cards name the court cards (ChatSettings.ranks); `live`: a live table is served
    (ServiceConfig.live_table), which a playing table's board and panels offer."""
    return [replace(s, version=table.version, look=look) for s in _table_screens(table, lang, now, live, ranks)]


def stopped_screens(table: Table, lang: str) -> list[Screen]:
    """The board of a table set aside after repeated errors (drawn without its game, which may be
    what fails)."""
    t = translator(lang)
    text = t.gettext(
        "⚠ This game hit an error and was stopped (table {table}). "
        "Nothing is lost: an operator can look at it and restart it."
    )
    return [Screen(table.id, text.format(table=table.id), version=table.version)]


def _table_screens(table: Table, lang: str, now: float, live: bool, ranks: str) -> list[Screen]:
    t = translator(lang, ranks)
    if table.stopped is not None:
        return stopped_screens(table, lang)
    match table.status:
        case Status.LOBBY:
            return [with_votes(lobby_screen(table, t, now), table, t, now)]
        case Status.CHALLENGE:
            return [challenge_screen(table, t)]
        case Status.CANCELLED | Status.EXPIRED:  # (a game cancelled while played: its turn alert goes)
            return [closed_screen(table, t), *game_info(table.game).ended(table)]
    info, game = game_info(table.game), game_of(table)
    if table.status is Status.FINISHED:
        public = result_screen(table, game.winner_seat, info.higher_wins(game.options), t)
        return [public, *info.ended(table), *result_panels(table, public)]
    public = info.board(table, game, t, now)
    alerts = info.alerts(table, game, t, now)  # a turn alert (Svolota's), drawn with the board
    panels = [
        p
        for seat, s in enumerate(table.seats)
        if s.person is not None
        for p in panel_screens(table, seat, s.lang or lang, live=live, ranks=ranks)
    ]
    public = with_votes(public, table, t, now)
    return [with_live(public, t) if live else public, *alerts, *panels]


def panel_screens(
    table: Table, seat: int, lang: str, look: str = TEXT, live: bool = False, ranks: str = LATIN_RANKS
) -> list[Screen]:
    t = translator(lang, ranks)
    panel = game_info(table.game).panel(table, game_of(table), seat, t)
    return [replace(with_live(panel, t) if live else panel, version=table.version, look=look)]


def with_live(screen: Screen, t: Translator) -> Screen:
    """The screen with a last row that opens its table's live table (adapters turn it into their
    platform's kind of button, or leave it out)."""
    return replace(screen, buttons=(*screen.buttons, (Button(t.gettext("🃏 Live table"), live=screen.table_id),)))
