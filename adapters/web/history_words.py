"""The player and group pages' words (issue #36): their refusals, headings and column names, in the
reader's language (bot.i18n; the catalog tests require adapters/web translated), and the reader's
language itself, from the Accept-Language header."""

from __future__ import annotations

from bot.i18n import LANGUAGES, Translator, language_named, translator
from bot.ui.words import N_

# A refusal's code (the JSON's "error") and its sentence (English: the msgid).
REFUSALS: dict[str, str] = {
    # TRANSLATORS: a player or group page's link that does not check out (tampered, unknown, not a page)
    "not_found": N_("This link does not lead to a page: ask the bot for a new one in the chat."),
    # TRANSLATORS: a player or group page's link past its expiry
    "expired": N_("This link has expired: ask the bot for a new one in the chat."),
    # TRANSLATORS: the page of a person the bot no longer knows (they asked to be forgotten)
    "gone": N_("This player's page is gone."),
    # TRANSLATORS: a group page's public link after the group's admins made the page private
    "not_public": N_("This group's page is not public any more: ask the bot for a new link in the chat."),
    # TRANSLATORS: a group page asked for a season that is not written as a month; keep 2026-11 as it is
    "bad_season": N_("The season must be a month written like 2026-11."),
    "no_games": N_("No game has finished in this group yet."),
    # TRANSLATORS: a page asked for with anything but a plain read (a form posted to it)
    "method_not_allowed": N_("This address can only be read."),
    "unavailable": N_("The pages cannot be read right now: try again in a minute."),
    "internal": N_("Something went wrong on our side: try again later."),
}


def refusal(code: str, t: Translator) -> str:
    return t.gettext(REFUSALS[code])


def reader_language(header: str | None) -> str:
    """The language to answer in: the first of ours that Accept-Language names, by its q-values
    ("fa-IR,fa;q=0.9,en;q=0.8" -> "fa"); English when it names none. A malformed entry is skipped."""
    ranked: list[tuple[float, int, str]] = []
    for index, entry in enumerate((header or "").split(",")[:32]):  # (a header of thousands: the first 32)
        code, _, params = entry.strip().partition(";")
        weight = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                continue
        lang = language_named(code)
        if lang is not None and 0 < weight <= 1:
            ranked.append((-weight, index, lang))
    return min(ranked)[2] if ranked else "en"


def reader(header: str | None) -> Translator:
    lang = reader_language(header)
    return translator(lang if lang in LANGUAGES else "en")


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
