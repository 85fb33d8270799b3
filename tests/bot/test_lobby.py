"""Lobbies: open, join, leave, computers, start, expiry, one table per chat."""

from bot.settings import ServiceConfig
from bot.tables import Status
from tests.bot.harness import ANN, BOB, CY, DAN, Harness


def test_opening_a_lobby_seats_the_creator_and_shows_the_table():
    h = Harness()
    table_id = h.open(ANN, "svolota").table_id
    assert h.table(table_id).status is Status.LOBBY
    assert "Ann" in h.screen(table_id).text
    assert [b.label for row in h.screen(table_id).buttons for b in row][:2] == ["Join", "Leave"]


def test_people_join_and_leave():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    assert h.press(BOB, t, "Join").ok
    assert [s.name for s in h.table(t).seats] == ["Ann", "Bob"]
    assert h.press(BOB, t, "Leave").ok
    assert [s.name for s in h.table(t).seats] == ["Ann"]


def test_joining_twice_is_refused_and_changes_nothing():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    version = h.table(t).version
    reply = h.press(BOB, t, "Join")
    assert not reply.ok and reply.text == "you are already at this table"
    assert h.table(t).version == version


def test_a_game_needs_its_minimum_players_to_start():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    reply = h.press(ANN, t, "Start")
    assert not reply.ok and "at least 3" in (reply.text or "")
    h.press(ANN, t, "+ Computer")
    assert h.press(ANN, t, "Start").ok
    assert h.table(t).status is Status.PLAYING


def test_only_the_creator_starts_the_game():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    reply = h.press(BOB, t, "Start")
    assert not reply.ok and "only the player who opened" in (reply.text or "")


def test_the_game_starts_by_itself_when_the_table_is_full():
    h = Harness()
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    assert h.table(t).status is Status.PLAYING


def test_computer_players_are_added_and_removed():
    h = Harness()
    t = h.open(ANN, "racing_demon").table_id
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "+ Computer")
    assert [s.person is None for s in h.table(t).seats] == [False, True, True]
    h.press(ANN, t, "− Computer")
    assert len(h.table(t).seats) == 2


def test_a_stranger_cannot_add_computers():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    assert not h.press(DAN, t, "+ Computer").ok


def test_a_full_table_takes_nobody_else():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    for _ in range(5):
        h.press(ANN, t, "+ Computer")
    assert h.table(t).status is Status.PLAYING  # six seats: full, so it started


def test_a_lobby_with_no_activity_expires_and_says_so():
    h = Harness(ServiceConfig(lobby_seconds=600))
    t = h.open(ANN, "svolota").table_id
    h.advance(300)
    h.press(BOB, t, "Join")  # activity: the clock starts again
    h.advance(500)
    assert h.table(t).status is Status.LOBBY
    h.advance(101)
    assert h.table(t).status is Status.EXPIRED
    assert "expired" in h.screen(t).text


def test_one_open_table_per_chat_unless_the_chat_allows_more():
    h = Harness()
    h.open(ANN, "svolota")
    reply = h.open(BOB, "speed")
    assert not reply.ok and "already a game here" in (reply.text or "")
    h.setting(DAN.__class__(DAN.person, "Dan", admin=True), "many_tables", True)
    assert h.open(BOB, "speed").ok


def test_the_last_person_leaving_a_lobby_closes_it():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(ANN, t, "Leave")
    assert h.table(t).status is Status.CANCELLED


def test_an_unknown_game_is_refused():
    h = Harness()
    reply = h.open(ANN, "chess")
    assert not reply.ok and "unknown game" in (reply.text or "")
