"""Svolota's turn alert: when the turn passes to a person, one short message names them (so that
they are notified) with the deadline their clients count down; none for computers; the same
person keeping the turn within a few seconds keeps the alert they have. The turn timer's moves say
so in the log, and the board's turn line carries the deadline."""

from bot.deadlines import Kind
from bot.people import PersonRef
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.ui.screen import ALERT, ALERT_AGAIN, Alert, Countdown, Mention, Screen
from core import load_game
from tests.bot.harness import ANN, BOB, CY, Harness
from tests.names import named


def started(h: Harness, *people, computers: int = 0) -> int:
    t = h.open(ANN, "svolota").table_id
    for p in people:
        h.press(p, t, "Join")
    for _ in range(computers):
        h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    return t


def turn(h: Harness, t: int) -> int:
    return load_game(h.table(t).state).state.turn


def last_drawn(h: Harness, t: int) -> list[Screen]:
    """The screens of the table's newest redraw."""
    for _, screens in reversed(h.notifier.calls):
        if any(s.table_id == t and s.public and s.slot == "table" for s in screens):
            return [s for s in screens if s.table_id == t]
    raise AssertionError("never drawn")


def alert_of(h: Harness, t: int) -> Screen | None:
    return next((s for s in last_drawn(h, t) if s.slot == ALERT), None)


def timer_of(h: Harness, t: int) -> float:
    return next(d.due for d in h.table(t).deadlines if d.kind == Kind.TURN)


def test_the_person_to_act_is_alerted_by_name_with_their_deadline():
    h = Harness()
    t = started(h, BOB, CY)
    people = {0: ANN, 1: BOB, 2: CY}
    for _ in range(3):
        who = people[turn(h, t)]
        alert = alert_of(h, t)
        assert alert is not None and alert.alert is not None
        assert alert.public and alert.alert.person == who.person
        mention = next(m for m in alert.marks if isinstance(m, Mention))
        assert mention.person == who.person and alert.text[mention.start : mention.end] == who.name
        countdown = next(m for m in alert.marks if isinstance(m, Countdown))
        assert countdown.at == alert.alert.deadline == timer_of(h, t)
        assert alert.text[countdown.start : countdown.end] == "60 sec"
        assert h.play(who, t, load_game(h.table(t).state).moves(str(turn(h, t)))[0]).ok


def test_the_board_turn_line_carries_the_deadline():
    h = Harness()
    t = started(h, BOB, CY)
    board = h.screen(t)
    countdown = next(m for m in board.marks if isinstance(m, Countdown))
    assert countdown.at == timer_of(h, t)
    assert board.text[countdown.start : countdown.end] == "60 sec"
    assert board.text[: countdown.start].endswith(named("Ann, your move: "))


def test_no_alert_when_a_computer_is_to_act():
    h = Harness(ServiceConfig(computer_think=5))
    t = started(h, computers=2)
    assert turn(h, t) == 0 and alert_of(h, t) is not None
    assert h.play(ANN, t, load_game(h.table(t).state).moves("0")[0]).ok
    assert turn(h, t) == 1
    assert alert_of(h, t) is None


def test_a_turn_that_comes_back_within_seconds_keeps_the_alert_shown():
    h = Harness(ServiceConfig(computer_think=0.5))
    t = started(h, computers=2)
    first = alert_of(h, t)
    assert first is not None and first.alert is not None
    assert h.play(ANN, t, load_game(h.table(t).state).moves("0")[0]).ok
    h.advance(ALERT_AGAIN / 2)  # both computers move within a few seconds
    assert turn(h, t) == 0
    again = alert_of(h, t)
    assert again is not None and again.alert is not None
    assert again.alert.since != first.alert.since  # a new turn ...
    assert not again.alert.anew and not again.alert.new_message(first.alert)  # ... but the same alert


def test_a_turn_that_comes_back_after_a_while_is_a_new_alert():
    h = Harness(ServiceConfig(computer_think=0.5))
    t = started(h, BOB, computers=1)
    ann_alert = alert_of(h, t)
    assert h.play(ANN, t, load_game(h.table(t).state).moves("0")[0]).ok
    h.advance(ALERT_AGAIN + 5)  # Bob thinks
    assert turn(h, t) == 1
    assert h.play(BOB, t, load_game(h.table(t).state).moves("1")[0]).ok
    h.advance(ALERT_AGAIN / 2)  # the computer moves
    assert turn(h, t) == 0
    back = alert_of(h, t)
    assert back is not None and back.alert is not None and ann_alert is not None and ann_alert.alert is not None
    assert back.alert.anew and back.alert.new_message(ann_alert.alert)


def test_when_an_alert_is_a_new_message():
    ann, bob = PersonRef("test", "ann"), PersonRef("test", "bob")
    shown = Alert(0, ann, since=100.0, deadline=160.0)
    assert Alert(0, ann, since=100.0, deadline=160.0).new_message(None)  # nothing shown yet
    assert Alert(1, bob, since=110.0).new_message(shown)  # someone else's turn
    assert not Alert(0, ann, since=100.0, deadline=160.0).new_message(shown)  # a redraw of the same turn
    assert not Alert(0, ann, since=103.0, deadline=163.0, anew=False).new_message(shown)  # back within seconds
    assert Alert(0, ann, since=140.0, deadline=200.0).new_message(shown)  # back after a while


def test_the_turn_timer_says_it_played_for_them():
    h = Harness()
    t = started(h, BOB, CY)
    h.advance(61)
    assert h.log(t)[-1].by == "timer" and h.log(t)[-1].seat == 0
    assert named("⏰ Ann ran out of time — ") in h.screen(t).text


def test_the_alert_is_deleted_when_the_game_ends():
    h = Harness(ServiceConfig(computer_think=0.5))
    t = started(h, BOB, CY)
    for actor in (ANN, BOB, CY):
        if h.table(t).status is Status.PLAYING:
            h.press_token(actor, h.button(t, "Leave", actor).token or "")
    h.advance(4000, step=1)
    assert h.table(t).status is Status.FINISHED
    alert = alert_of(h, t)
    assert alert is not None and alert.final and alert.alert is None
