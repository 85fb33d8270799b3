"""`/forget` through the service (bot/forgetter.py): asked first, privately, with buttons only the
asker may press; refused while they sit at an open table; answered "already" the second time."""

from __future__ import annotations

from dataclasses import replace

from bot.commands import Forget, Press
from bot.i18n import translator
from bot.settings import ServiceConfig
from bot.ui.screen import Reply, Screen
from bot.ui.words import seat_name
from tests.bot.harness import ANN, BOB, CHAT, Harness, played_out


def forget(h: Harness, actor=ANN, chat=CHAT) -> Reply:
    return h.run(h.service.handle(Forget(actor, chat)))


def confirmation(reply: Reply) -> Screen:
    (screen,) = reply.screens
    return screen


def press(h: Harness, actor, screen: Screen, label: str, where=None) -> Reply:
    (token,) = [b.token for row in screen.buttons for b in row if label in b.label]
    return h.run(h.service.handle(Press(actor, token or "", where=where)))


def a_finished_game() -> tuple[Harness, int]:
    h = Harness(ServiceConfig(idle_seconds=3), seed=5)
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    return played_out(h, t), t


def test_forget_asks_first_privately_with_two_buttons():
    h, _ = a_finished_game()
    screen = confirmation(forget(h))
    assert screen.audience == ANN.person and "cannot be undone" in screen.text
    assert [b.label for row in screen.buttons for b in row] == ["Yes, forget me", "Keep me"]
    assert h.run(h.store.person_stats(ANN.person, "global")), "nothing forgotten yet"


def test_only_the_asker_may_press_the_confirmation():
    h, t = a_finished_game()
    screen = confirmation(forget(h))
    refused = press(h, BOB, screen, "Yes", where=CHAT)
    assert not refused.ok and refused.text == "this button is not for you"
    assert h.table(t).seats[0].person == ANN.person and not h.run(h.store.forgotten(ANN.person))


def test_keep_me_changes_nothing():
    h, t = a_finished_game()
    table = h.table(t)
    reply = press(h, ANN, confirmation(forget(h)), "Keep me")
    assert reply.ok and "Nothing was changed" in (reply.text or "")
    assert h.table(t) == table


def test_yes_forgets_and_a_second_forget_says_so_without_asking():
    h, t = a_finished_game()
    reply = press(h, ANN, confirmation(forget(h)), "Yes")
    assert reply.ok and "you are forgotten" in (reply.text or "")
    seat = h.table(t).seats[0]
    assert (seat.person, seat.name, seat.forgotten) == (None, "", True)
    assert h.run(h.store.person_stats(ANN.person, "global")) == []
    again = forget(h)
    assert again.ok and not again.screens and "already forgotten" in (again.text or "")
    assert press(h, ANN, confirmation(forget(h, BOB)), "Yes", where=None).ok is False  # Bob's, not hers


def test_forget_while_seated_at_an_open_table_is_refused_and_changes_nothing():
    h, _ = a_finished_game()
    t = h.open(BOB, "svolota").table_id
    h.press(ANN, t, "Join")
    reply = forget(h)
    assert not reply.ok and not reply.screens
    assert reply.text == "Leave or finish your games first: Svolota. Nothing was changed."
    assert h.table(t).seats[1].person == ANN.person


def test_a_confirmation_pressed_after_sitting_down_is_refused_too():
    h, _ = a_finished_game()
    screen = confirmation(forget(h))
    t = h.open(BOB, "svolota").table_id
    h.press(ANN, t, "Join")
    reply = press(h, ANN, screen, "Yes")
    assert not reply.ok and "Svolota" in (reply.text or "")
    assert h.run(h.store.person_stats(ANN.person, "global"))


def test_a_forgotten_seat_reads_a_former_player():
    h, t = a_finished_game()
    press(h, ANN, confirmation(forget(h)), "Yes")
    assert seat_name(h.table(t).seats[0], translator("de")) == translator("de").gettext("a former player")


def test_page_public_is_an_admins_choice_kept_as_the_moment_it_was_made_public():
    h = Harness()
    assert h.run(h.service.chats.page_public_since(CHAT)) is None
    refused = h.setting(ANN, "page_public", True)
    assert not refused.ok and h.run(h.service.chats.page_public_since(CHAT)) is None
    admin = replace(ANN, admin=True)
    assert h.setting(admin, "page_public", True).ok
    since = h.run(h.service.chats.page_public_since(CHAT))
    assert since == h.clock.now()
    h.clock.advance(60)
    h.setting(admin, "page_public", True)  # public already: its links stay good
    assert h.run(h.service.chats.page_public_since(CHAT)) == since
    h.setting(admin, "page_public", False)
    assert h.run(h.service.chats.page_public_since(CHAT)) is None
    h.setting(admin, "page_public", True)
    assert h.run(h.service.chats.page_public_since(CHAT)) == since + 60
    assert not h.setting(admin, "page_public", "maybe").ok
