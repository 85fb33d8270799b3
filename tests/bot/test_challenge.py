"""Challenges: accept, decline, expire, and filling seats with computers."""

from bot.settings import ServiceConfig
from bot.tables import Status
from tests.bot.harness import ANN, BOB, CY, DAN, Harness
from tests.names import named


def test_a_challenge_starts_the_game_when_everyone_has_accepted():
    h = Harness()
    t = h.challenge(ANN, "speed", BOB).table_id
    assert "challenges you" in h.screen(t).text
    assert h.press(BOB, t, "Accept").ok
    table = h.table(t)
    assert table.status is Status.PLAYING
    assert [s.name for s in table.seats] == ["Ann", "Bob"]


def test_everyone_named_must_answer_before_it_starts():
    h = Harness()
    t = h.challenge(ANN, "svolota", BOB, CY).table_id
    h.press(BOB, t, "Accept")
    assert h.table(t).status is Status.CHALLENGE
    assert named("✅ Bob") in h.screen(t).text
    h.press(CY, t, "Accept")
    assert h.table(t).status is Status.PLAYING


def test_only_the_challenged_may_answer():
    h = Harness()
    t = h.challenge(ANN, "speed", BOB).table_id
    reply = h.press(DAN, t, "Accept")
    assert not reply.ok and reply.text == "this challenge is not for you"
    assert h.table(t).status is Status.CHALLENGE


def test_a_declined_challenge_is_called_off():
    h = Harness()
    t = h.challenge(ANN, "speed", BOB).table_id
    h.press(BOB, t, "Decline")
    assert h.table(t).status is Status.CANCELLED
    assert "declined" in h.screen(t).text


def test_a_challenge_expires():
    h = Harness(ServiceConfig(challenge_seconds=300))
    t = h.challenge(ANN, "speed", BOB).table_id
    accept = h.button(t, "Accept").token or ""
    h.advance(299)
    assert h.table(t).status is Status.CHALLENGE
    h.advance(2)
    assert h.table(t).status is Status.EXPIRED
    reply = h.press_token(BOB, accept)
    assert not reply.ok and reply.text == "this game is over"


def test_svolota_fills_missing_seats_with_computers_only_when_asked():
    h = Harness()
    t = h.challenge(ANN, "svolota", BOB, fill=True).table_id
    h.press(BOB, t, "Accept")
    table = h.table(t)
    assert table.status is Status.PLAYING
    assert [s.person is None for s in table.seats] == [False, False, True]


def test_without_computers_too_few_players_turn_the_challenge_into_a_lobby():
    h = Harness()
    t = h.challenge(ANN, "svolota", BOB).table_id
    h.press(BOB, t, "Accept")
    assert h.table(t).status is Status.LOBBY
    h.press(CY, t, "Join")
    assert h.press(ANN, t, "Start").ok


def test_an_answer_is_given_once():
    h = Harness()
    t = h.challenge(ANN, "svolota", BOB, CY).table_id
    token = h.button(t, "Accept").token
    h.press(BOB, t, "Accept")
    reply = h.press(BOB, t, "Accept")
    assert not reply.ok and reply.text == "you have already answered"
    assert not h.press_token(CY, token or "").ok  # drawn for an older version: stale


def test_you_cannot_challenge_only_yourself():
    h = Harness()
    reply = h.challenge(ANN, "speed", ANN)
    assert not reply.ok
