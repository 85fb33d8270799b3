"""Ratings through the service: games that finish (played out by computers and stand-ins) are
saved with their results and ratings; the leaderboard and a person's stats show them."""

from __future__ import annotations

from bot.bidi import isolated
from bot.commands import Leaderboard, Stats
from bot.people import Actor, ChatRef, PersonRef
from bot.ratings import GLOBAL, Rating, chat_scope
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.ui.screen import Reply, Screen
from tests.bot.harness import ANN, BOB, CHAT, CY, DAN, Harness, person
from tests.names import named

OTHER = ChatRef("test", "chat-2")
HERE = chat_scope(CHAT)


def svolota(h: Harness, *people: Actor, chat: ChatRef = CHAT) -> int:
    """A Svolota game of these people (and computers to make three), played out by stand-ins."""
    creator, *others = people
    t = h.open(creator, "svolota", chat=chat).table_id
    for p in others:
        h.press(p, t, "Join")
    while len(h.table(t).seats) < 3:
        h.press(creator, t, "+ Computer")
    h.press(creator, t, "Start")
    h.advance(100_000)
    assert h.table(t).status is Status.FINISHED
    return t


def leaderboard(h: Harness, actor: Actor = DAN, game: str | None = "svolota", everywhere: bool = False) -> Screen:
    """The all-time leaderboard (this season's: tests/bot/test_seasons.py)."""
    reply = h.run(h.service.handle(Leaderboard(CHAT, actor, game, everywhere, season="all")))
    assert reply.ok and len(reply.screens) == 1
    return reply.screens[0]


def stats(h: Harness, actor: Actor, who: PersonRef | None = None, everywhere: bool = False) -> Screen:
    reply: Reply = h.run(h.service.handle(Stats(CHAT, actor, who, everywhere)))
    assert reply.ok and len(reply.screens) == 1
    return reply.screens[0]


def board(h: Harness, scope: str = HERE, game: str = "svolota") -> list[Rating]:
    return h.run(h.store.leaderboard(game, scope, 10))


def test_a_finished_game_is_saved_with_its_results_and_everyones_ratings():
    h = Harness(ServiceConfig(missed_turns=1))
    t = svolota(h, ANN, BOB, CY)
    table = h.table(t)
    results = h.run(h.store.results(t))
    assert [s.score for s in results] == table.result
    assert [s.person for s in results] == [ANN.person, BOB.person, CY.person]
    assert sum(s.won for s in results) == 1 and min(s.place for s in results) == 1
    for scope in (HERE, GLOBAL):
        rows = h.run(h.store.ratings("svolota", scope, [ANN.person, BOB.person, CY.person, DAN.person]))
        assert set(rows) == {ANN.person, BOB.person, CY.person}
        assert all(r.games == 1 and r.practice_games == 0 for r in rows.values())
    winner = next(s.person for s in results if s.won)
    assert board(h)[0].person == winner and board(h)[0].wins == 1


def test_the_leaderboard_shows_rank_name_rating_games_and_wins():
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB, CY)
    screen = leaderboard(h)
    assert screen.audience is None and screen.table_id == 0
    lines = screen.text.splitlines()
    assert lines[0] == "🏆 Top players here · all time" and lines[2] == "Svolota:"
    expected = [
        f"{i}. {isolated(r.name)} — {r.shown} · 1 game · {r.wins} {'win' if r.wins == 1 else 'wins'}"
        for i, r in enumerate(board(h), 1)
    ]
    assert lines[3:-2] == expected and lines[-1] == "This season: /leaderboard"
    assert [r.shown for r in board(h)] == sorted((r.shown for r in board(h)), reverse=True)


def test_a_person_against_computers_is_practice_only():
    h = Harness(ServiceConfig(missed_turns=1))
    t = svolota(h, ANN)
    assert board(h) == [] and board(h, GLOBAL) == []
    assert leaderboard(h).text.splitlines()[-3] == "No rated games yet."  # (then how to see this season)
    (row,) = h.run(h.store.person_stats(ANN.person, HERE))
    won = h.run(h.store.results(t))[0].won
    assert (row.games, row.practice_games, row.practice_wins, row.shown) == (0, 1, int(won), 1000)
    text = stats(h, ANN).text
    assert "Svolota: not rated yet" in text
    assert f"practice: 1 game · {int(won)} {'win' if won else 'wins'}" in text


def test_a_rematch_keeps_counting():
    h = Harness(ServiceConfig(missed_turns=1))
    t = svolota(h, ANN, BOB, CY)
    assert h.press(BOB, t, "Rematch").ok
    again = h.table(t).rematch
    h.advance(100_000)
    assert h.table(again).status is Status.FINISHED
    rows = board(h)
    assert len(rows) == 3 and all(r.games == 2 for r in rows)
    assert sum(r.wins for r in rows) == 2
    assert "2 games" in leaderboard(h).text


def test_the_chat_board_counts_its_own_games_and_the_global_one_every_chat():
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB, CY)
    svolota(h, ANN, BOB, chat=OTHER)
    here = {r.person: r.games for r in board(h)}
    everywhere = {r.person: r.games for r in board(h, GLOBAL)}
    assert here == {ANN.person: 1, BOB.person: 1, CY.person: 1}
    assert everywhere == {ANN.person: 2, BOB.person: 2, CY.person: 1}
    text = leaderboard(h, everywhere=True).text
    assert text.startswith("🏆 Top players everywhere") and "2 games" in text


def test_every_game_at_once_leaves_out_the_empty_ones():
    h = Harness(ServiceConfig(missed_turns=1, idle_seconds=1))
    svolota(h, ANN, BOB)
    text = leaderboard(h, game=None).text
    assert "Svolota:" in text and "Speed:" not in text and "Racing Demon:" not in text
    assert "Speed:" in leaderboard(h, game="speed").text  # asked for: shown, even empty
    assert "Speed:\nNo rated games yet." in leaderboard(h, game="speed").text


def test_a_speed_game_between_two_people_is_rated():
    h = Harness(ServiceConfig(idle_seconds=1))
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")  # a full table starts by itself; idle people get stand-ins
    h.advance(3600)
    assert h.table(t).status is Status.FINISHED
    rows = board(h, HERE, "speed")
    assert {r.person for r in rows} == {ANN.person, BOB.person} and all(r.games == 1 for r in rows)
    results = h.run(h.store.results(t))
    assert sum(r.wins for r in rows) == sum(s.won for s in results)


def test_stats_show_a_persons_record_to_the_asker():
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB, CY)
    svolota(h, ANN)  # and one practice game
    (row,) = h.run(h.store.person_stats(BOB.person, HERE))
    screen = stats(h, ANN, BOB.person)
    assert screen.audience == ANN.person and screen.slot == "stats" and screen.table_id == 0
    lines = screen.text.splitlines()
    assert lines[0] == named("📊 Bob in this chat")
    arrow = f" ▲{round(row.trend * 10)}" if row.trend > 0 else f" ▼{round(-row.trend * 10)}"
    assert lines[2].startswith(f"Svolota: rating {row.shown}{arrow}")  # (then this season's)
    assert lines[3].startswith(f"1 game · {row.wins} ") and f"best: {row.best} card" in lines[3]
    own = stats(h, ANN).text
    assert own.startswith(named("📊 Ann in this chat")) and "practice: 1 game" in own
    assert stats(h, ANN, everywhere=True).text.startswith(named("📊 Ann everywhere"))


def test_stats_of_someone_who_never_played():
    h = Harness()
    assert stats(h, DAN).text == named("📊 Dan in this chat\nNo games yet.")
    assert stats(h, DAN, PersonRef("test", "nobody")).text == "No games yet."


def test_an_unknown_game_has_no_leaderboard():
    h = Harness()
    reply = h.run(h.service.handle(Leaderboard(CHAT, ANN, "chess")))
    assert not reply.ok and "unknown game" in (reply.text or "")


def test_the_leaderboard_speaks_the_chats_language_and_stats_the_askers():
    h = Harness(ServiceConfig(missed_turns=1))
    svolota(h, ANN, BOB)
    h.setting(person("Admin", admin=True), "lang", "ru")
    assert leaderboard(h).text.startswith("🏆 Лучшие игроки этого чата · ")
    assert "\n\nСволота:" in leaderboard(h).text
    assert stats(h, person("Ann", lang="uk")).text.startswith(named("📊 Ann у цьому чаті"))
