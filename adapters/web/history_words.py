"""The player and group pages' words (issue #36): their headings and column names, in the reader's
language (bot.i18n; the catalog tests require adapters/web translated). Their refusals' words are
refusals.py's."""

from __future__ import annotations

from bot.i18n import Translator
from bot.ui.words import N_


def page_words(t: Translator) -> dict[str, str]:
    """The pages' fixed words, by name (the templates and pages.js read them)."""
    return {
        # TRANSLATORS: a player page's heading over their record in each game
        "games": t.gettext("Games"),
        # TRANSLATORS: a column: the game (Svolota, Speed, Racing Demon)
        "game": t.gettext("Game"),
        # TRANSLATORS: a column: a player's rating
        "rating": t.gettext("Rating"),
        # TRANSLATORS: a column: how many games a player played
        "played": t.gettext("Played"),
        # TRANSLATORS: a column: how many games a player won
        "wins": t.gettext("Wins"),
        # TRANSLATORS: a column: the most rated games a player won in a row
        "best_streak": t.gettext("Best streak"),
        # TRANSLATORS: a player page's heading over their rating charts
        "rating_over_time": t.gettext("Rating over time"),
        # TRANSLATORS: under a rating chart, the table of its points (the chart's text alternative)
        "rating_each_game": t.gettext("Rating after each game"),
        "achievements": t.gettext("Achievements"),
        "recent": t.gettext("Recent games"),
        # TRANSLATORS: a column: the day a game finished
        "date": t.gettext("Date"),
        # TRANSLATORS: a column: where a player finished a game (1 of 3)
        "place": t.gettext("Place"),
        # TRANSLATORS: a column: the others at the table
        "opponents": t.gettext("Opponents"),
        # TRANSLATORS: a column: the rating points a game gave or took
        "change": t.gettext("Rating change"),
        # TRANSLATORS: a player page's heading over their record against each frequent opponent
        "head_to_head": t.gettext("Head-to-head"),
        # TRANSLATORS: a column: one frequent opponent
        "opponent": t.gettext("Opponent"),
        # TRANSLATORS: a column: games the opponent placed better
        "losses": t.gettext("Losses"),
        # TRANSLATORS: a column: the latest shared games, won (✓), lost (✗) or even (=)
        "last_games": t.gettext("Last games"),
        # TRANSLATORS: the name shown for a person who asked the bot to forget them
        "former": t.gettext("a former player"),
        # TRANSLATORS: a group page's title
        "group": t.gettext("🏆 Top players here"),
        # TRANSLATORS: a group page's heading over its all-time leaderboards
        "all_time": t.gettext("All time"),
        # TRANSLATORS: the label of a group page's season picker
        "season": t.gettext("Season"),
        # TRANSLATORS: the button beside a group page's season picker
        "show": t.gettext("Show"),
        # TRANSLATORS: a column: a player in a leaderboard
        "player": t.gettext("Player"),
        # TRANSLATORS: a column: the places of a finished game's players
        "players": t.gettext("Players"),
        # TRANSLATORS: a column: a leaderboard's place (1, 2, 3 …)
        "rank": t.gettext("Rank"),
        # TRANSLATORS: a group page's heading over the players with the most games
        "most_active": t.gettext("Most active"),
        # TRANSLATORS: a group page's heading over its records (longest game, fastest win, best score)
        "records": t.gettext("Records"),
        # TRANSLATORS: a group page's heading over the chat's tournaments, open and finished
        "tournaments": t.gettext("Tournaments"),
        "winner": t.gettext("Winner"),
        "no_rated": t.gettext("No rated games yet."),
        "no_games": t.gettext("No games yet."),
        "not_rated": t.gettext("not rated yet"),
    }


RECORD_TITLES: dict[str, str] = {
    # TRANSLATORS: a group's record: the Svolota game with the most moves
    "longest_svolota": N_("Longest Svolota game"),
    # TRANSLATORS: a group's record: the Speed game won in the fewest seconds
    "fastest_speed": N_("Fastest Speed win"),
    # TRANSLATORS: a group's record: the best score in a round of Racing Demon
    "best_demon": N_("Biggest Racing Demon score"),
}


def record_value(kind: str, value: float, t: Translator) -> str:
    """A record's value in its unit: moves, seconds or points."""
    n = round(value)
    if kind == "fastest_speed":
        return t.seconds(n)
    if kind == "best_demon":
        return t.ngettext("{count} point", "{count} points", abs(n)).format(count=t.number(n))
    # TRANSLATORS: a count of moves in a game (a group's longest game)
    return t.ngettext("{count} move", "{count} moves", abs(n)).format(count=t.number(n))


def place_of(place: int, seats: int, t: Translator) -> str:
    # TRANSLATORS: where a player finished: "1 of 3"
    return t.gettext("{place} of {count}").format(place=t.number(place), count=t.number(seats))


def rated_games(first: int, last: int, count: int, t: Translator) -> str:
    """A rating chart's summary in words (its text alternative's first line)."""
    return t.ngettext(
        # TRANSLATORS: a rating chart's summary for screen readers; {count} is the number of rated games
        "Rating from {first} to {last} in {count} rated game",
        "Rating from {first} to {last} in {count} rated games",
        count,
    ).format(first=t.number(first), last=t.number(last), count=t.number(count))
