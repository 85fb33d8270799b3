"""Quick match through the service (bot/quick_match.py): the queue, the tables it opens in match
chats, leaving, expiry, a restart, and every refusal changing nothing."""

from __future__ import annotations

from bot.bootstrap import bootstrap
from bot.commands import LeaveQueue, Press, QuickMatch
from bot.match_chats import is_match
from bot.matching import Group, rules_of
from bot.people import Actor, ChatRef, PersonRef
from bot.quick_match import JOINS_PER_MINUTE, MAX_WAIT
from bot.ratings import GLOBAL
from bot.settings import ChatSettings, ServiceConfig
from bot.store.queue import Queued
from bot.tables import Status, Table
from bot.tokens import decode
from bot.ui.screen import Reply
from tests.bot.harness import ANN, BOB, CY, DAN, Harness

GROUP_A, GROUP_B = ChatRef("test", "group-a"), ChatRef("test", "group-b")


def join(
    h: Harness, actor: Actor, game: str = "speed", chat: ChatRef | None = None, after: float | None = 60.0
) -> Reply:
    return h.run(h.service.handle(QuickMatch(actor, game, chat, after)))


def leave(h: Harness, actor: Actor) -> Reply:
    return h.run(h.service.handle(LeaveQueue(actor)))


def tick(h: Harness) -> None:
    assert h.service.quick is not None
    h.run(h.service.quick.tick())


def queue(h: Harness) -> list[tuple[str, str]]:
    return [(r.person.user_id, r.game) for r in h.run(h.store.waiting())]


def tables(h: Harness) -> list[int]:
    return [t.id for t in h.run(h.store.all_open())]


def only_table(h: Harness) -> int:
    [table_id] = tables(h)
    return table_id


def state(h: Harness) -> object:
    """Everything a refusal must leave as it was."""
    rows = {p.person.user_id: h.run(h.store.queued(p.person)) for p in (ANN, BOB, CY, DAN)}
    return rows, tables(h)


def test_two_people_in_two_groups_are_seated_at_a_speed_table_each_seeing_it_in_private():
    h = Harness(ServiceConfig(live_table=True))
    first = join(h, ANN, chat=GROUP_A)
    assert first.ok and first.screens[0].audience == ANN.person and "queue" in first.screens[0].text
    assert tables(h) == []
    second = join(h, BOB, chat=GROUP_B)
    assert second.ok and "opening" in (second.text or "")
    table = h.table(only_table(h))
    assert is_match(table.chat) and table.status is Status.PLAYING
    assert [s.person for s in table.seats] == [ANN.person, BOB.person]
    assert queue(h) == []
    for actor in (ANN, BOB):
        board = h.screen(table.id, actor, "table")  # the board, drawn in their private place
        panel = h.screen(table.id, actor, "panel")
        assert board.audience == actor.person and panel.audience == actor.person
        assert any(b.live == table.id for row in board.buttons for b in row)  # the live table's link
    assert h.notifier.last(table.id, None) is None  # nothing public: the match chat is nobody's


def test_a_finished_quick_match_is_rated_in_the_global_scope_alone():
    h = Harness()
    join(h, ANN)
    join(h, BOB)
    table_id = only_table(h)
    h.advance(4000, step=1)  # idle people: computers stand in and play it out
    assert h.table(table_id).status is Status.FINISHED
    rated = h.run(h.store.ratings("speed", GLOBAL, [ANN.person, BOB.person]))
    assert set(rated) == {ANN.person, BOB.person}
    chat_scope = f"test:{h.table(table_id).chat.chat_id}"
    assert h.run(h.store.ratings("speed", chat_scope, [ANN.person, BOB.person])) == {}
    assert h.table(table_id).changes is not None and None not in h.table(table_id).changes
    assert join(h, ANN).ok and queue(h) == [("ann", "speed")]  # the table over: they may queue again


def test_asking_for_another_game_moves_the_person_and_says_so():
    h = Harness()
    join(h, ANN, "svolota")
    moved = join(h, ANN, "racing_demon")
    assert queue(h) == [("ann", "racing_demon")]
    assert "Svolota" in moved.screens[0].text


def test_asking_again_for_the_same_game_keeps_the_place():
    h = Harness()
    join(h, ANN, "svolota")
    joined = h.run(h.store.queued(ANN.person)).joined
    h.clock.advance(5)
    again = join(h, ANN, "svolota")
    assert again.ok and "already" in (again.text or "")
    assert h.run(h.store.queued(ANN.person)).joined == joined


def test_leaving_by_command_and_by_button():
    h = Harness()
    join(h, ANN, "svolota")
    assert leave(h, ANN).ok and queue(h) == []
    reply = join(h, BOB, "svolota")
    button = next(b for row in reply.screens[0].buttons for b in row if "Leave" in b.label)
    assert h.run(h.service.handle(Press(BOB, button.token or ""))).ok
    assert queue(h) == []


def test_play_with_computers_now_fills_the_table():
    h = Harness()
    reply = join(h, ANN, "svolota", after=None)
    button = next(b for row in reply.screens[0].buttons for b in row if "computers" in b.label)
    assert decode(button.token or "") is not None
    assert "opening" in (h.run(h.service.handle(Press(ANN, button.token or ""))).text or "")
    table = h.table(only_table(h))
    assert table.seats[0].person == ANN.person
    assert len(table.seats) == rules_of("svolota").with_computers and all(s.computer for s in table.seats[1:])
    assert {s.level for s in table.seats[1:]} == {"normal"}


def test_computers_come_after_the_chosen_wait_on_a_tick():
    h = Harness()
    join(h, ANN, "speed", after=60.0)
    h.clock.advance(59)
    tick(h)
    assert tables(h) == []
    h.clock.advance(1)
    tick(h)
    table = h.table(only_table(h))
    assert table.seats[0].person == ANN.person and table.seats[1].computer


def test_svolota_opens_for_three_once_the_oldest_has_gathered_long_enough():
    h = Harness()
    for actor in (ANN, BOB, CY):
        join(h, actor, "svolota", after=None)
    assert tables(h) == []
    h.clock.advance(rules_of("svolota").gather)
    tick(h)
    assert len(h.table(only_table(h)).seats) == 3


def test_an_entry_leaves_after_the_longest_wait_with_a_private_word():
    h = Harness()
    join(h, ANN, "svolota", after=None)
    h.clock.advance(MAX_WAIT)
    tick(h)
    assert queue(h) == []
    word = h.notifier.last(0, ANN.person, "queue")
    assert word is not None and "Nobody came" in word.text


def test_a_restart_keeps_the_queue_and_matches_on():
    h = Harness()
    join(h, ANN)
    restarted = bootstrap(h.store, h.notifier, h.clock, seed=2)
    assert h.run(restarted.handle(QuickMatch(BOB, "speed"))).ok
    assert [s.person for s in h.table(only_table(h)).seats] == [ANN.person, BOB.person]


def test_refusals_change_nothing():
    h = Harness()
    join(h, ANN)
    join(h, BOB)  # seated together
    join(h, CY, "svolota")
    before = state(h)
    for reply in (
        join(h, ANN, "svolota"),  # at an open quick-match table
        join(h, DAN, "chess"),  # no such game
        leave(h, DAN),  # not queued
    ):
        assert not reply.ok and reply.text
        assert state(h) == before
    for _ in range(JOINS_PER_MINUTE - 1):
        join(h, CY, "svolota")
    before = state(h)
    flood = join(h, CY, "racing_demon")
    assert not flood.ok and "minute" in (flood.text or "")
    assert state(h) == before


def test_a_join_matches_its_own_platforms_queues_only():
    """Each platform's process opens its own people's tables (its notifier draws them)."""
    h = Harness()
    elsewhere = Actor(PersonRef("discord", "77"), "Dee")
    join(h, elsewhere, "speed", after=60.0)
    h.clock.advance(60)
    join(h, ANN, "svolota")  # a join here ticks this platform's queues
    assert tables(h) == [] and ("77", "speed") in queue(h)
    h.run(h.service.quick.tick("discord"))
    assert h.table(only_table(h)).seats[0].person == elsewhere.person


def test_a_table_that_cannot_be_opened_leaves_its_group_waiting_and_the_others_open(monkeypatch, caplog):
    """One tick's tables go together; one that fails (here its deal) is tried alone, so only its group
    waits on (logged), never seated at a table that does not exist; the next tick seats them."""
    h = Harness()
    for i, actor in enumerate((ANN, BOB, CY, DAN)):
        h.run(
            h.store.put_queued(Queued(actor.person, "speed", actor.name, "en", h.clock.now() - 5 + i, 0.0, 60.0), None)
        )
    assert h.service.quick is not None
    table_of = h.service.quick._table

    def dealt(group: Group, entries: list[Queued], table_id: int) -> tuple[Table, ChatSettings]:
        if any(e.person == ANN.person for e in entries):
            raise RuntimeError("a deal that fails")
        return table_of(group, entries, table_id)

    monkeypatch.setattr(h.service.quick, "_table", dealt)
    tick(h)
    assert queue(h) == [(ANN.person.user_id, "speed"), (BOB.person.user_id, "speed")]
    [table_id] = tables(h)
    assert [s.person for s in h.table(table_id).seats] == [CY.person, DAN.person]
    assert h.screen(table_id, CY, "panel").audience == CY.person  # drawn
    assert "could not be opened" in caplog.text and "a deal that fails" in caplog.text
    monkeypatch.undo()
    tick(h)
    assert queue(h) == [] and len(tables(h)) == 2
    for actor in (ANN, BOB, CY, DAN):
        row = h.run(h.store.queued(actor.person))
        assert row.table_id is not None and h.table(row.table_id).seat_of(actor.person) is not None
