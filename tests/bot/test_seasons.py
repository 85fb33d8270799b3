"""Seasons: a calendar month (UTC) of ratings beside the lifetime ones; the leaderboard shows the
current season unless asked otherwise; at a season's start each chat that played gets its podium."""

from datetime import UTC, datetime

from bot import seasons
from bot.bidi import isolated
from bot.commands import Leaderboard
from bot.people import Actor
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.ui.screen import Screen
from tests.bot.harness import ANN, BOB, CHAT, CY, Harness


def at(year: int, month: int, day: int = 1, hour: int = 0) -> float:
    return datetime(year, month, day, hour, tzinfo=UTC).timestamp()


def move_to(h: Harness, when: float) -> None:
    h.clock.advance(when - h.clock.now())


def test_season_names_and_bounds():
    assert seasons.season_of(at(2026, 11, 30, 23)) == "2026-11"
    assert seasons.season_of(at(2026, 12, 1)) == "2026-12"
    assert seasons.season_of(at(2026, 12, 1) - 0.001) == "2026-11"
    assert seasons.previous("2026-01") == "2025-12"
    assert seasons.season_of(at(2026, 5, 9), months=3) == "2026-04" and seasons.previous("2026-04", 3) == "2026-01"
    assert seasons.named("2026-11") == "2026-11" and seasons.named("2026-13") is None
    assert seasons.named("2026-05", months=3) == "2026-04" and seasons.named("last") is None


def speed_won_by(h: Harness, winner: Actor, loser: Actor) -> int:
    """A Speed game between two people, played by their stand-ins (they idle) to its end."""
    t = h.open(winner, "speed").table_id
    h.press(loser, t, "Join")
    h.advance(4000, step=1)
    assert h.table(t).status is Status.FINISHED
    return t


def board(h: Harness, season: str | None = None) -> Screen:
    reply = h.run(h.service.handle(Leaderboard(CHAT, CY, "speed", season=season)))
    assert reply.ok
    return reply.screens[0]


def test_a_new_season_starts_from_scratch_and_old_ones_stay_readable():
    h = Harness(ServiceConfig(idle_seconds=3))
    move_to(h, at(2026, 11, 20))
    speed_won_by(h, ANN, BOB)
    assert "1. " in board(h).text and "November 2026" in board(h).text
    move_to(h, at(2026, 12, 2))
    assert "No rated games yet." in board(h).text  # December: nobody yet
    assert board(h, "2026-11").text == board(h, "all").text.replace("all time", "November 2026").replace(
        "This season: /leaderboard", "All time: /leaderboard all"
    )
    rows = h.run(h.store.leaderboard("speed", "test:chat-1@2026-11", 5))
    lifetime = h.run(h.store.leaderboard("speed", "test:chat-1", 5))
    assert [(r.person, r.mu, r.games) for r in rows] == [(r.person, r.mu, r.games) for r in lifetime]


def test_a_season_word_that_names_none_is_refused():
    h = Harness()
    reply = h.run(h.service.handle(Leaderboard(CHAT, CY, "speed", season="yesterday")))
    assert not reply.ok and "a season is written like" in (reply.text or "")


def test_the_seasons_start_brings_each_chat_that_played_its_podium_once():
    h = Harness(ServiceConfig(idle_seconds=3))
    move_to(h, at(2026, 11, 28))
    t = speed_won_by(h, ANN, BOB)
    assert h.run(h.service.community.announce_seasons()) == 0  # (October: nobody played)
    move_to(h, at(2026, 12, 1, 0) + 1)
    assert h.run(h.service.community.announce_seasons()) == 1
    chat, screens = h.notifier.calls[-1]
    (podium,) = screens
    assert chat.chat_id == CHAT.chat_id and podium.slot == "season" and podium.table_id == 0
    assert "November 2026" in podium.text and podium.picture is not None and podium.look == "classic"
    winner = h.table(t).seats[h.table(t).result.index(min(h.table(t).result))].name
    assert f"🥇 {isolated(winner)}" in podium.text
    assert h.run(h.service.community.announce_seasons()) == 0  # once
    again = Harness(store=h.store)  # another process on the same store: the claim is taken
    move_to(again, h.clock.now())
    assert again.run(again.service.community.announce_seasons()) == 0
