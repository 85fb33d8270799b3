"""The screens of issue #18's community side: the result's recap (key moments, achievements
earned), the leaderboard of a season or of all time, a person's stats with their achievements and
this season's rating, and a season's podium; in English, Russian and Ukrainian."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.achievements import ACHIEVEMENTS, BY_ID, Earned, award, awards
from bot.i18n import translator
from bot.ratings import Rating
from bot.recap import key_moments
from bot.tables import Table
from bot.ui import render
from bot.ui.picture import Podium, Standing
from bot.ui.ratings import (
    LEADERBOARD_SLOT,
    SEASON_SLOT,
    STATS_SLOT,
    leaderboard_screen,
    season_podium_screen,
    stats_screen,
)
from bot.ui.result import result_screen
from bot.ui.screen import Screen
from tests.bot.test_achievements import ANN, BOB, CY, GAMES, OUTS, PEOPLE, STREAK, Played, play
from tests.names import named

if TYPE_CHECKING:  # (test_screens_localised.py may take this file's run into its RUNS)
    from tests.bot.test_screens_localised import Looks

EN = translator("en")
HERE = "test:chat-1"
SEASON = "2026-11"
NAMES = ("Ann", "Bob", "Cy")


def rating(game: str, who: int, scope: str, mu: float, games: int, wins: int, **more: object) -> Rating:
    return Rating(game, scope, PEOPLE[who], NAMES[who], mu=mu, sigma=3.0, games=games, wins=wins, **more)  # type: ignore[arg-type]


SEASON_ROWS = [
    rating("svolota", 1, f"{HERE}@{SEASON}", 30.0, 4, 3),
    rating("svolota", 0, f"{HERE}@{SEASON}", 27.0, 5, 2),
    rating("svolota", 2, f"{HERE}@{SEASON}", 20.0, 3, 0),
]
LIFETIME_ROWS = [
    rating("svolota", 0, HERE, 28.0, 40, 15, best=0, trend=0.4),
    rating("racing_demon", 0, HERE, 25.0, 6, 2, best=31, practice_games=3, practice_wins=1),
]


def recapped(played: Played) -> Table:
    """The finished table as the service leaves it: its key moments and what it earned."""
    earned, _ = played.award(tallies={p: {GAMES: 9, STREAK: 2, OUTS: 4} for p in PEOPLE})
    return replace(played.table, moments=key_moments(played.table, played.log), earned=awards(played.table, earned))


NOV_3 = datetime(2026, 11, 3, 20, tzinfo=UTC).timestamp()


def earned_by(person: object, *ids: str) -> list[Earned]:
    return [Earned(person, a, 7, HERE, NOV_3 + i) for i, a in enumerate(ids)]  # type: ignore[arg-type]


# ----- the result's recap ---------------------------------------------------------------------


def test_the_result_tells_the_key_moments_and_the_achievements_earned():
    table = recapped(play("svolota", [ANN, BOB, CY], seed=7))  # Bob wins with a joker
    screen = result_screen(table, 1, False, EN)
    lines = screen.text.split("\n")
    moments = lines.index("Key moments:")
    assert lines[moments + 1 : moments + 5] == named(
        [
            "• Ann plays A♣ A♦ · the pile turns ↓",
            "• Bob plays A♠ · the pile turns ↓",
            "• Ann plays 8♠ 8♥ 8♣ 8♦",
            "• Bob plays a joker 🃏 · Cy leads a new pile",
        ]
    )
    assert named("🏅 Bob: 🥇 First win — Win a game.") in lines
    assert named("🏅 Bob: 🃏 Joker's wild — Win Svolota with a joker as your last card.") in lines
    assert named("🏅 Bob: 🎩 Hat trick — Win three games in a row.") in lines
    assert named("🏅 Ann: 🎲 Regular — Play 10 games.") in lines
    assert isinstance(screen.picture, Podium) and [s.place for s in screen.picture.standings] == [1, 2, 3]
    assert screen.buttons and "Rematch" in screen.buttons[0][0].label


def test_a_result_without_moments_or_achievements_reads_as_before():
    played = play("svolota", [ANN, BOB, CY], seed=7)
    text = result_screen(played.table, 1, False, EN).text
    assert "Key moments:" not in text and "🏅" not in text
    unknown = replace(played.table, earned=[*awards(played.table, []), *recapped(played).earned[:1]])
    unknown.earned.append(replace(unknown.earned[0], achievement="retired"))  # an id no longer defined
    assert result_screen(unknown, 1, False, EN).text.count("🏅") == 1


# ----- the leaderboard of a season, or of all time -------------------------------------------


def test_a_seasons_leaderboard_says_which_season_and_how_to_see_all_time():
    screen = leaderboard_screen([("svolota", SEASON_ROWS)], False, EN, SEASON)
    lines = screen.text.split("\n")
    assert lines[0] == "🏆 Top players here · November 2026"
    assert lines[2:6] == named(["Svolota:", "1. Bob — 1210 · 4 games · 3 wins", "2. Ann — 1180 · 5 games · 2 wins",
                                "3. Cy — 1110 · 3 games · 0 wins"])  # fmt: skip
    assert lines[-1] == "All time: /leaderboard all"
    assert (screen.table_id, screen.slot, screen.final) == (0, LEADERBOARD_SLOT, True)


def test_the_all_time_leaderboard_says_so_and_how_to_see_the_season():
    for season in (None, "all"):
        screen = leaderboard_screen([("svolota", LIFETIME_ROWS[:1])], True, EN, season)
        assert screen.text.split("\n")[0] == "🏆 Top players everywhere · all time"
        assert screen.text.split("\n")[-1] == "This season: /leaderboard"
    older = leaderboard_screen(
        [("svolota", [])], False, EN, "2026-09", commands=("/leaderboard", "/leaderboard alltime")
    )
    assert older.text.split("\n") == [
        "🏆 Top players here · September 2026", "", "Svolota:", "No rated games yet.", "",
        "All time: /leaderboard alltime",
    ]  # fmt: skip


# ----- a person's stats ----------------------------------------------------------------------


def test_stats_show_this_seasons_rating_beside_the_lifetime_one_and_the_achievements():
    earned = earned_by(ANN, "first_win", "big_round", "retired")
    screen = stats_screen(LIFETIME_ROWS, "Ann", False, ANN, EN, earned=earned, season_rows=SEASON_ROWS)
    lines = screen.text.split("\n")
    assert "Svolota: rating 1190 ▲4 · season November 2026: 1180" in lines
    assert "Racing Demon: rating 1160" in lines  # no season row: the lifetime one alone
    assert stats_screen(LIFETIME_ROWS, "Ann", False, ANN, EN, season_rows=SEASON_ROWS[1:2]).text.split("\n")[2] == (
        "Svolota: rating 1190 ▲4 · season November 2026: 1180"
    )
    assert lines[-3:] == [
        f"🏅 Achievements: 2 of {len(ACHIEVEMENTS)}", "🥇 First win · Nov 3, 2026", "💯 Big round · Nov 3, 2026",
    ]  # fmt: skip
    assert (screen.table_id, screen.slot, screen.final, screen.audience) == (0, STATS_SLOT, True, ANN)


def test_stats_without_achievements_or_a_season_read_as_before():
    before = stats_screen(LIFETIME_ROWS, "Ann", False, ANN, EN)
    assert "🏅" not in before.text and "season" not in before.text
    unplayed = replace(SEASON_ROWS[1], games=0, practice_games=2)  # practice this season: no season rating
    assert stats_screen(LIFETIME_ROWS, "Ann", False, ANN, EN, season_rows=[unplayed]).text == before.text
    nothing = stats_screen([], "Cy", True, CY, EN, earned=earned_by(CY, "regular"))
    assert nothing.text.split("\n") == named([
        "📊 Cy everywhere", "No games yet.", "", "🏅 Achievements: 1 of 12", "🎲 Regular · Nov 3, 2026",
    ])  # fmt: skip


# ----- a season's end ------------------------------------------------------------------------


def test_a_seasons_podium_shows_its_best_three():
    rows = [*SEASON_ROWS, rating("svolota", 0, f"{HERE}@{SEASON}", 10.0, 1, 0)]
    screen = season_podium_screen("svolota", rows, SEASON, EN)
    assert screen.text.split("\n") == named(
        [
            "🏁 Season November 2026 is over: Svolota",
            "🥇 Bob — 1210 · 4 games · 3 wins",
            "🥈 Ann — 1180 · 5 games · 2 wins",
            "🥉 Cy — 1110 · 3 games · 0 wins",
            "",
            "A new season has begun: its ratings start afresh.",
        ]
    )
    assert (screen.table_id, screen.slot, screen.final, screen.buttons) == (0, SEASON_SLOT, True, ())
    assert screen.picture == Podium(
        "Svolota · November 2026",
        (Standing(1, "Bob", "rating 1210"), Standing(2, "Ann", "rating 1180"), Standing(3, "Cy", "rating 1110")),
    )
    empty = season_podium_screen("speed", [], SEASON, EN)
    assert empty.text.split("\n") == ["🏁 Season November 2026 is over: Speed", "No rated games yet."]
    assert isinstance(empty.picture, Podium) and empty.picture.standings == ()


# ----- in every language ---------------------------------------------------------------------


def recaps_seasons_and_achievements(looks: Looks) -> None:
    """Every screen above in English, Russian and Ukrainian (a run for
    tests/bot/test_screens_localised.py's RUNS)."""
    commands = ("/leaderboard", "/leaderboard all")
    for played in (
        play("svolota", [ANN, BOB, CY, None, None], seed=14),
        play("svolota", [ANN, BOB, CY], seed=7),
        play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,), target=25),
        play("racing_demon", [ANN, BOB, CY], seed=11),
    ):
        table = recapped(played)
        looks.check(table, lambda lang, t=table: render.table_screens(t, lang, 0.0))
    everyone = {p: set() for p in PEOPLE}
    for played in (play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,)), play("racing_demon", [ANN, None], seed=2)):
        earned, _ = award(played.table, played.result, played.log, everyone, {p: {GAMES: 99, OUTS: 4} for p in PEOPLE})
        table = replace(played.table, earned=awards(played.table, earned))
        looks.check(table, lambda lang, t=table: render.table_screens(t, lang, 0.0))
    for season in (SEASON, None):
        for everywhere in (False, True):

            def board(lang: str, s=season, e=everywhere) -> list[Screen]:
                return [leaderboard_screen([("svolota", SEASON_ROWS)], e, render.translator(lang), s)]

            looks.check(None, board, [*NAMES, *commands])
    all_earned = earned_by(ANN, *BY_ID)

    def stats(lang: str) -> list[Screen]:
        t = render.translator(lang)
        return [stats_screen(LIFETIME_ROWS, "Ann", False, ANN, t, earned=all_earned, season_rows=SEASON_ROWS)]

    looks.check(None, stats, NAMES)

    def podiums(lang: str) -> list[Screen]:
        t = render.translator(lang)
        return [season_podium_screen("svolota", SEASON_ROWS, SEASON, t), season_podium_screen("speed", [], SEASON, t)]

    looks.check(None, podiums, NAMES)
    looks.has_drawn(
        "Key moments:",
        "all time",
        "This season: {command}",
        "All time: {command}",
        "season {season}: {rating}",
        "🏅 Achievements: {count} of {total}",
        "🏁 Season {season} is over: {game}",
        "A new season has begun: its ratings start afresh.",
        *(a.title for a in ACHIEVEMENTS),
        *(a.description for a in ACHIEVEMENTS),
    )


def test_the_recap_and_rating_screens_read_in_every_language():
    from tests.bot.test_screens_localised import Looks

    looks = Looks()
    recaps_seasons_and_achievements(looks)
    assert looks.drawn >= 8
