"""A Svolota table through the service: moves, turn timer, stand-ins, presses, rematch, leaving."""

from bot.commands import Play
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.tokens import Token
from core import load_game
from tests.bot.harness import ANN, BOB, CY, DAN, Harness


def started(h: Harness, *people) -> int:
    t = h.open(ANN, "svolota").table_id
    for p in people:
        h.press(p, t, "Join")
    while len(h.table(t).seats) < 3:
        h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    return t


def game(h: Harness, t: int):
    return load_game(h.table(t).state)


def test_the_person_to_act_plays_from_their_private_panel():
    h = Harness()
    t = started(h, BOB, CY)
    panel = h.screen(t, ANN, "panel")
    assert panel.audience == ANN.person and "Your cards" in panel.text
    first = panel.buttons[0][0]
    assert h.press_token(ANN, first.token).ok
    assert h.log(t)[-1].seat == 0
    assert game(h, t).state.turn == 1


def test_hands_stay_secret_the_board_shows_none_and_a_panel_only_its_owners():
    h = Harness()
    t = started(h, BOB, CY)
    g = game(h, t)
    hands = [{c.pretty for c in g.view(seat).hand} for seat in range(3)]
    public, ann_panel = h.screen(t).text, h.screen(t, ANN, "panel").text
    assert not any(card in public for hand in hands for card in hand)
    assert all(card in ann_panel for card in hands[0])
    assert not any(card in ann_panel for card in hands[1] | hands[2])


def test_pressing_someone_elses_move_is_refused_and_changes_nothing():
    h = Harness()
    t = started(h, BOB, CY)
    token = h.screen(t, ANN, "panel").buttons[0][0].token
    version = h.table(t).version
    reply = h.press_token(BOB, token)
    assert not reply.ok
    assert h.table(t).version == version


def test_a_stale_button_is_refused_and_a_double_press_is_harmless():
    h = Harness()
    t = started(h, BOB, CY)
    token = h.screen(t, ANN, "panel").buttons[0][0].token
    assert h.press_token(ANN, token).ok
    log = len(h.log(t))
    reply = h.press_token(ANN, token)
    assert not reply.ok and "too late" in (reply.text or "")
    assert len(h.log(t)) == log


def test_garbage_and_foreign_tokens_get_a_short_answer():
    h = Harness()
    t = started(h, BOB, CY)
    garbage = ["", "x", "💥" * 40, "1.1.zzz", "zzzzzzzzzzzzz.1.j", "9999.1.j"]
    for data in [*garbage, Token(t, h.table(t).version, "move", "play ZZ").encode()]:
        reply = h.press_token(ANN, data)
        assert not reply.ok and reply.text


def test_an_illegal_move_is_explained_and_changes_nothing():
    h = Harness()
    t = started(h, BOB, CY)
    version = h.table(t).version
    reply = h.play(BOB, t, "pass")
    assert not reply.ok and "not your turn" in (reply.text or "")
    reply = h.play(ANN, t, "play 3S 3C 3H")
    assert not reply.ok
    assert h.table(t).version == version


def test_a_turn_timeout_plays_the_default_move_and_two_in_a_row_bring_a_stand_in():
    h = Harness()
    t = started(h, BOB, CY)
    h.setting(DAN.__class__(DAN.person, "Dan", admin=True), "turn_seconds", 30)
    g = game(h, t)
    expected = g.default_move("0")
    h.advance(61)  # the first timer was armed with the default 60 s
    table = h.table(t)
    assert h.log(t)[0].move == expected and h.log(t)[0].by == "timer"
    assert table.seats[0].missed == 1
    h.advance(31)  # Bob
    h.advance(31)  # Cy
    h.advance(31)  # Ann again: a second miss
    table = h.table(t)
    assert table.seats[0].missed == 2 and table.seats[0].stand_in
    assert "standing in" in h.screen(t).text


def test_a_stand_in_plays_until_the_person_is_back():
    h = Harness(ServiceConfig(missed_turns=1))
    t = started(h, BOB, CY)
    h.advance(61)
    assert h.table(t).seats[0].stand_in
    h.press(ANN, t, "My cards")  # opening her cards says "I'm back"
    assert not h.table(t).seats[0].stand_in


def test_computer_players_move_by_themselves_and_a_game_reaches_its_end():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    h.press_token(ANN, h.button(t, "Leave", ANN).token)  # her seat goes to a computer: the game goes on
    assert h.table(t).seats[0].person is None
    h.advance(3600)
    table = h.table(t)
    assert table.status is Status.FINISHED
    assert "wins" in h.screen(t).text
    replay = load_game(table.state)
    assert replay.over and table.result == replay.seat_scores()


def test_a_rematch_starts_the_same_seats_with_the_seat_after_the_winner_leading():
    h = Harness(ServiceConfig(missed_turns=1))  # stand-ins play out the game after one miss each
    t = started(h, BOB, CY)
    h.advance(100_000)
    table = h.table(t)
    assert table.status is Status.FINISHED
    rematch = h.button(t, "Rematch").token
    winner = table.result.index(min(table.result))
    assert h.press_token(BOB, rematch).ok
    new = h.table(h.table(t).rematch)
    assert new.status is Status.PLAYING and new.rematch_of == t
    assert [s.person for s in new.seats] == [s.person for s in table.seats]
    assert new.options["first"] == (winner + 1) % 3
    reply = h.press_token(CY, rematch)  # a second press on the same button
    assert not reply.ok
    assert h.table(t).rematch == new.id


def test_someone_not_at_the_table_cannot_ask_for_a_rematch():
    h = Harness(ServiceConfig(missed_turns=1))
    t = started(h, BOB, CY)
    h.advance(100_000)
    assert not h.press(DAN, t, "Rematch").ok


def test_only_the_creator_or_an_admin_can_cancel():
    h = Harness()
    t = started(h, BOB, CY)
    assert not h.cancel(BOB).ok
    assert h.cancel(DAN.__class__(DAN.person, "Dan", admin=True)).ok
    assert h.table(t).status is Status.CANCELLED


def test_an_update_delivered_twice_moves_once():
    """A platform delivers an update again when the bot died before confirming it."""
    h = Harness()
    t = started(h, BOB, CY)
    game = load_game(h.table(t).state)
    seat = game.turn
    actor = next(a for a in (ANN, BOB, CY) if a.person == h.table(t).seats[seat].person)
    move = game.moves(str(seat))[0]
    first = h.run(h.service.handle(Play(actor, t, move, once="telegram:41")))
    again = h.run(h.service.handle(Play(actor, t, move, once="telegram:41")))
    assert first.ok and again.ok and again.text is None
    assert [(m.seat, m.move) for m in h.log(t)] == [(seat, move)]
    fresh = h.run(h.service.handle(Play(actor, t, move, once="telegram:42")))  # a new update: judged afresh
    assert not fresh.ok and len(h.log(t)) == 1
