"""Speed and Racing Demon through the service: moves on arrival, one redraw per window,
computer reactions, stalemate calls, idle stand-ins."""

from bot.deadlines import Kind
from bot.settings import ServiceConfig
from bot.tables import Status
from core import load_game
from tests.bot.harness import ANN, BOB, Harness
from tests.names import named


def speed_table(h: Harness) -> int:
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    return t


def public_draws(h: Harness, t: int) -> int:
    return sum(1 for _, screens in h.notifier.calls for s in screens if s.table_id == t and s.public)


def test_moves_apply_at_once_but_the_board_is_redrawn_once_per_window():
    h = Harness(ServiceConfig(window_seconds=1.5, idle_seconds=1000))
    t = speed_table(h)
    h.advance(1.6)  # the first window shows the start
    draws = public_draws(h, t)
    made = 0
    for person, seat in ((ANN, 0), (BOB, 1), (ANN, 0), (BOB, 1)):
        moves = load_game(h.table(t).state).moves(str(seat))
        if moves and h.play(person, t, moves[0]).ok:
            made += 1
    assert made >= 2
    assert len(h.log(t)) == made
    assert public_draws(h, t) == draws  # nothing redrawn yet
    h.advance(1.5)
    assert public_draws(h, t) == draws + 1  # one redraw for the whole window
    said = [line for line in h.screen(t).text.splitlines() if line.startswith("· ")]
    assert len(said) == made  # the window's moves, each in words naming who moved
    assert all(line[2:].startswith(tuple(named(["Ann", "Bob"]))) for line in said)
    h.advance(1.5)
    assert public_draws(h, t) == draws + 1  # a quiet window draws nothing


def test_a_move_that_lost_the_race_is_too_slow_and_changes_nothing():
    h = Harness(ServiceConfig(idle_seconds=1000))
    t = speed_table(h)
    g = load_game(h.table(t).state)
    plays = [(m, s) for s in (0, 1) for m in g.moves(str(s)) if m.startswith("play")]
    for ann_move in (m for m, s in plays if s == 0):
        pile = ann_move.split()[2]
        for bob_move in (m for m, s in plays if s == 1 and m.split()[2] == pile):
            assert h.play(ANN, t, ann_move).ok
            log = len(h.log(t))
            reply = h.play(BOB, t, bob_move)
            if not reply.ok:
                assert len(h.log(t)) == log
            return


def test_computer_players_react_and_finish_a_racing_demon_round():
    h = Harness(ServiceConfig(idle_seconds=5))
    t = h.open(ANN, "racing_demon").table_id
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    h.advance(20)
    table = h.table(t)
    assert any(m.by == "computer" for m in h.log(t))
    assert table.seats[0].stand_in  # Ann did nothing: a computer stands in for her
    ended_by_a_computer(h, t)


def ended_by_a_computer(h: Harness, t: int) -> None:
    """Time passes until the game is over; the computer whose move ended it armed nothing more."""
    for _ in range(3600):
        h.advance(1)
        if h.table(t).status is Status.FINISHED:
            break
    table = h.table(t)
    assert table.status is Status.FINISHED
    assert h.log(t)[-1].by == "computer"
    assert table.deadlines == []


def test_a_speed_match_between_computers_ends():
    h = Harness(ServiceConfig(idle_seconds=1))
    t = speed_table(h)
    ended_by_a_computer(h, t)
    assert any(m.move == "new" for m in h.log(t))  # stalemates were called by someone


def test_a_stalemate_is_offered_for_two_windows_and_then_called():
    h = Harness(ServiceConfig(idle_seconds=10_000, window_seconds=1.5))
    t = speed_table(h)
    table = h.table(t)
    g = load_game(table.state)
    # play until a stalemate holds, people only (no computers at this table)
    for _ in range(500):
        if g.stalemate or g.over:
            break
        seat = next(s for s in (0, 1) if g.moves(str(s)))
        move = next(m for m in g.moves(str(seat)) if m != "new")
        h.play((ANN, BOB)[seat], t, move)
        g = load_game(h.table(t).state)
    if not g.stalemate:
        return
    log = len(h.log(t))
    h.advance(1.5)
    assert "Nobody can play" in h.screen(t).text
    h.advance(1.5)
    assert len(h.log(t)) == log  # offered, not yet called
    h.advance(1.5)
    assert h.log(t)[-1].move == "new" and h.log(t)[-1].by == "window"


def test_windows_stop_when_the_game_ends():
    h = Harness(ServiceConfig(idle_seconds=1))
    t = speed_table(h)
    h.advance(3600)
    assert h.table(t).status is Status.FINISHED
    assert not [d for d in h.table(t).deadlines if d.kind == Kind.WINDOW]
