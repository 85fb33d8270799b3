"""Ratings on a screen: a leaderboard for the chat (of a season, or of all time), a person's own
record with their achievements, and a season's podium when it ends.

None belongs to a table: their screens have table_id 0, are final (never edited), and sit in
their own slots ("leaderboard", "stats", "season"). A rating reads as `round(1000 + 10 * ordinal)`
(bot/ratings.py), its trend as the same points gained (▲) or lost (▼) in the latest rated game.
Seasons (bot/seasons.py) are named by their first month, "2026-11" (what people type), and shown
as that month in the reader's language ("November 2026", "ноябрь 2026 г.", "2026年11月").
Counts, shares and days are written as the language writes them (Translator.number and others).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import seasons
from bot.achievements import BY_ID, Earned
from bot.bidi import isolated
from bot.games import games
from bot.i18n import Translator
from bot.pages import ChatPage, PlayerPage
from bot.people import PersonRef
from bot.ratings import Rating, best_higher, shown_change
from bot.seasons import ALL_TIME
from bot.ui.picture import Podium, RatingChart, Standing
from bot.ui.screen import TEXT, Button, Screen
from bot.ui.words import game_name

NOT_A_TABLE = 0
LEADERBOARD_SLOT = "leaderboard"
STATS_SLOT = "stats"
SEASON_SLOT = "season"
# How to ask for the other board, by default: (this season's, all time's). An adapter whose
# command reads otherwise passes its own (`leaderboard_screen(..., commands=...)`).
COMMANDS = ("/leaderboard", "/leaderboard all")
PODIUM = 3  # places a season's end shows
MEDALS = ("🥇", "🥈", "🥉")


def leaderboard_screen(
    boards: Sequence[tuple[str, Sequence[Rating]]],
    everywhere: bool,
    t: Translator,
    season: str | None = None,
    *,
    commands: tuple[str, str] = COMMANDS,
    page: ChatPage | None = None,
) -> Screen:
    """The top rows of each game (best first, as the store gives them): one section a game; an
    empty game is left out unless it is the only one asked for. `season`: the season the rows
    are of ("2026-11"), or None (or "all") for all time; the title says which, and the last line
    how to ask for the other (`commands`: this season's, all time's). `page`: the page of the chat
    whose boards these are, for a button to it (bot/pages.py; None: everywhere's, no page)."""
    title = t.gettext("🏆 Top players everywhere") if everywhere else t.gettext("🏆 Top players here")
    all_time = season is None or season == ALL_TIME
    when = t.gettext("all time") if all_time else season_name(str(season), t)
    lines = [f"{title} · {when}"]
    for game, rows in boards:
        if not rows and len(boards) > 1:
            continue
        lines += ["", game_name(game, t) + ":"]
        lines += [
            f"{rank}. {isolated(r.name)} — {r.shown} · {_games(r.games, r.wins, t)}" for rank, r in enumerate(rows, 1)
        ]
        if not rows:
            lines.append(t.gettext("No rated games yet."))
    if len(lines) == 1:
        lines.append(t.gettext("No rated games yet."))
    other = t.gettext("This season: {command}") if all_time else t.gettext("All time: {command}")
    lines += ["", other.format(command=commands[0] if all_time else commands[1])]
    buttons = () if page is None else ((Button(t.gettext("🏆 The group's page"), page=page),),)
    return Screen(NOT_A_TABLE, "\n".join(lines), buttons, slot=LEADERBOARD_SLOT, final=True)


def stats_title(name: str, everywhere: bool, t: Translator) -> str:
    """A person's stats' title (and their chart's): whose (`name` as it is to be written: isolated
    in a message's text, as it is in a picture, whose lines are laid out by the renderer), and where."""
    title = t.gettext("📊 {name} everywhere") if everywhere else t.gettext("📊 {name} in this chat")
    return title.format(name=name)


def stats_screen(
    rows: Sequence[Rating],
    name: str | None,
    everywhere: bool,
    audience: PersonRef,
    t: Translator,
    earned: Sequence[Earned] = (),
    season_rows: Sequence[Rating] = (),
    own: bool = False,
    chart: RatingChart | None = None,
    look: str = TEXT,
) -> Screen:
    """A person's record per game: rating and trend (and this season's rating beside it, from
    `season_rows`: their rows of the same scope in the current season), games and wins, best
    score, practice; then the achievements they have earned (`earned`, oldest first). `own`: the
    record is the asker's (`audience`), who gets a button to their own page (bot/pages.py: a
    person's page is handed to them alone). `chart`: their rating history in the same scope
    (bot/ui/rating_chart.py), the screen's picture where `look` (the chat's) has pictures."""
    this_season = {(r.game, r.person): r for r in season_rows if r.games}
    lines = []
    if name:
        lines.append(stats_title(isolated(name), everywhere, t))
    order = games()
    for r in sorted(rows, key=lambda r: (order.index(r.game) if r.game in order else len(order), r.game)):
        lines.append("")
        if r.games:
            line = f"{game_name(r.game, t)}: " + t.gettext("rating {rating}").format(rating=r.shown) + _trend(r)
            now = this_season.get((r.game, r.person))
            if now is not None:
                line += " · " + t.gettext("season {season}: {rating}").format(
                    season=season_name(_season_of(now.scope), t), rating=now.shown
                )
            lines.append(line)
            record = _games(r.games, r.wins, t) + " · " + t.percent(r.wins / r.games)
            if r.best is not None:
                record += " · " + t.gettext("best: {score}").format(score=_score(r.game, r.best, t))
            lines.append(record)
        else:
            lines.append(f"{game_name(r.game, t)}: " + t.gettext("not rated yet"))
        if r.practice_games:
            lines.append(
                t.gettext("practice: {games} · {wins}").format(
                    games=_count_games(r.practice_games, t), wins=_count_wins(r.practice_wins, t)
                )
            )
    if not rows:
        lines.append(t.gettext("No games yet."))
    known = [(e, BY_ID[e.achievement]) for e in earned if e.achievement in BY_ID]
    if known:
        lines += ["", t.gettext("🏅 Achievements: {count} of {total}").format(count=len(known), total=len(BY_ID))]
        lines += [f"{a.emoji} {t.gettext(a.title)} · {t.day(e.at)}" for e, a in known]
    page = ((Button(t.gettext("📈 My page"), page=PlayerPage(audience)),),) if own else ()
    text = "\n".join(lines).strip("\n")
    return Screen(NOT_A_TABLE, text, page, audience=audience, slot=STATS_SLOT, final=True, picture=chart, look=look)


def public_page_screen(page: ChatPage, t: Translator) -> Screen:
    """The chat's page made public: its lasting link, for the admins to share."""
    text = t.gettext(
        "🌐 The group's page is public: anyone with this link can see it, until an admin makes it private"
        " again in {command}."
    ).format(command="/settings")
    return Screen(NOT_A_TABLE, text, ((Button(t.gettext("🏆 The group's page"), page=page),),), final=True)


def my_page_screen(person: PersonRef, t: Translator) -> Screen:
    """A person's own page, handed to them alone (a private chat: Telegram's `/start me`)."""
    text = t.gettext("📈 Your page: your ratings over time, your games and how you fare against your rivals.")
    button = Button(t.gettext("📈 My page"), page=PlayerPage(person))
    return Screen(NOT_A_TABLE, text, ((button,),), audience=person, slot=STATS_SLOT, final=True)


def season_podium_screen(game: str, rows: Sequence[Rating], season: str, t: Translator) -> Screen:
    """A season's end in a chat, for one game: its best players (`rows`, best first, as the
    leaderboard gives them), the first three on a podium."""
    top = list(rows[:PODIUM])
    lines = [
        t.gettext("🏁 Season {season} is over: {game}").format(season=season_name(season, t), game=game_name(game, t))
    ]
    lines += [
        f"{MEDALS[place]} {isolated(r.name)} — {r.shown} · {_games(r.games, r.wins, t)}" for place, r in enumerate(top)
    ]
    if not top:
        lines.append(t.gettext("No rated games yet."))
    else:
        lines += ["", t.gettext("A new season has begun: its ratings start afresh.")]
    podium = Podium(
        f"{game_name(game, t)} · {season_name(season, t)}",
        tuple(
            Standing(place, r.name, t.gettext("rating {rating}").format(rating=r.shown))
            for place, r in enumerate(top, 1)
        ),
    )
    return Screen(NOT_A_TABLE, "\n".join(lines), slot=SEASON_SLOT, final=True, picture=podium)


def season_name(season: str, t: Translator) -> str:
    """A season as people read it: its first month in their language ("2026-11" -> "November 2026")."""
    year, month = seasons.parts(season)
    return t.month(year, month)


def _season_of(scope: str) -> str:
    """The season of a rating scope ("tg:42@2026-11" -> "2026-11")."""
    return scope.rpartition("@")[2]


def _games(games: int, wins: int, t: Translator) -> str:
    return f"{_count_games(games, t)} · {_count_wins(wins, t)}"


def _count_games(n: int, t: Translator) -> str:
    return t.ngettext("{count} game", "{count} games", n).format(count=t.number(n))


def _count_wins(n: int, t: Translator) -> str:
    return t.ngettext("{count} win", "{count} wins", n).format(count=t.number(n))


def _trend(r: Rating) -> str:
    change = shown_change(r.trend)
    if change > 0:
        return f" ▲{change}"
    if change < 0:
        return f" ▼{-change}"
    return ""


def _score(game: str, score: int, t: Translator) -> str:
    if best_higher(game, False):
        text = t.ngettext("{count} point", "{count} points", abs(score))
    else:
        text = t.ngettext("{count} card left", "{count} cards left", abs(score))
    return text.format(count=t.number(score))
