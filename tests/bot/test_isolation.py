"""One table's trouble stays that table's: a table that keeps failing is set aside and its chat
told, the others go on; an unexpected error is answered and logged once; nothing a stranger sends
leaves anything behind; a press counts only in its table's chat; house rules cannot break a start."""

from __future__ import annotations

import logging

from bot.commands import Press
from bot.people import ChatRef
from bot.running import GameCache
from bot.tables import Status
from bot.tokens import Token
from bot.trouble import GIVE_UP
from core import new_game
from tests.bot.harness import ANN, BOB, CHAT, CY, Harness, person

OTHER = ChatRef("test", "chat-2")
ADMIN = person("Ada", admin=True)


def started(h: Harness, creator=ANN, chat: ChatRef = CHAT) -> int:
    t = h.open(creator, "svolota", chat=chat).table_id
    while len(h.table(t).seats) < 3:
        h.press(creator, t, "+ Computer")
    h.press(creator, t, "Start")
    assert h.table(t).status is Status.PLAYING
    return t


def errors(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_table_that_keeps_failing_is_set_aside_and_the_others_go_on(caplog):
    h = Harness()
    bad, good = started(h, ANN), started(h, BOB, OTHER)
    h.spoil(bad)
    moves_before = h.table(good).moves
    with caplog.at_level(logging.ERROR):
        h.advance(300)
    assert h.table(good).moves > moves_before + 10, "the healthy table's timers and computers went on"
    table = h.table(bad)
    assert table.stopped is not None and "broken" not in h.screen(bad).text
    assert "stopped" in h.screen(bad).text and h.screen(bad).version == table.version
    logged = errors(caplog)
    assert len(logged) == GIVE_UP + 1, [r.getMessage() for r in logged]  # each failure, then "set aside"
    assert sum(bool(r.exc_info) for r in logged) == 1, "the traceback once"
    assert [row[0] for row in h.run(h.store.stopped())] == [bad]
    refused = h.play(ANN, bad, "pass")
    assert not refused.ok and "stopped" in (refused.text or "")
    assert h.run(h.store.open_tables(CHAT)) == [], "the chat may start another game"


def test_a_table_put_back_fires_again(caplog):
    h = Harness()
    bad = started(h)
    h.spoil(bad)
    h.advance(300)
    assert h.table(bad).stopped is not None
    assert h.run(h.store.next_due()) is None, "a table set aside fires nothing"
    assert h.run(h.store.retry(bad)) and not h.run(h.store.retry(bad))
    assert h.run(h.store.next_due()) is not None


def test_an_unexpected_error_gets_a_generic_answer_and_changes_nothing(caplog):
    h = Harness()
    t = started(h)
    h.spoil(t)
    version = h.table(t).version
    with caplog.at_level(logging.ERROR):
        reply = h.play(ANN, t, "pass")
    assert not reply.ok and reply.text == "something went wrong; nothing was changed"
    assert h.table(t).version == version and h.table(t).stopped is None
    assert len(errors(caplog)) == 1


def test_presses_for_tables_that_do_not_exist_leave_nothing_behind():
    h = Harness()
    for table_id in range(1000, 1300):
        reply = h.run(h.service.handle(Press(ANN, Token(table_id, 1, "join").encode(), where=CHAT)))
        assert not reply.ok
    assert len(h.service.locks) == 0


def test_the_game_cache_forgets_the_least_recently_used_table():
    cache = GameCache(size=2)
    h = Harness()
    tables = [h.table(started(h, p, ChatRef("test", p.name))) for p in (ANN, BOB, CY)]
    cache.get(tables[0]), cache.get(tables[1])
    kept = cache.get(tables[0])  # used again: now the most recent
    cache.get(tables[2])  # the table to go is the second, not the first
    assert cache.get(tables[0]) is kept
    assert list(cache._games) == [tables[2].id, tables[0].id]


def test_a_first_seat_some_table_could_not_have_is_refused_when_set():
    h = Harness()
    refused = h.setting(ADMIN, "house_rule", ("first", 5), game="svolota")
    assert not refused.ok and "first" in (refused.text or "")
    assert h.setting(ADMIN, "house_rule", ("first", 2), game="svolota").ok
    t = started(h)
    assert new_game("svolota", players=["0", "1", "2"], options={"first": 2}).state.turn == 2
    assert h.table(t).status is Status.PLAYING


def test_a_table_whose_own_rules_do_not_fit_its_players_stays_in_the_lobby():
    h = Harness()
    t = h.open(ANN, "svolota", first=5).table_id  # fits a table of six
    h.press(BOB, t, "Join")
    h.press(ANN, t, "+ Computer")
    version = h.table(t).version
    reply = h.press(ANN, t, "Start")
    assert not reply.ok and "house rules" in (reply.text or "")
    assert h.table(t).status is Status.LOBBY and h.table(t).version == version


def test_a_lobby_button_counts_only_in_its_own_chat():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    join = h.button(t, "Join").token or ""
    version = h.table(t).version
    from_elsewhere = h.press_token(BOB, join, where=OTHER)
    from_private = h.press_token(BOB, join, where=None)
    assert not from_elsewhere.ok and not from_private.ok
    assert h.table(t).version == version and len(h.table(t).seats) == 1
    assert h.press_token(BOB, join).ok


def test_a_move_from_another_chat_is_refused_and_a_private_one_counts():
    h = Harness()
    t = started(h)
    token = h.screen(t, ANN, "panel").buttons[0][0].token or ""
    version = h.table(t).version
    assert not h.press_token(ANN, token, where=OTHER).ok
    assert h.table(t).version == version
    assert h.press_token(ANN, token, where=None).ok
