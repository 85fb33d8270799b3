"""A person's own look (`SetLook`): their private panels show cards so, at every table in every
chat, over the chat's look; the boards stay in the chat's look, and so do the panels of people who
chose none. A word that names no look is refused in the person's language and changes nothing.
The look is read from the store at most once per LOOK_TTL per person, not at every redraw."""

from __future__ import annotations

from bot.bootstrap import bootstrap
from bot.commands import SetLook
from bot.i18n import translator
from bot.looks import LOOK_TTL
from bot.people import Actor, ChatRef
from bot.settings import ServiceConfig
from bot.ui.screen import Reply
from core import load_game
from tests.bot.harness import ANN, BOB, CY, Harness, counting_reads, person

ADMIN = person("Ada", admin=True)
ELSEWHERE = ChatRef("test", "chat-2")


def set_look(h: Harness, actor: Actor, word: str) -> Reply:
    return h.run(h.service.handle(SetLook(actor, word)))


def svolota(h: Harness, chat: ChatRef | None = None) -> int:
    t = h.open(ANN, "svolota", **({"chat": chat} if chat else {})).table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    return t


def move(h: Harness, t: int) -> None:
    """Whoever's turn it is in a Svolota game makes their first move, from their panel."""
    actor = (ANN, BOB, CY)[load_game(h.table(t).state).turn]
    assert h.press_token(actor, h.screen(t, actor, "panel").buttons[0][0].token or "").ok


def test_a_persons_look_goes_to_their_panels_and_not_to_the_board():
    h = Harness()
    assert set_look(h, ANN, "text").ok
    t = svolota(h)
    assert h.screen(t).look == "classic"  # the chat's (the default)
    assert h.screen(t, ANN, "panel").look == "text"
    assert h.screen(t, BOB, "panel").look == "classic"  # Bob chose none: the chat's
    assert h.setting(ADMIN, "look", "four").ok
    move(h, t)
    assert h.screen(t).look == "four_colour"
    assert h.screen(t, BOB, "panel").look == "four_colour"
    assert h.screen(t, ANN, "panel").look == "text"


def test_a_new_choice_shows_at_the_next_drawing_in_every_chat():
    h = Harness()
    t = svolota(h)
    other = h.open(ANN, "svolota", chat=ELSEWHERE).table_id
    assert h.screen(t, ANN, "panel").look == "classic"
    assert set_look(h, ANN, "four").ok
    move(h, t)
    assert h.screen(t, ANN, "panel").look == "four_colour"
    assert h.screen(t).look == "classic"
    h.press(BOB, other, "Join")
    h.press(CY, other, "Join")
    h.press(ANN, other, "Start")
    assert h.screen(other, ANN, "panel").look == "four_colour"
    assert h.screen(other, BOB, "panel").look == "classic"


def test_the_panel_a_person_opens_is_in_their_look():
    h = Harness()
    t = svolota(h)
    assert set_look(h, BOB, "text").ok
    opened = h.press(BOB, t, "My cards")
    assert opened.ok and [s.look for s in opened.screens] == ["text"]
    assert h.press(CY, t, "My cards").screens[0].look == "classic"


def test_real_time_panels_between_windows_are_in_the_persons_look():
    h = Harness(ServiceConfig(idle_seconds=1000))
    assert set_look(h, ANN, "text").ok
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    h.advance(1.6)
    before = len(h.notifier.calls)
    moved = False
    for seat, actor in ((0, ANN), (1, BOB)):
        moves = [m for m in load_game(h.table(t).state).moves(str(seat)) if m.startswith("play")]
        if moves and h.play(actor, t, moves[0]).ok:
            moved = True
    assert moved
    panels = [s for _, screens in h.notifier.calls[before:] for s in screens if s.slot == "panel"]
    assert panels and all(s.picture_stays for s in panels)  # drawn between the windows
    assert {(s.audience, s.look) for s in panels} <= {(ANN.person, "text"), (BOB.person, "classic")}


def test_the_words_of_the_chat_setting_are_taken_and_any_other_refused():
    h = Harness()
    for word, look in (
        ("Four", "four_colour"),
        ("four-colour", "four_colour"),
        ("TEXT", "text"),
        ("classic", "classic"),
    ):
        assert set_look(h, ANN, word).ok, word
        assert h.run(h.store.person_look(ANN.person)) == look
    refused = set_look(h, BOB, "sepia")
    assert not refused.ok and "classic" in (refused.text or "")
    assert h.run(h.store.person_look(BOB.person)) is None


def test_the_answer_and_the_refusal_are_in_the_persons_language():
    h = Harness()
    ru, uk = person("Вера", lang="ru"), person("Олесь", lang="uk")
    assert set_look(h, ru, "four").text == "Вид карт сохранён: четырёхцветная колода."
    assert set_look(h, uk, "text").text == "Вигляд карт збережено: лише текст."
    refused = set_look(h, ru, "sepia")
    assert not refused.ok and refused.text == translator("ru").gettext("cards look: classic, four (colours) or text")
    assert h.run(h.store.person_look(ru.person)) == "four_colour"  # as it was


def test_a_persons_look_is_read_once_per_ttl_not_at_every_redraw(monkeypatch):
    h = Harness(ServiceConfig(idle_seconds=1000))
    asked = counting_reads(h.store, "person_look", monkeypatch)
    t = h.open(ANN, "racing_demon").table_id
    h.press(BOB, t, "Join")
    h.press(ANN, t, "+ Computer")  # it moves: the windows redraw the board and both panels
    h.press(ANN, t, "Start")
    h.advance(30)
    assert sum(1 for _, screens in h.notifier.calls for s in screens if s.slot == "panel") >= 10
    assert sorted(asked, key=repr) == sorted([ANN.person, BOB.person], key=repr)


def test_a_choice_made_through_another_process_shows_within_the_ttl():
    h = Harness()
    t = svolota(h)
    other = bootstrap(h.store, h.notifier, h.clock, seed=2)  # another process on the same store
    h.press(ANN, t, "My cards")  # Ann's look (none) is read and kept
    assert h.run(other.handle(SetLook(ANN, "text"))).ok
    assert h.press(ANN, t, "My cards").screens[0].look == "classic"  # kept for a while
    h.clock.advance(LOOK_TTL)  # ... until LOOK_TTL has passed
    assert h.press(ANN, t, "My cards").screens[0].look == "text"
