"""A person's rating chart (bot/ui/rating_chart.py): the picture /stats attaches, described from
rating points (a page's `PlayerHistory`, or the store's points of one scope) in the reader's
words; and /stats through the service: the chart of the scope shown, from two points on, its
look the chat's."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.commands import Stats
from bot.history import GameTotals, PlayerHistory, RatingPoint
from bot.i18n import translator
from bot.people import Actor, PersonRef
from bot.ratings import GLOBAL, chat_scope
from bot.settings import ServiceConfig
from bot.ui.picture import RatingChart
from bot.ui.rating_chart import rating_chart
from bot.ui.screen import TEXT, Screen
from tests.bot.harness import ANN, BOB, CHAT, CY, Harness, person
from tests.bot.test_leaderboard import OTHER, svolota

DAY = 86_400
PERSON = PersonRef("test", "ann")


def at(year: int, month: int, day: int) -> float:
    return datetime(year, month, day, 12, tzinfo=UTC).timestamp()


def totals(game: str, points: list[tuple[float, int]]) -> GameTotals:
    history = tuple(RatingPoint(when, i + 1, rating) for i, (when, rating) in enumerate(points))
    rating = history[-1].rating if history else None
    return GameTotals(game, len(history), 0, 0, rating, 0, history)


# Ann's page: Speed from late October into December, Svolota twice in November, Racing Demon never rated.
HISTORY = PlayerHistory(
    PERSON,
    "Ann",
    (
        totals("racing_demon", []),
        totals("speed", [(at(2026, 10, 28), 1004), (at(2026, 11, 9), 1011), (at(2026, 12, 2), 998)]),
        totals("svolota", [(at(2026, 11, 3), 990), (at(2026, 11, 20), 1012)]),
    ),
    (),
    (),
    (),
)


def points_of(history: PlayerHistory) -> dict[str, tuple[RatingPoint, ...]]:
    return {g.game: g.history for g in history.games}


def test_the_chart_of_a_player_s_history_has_a_line_a_rated_game_in_the_bot_s_order():
    chart = rating_chart("Ann", points_of(HISTORY), translator("en"))
    assert chart is not None and chart.title == "Ann"
    assert [line.name for line in chart.lines] == ["Svolota", "Speed"]  # Racing Demon has no point
    assert [line.ink for line in chart.lines] == [0, 1]  # a game's place among the games: its ink everywhere
    speed = next(g for g in HISTORY.games if g.game == "speed")
    assert chart.lines[1].points == tuple((p.at, p.rating) for p in speed.history)
    assert not chart.rtl


def test_a_game_keeps_its_ink_when_it_is_the_only_one():
    chart = rating_chart("Ann", {"speed": points_of(HISTORY)["speed"]}, translator("en"))
    assert chart is not None and [line.ink for line in chart.lines] == [1]


def test_the_seasons_begun_within_the_history_are_marked_with_their_names():
    chart = rating_chart("Ann", points_of(HISTORY), translator("en"))
    assert chart is not None
    # October 28 to December 2: November's and December's starts (October began before the first point)
    assert [(m.at, m.name) for m in chart.seasons] == [
        (datetime(2026, 11, 1, tzinfo=UTC).timestamp(), "November 2026"),
        (datetime(2026, 12, 1, tzinfo=UTC).timestamp(), "December 2026"),
    ]
    quarters = rating_chart("Ann", points_of(HISTORY), translator("en"), season_months=3)
    assert quarters is not None and quarters.seasons == ()  # October to December is one quarter


def test_the_words_are_the_reader_s_and_a_right_to_left_language_is_marked():
    ru = rating_chart("Аня", points_of(HISTORY), translator("ru"))
    assert ru is not None
    assert [line.name for line in ru.lines] == [translator("ru").gettext("Svolota"), translator("ru").gettext("Speed")]
    assert ru.seasons[0].name == translator("ru").month(2026, 11) and "ноябрь" in ru.seasons[0].name
    assert (ru.first_day, ru.last_day) == (
        translator("ru").day(at(2026, 10, 28)),
        translator("ru").day(at(2026, 12, 2)),
    )
    fa = rating_chart("سارا", points_of(HISTORY), translator("fa"))
    assert fa is not None and fa.rtl


def test_fewer_than_two_points_in_all_make_no_chart():
    one = {"speed": points_of(HISTORY)["speed"][:1]}
    assert rating_chart("Ann", one, translator("en")) is None
    assert rating_chart("Ann", {}, translator("en")) is None
    two_games = {"speed": points_of(HISTORY)["speed"][:1], "svolota": points_of(HISTORY)["svolota"][:1]}
    assert rating_chart("Ann", two_games, translator("en")) is not None


def test_equal_points_make_equal_charts():
    """The chart is its picture's cache key: nothing in it may change between two /stats alone."""
    assert rating_chart("Ann", points_of(HISTORY), translator("en")) == rating_chart(
        "Ann", points_of(HISTORY), translator("en")
    )


# --- /stats through the service ---------------------------------------------------------------------


def stats(h: Harness, actor: Actor, everywhere: bool = False) -> Screen:
    reply = h.run(h.service.handle(Stats(CHAT, actor, None, everywhere)))
    assert reply.ok and len(reply.screens) == 1
    return reply.screens[0]


def test_stats_attach_the_chart_of_the_chat_s_points_after_two_rated_games():
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB, CY)
    screen = stats(h, ANN)
    assert screen.picture is None  # one point: no history yet
    svolota(h, ANN, BOB, CY)
    screen = stats(h, ANN)
    chart = screen.picture
    assert isinstance(chart, RatingChart) and screen.look == "classic"
    points = h.run(h.store.rating_points(ANN.person, chat_scope(CHAT)))
    assert chart.lines[0].points == tuple((p.at, p.rating) for p in points["svolota"])
    assert len(chart.lines[0].points) == 2 and chart.title == "📊 Ann in this chat"  # (the name not isolated)
    assert stats(h, ANN).picture == chart  # asked again, nothing played: the same picture


def test_stats_here_chart_the_chat_s_points_and_everywhere_the_global_ones():
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB, CY)
    svolota(h, ANN, BOB, CY, chat=OTHER)
    assert stats(h, ANN).picture is None  # one game here
    everywhere = stats(h, ANN, everywhere=True).picture
    assert isinstance(everywhere, RatingChart)
    points = h.run(h.store.rating_points(ANN.person, GLOBAL))["svolota"]
    assert everywhere.lines[0].points == tuple((p.at, p.rating) for p in points) and len(points) == 2


def test_a_chat_whose_look_is_text_gets_the_chart_in_its_look():
    """The screen says the look; the adapters draw no picture for TEXT (adapters/pictures/screens.py)."""
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB, CY)
    svolota(h, ANN, BOB, CY)
    assert h.setting(person("Ann", admin=True), "look", "text").ok
    assert stats(h, ANN).look == TEXT
