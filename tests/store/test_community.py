"""The store's part of table control and community (issue #18): a table's vote, removals and
recap, the move log's notes, achievements earned once, tallies written whole, who to notify (in the
order they asked), the chats that played in a season, and a season's end claimed once."""

from __future__ import annotations

import asyncio

from bot.achievements import Tally
from bot.deadlines import Deadline, Kind
from bot.outcome import Outcome
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating
from bot.tables import Award, LoggedMove, Notice, Vote
from tests.store.examples import ANN, BOB, CHAT, CY, SCOPE, a_table, earned, finished, play


def test_a_table_with_a_vote_removals_and_a_recap_comes_back_as_it_was_saved(stores):
    async def body() -> None:
        store = stores()
        table = a_table(await store.new_table_id())
        table.arm(Deadline(table.id, Kind.TURN, 50.0, 0, 0))
        table.started_at, table.level, table.rules_open = 12.5, "hard", True
        table.kicked = [PersonRef("telegram", "9")]
        table.vote = Vote(target=2, by=0, due=70.0, yes=[0, 1], no=[], number=2)
        table.votes, table.notice = 2, Notice("voted_out", "Eve", 65.0)
        table.moments = [LoggedMove(1, "play 7♥ 7♠", 30.0, "person", ("reversed",))]
        table.earned = [Award(0, "first_win"), Award(1, "ten_games")]
        await store.save(table, -1)
        assert await store.load(table.id) == table
        assert await stores().load(table.id) == table  # read afresh by another process

        table.vote, table.notice, table.kicked = None, None, []
        table.bump(7.0)
        await store.save(table, 0)
        assert await stores().load(table.id) == table

    play(body)


def test_the_move_log_keeps_each_moves_notes_and_a_change_reads_it_as_saved(stores):
    async def body() -> None:
        store = stores()
        table = a_table(await store.new_table_id())
        table.log_move(LoggedMove(0, "play 3♣", 1.0, "person", ("joker", "out")))
        table.log_move(LoggedMove(1, "pass", 2.0, "timer"))
        await store.save(table, -1)
        async with store.transaction() as tx:
            loaded = await tx.load(table.id)
            assert loaded is not None
            loaded.log_move(LoggedMove(2, "pass", 3.0, "computer"))
            assert [m.move for m in await tx.moves(table.id)] == ["play 3♣", "pass"]  # without its own
            loaded.bump(3.0)
            await tx.save(loaded, 0)
        log = await stores().moves(table.id)
        assert log == [
            LoggedMove(0, "play 3♣", 1.0, "person", ("joker", "out")),
            LoggedMove(1, "pass", 2.0, "timer"),
            LoggedMove(2, "pass", 3.0, "computer"),
        ]
        async with stores().transaction() as tx:
            await tx.lock("ratings")
            assert await tx.moves(table.id) == log
            assert await tx.moves(table.id + 100) == []

    play(body)


def test_an_achievement_is_earned_exactly_once_and_tallies_are_written_whole(stores):
    async def body() -> None:
        store = stores()
        first = a_table(await store.new_table_id())
        await store.save(first, -1)
        async with store.transaction() as tx:
            await tx.lock("ratings")
            assert await tx.achievements([ANN, BOB]) == {}
            assert await tx.tallies([ANN, BOB]) == {}
            table = await tx.load(first.id)
            assert table is not None
            wins = (earned(ANN, "first_win", first.id, 100.0), earned(BOB, "ten_games", first.id, 100.0))
            counts = (Tally(ANN, "games", 1), Tally(ANN, "streak", 1), Tally(BOB, "games", 10))
            table.bump(100.0)
            await tx.save(table, 0, finished(table, wins, counts))

        second = a_table(await store.new_table_id())
        await store.save(second, -1)
        async with store.transaction() as tx:
            await tx.lock("ratings")
            assert await tx.achievements([ANN, BOB, CY]) == {ANN: {"first_win"}, BOB: {"ten_games"}}
            assert await tx.tallies([ANN, CY]) == {ANN: {"games": 1, "streak": 1}}
            table = await tx.load(second.id)
            assert table is not None
            again = (earned(ANN, "first_win", second.id, 200.0), earned(ANN, "hard_beaten", second.id, 200.0))
            counts = (Tally(ANN, "games", 2), Tally(ANN, "streak", 0), Tally(CY, "games", 1))
            table.bump(200.0)
            await tx.save(table, 0, finished(table, again, counts))

        other = stores()
        assert await other.achievements_of(ANN) == [  # the first stays as it was, oldest first
            earned(ANN, "first_win", first.id, 100.0),
            earned(ANN, "hard_beaten", second.id, 200.0),
        ]
        assert await other.achievements_of(BOB) == [earned(BOB, "ten_games", first.id, 100.0)]
        assert await other.achievements_of(PersonRef("discord", "1")) == []
        async with other.transaction() as tx:
            assert await tx.achievements([]) == {} and await tx.tallies([]) == {}
            assert await tx.achievements([ANN]) == {ANN: {"first_win", "hard_beaten"}}
            assert await tx.tallies([ANN, BOB, CY]) == {
                ANN: {"games": 2, "streak": 0},
                BOB: {"games": 10},
                CY: {"games": 1},
            }
        assert [s.name for s in await other.results(second.id)] == ["Ann", "Bob", "Cy", "Ada"]

    play(body)


def test_an_achievement_saved_twice_in_one_outcome_is_kept_once(stores):
    async def body() -> None:
        store = stores()
        table = a_table(await store.new_table_id())
        await store.save(table, -1)
        twice = (earned(ANN, "first_win", table.id, 100.0), earned(ANN, "first_win", table.id, 101.0))
        table.bump(100.0)
        await store.save(table, 0, finished(table, twice))
        assert await stores().achievements_of(ANN) == [earned(ANN, "first_win", table.id, 100.0)]

    play(body)


def test_the_notify_list_keeps_the_order_people_asked_in_and_threads_share_it(stores):
    async def body() -> None:
        store = stores()
        assert await store.notify_list(CHAT) == []
        await store.set_notify(CHAT, ANN, "Ann", True)
        await store.set_notify(ChatRef(CHAT.platform, CHAT.chat_id), BOB, "Bob", True)  # the chat itself
        await store.set_notify(ChatRef(CHAT.platform, CHAT.chat_id, "8"), CY, "Cy", True)  # another thread
        await store.set_notify(CHAT, ANN, "Ann K.", True)  # again: a new name, the same place
        await store.set_notify(ChatRef("telegram", "-5"), BOB, "Bob", True)  # another chat
        await store.set_notify(ChatRef("discord", CHAT.chat_id), CY, "Cy", True)  # another platform's
        assert await stores().notify_list(CHAT) == [(ANN, "Ann K."), (BOB, "Bob"), (CY, "Cy")]

        await store.set_notify(CHAT, BOB, "Bob", False)
        await store.set_notify(CHAT, BOB, "Bob", False)  # off again: nothing to take off
        await store.set_notify(CHAT, PersonRef("telegram", "99"), "Nobody", False)
        assert await stores().notify_list(ChatRef(CHAT.platform, CHAT.chat_id)) == [(ANN, "Ann K."), (CY, "Cy")]
        await store.set_notify(CHAT, BOB, "Bobby", True)  # back: at the end
        assert await stores().notify_list(CHAT) == [(ANN, "Ann K."), (CY, "Cy"), (BOB, "Bobby")]
        assert await store.notify_list(ChatRef("telegram", "-5")) == [(BOB, "Bob")]
        assert await store.notify_list(ChatRef("discord", CHAT.chat_id)) == [(CY, "Cy")]
        assert await store.notify_list(ChatRef("discord", "-5")) == []
        long = "Anna-Maria " * 13  # 143 characters: Telegram's first and last names may be 64 each
        await store.set_notify(ChatRef("telegram", "-5"), ANN, long, True)
        (_, _), (_, kept) = await stores().notify_list(ChatRef("telegram", "-5"))
        assert kept.startswith("Anna-Maria") and long.startswith(kept) and len(kept) >= 128

    play(body)


def test_the_chats_that_played_in_a_season_are_found_by_their_season_scopes(stores):
    async def body() -> None:
        store = stores()
        long_chat = "discord:" + "9" * 64  # the longest chat id kept: its season scope still fits
        rows = [
            ("svolota", SCOPE, ANN),  # lifetime
            ("svolota", f"{SCOPE}@2026-11", ANN),
            ("speed", f"{SCOPE}@2026-11", BOB),  # the same chat, another game
            ("svolota", "global@2026-11", ANN),
            ("svolota", "global", ANN),
            ("svolota", f"{long_chat}@2026-11", PersonRef("discord", "1")),
            ("racing_demon", "telegram:-5@2026-11", CY),  # practice only: still played there
            ("svolota", "telegram:-6@2026-10", CY),  # the season before
            ("svolota", "telegram:-7@2026-110", CY),  # not that season
        ]
        for n, (game, scope, person) in enumerate(rows):
            table = a_table(await store.new_table_id())
            await store.save(table, -1)
            table.bump(100.0)
            outcome = finished(table)
            rating = Rating(game, scope, person, "X", games=int(n != 6), practice_games=int(n == 6))
            await store.save(table, 0, Outcome(outcome.result, (rating,)))
        assert await stores().season_scopes("2026-11") == sorted([SCOPE, long_chat, "telegram:-5"])
        assert await stores().season_scopes("2026-10") == ["telegram:-6"]
        assert await stores().season_scopes("2026-12") == []
        board = await stores().leaderboard("svolota", f"{long_chat}@2026-11", 5)
        assert [r.scope for r in board] == [f"{long_chat}@2026-11"]

    play(body)


def test_a_chats_own_messages_go_where_its_newest_table_was(stores):
    async def body() -> None:
        store = stores()
        assert await store.newest_place("telegram", CHAT.chat_id) is None
        for chat in (CHAT, ChatRef("telegram", CHAT.chat_id, "9"), ChatRef("telegram", "-5")):
            await store.save(a_table(await store.new_table_id(), chat), -1)
        assert await store.newest_place("telegram", CHAT.chat_id) == ChatRef("telegram", CHAT.chat_id, "9")
        assert await stores().newest_place("discord", CHAT.chat_id) is None

    play(body)


def test_a_seasons_end_is_claimed_once_per_chat(stores):
    async def body() -> None:
        store = stores()
        assert await store.claim_season(SCOPE, "2026-11")
        assert not await store.claim_season(SCOPE, "2026-11")
        assert not await stores().claim_season(SCOPE, "2026-11")  # nor by another process
        assert await store.claim_season(SCOPE, "2026-12")
        assert await store.claim_season("discord:1", "2026-11")

    play(body)


def test_processes_claiming_a_seasons_end_at_once_get_it_once_between_them(stores, kind):
    async def body() -> None:
        many = [stores() for _ in range(2 if kind != "memory" else 1)]
        claims = [s.claim_season(f"telegram:{chat}", "2026-11") for chat in range(5) for s in many for _ in range(3)]
        won = await asyncio.gather(*claims)
        assert sum(won) == 5  # one per chat

    play(body)
