"""`/forget` in the store (PeopleStore.forget, bot/forgotten.py), on every store: real games played
through the service with a person among others, then forgotten. Afterwards every column of every
table of the SQL schema (the memory store: everything it holds), read as text, names neither their
user id nor their name; the others' results and ratings are as they were.

A table or column added to the schema that keeps a person's id or name fails here as soon as the
games below fill it, until adapters/sql/forgetting.py cleans it."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from sqlalchemy import select

from adapters.sql.models import Base
from adapters.sql.store import SqlStore
from bot import ratings, seasons
from bot.commands import Forget, Kick, Notify, QuickMatch, SetLanguage, SetLook
from bot.forgotten import NOBODY, Forgot
from bot.games import games
from bot.memory_store import MemoryStore
from bot.people import Actor, PersonRef
from bot.settings import ServiceConfig
from bot.standings import standings
from bot.tables import Status
from bot.tokens import decode
from bot.tournament import Stage
from bot.ui.screen import Alert, alert_note
from tests.bot.harness import BOB, CHAT, CY, DAN, Harness, played_out
from tests.bot.tournament_harness import create, press, tournament, until_over

ZEPH = Actor(PersonRef("test", "7319046628"), "Zephyrine Quarto")
TRACES = (ZEPH.person.user_id, ZEPH.name)


def traces(store: Any, h: Harness) -> list[str]:
    """Where the forgotten person's id or name still shows: "table.column" (SQL), "attribute" (memory)."""
    if isinstance(store, MemoryStore):
        return [name for name, value in vars(store).items() if any(t in repr(value) for t in TRACES)]
    found = []
    with store.engine.connect() as conn:
        for table in Base.metadata.sorted_tables:
            for row in conn.execute(select(table)).mappings():
                for column, value in row.items():
                    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
                    if any(t in text for t in TRACES):
                        found.append(f"{table.name}.{column}")
    return sorted(set(found))


def scopes(h: Harness) -> list[str]:
    season = seasons.season_of(h.clock.now(), 1)
    plain = [ratings.GLOBAL, ratings.chat_scope(CHAT)]
    return plain + [seasons.scoped(s, season) for s in plain]


def others(h: Harness) -> dict[str, Any]:
    """Everyone else's ratings (every game and scope) and every finished table's results."""
    boards = {
        (game, scope): [r for r in h.run(h.store.leaderboard(game, scope, 100)) if r.person != ZEPH.person]
        for game in games()
        for scope in scopes(h)
    }
    return {
        "boards": boards,
        "stats": {p: [h.run(h.store.person_stats(p.person, s)) for s in scopes(h)] for p in (BOB, CY)},
    }


def plays(h: Harness, actor: Actor, table_id: int) -> None:
    """The person plays the first move their panel offers, twice a second, to the end (the other
    seat's computer stands in for its idle person): a person, not a stand-in, may earn achievements."""
    for _ in range(3000):
        if not h.table(table_id).status.open:
            return
        panel = h.notifier.last(table_id, actor.person, "panel")
        tokens = [decode(b.token) for row in (panel.buttons if panel else ()) for b in row if b.token]
        moves = [t.encode() for t in tokens if t is not None and t.action == "move"]
        if moves:
            h.press_token(actor, moves[0], where=None)
        h.advance(0.5)
    raise AssertionError("the game did not end")


def a_cup_with_zeph(h: Harness) -> int:
    """A Swiss Speed tournament she created (as a chat admin) and played to its end with Bob and
    Cy (a computer filling the fourth place); its id."""
    assert create(h, replace(ZEPH, admin=True), rounds=2, computers=True, name="Zephyrine's cup").ok
    for who in (ZEPH, BOB, CY):
        assert press(h, who, "Join").ok
    return until_over(h, tournament(h).id).id


def played_with_zeph(h: Harness) -> tuple[list[int], int, int]:
    """Finished games with Zephyrine among others, a lobby she was removed from, a challenge to her
    called off, her language, look, notify entry and quick-match queue entry; (finished tables, the
    lobby, the challenge)."""
    speeds = []
    while not h.run(h.store.achievements_of(ZEPH.person)):  # until she wins one (first_win)
        assert len(speeds) < 6, "she never won"
        speeds.append(h.open(ZEPH, "speed").table_id)
        h.press(BOB, speeds[-1], "Join")
        plays(h, ZEPH, speeds[-1])
    svolota = h.open(BOB, "svolota").table_id
    h.press(ZEPH, svolota, "Join")
    h.press(CY, svolota, "Join")
    h.press(BOB, svolota, "Start")
    h.press_token(ZEPH, h.button(svolota, "Leave", actor=ZEPH).token or "", where=None)  # her seat plays on
    assert h.table(svolota).seats[1].left == ZEPH.person
    played_out(h, svolota)
    lobby = h.open(DAN, "svolota").table_id
    h.press(ZEPH, lobby, "Join")
    assert h.run(h.service.handle(Kick(CHAT, DAN, ZEPH.person))).ok
    h.cancel(DAN)
    challenge = h.challenge(CY, "speed", ZEPH).table_id
    h.cancel(CY)
    quick = QuickMatch(ZEPH, "svolota", CHAT, None)  # her quick-match queue entry (issue #38)
    for command in (SetLanguage(ZEPH, "de"), SetLook(ZEPH, "text"), Notify(CHAT, ZEPH, True), quick):
        assert h.run(h.service.handle(command)).ok
    return [*speeds, svolota], lobby, challenge


def test_a_forgotten_person_leaves_no_id_and_no_name_anywhere_and_the_others_keep_theirs(store):
    h = Harness(ServiceConfig(idle_seconds=3, computer_think=0.5), seed=3, store=store)
    finished, lobby, challenge = played_with_zeph(h)
    cup = a_cup_with_zeph(h)
    if isinstance(store, SqlStore):  # the platform's records: her panel's message, a turn alert naming her
        h.run(store.records.remember_message(finished[0], ZEPH.person.user_id, "panel", "81", 9))
        note = alert_note("82", Alert(0, ZEPH.person, 5.0))
        h.run(store.records.remember_message(finished[1], "", "alert", note, 9))
        h.run(store.records.remember_message(-cup, ZEPH.person.user_id, "private", "83", 9))  # (a tournament's)
    played = tournament(h, cup)
    before = others(h)
    results = {t: h.run(store.results(t)) for t in finished}
    assert traces(store, h), "the games named her"
    assert any(r.name for board in before["boards"].values() for r in board), "the others were rated"

    done = h.run(store.forget(ZEPH.person))

    assert done.forgot is Forgot.DONE
    assert traces(store, h) == []
    assert others(h) == before
    for t in finished:  # her seat stays a seat of its own, forgotten
        expected = [replace(s, name="", person=None, forgotten=True) if s.name == ZEPH.name else s for s in results[t]]
        assert h.run(store.results(t)) == expected
        table = h.table(t)
        assert [s.forgotten for s in table.seats] == [
            s.person is None and s.name == "" and s.forgotten for s in table.seats
        ]
        assert sum(s.forgotten for s in table.seats) == 1
    assert h.table(lobby).kicked == [] and h.table(lobby).notice.name == ""
    kept = tournament(h, cup)  # her entrant keeps its place and points, no name, no person; nobody created it
    assert (kept.creator.user_id, kept.version, kept.stage) == (NOBODY, played.version + 1, Stage.FINISHED)
    mine = [e.person == ZEPH.person for e in played.entrants]
    assert mine.count(True) == 1
    assert [e.forgotten for e in kept.entrants] == mine
    assert [(e.name, e.person) for e in kept.entrants] == [
        ("", None) if m else (e.name, e.person) for m, e in zip(mine, played.entrants, strict=True)
    ]
    assert standings(kept) == [replace(r, name="") if mine[r.entrant] else r for r in standings(played)]
    assert kept.rounds == played.rounds
    assert h.table(challenge).invites == []
    assert h.run(store.forgotten(ZEPH.person)) and not h.run(store.forgotten(BOB.person))
    assert h.run(store.person_lang(ZEPH.person)) is None and h.run(store.achievements_of(ZEPH.person)) == []


def test_forgetting_twice_changes_nothing_more(store):
    h = Harness(ServiceConfig(idle_seconds=3), seed=3, store=store)
    speed = h.open(ZEPH, "speed").table_id
    h.press(BOB, speed, "Join")
    played_out(h, speed)
    assert h.run(store.forget(ZEPH.person)).forgot is Forgot.DONE
    kept = (h.table(speed), h.run(store.results(speed)), others(h))

    assert h.run(store.forget(ZEPH.person)).forgot is Forgot.AGAIN

    assert (h.table(speed), h.run(store.results(speed)), others(h)) == kept


def test_someone_at_an_open_table_is_not_forgotten_and_nothing_changes(store):
    h = Harness(store=store)
    h.run(store.set_person_lang(ZEPH.person, "de"))
    t = h.open(BOB, "svolota").table_id
    h.press(ZEPH, t, "Join")
    table = h.table(t)

    done = h.run(store.forget(ZEPH.person))

    assert (done.forgot, done.tables, done.games) == (Forgot.SEATED, (t,), ("svolota",))
    assert h.table(t) == table and h.run(store.person_lang(ZEPH.person)) == "de"
    assert not h.run(store.forgotten(ZEPH.person))


def test_someone_who_plays_again_is_a_new_person(store):
    h = Harness(ServiceConfig(idle_seconds=3), seed=3, store=store)
    assert h.run(store.forget(ZEPH.person)).forgot is Forgot.DONE  # (never seen: forgotten all the same)
    assert h.run(store.forgotten(ZEPH.person))
    speed = h.open(ZEPH, "speed").table_id
    h.press(BOB, speed, "Join")
    assert h.run(store.forgotten(ZEPH.person)), "a game under way is not a game played"
    played_out(h, speed)
    assert not h.run(store.forgotten(ZEPH.person))
    assert h.table(speed).status is Status.FINISHED


def test_forget_in_a_chat_with_the_service_refuses_while_seated(store):
    h = Harness(store=store)
    t = h.open(ZEPH, "svolota").table_id
    reply = h.run(h.service.handle(Forget(ZEPH, CHAT)))
    assert not reply.ok and "Svolota" in (reply.text or "") and not reply.screens
    assert h.table(t).seats[0].person == ZEPH.person


def test_someone_playing_in_an_open_tournament_is_not_forgotten_and_nothing_changes(store):
    h = Harness(store=store)
    assert create(h, name="Open cup").ok
    for who in (ZEPH, BOB):
        assert press(h, who, "Join").ok
    cup = tournament(h)

    done = h.run(store.forget(ZEPH.person))

    assert (done.forgot, done.tables, done.tournaments) == (Forgot.SEATED, (), (("Open cup", "speed"),))
    assert tournament(h, cup.id) == cup and not h.run(store.forgotten(ZEPH.person))
    reply = h.run(h.service.handle(Forget(ZEPH, CHAT)))  # asked in the chat: why not, nothing to confirm
    assert not reply.ok and "Open cup" in (reply.text or "") and not reply.screens
    assert press(h, ZEPH, "Leave").ok  # left: now she may go
    assert h.run(store.forget(ZEPH.person)).forgot is Forgot.DONE
    assert [e.name for e in tournament(h, cup.id).entrants] == ["Bob"]
