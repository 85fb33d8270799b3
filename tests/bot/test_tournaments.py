"""Tournaments through the real service on a fake clock (bot/tournaments.py): whole Swiss, points
and elimination tournaments, the round's time limit, an admin's hand (pause, resume, disqualify,
replace, cancel), every refusal changing nothing, and the reconciliation that finishes what a
crash left half done. On the memory store; a whole elimination and the reconciliation also on a
real SQLite file and PostgreSQL (the slow tier)."""

from __future__ import annotations

import pytest

from bot.people import ChatRef
from bot.settings import ServiceConfig
from bot.standings import standings, winner
from bot.store import Store
from bot.tables import Status
from bot.tokens import Token
from bot.tournament import Format, Out, Stage
from core import load_game
from tests.bot.harness import CHAT, Harness, person
from tests.bot.tournament_harness import (
    ADMIN,
    board,
    create,
    manage,
    play_on,
    press,
    screens_of,
    tournament,
    until_over,
)
from tests.sql.databases import POSTGRES, sql_store

PEOPLE = [person(n) for n in ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay")]
ANN, BOB, CY, DAN, EVE, FAY = PEOPLE
ELSEWHERE = ChatRef("test", "chat-2")
STORES = ["memory", pytest.param("sqlite", marks=pytest.mark.slow), POSTGRES]  # whole games on a database: seconds


def robots(seed: int = 3, store: Store | None = None, **config: float) -> Harness:
    """People who never press: after `idle_seconds` a computer stands in for them, so games end."""
    return Harness(ServiceConfig(**{"idle_seconds": 3, "computer_think": 0.5, **config}), seed=seed, store=store)


def signed_up(h: Harness, n: int, **fields) -> int:
    assert create(h, **fields).ok
    for p in PEOPLE[:n]:
        assert press(h, p, "Join").ok
    return tournament(h).id


def test_a_swiss_speed_tournament_of_five_with_a_computer_plays_three_rounds_to_its_winner():
    h = robots()
    tid = signed_up(h, 5, rounds=3, computers=True)
    assert tournament(h, tid).stage is Stage.SIGNUP
    t = until_over(h, tid)
    assert t.stage is Stage.FINISHED
    assert [e.name for e in t.entrants][:5] == ["Ann", "Bob", "Cy", "Dan", "Eve"]
    assert len(t.entrants) == 6 and t.entrants[5].computer  # an even field: no bye
    assert [r.number for r in t.rounds] == [1, 2, 3]
    pairs = [frozenset(m.entrants) for r in t.rounds for m in r.matches]
    assert len(pairs) == 9 and len(set(pairs)) == 9  # nobody met twice
    for r in t.rounds:
        assert sorted(i for m in r.matches for i in m.entrants) == list(range(6))
        for m in r.matches:
            table = h.table(m.table_id)
            assert table.tournament == tid and table.status is Status.FINISHED and table.chat == CHAT
            assert [s.name for s in table.seats] == [t.entrants[i].name for i in m.entrants]  # the match's order
            assert table.started_at > 0 and table.result is not None
            assert sorted(m.points) == [0.0, 1.0] and m.decided is None  # Speed deals have a winner
            result = h.screen(m.table_id)  # a match has no rematch: the next round is the tournament's
            assert not any("Rematch" in b.label for row in result.buttons for b in row)
            seated = next(p for p in PEOPLE if p.person == table.seats[0].person) if table.seats[0].person else None
            if seated is not None:
                rematch = Token(table.id, table.version, "rematch").encode()
                assert not h.press_token(seated, rematch).ok and h.table(m.table_id).rematch is None
            won = table.result.index(min(table.result))  # (a single deal: the fewest cards left won)
            assert m.points[won] == 1.0
    assert [s.slot for s in screens_of(h, "after")] == ["after1", "after2"]  # the last round: the final result
    after = screens_of(h, "after")[-1]
    assert after.picture is not None and after.picture.rows[0].name in after.text.splitlines()[1]
    final = screens_of(h, "final")[-1]
    assert final.final and t.entrants[winner(t)].name in final.text.splitlines()[1]
    assert standings(t)[0].entrant == winner(t)
    assert "Finished" in board(h).text and board(h).buttons == ()


def test_each_round_is_announced_with_its_tables_and_notifies_its_people():
    h = robots()
    tid = signed_up(h, 4, rounds=2)
    manage(h, "start")
    first = screens_of(h, "round1")[-1]
    t = tournament(h, tid)
    assert len(first.buttons) == 2 and {b.live for row in first.buttons for b in row} == {
        m.table_id for m in t.rounds[0].matches
    }
    assert {m.person for m in first.marks} == {p.person for p in PEOPLE[:4]}  # mentions notify them
    for m in t.rounds[0].matches:  # its tables are shown in the chat at once, playing
        assert h.table(m.table_id).status is Status.PLAYING
        assert h.notifier.last(m.table_id) is not None


def test_a_points_svolota_tournament_seats_tables_by_standing_and_gives_points_by_place():
    h = robots(seed=5)
    tid = signed_up(h, 5, game="svolota", fmt="points", rounds=2)
    manage(h, "start")
    t = tournament(h, tid)
    assert t.stage is Stage.RUNNING and [len(m.entrants) for m in t.rounds[0].matches] == [5]
    t = until_over(h, tid, most=60_000)
    assert t.stage is Stage.FINISHED and len(t.rounds) == 2
    for r in t.rounds:
        (m,) = r.matches
        table = h.table(m.table_id)
        assert table.status is Status.FINISHED and len(table.seats) == 5
        # points by place: 4 for the first of five, 0 for the last; ties share
        assert sum(m.points) == pytest.approx(10.0)
        assert m.points[m.places.index(1)] == max(m.points)
        assert m.places.index(1) == table.result.index(min(table.result))  # (Svolota: fewest cards first)


@pytest.mark.parametrize("kind", STORES)
def test_an_elimination_knocks_the_losers_out_until_one_is_left(kind, tmp_path):
    h = robots(seed=7, store=None if kind == "memory" else sql_store(kind, tmp_path))
    tid = signed_up(h, 4, fmt="elimination")
    manage(h, "start")
    t = until_over(h, tid)
    assert [len(r.matches) for r in t.rounds] == [2, 1]
    assert sorted(e.out is Out.ELIMINATED for e in t.entrants) == [False, True, True, True]
    champion = winner(t)
    assert champion is not None and t.entrants[champion].out is None
    assert champion in t.rounds[1].matches[0].entrants


def test_sign_up_closing_with_too_few_people_cancels_and_says_so():
    h = robots()
    tid = signed_up(h, 1, computers=True)  # one person: computers do not make a cup
    play_on(h, 301)
    t = tournament(h, tid)
    assert t.stage is Stage.CANCELLED and t.rounds == []
    assert "too few" in screens_of(h, "cancelled")[-1].text


def test_sign_up_closing_with_enough_people_starts_the_first_round_by_itself():
    h = robots()
    tid = signed_up(h, 3, computers=False)
    play_on(h, 280)
    assert tournament(h, tid).stage is Stage.SIGNUP
    play_on(h, 30)
    t = tournament(h, tid)
    assert t.stage is Stage.RUNNING and len(t.rounds[0].matches) == 2 and t.rounds[0].matches[1].bye


def test_the_round_time_limit_stops_unfinished_tables_and_decides_them_by_the_score():
    h = Harness(ServiceConfig(idle_seconds=10_000), seed=2)  # nobody plays, nobody stands in
    tid = signed_up(h, 2, round_minutes=2, rounds=1)
    manage(h, "start")
    (m,) = tournament(h, tid).rounds[0].matches
    play_on(h, 100)
    assert not tournament(h, tid).rounds[0].matches[0].over
    play_on(h, 30)
    t = tournament(h, tid)
    (m,) = t.rounds[0].matches
    table = h.table(m.table_id)
    assert table.status is Status.CANCELLED and m.decided == "time"
    scores = load_game(table.state).seat_scores()
    expected = [1.0, 0.0] if scores[0] < scores[1] else [0.0, 1.0] if scores[1] < scores[0] else [0.5, 0.5]
    assert m.points == expected
    assert t.stage is Stage.FINISHED


def test_pause_holds_the_clock_and_resume_gives_back_the_time_that_was_left():
    h = Harness(ServiceConfig(idle_seconds=10_000), seed=2)
    tid = signed_up(h, 2, round_minutes=2, rounds=1)
    manage(h, "start")
    play_on(h, 60)
    assert manage(h, "pause").ok
    assert "Paused" in board(h).text
    play_on(h, 600)
    t = tournament(h, tid)
    assert not t.rounds[0].matches[0].over and t.paused
    assert manage(h, "resume").ok
    due = tournament(h, tid).rounds[0].due
    assert due == pytest.approx(h.clock.now() + 60, abs=3)
    play_on(h, 70)
    assert tournament(h, tid).rounds[0].matches[0].decided == "time"


def test_a_disqualified_entrant_concedes_their_match_and_their_presses_change_nothing():
    h = Harness(ServiceConfig(idle_seconds=10_000), seed=2)
    tid = signed_up(h, 4, rounds=2)
    manage(h, "start")
    t = tournament(h, tid)
    m = next(m for m in t.rounds[0].matches if 0 in m.entrants)  # Ann's
    other = next(i for i in m.entrants if i != 0)
    assert manage(h, "disqualify", "ann").ok
    t = tournament(h, tid)
    m = next(x for x in t.rounds[0].matches if x.table_id == m.table_id)
    assert t.entrants[0].out is Out.DISQUALIFIED and m.decided == "conceded"
    assert m.points[m.entrants.index(other)] == 1.0 and m.points[m.entrants.index(0)] == 0.0
    table = h.table(m.table_id)
    assert table.status is Status.CANCELLED
    # Ann presses at her table and on the board: refused, nothing changes
    before = (h.table(m.table_id).version, tournament(h, tid).version)
    move = load_game(table.state).moves(str(m.entrants.index(0)))[0]
    assert not h.play(ANN, m.table_id, move).ok
    assert not h.press_token(ANN, Token(m.table_id, table.version, "move", move).encode()).ok
    assert not press(h, ANN, "", screen=screens_of(h, "tournament")[0]).ok  # her old Join
    refused = press(h, ANN, "Leave", screen=screens_of(h, "tournament")[0])
    assert not refused.ok and "disqualified" in refused.text
    assert (h.table(m.table_id).version, tournament(h, tid).version) == before
    # she is never paired again
    play_on(h, 400)
    assert all(0 not in x.entrants for r in tournament(h, tid).rounds[1:] for x in r.matches)


def test_a_disqualified_player_at_a_multiplayer_table_is_played_by_a_computer_and_scores_nothing():
    h = robots(seed=5, idle_seconds=10_000)
    tid = signed_up(h, 3, game="svolota", fmt="points", rounds=1)
    manage(h, "start")
    (m,) = tournament(h, tid).rounds[0].matches
    seat = m.entrants.index(1)
    manage(h, "disqualify", "Bob")
    table = h.table(m.table_id)
    assert table.status is Status.PLAYING and table.seats[seat].person is None
    assert table.seats[seat].left == BOB.person
    version = table.version
    assert not h.play(BOB, m.table_id, "pass").ok
    assert h.table(m.table_id).version == version
    t = until_over(h, tid, most=60_000)
    (m,) = t.rounds[0].matches
    assert m.points[seat] == 0.0


def test_replace_hands_the_seat_to_a_computer_that_keeps_the_name_and_points():
    h = Harness(ServiceConfig(idle_seconds=10_000), seed=2)
    tid = signed_up(h, 2, rounds=1)
    manage(h, "start")
    (m,) = tournament(h, tid).rounds[0].matches
    assert manage(h, "replace", "Bob").ok
    t = tournament(h, tid)
    assert t.entrants[1].computer and t.entrants[1].replaced == BOB.person and t.entrants[1].name == "Bob"
    table = h.table(m.table_id)
    seat = m.entrants.index(1)
    assert table.seats[seat].person is None and table.seats[seat].name == "Bob"
    assert not h.play(BOB, m.table_id, "new").ok


def test_cancel_stops_the_open_tables_and_closes_the_board():
    h = Harness(ServiceConfig(idle_seconds=10_000), seed=2)
    tid = signed_up(h, 4, rounds=2)
    manage(h, "start")
    tables = [m.table_id for m in tournament(h, tid).rounds[0].matches]
    assert manage(h, "cancel").ok
    assert tournament(h, tid).stage is Stage.CANCELLED
    assert all(h.table(x).status is Status.CANCELLED for x in tables)
    assert board(h).final and "Cancelled" in board(h).text


# ----- every refusal changes nothing ---------------------------------------------------------------


def unchanged(h: Harness, tid: int, reply) -> str:
    """The refusal's text, after checking the tournament did not change."""
    assert not reply.ok and reply.text
    return reply.text


def test_bad_input_is_refused_in_a_short_private_answer_and_changes_nothing():
    h = Harness(ServiceConfig(idle_seconds=10_000), seed=2)
    assert not create(h, actor=ANN).ok  # not an admin
    assert not create(h, game="chess").ok
    assert not create(h, fmt="round robin").ok
    assert not create(h, game="svolota", fmt="swiss").ok  # Svolota is no pairs game
    assert not create(h, rounds=99).ok
    assert h.run(h.store.open_tournaments(CHAT)) == []
    tid = signed_up(h, 2, max_entrants=3)
    version = tournament(h, tid).version
    stale = board(h)
    refusals = [
        create(h),  # a second tournament in the chat
        press(h, ANN, "Join"),  # already in
        press(h, DAN, "Leave"),  # not in
        press(h, DAN, "Join", where=ELSEWHERE),  # a forged press from another chat
        press(h, DAN, "Join", where=None),
        manage(h, "start", actor=BOB),  # not an admin
        manage(h, "start", actor=person("Other", admin=True), chat=ELSEWHERE),  # an admin of another chat
        manage(h, "disqualify", "Nobody"),
        manage(h, "resume"),  # not paused
        manage(h, "dance"),
    ]
    for reply in refusals:
        unchanged(h, tid, reply)
    assert tournament(h, tid).version == version
    assert press(h, CY, "Join").ok
    version = tournament(h, tid).version
    assert "full" in unchanged(h, tid, press(h, DAN, "Join"))
    assert tournament(h, tid).version == version
    manage(h, "start")
    version = tournament(h, tid).version
    assert "started" in unchanged(h, tid, press(h, DAN, "Join", screen=stale))  # a stale button
    assert "started" in unchanged(h, tid, manage(h, "start"))
    assert tournament(h, tid).version == version
    manage(h, "cancel")
    version = tournament(h, tid).version
    assert "over" in unchanged(h, tid, press(h, DAN, "Join", screen=stale))
    assert "no tournament" in unchanged(h, tid, manage(h, "pause"))
    assert tournament(h, tid).version == version


def test_too_few_people_cannot_be_started_by_hand():
    h = Harness()
    tid = signed_up(h, 1)
    assert "too few" in unchanged(h, tid, manage(h, "start"))
    assert tournament(h, tid).stage is Stage.SIGNUP


# ----- nothing lost: the reconciliation ------------------------------------------------------------


def restarted(h: Harness) -> Harness:
    """A new service on the same store, at the same time (the old one died)."""
    again = Harness(h.service.config, seed=2, store=h.store)
    again.clock.advance(h.clock.now() - again.clock.now())
    return again


@pytest.mark.parametrize("kind", STORES)
def test_a_crash_between_a_tables_end_and_the_tournaments_update_is_made_good_on_start(kind, tmp_path):
    h = robots(store=None if kind == "memory" else sql_store(kind, tmp_path))
    tid = signed_up(h, 4, rounds=2)
    manage(h, "start")
    tables = [m.table_id for m in tournament(h, tid).rounds[0].matches]
    h.service.observers.remove(h.service.tournaments)  # the tournament never hears of its tables' ends ...
    h.advance(3000, step=1)
    assert all(h.table(x).status is Status.FINISHED for x in tables)
    assert not any(m.over for m in tournament(h, tid).rounds[0].matches)  # ... as if killed right after
    again = restarted(h)
    again.run(again.service.tournaments.tick())  # the first tick looks at every open tournament
    t = tournament(again, tid)
    assert all(m.over for m in t.rounds[0].matches) and len(t.rounds) == 2
    assert all(again.table(m.table_id).status is Status.PLAYING for m in t.rounds[1].matches)
    t = until_over(again, tid)
    assert t.stage is Stage.FINISHED and len(t.rounds) == 2


def test_a_crash_after_a_round_is_saved_but_before_its_tables_open_opens_them_on_start(monkeypatch):
    h = robots()
    tid = signed_up(h, 4, rounds=1)

    async def killed(t) -> None:
        raise SystemExit("killed")

    monkeypatch.setattr(h.service.tournaments, "_settle", killed)
    with pytest.raises(SystemExit):
        manage(h, "start")
    t = tournament(h, tid)
    assert t.stage is Stage.RUNNING and all(h.run(h.store.load(m.table_id)) is None for m in t.rounds[0].matches)
    again = restarted(h)
    again.run(again.service.tournaments.tick())
    t = tournament(again, tid)
    assert all(again.table(m.table_id).status is Status.PLAYING for m in t.rounds[0].matches)
    assert until_over(again, tid).stage is Stage.FINISHED


def test_advancing_twice_changes_nothing_more():
    h = robots()
    tid = signed_up(h, 4, rounds=2)
    manage(h, "start")
    t = tournament(h, tid)
    tables = {m.table_id for m in t.rounds[0].matches}
    for _ in range(3):
        h.run(h.service.tournaments._change(tid, h.service.tournaments._advance_in))
    assert tournament(h, tid).version == t.version
    assert len(tournament(h, tid).rounds) == 1
    assert {x.id for x in h.run(h.store.open_tables(CHAT))} == tables


def test_an_admin_is_any_chat_admin_or_the_creator():
    h = Harness()
    tid = signed_up(h, 2)
    assert manage(h, "pause", actor=person("Other", admin=True)).ok
    assert manage(h, "resume", actor=ADMIN.__class__(ADMIN.person, "Zed", admin=False)).ok  # the creator
    assert tournament(h, tid).paused is False
    assert tournament(h, tid).format is Format.SWISS
