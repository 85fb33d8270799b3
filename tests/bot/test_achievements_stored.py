"""Achievements through the service, on the memory store, a SQLite file and PostgreSQL: what a
game earns is stored with its result, once, and the result screen tells it."""

from bot.achievements import GAMES, STREAK
from bot.settings import ServiceConfig
from bot.tables import Award, Status
from core import load_game
from tests.bot import harness
from tests.bot.harness import Harness
from tests.names import named


def test_the_service_stores_what_a_game_earns_once_and_the_result_tells_it():
    h = Harness(ServiceConfig(computer_think=0.5), seed=5)
    people = {0: harness.ANN, 1: harness.BOB}
    for game in range(2):
        t = h.open(harness.ANN, "svolota").table_id
        h.press(harness.BOB, t, "Join")
        h.press(harness.ANN, t, "+ Computer")
        h.press(harness.ANN, t, "Start")
        while h.table(t).status is Status.PLAYING:  # Ann and Bob play their first move each turn
            seat = load_game(h.table(t).state).state.turn
            if seat in people:
                assert h.play(people[seat], t, load_game(h.table(t).state).moves(str(seat))[0]).ok
            else:
                h.advance(1)
        table = h.table(t)
        assert table.result == ([1, 0, 6], [3, 0, 3])[game]  # Bob wins both
        assert table.earned == ([Award(1, "first_win")], [])[game]  # the second time, nothing new
        assert (named("🏅 Bob: 🥇 First win — Win a game.") in h.screen(t).text) == (game == 0)
        assert table.moments and len(table.moments) <= 4
    assert h.run(h.store.achievements([harness.ANN.person, harness.BOB.person])) == {harness.BOB.person: {"first_win"}}
    assert h.run(h.store.tallies([harness.ANN.person, harness.BOB.person])) == {
        harness.ANN.person: {GAMES: 2},
        harness.BOB.person: {GAMES: 2, STREAK: 2},
    }
